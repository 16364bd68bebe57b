import type { ReactNode } from 'react';
import { Price } from '../../components/ui/Price';
import type { Order, OrderPart } from '../../lib/contract/orders';
import { toCents, toDollars } from '../../lib/money';
import { amountsDuePerPart } from '../../lib/pricing';

/**
 * An order paid by bank transfer (docs/decisions/020): where to pay each seller, as its store gave
 * it when the order was placed, the amount (its items, shipping and share of the tax, as on its
 * invoice) and the reference to quote. Nothing for other methods, a paid or a cancelled part.
 */
export function BankTransferDetails({ order, part }: { order: Order; part: OrderPart }) {
  const bank = part.bankDetails;
  if (order.paymentMethod !== 'bank_transfer' || !bank || part.status === 'cancelled') return null;
  if (part.paymentStatus === 'paid')
    return (
      <p className="mt-2 text-sm text-muted" data-testid="bank-transfer-paid">
        {part.storeName} has your bank transfer.
      </p>
    );
  const index = order.sellers.findIndex((p) => p.partId === part.partId);
  const due = amountsDuePerPart(
    toCents(order.tax),
    order.sellers.map((p) => ({ subtotalCents: toCents(p.subtotal), shippingCents: toCents(p.shippingCost) })),
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
