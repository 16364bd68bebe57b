import { useEffect, useState } from 'react';
import { Price } from '../../components/ui/Price';
import { api } from '../../lib/api';
import { type Order, paymentMethodLabel } from '../../lib/contract/orders';
import { invoicePdfUrl } from '../../lib/invoice-url';
import { MESSAGES } from '../../lib/messages';
import { paymentLabel, statusBadge, statusLabel } from '../../lib/order-display';
import { type Confirmation, takeConfirmation } from '../../lib/stores/checkout';
import { nameWithVariant } from '../../lib/variants';
import { AmountDueRows } from './AmountDueRows';
import { BankTransferDetails, MarketplaceTransfer } from './BankTransferDetails';
import { BuyerTaxIdRows } from './BuyerTaxIdRows';
import { CardPaymentStatus } from './CardPaymentStatus';
import { InvoiceDialog } from './InvoiceDialog';

/**
 * /order-confirmation (spec §2): the order and invoice URL come from the checkout (this tab's
 * navigation state); without them, "Order Information Not Found". Each seller's processing time
 * is in business days; the invoice opens in the invoice dialog.
 */
export default function OrderConfirmation() {
  const [data, setData] = useState<Confirmation | null | undefined>(undefined);
  const [invoiceOpen, setInvoiceOpen] = useState(false);
  useEffect(() => {
    const taken = takeConfirmation();
    // Back from the card gateway the address names the order (?order=…): the order as it now is
    // says whether the payment went through.
    const named = new URLSearchParams(location.search).get('order');
    const orderId = named ?? taken?.order.id;
    if (!named) setData(taken);
    // The tab keeps the order as placed; coming back to it later (the Back button), it may have
    // moved on (cancelled: nothing to pay any more), so it is read again. On failure the kept one stays.
    if (orderId)
      api
        .get<{ order: Order }>(`/orders/${encodeURIComponent(orderId)}`)
        .then(({ order }) => setData({ order, invoiceUrl: invoicePdfUrl(order.id) }))
        .catch(() => setData(taken));
  }, []);

  if (data === undefined) return <div className="skeleton h-96" aria-label="Loading your order" />;
  if (data === null)
    return (
      <div className="card mx-auto flex max-w-xl flex-col items-center gap-4 p-10 text-center">
        <h1 className="text-2xl font-bold">{MESSAGES.orders.infoNotFound}</h1>
        <p className="text-muted">
          This page shows an order right after it is placed. Your orders are always in your profile.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <a href="/profile?tab=orders" className="btn btn-primary">
            My Orders
          </a>
          <a href="/products" className="btn btn-secondary">
            Continue Shopping
          </a>
        </div>
      </div>
    );

  const { order } = data;
  // A card order is confirmed once paid (docs/decisions/029); before, it says what the payment needs.
  const unpaidCard =
    (order.cardPayment !== null && order.cardPayment.stage !== 'paid') ||
    order.bankTransfer?.stage === 'awaiting_payment';
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="card flex flex-col items-center gap-3 p-8 text-center">
        <span
          className={`flex h-14 w-14 items-center justify-center rounded-full text-2xl ${
            unpaidCard ? 'bg-surface text-muted' : 'bg-brand-50 text-brand-700'
          }`}
          aria-hidden="true"
        >
          {unpaidCard ? '…' : '✓'}
        </span>
        <h1 className="h2">{unpaidCard ? 'Your order needs its payment' : 'Thank you for your order!'}</h1>
        <p className="text-muted">
          Order{' '}
          <strong className="text-ink" data-testid="order-number">
            {order.orderNumber}
          </strong>{' '}
          {order.status === 'cancelled'
            ? 'has since been cancelled: nothing is to be paid.'
            : unpaidCard
              ? 'is placed. Its sellers start once it is paid.'
              : order.cardPayment || order.bankTransfer
                ? 'is paid and confirmed. You can follow it any time from your profile, under Orders.'
                : 'is confirmed. You can follow it any time from your profile, under Orders.'}
        </p>
        <div className="w-full max-w-md">
          <CardPaymentStatus order={order} />
          <MarketplaceTransfer order={order} />
        </div>
        <div className="mt-2 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn btn-primary" onClick={() => setInvoiceOpen(true)} aria-haspopup="dialog">
            View Invoice
          </button>
          <a href={`/order/${encodeURIComponent(order.id)}`} className="btn btn-secondary">
            View Order Details
          </a>
          <a href="/products" className="btn btn-secondary">
            Continue Shopping
          </a>
        </div>
      </div>

      <section aria-labelledby="parts-h" className="card p-5">
        <h2 id="parts-h" className="text-lg font-bold">
          What happens next
        </h2>
        <p className="mt-1 text-sm text-muted">
          Each seller prepares and ships its own items. Processing times are in business days (Monday to Friday, public
          holidays excepted), before the courier's delivery time.
        </p>
        <ul className="mt-4 flex flex-col gap-4">
          {order.sellers.map((part) => (
            <li key={part.partId} className="rounded-lg border border-line p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">{part.storeName}</h3>
                <span className={`badge ${statusBadge(part.status)}`}>{statusLabel(part.status)}</span>
              </div>
              <p className="mt-1 text-sm text-muted">
                Processing: {part.processingTime} · {part.shipping.provider}, {part.shipping.method}
                {part.shipping.estimatedDays ? ` (${part.shipping.estimatedDays})` : ''}
              </p>
              <BankTransferDetails order={order} part={part} />
              <ul className="mt-2 divide-y divide-line text-sm">
                {part.items.map((item) => (
                  <li key={item.id} className="flex justify-between gap-3 py-1.5">
                    <span>
                      {nameWithVariant(item.productName, item.variantLabel)} × {item.quantity}
                    </span>
                    <span>
                      <Price dollars={item.lineTotal} />
                    </span>
                  </li>
                ))}
                <li className="flex justify-between gap-3 py-1.5 text-muted">
                  <span>Shipping</span>
                  <span>
                    <Price shipping dollars={part.shippingCost} />
                  </span>
                </li>
              </ul>
            </li>
          ))}
        </ul>
        <dl className="mt-4 flex flex-col gap-1 border-t border-line pt-4 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>
              <Price dollars={order.subtotal} />
            </dd>
          </div>
          <div className="flex justify-between">
            <dt>Shipping</dt>
            <dd>
              <Price dollars={order.shippingCost} />
            </dd>
          </div>
          <div className="flex justify-between">
            <dt>GCT</dt>
            <dd>
              <Price dollars={order.tax} />
            </dd>
          </div>
          <div className="flex justify-between text-base font-bold">
            <dt>Total</dt>
            <dd data-testid="order-total">
              <Price dollars={order.totalAmount} />
            </dd>
          </div>
          <AmountDueRows order={order} rowClass="flex justify-between" />
          <div className="flex justify-between text-muted">
            <dt>Payment</dt>
            <dd data-testid="payment-status">
              {`${paymentMethodLabel(order.paymentMethod)} (${paymentLabel(order.paymentStatus, order.status === 'cancelled').toLowerCase()})`}
            </dd>
          </div>
          <BuyerTaxIdRows order={order} rowClass="flex justify-between gap-3 text-muted" />
        </dl>
      </section>
      {invoiceOpen && (
        <InvoiceDialog orderId={order.id} orderNumber={order.orderNumber} onClose={() => setInvoiceOpen(false)} />
      )}
    </div>
  );
}
