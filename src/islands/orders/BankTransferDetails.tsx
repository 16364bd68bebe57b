import type { ReactNode } from 'react';
import { Price } from '../../components/ui/Price';
import { bankTransferView } from '../../lib/bank-transfer';
import type { Order, OrderPart } from '../../lib/contract/orders';
import { toCents, toDollars } from '../../lib/money';
import { amountsDuePerPart } from '../../lib/pricing';

/**
 * A bank-transfer order's one transfer to the marketplace (docs/decisions/034): its state and,
 * while it awaits, the account, the reference, the amount still due and by when.
 */
export function MarketplaceTransfer({ order }: { order: Order }) {
  const view = bankTransferView(order);
  const bank = order.bankTransfer;
  if (!view || !bank) return null;
  const tone = view.tone === 'ok' ? 'border-brand-600 bg-brand-50' : 'border-line bg-surface';
  return (
    <section
      aria-labelledby="bank-transfer-h"
      className={`rounded-lg border p-4 text-left text-sm ${tone}`}
      data-testid="marketplace-transfer"
      data-stage={bank.stage}
    >
      <h2 id="bank-transfer-h" className="font-bold">
        Bank transfer: <span data-testid="bank-transfer-status">{view.title}</span>
      </h2>
      <p className="mt-1">{view.text}</p>
      {view.showAccount && (
        <dl className="mt-3 grid gap-x-4 gap-y-1 sm:grid-cols-2">
          <Item label="Bank" value={bank.payTo.bankName} />
          <Item label="Branch" value={bank.payTo.branch} />
          <Item label="Account name" value={bank.payTo.accountName} />
          <Item label="Account number" value={bank.payTo.accountNumber} />
          <Item label="Reference" value={bank.reference} />
          <Item label={bank.received > 0 ? 'Still due' : 'Amount'} value={<Price dollars={bank.due} />} />
        </dl>
      )}
    </section>
  );
}

/**
 * An older order paid by bank transfer to each seller (docs/decisions/020): where to pay each seller, as its store gave
 * it when the order was placed, the amount (its items, shipping and share of the tax, as on its
 * invoice) and the reference to quote. Nothing for other methods, a paid or a cancelled part.
 */
export function BankTransferDetails({ order, part }: { order: Order; part: OrderPart }) {
  const bank = part.bankDetails;
  if (order.paymentMethod !== 'bank_transfer' || order.bankTransfer || !bank || part.status === 'cancelled')
    return null;
  if (part.paymentStatus === 'paid')
    return (
      <p className="mt-2 text-sm text-muted" data-testid="bank-transfer-paid">
        {part.storeName} has your bank transfer.
      </p>
    );
  const index = order.sellers.findIndex((p) => p.partId === part.partId);
  const due = amountsDuePerPart(
    toCents(order.tax),
    order.sellers.map((p) => ({
      subtotalCents: toCents(p.subtotal),
      shippingCents: toCents(p.shippingCost),
      taxCents: toCents(p.tax),
    })),
  )[index];
  return (
    <div className="mt-2 rounded-lg bg-surface p-3 text-sm" data-testid="bank-transfer">
      <p className="font-semibold">Pay {part.storeName} by bank transfer</p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2">
        <Item label="Bank" value={bank.bankName} />
        <Item label="Branch" value={bank.branch} />
        <Item label="Account name" value={bank.accountName} />
        <Item label="Account number" value={bank.accountNumber} />
        <Item label="Reference" value={order.orderNumber} />
        <Item label="Amount" value={<Price dollars={toDollars(due)} />} />
      </dl>
      <p className="mt-2 text-muted">Quote the reference so the seller can match your payment to this order.</p>
    </div>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold break-words">{value}</dd>
    </div>
  );
}
