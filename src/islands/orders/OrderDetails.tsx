import { useEffect, useState } from 'react';
import { Picture } from '../../components/ui/Picture';
import { Price } from '../../components/ui/Price';
import { TrackingNumber } from '../../components/ui/TrackingNumber';
import { ApiRequestError, api } from '../../lib/api';
import { bankTransferView } from '../../lib/bank-transfer';
import { cardPaymentView } from '../../lib/card-payment';
import { type Order, type OrderPart, paymentMethodLabel, TRACKER_STEPS } from '../../lib/contract/orders';
import { MESSAGES } from '../../lib/messages';
import {
  estimatedDelivery,
  formatDateTime,
  paymentLabel,
  STATUS_LABELS,
  statusBadge,
  statusLabel,
  trackerStep,
} from '../../lib/order-display';
import { productReviewsPath } from '../../lib/ratings';
import { toastError, toastSuccess } from '../../lib/stores/toasts';
import { partTaxLabel } from '../../lib/tax-details';
import ContactSeller from '../mail/ContactSeller';
import { PartReturns, useOrderReturns } from '../returns/PartReturns';
import { AmountDueRows } from './AmountDueRows';
import { BankTransferDetails, MarketplaceTransfer } from './BankTransferDetails';
import { BuyerTaxIdRows } from './BuyerTaxIdRows';
import { CancelOrderDialog } from './CancelOrderDialog';
import { CardPaymentStatus } from './CardPaymentStatus';
import { InvoiceDialog } from './InvoiceDialog';
import { RateSeller, useSellerRatings } from './RateSeller';
import { SummaryRow } from './SummaryRow';

const ORDERS_TAB = '/profile?tab=orders';
const REDIRECT_MS = 3000;

type View =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'denied' }
  | { kind: 'notFound' }
  | { kind: 'failed' }
  | { kind: 'order'; order: Order };

/** The order id from /order/<id> (the page is one static shell for every order). */
export function orderIdFromPath(pathname: string): string {
  const rest = pathname.replace(/^\/order\/?/, '').replace(/\/+$/, '');
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}

async function loadOrder(id: string, setView: (view: View) => void) {
  try {
    const { order } = await api.get<{ order: Order }>(`/orders/${encodeURIComponent(id)}`);
    setView({ kind: 'order', order });
  } catch (error) {
    const status = error instanceof ApiRequestError ? error.status : 0;
    if (status === 401) location.assign(`/login?next=${encodeURIComponent(location.pathname)}`);
    else if (status === 403) setView({ kind: 'denied' });
    else if (status === 404) setView({ kind: 'notFound' });
    else setView({ kind: 'failed' });
  }
}

/**
 * /order/{orderId} (spec §2 Order details): login required (else /login and back); missing id:
 * "Order ID is missing" and back to the orders tab; another shopper's order (403): "Access Denied"
 * then the orders tab; unknown: "Order not found". Shows every field of the order, the status
 * tracker (hidden when cancelled), the delivery estimate, and Cancel while pending or processing.
 */
export default function OrderDetails() {
  const [view, setView] = useState<View>({ kind: 'loading' });

  useEffect(() => {
    const id = orderIdFromPath(location.pathname);
    if (!id) {
      setView({ kind: 'missing' });
      toastError('Error', MESSAGES.orders.idMissing);
      const timer = setTimeout(() => location.assign(ORDERS_TAB), REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    void loadOrder(id, setView);
  }, []);

  useEffect(() => {
    if (view.kind !== 'denied') return;
    const timer = setTimeout(() => location.assign(ORDERS_TAB), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [view.kind]);

  switch (view.kind) {
    case 'loading':
      return <div className="skeleton h-96" aria-label="Loading order" />;
    case 'missing':
      return (
        <Notice title={MESSAGES.orders.idMissing} text="Taking you to your orders…">
          <a href={ORDERS_TAB} className="btn btn-primary">
            My Orders
          </a>
        </Notice>
      );
    case 'denied':
      return (
        <Notice title={MESSAGES.orders.accessDenied} text={MESSAGES.orders.accessDeniedDetail}>
          <a href={ORDERS_TAB} className="btn btn-primary">
            My Orders
          </a>
        </Notice>
      );
    case 'notFound':
      return (
        <Notice title={MESSAGES.orders.notFound} text="There is no order at this address. It may have been mistyped.">
          <a href={ORDERS_TAB} className="btn btn-primary">
            My Orders
          </a>
        </Notice>
      );
    case 'failed':
      return (
        <Notice title={MESSAGES.orders.loadFailed} text="Please check your connection and try again.">
          <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
            Try Again
          </button>
        </Notice>
      );
    case 'order':
      return <OrderView order={view.order} onChange={(order) => setView({ kind: 'order', order })} />;
  }
}

function Notice({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <div className="card mx-auto flex max-w-xl flex-col items-center gap-4 p-10 text-center" role="alert">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-muted">{text}</p>
      {children}
    </div>
  );
}

function OrderView({ order, onChange }: { order: Order; onChange: (order: Order) => void }) {
  const [invoiceOpen, setInvoiceOpen] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const ratings = useSellerRatings(
    order.id,
    order.sellers.some((p) => p.status === 'delivered'),
  );
  const returns = useOrderReturns(
    order.id,
    order.sellers.some((p) => p.status === 'delivered'),
  );
  const canCancel = (order.status === 'pending' || order.status === 'processing') && order.cancellable;

  const a = order.shippingAddress;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="eyebrow">Order details</p>
          <h1 className="h2 mt-1">Order {order.orderNumber}</h1>
          <p className="mt-1 text-sm text-muted">Placed {formatDateTime(order.createdAt)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className={`badge ${statusBadge(order.status)} text-sm`} data-testid="order-status">
            {statusLabel(order.status)}
          </span>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => setInvoiceOpen(true)}
            aria-haspopup="dialog"
            data-invoice-button
          >
            View Invoice
          </button>
          {canCancel && (
            <button
              type="button"
              className="btn btn-danger btn-sm"
              onClick={() => setCancelling(true)}
              aria-haspopup="dialog"
            >
              Cancel Order
            </button>
          )}
        </div>
      </div>

      {/* A card order still to pay (or not paid in time) says so first, with Pay now (docs/decisions/029);
          a paid one given back, what was refunded (decision 033). */}
      {order.cardPayment && (order.cardPayment.stage !== 'paid' || order.cardPayment.refunds.length > 0) && (
        <CardPaymentStatus order={order} />
      )}
      {/* A bank-transfer order: the one transfer to the marketplace, where to and what has arrived (docs/decisions/034). */}
      <MarketplaceTransfer order={order} />

      {order.status !== 'cancelled' && <Tracker status={order.status} />}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-4">
          {order.sellers.map((part) => (
            <section key={part.partId} aria-label={`Items from ${part.storeName}`} className="card p-5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="font-bold">
                  <a href={`/seller/${part.sellerId}`} className="hover:underline">
                    {part.storeName}
                  </a>
                </h2>
                <span className={`badge ${statusBadge(part.status)}`}>{statusLabel(part.status)}</span>
              </div>
              <p className="mt-1 text-sm text-muted">
                {part.shipping.provider}, {part.shipping.method}
                {part.shipping.estimatedDays ? ` (${part.shipping.estimatedDays})` : ''} · processing{' '}
                {part.processingTime}
              </p>
              <PartShipment part={part} />
              <BankTransferDetails order={order} part={part} />
              <SellerContact part={part} orderNumber={order.orderNumber} />
              <RateSeller
                orderId={order.id}
                part={part}
                given={ratings.given.get(part.sellerId)}
                onRated={(rating) => {
                  ratings.add(rating);
                  toastSuccess('Thank you', `Your rating of ${part.storeName} is saved.`);
                }}
              />
              <PartReturns partId={part.partId} storeName={part.storeName} returns={returns} />
              <ul className="mt-3 divide-y divide-line">
                {part.items.map((item) => (
                  <li key={item.id} className="flex gap-3 py-3">
                    <Picture
                      src={item.image}
                      alt=""
                      width={64}
                      height={64}
                      sizes="64px"
                      className="h-16 w-16 rounded-md object-cover"
                    />
                    <div className="min-w-0 flex-1">
                      {item.productId ? (
                        <a
                          href={
                            item.variantLabel && item.variantId
                              ? `/product/${item.productId}/?variant=${encodeURIComponent(item.variantId)}`
                              : `/product/${item.productId}`
                          }
                          className="font-medium hover:underline"
                        >
                          {item.productName}
                        </a>
                      ) : (
                        <span className="font-medium">{item.productName}</span>
                      )}
                      {item.variantLabel && <p className="text-sm text-muted">{item.variantLabel}</p>}
                      <p className="line-clamp-2 text-sm text-muted">{item.productDescription}</p>
                      <p className="text-sm">
                        {item.quantity} × <Price dollars={item.price} />
                      </p>
                      {/* Delivered is when a buyer may review (docs/decisions/018); the form is on the product page. */}
                      {part.status === 'delivered' && item.productId && (
                        <a
                          href={productReviewsPath(item.productId)}
                          aria-label={`Review this product: ${item.productName}`}
                          className="link mt-1 inline-block text-sm"
                        >
                          Review this product
                        </a>
                      )}
                    </div>
                    <span className="font-semibold">
                      <Price dollars={item.lineTotal} />
                    </span>
                  </li>
                ))}
              </ul>
              <div className="flex justify-between border-t border-line pt-3 text-sm">
                <span className="text-muted">Shipping</span>
                <span>
                  <Price shipping dollars={part.shippingCost} />
                </span>
              </div>
              {/* The seller's own GCT (decision 044): none when it is not registered. */}
              <div className="flex justify-between text-sm" data-testid="part-tax">
                <span className="text-muted">{partTaxLabel(part.taxRate)}</span>
                <span>
                  <Price dollars={part.tax} />
                </span>
              </div>
            </section>
          ))}
        </div>

        <aside className="flex flex-col gap-4">
          <section className="card p-5" aria-labelledby="delivery-h">
            <h2 id="delivery-h" className="font-bold">
              Estimated delivery
            </h2>
            <p className="mt-1 text-sm" data-testid="estimated-delivery">
              {estimatedDelivery(order)}
            </p>
          </section>
          <section className="card p-5" aria-labelledby="total-h">
            <h2 id="total-h" className="font-bold">
              Payment
            </h2>
            <dl className="mt-2 flex flex-col gap-1 text-sm">
              <SummaryRow label="Subtotal" value={<Price dollars={order.subtotal} />} />
              <SummaryRow label="Shipping" value={<Price dollars={order.shippingCost} />} />
              <SummaryRow label="GCT" value={<Price dollars={order.tax} />} />
              <div className="flex justify-between border-t border-line pt-2 text-base font-bold">
                <dt>Total</dt>
                <dd data-testid="order-total">
                  <Price dollars={order.totalAmount} />
                </dd>
              </div>
              <AmountDueRows order={order} rowClass="flex justify-between gap-3" />
              <SummaryRow label="Method" value={paymentMethodLabel(order.paymentMethod)} />
              <SummaryRow
                label="Status"
                value={
                  <span data-testid="payment-status">
                    {cardPaymentView(order)?.title ??
                      bankTransferView(order)?.title ??
                      paymentLabel(order.paymentStatus, order.status === 'cancelled')}
                  </span>
                }
              />
            </dl>
          </section>
          <section className="card p-5" aria-labelledby="ship-h">
            <h2 id="ship-h" className="font-bold">
              Shipping address
            </h2>
            <address className="mt-2 text-sm not-italic leading-6">
              {a.name}
              <br />
              {a.street}
              <br />
              {[a.city, a.zipCode].filter(Boolean).join(', ')}
              <br />
              {a.parish}, {a.country}
              {a.phone && (
                <>
                  <br />
                  {a.phone}
                </>
              )}
            </address>
          </section>
          <section className="card p-5" aria-labelledby="buyer-h">
            <h2 id="buyer-h" className="font-bold">
              Buyer
            </h2>
            <p className="mt-2 text-sm">
              {order.buyer.name}
              <br />
              <span className="text-muted">{order.buyer.email}</span>
            </p>
            <dl className="mt-3 flex flex-col gap-1 text-sm">
              <SummaryRow label="Placed" value={formatDateTime(order.createdAt)} />
              <SummaryRow label="Last updated" value={formatDateTime(order.updatedAt)} />
              <SummaryRow label="Items" value={String(order.totalItems)} />
              <BuyerTaxIdRows order={order} rowClass="flex justify-between gap-3 [&>dt]:text-muted" />
            </dl>
            {order.customerNotes && (
              <p className="mt-3 rounded-lg bg-surface p-3 text-sm">
                <span className="font-semibold">Notes: </span>
                {order.customerNotes}
              </p>
            )}
          </section>
        </aside>
      </div>
      {cancelling && (
        <CancelOrderDialog
          order={order}
          onCancelled={(cancelled) => {
            setCancelling(false);
            onChange(cancelled);
          }}
          onClose={() => setCancelling(false)}
          returnFocus={() => document.querySelector<HTMLElement>('[data-invoice-button]')}
        />
      )}
      {invoiceOpen && (
        <InvoiceDialog orderId={order.id} orderNumber={order.orderNumber} onClose={() => setInvoiceOpen(false)} />
      )}
    </div>
  );
}

/** Pending → processing → shipped → delivered, the current step marked (spec §4). */
function Tracker({ status }: { status: string }) {
  const current = trackerStep(status);
  return (
    <section className="card p-5" aria-label="Order progress">
      <ol className="grid grid-cols-4 gap-1">
        {TRACKER_STEPS.map((step, i) => {
          const done = i <= current;
          return (
            <li
              key={step}
              className="flex flex-col items-center gap-2 text-center"
              aria-current={i === current ? 'step' : undefined}
            >
              <div className="flex w-full items-center">
                <span className={`h-1 flex-1 ${i === 0 ? 'invisible' : done ? 'bg-brand-700' : 'bg-line'}`} />
                <span
                  className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${
                    done ? 'bg-brand-700 text-white' : 'border-2 border-line bg-white text-muted'
                  }`}
                  aria-hidden="true"
                >
                  {done ? '✓' : i + 1}
                </span>
                <span
                  className={`h-1 flex-1 ${i === TRACKER_STEPS.length - 1 ? 'invisible' : i < current ? 'bg-brand-700' : 'bg-line'}`}
                />
              </div>
              <span className={`text-xs font-semibold sm:text-sm ${done ? 'text-ink' : 'text-muted'}`}>
                {STATUS_LABELS[step]}
                <span className="sr-only">{i < current ? ' (done)' : i === current ? ' (current)' : ' (to come)'}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * How the part travels once its seller has sent it: the courier carrying it and the tracking number
 * to follow it with (the courier the seller named, else the one the buyer chose); a part the seller
 * cancelled says why.
 */
function PartShipment({ part }: { part: OrderPart }) {
  if (part.status === 'cancelled')
    return part.cancelReason ? (
      <p className="mt-2 rounded-lg bg-danger-50 p-3 text-sm text-danger" data-testid="part-cancel-reason">
        Cancelled by the seller: {part.cancelReason}
      </p>
    ) : null;
  const sent = part.status === 'shipped' || part.status === 'delivered';
  if (!sent && !part.trackingNumber) return null;
  return (
    <dl
      className="mt-2 grid gap-x-4 gap-y-1 rounded-lg bg-surface p-3 text-sm sm:grid-cols-2"
      data-testid="part-shipment"
    >
      {sent && (
        <div>
          <dt className="text-muted">Courier</dt>
          <dd className="font-semibold">{part.courier ?? part.shipping.provider}</dd>
        </div>
      )}
      {part.trackingNumber && (
        <div>
          <dt className="text-muted">Tracking number</dt>
          <dd className="font-semibold break-all">
            <TrackingNumber courier={part.courier ?? part.shipping.provider} number={part.trackingNumber} />
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The shipping policy sends buyers to their seller "from your order page": each part offers a
 * message to its store about this order (mailed to the seller, who answers the buyer), and its phone.
 */
function SellerContact({ part, orderNumber }: { part: OrderPart; orderNumber: string }) {
  const { phone } = part.contact;
  return (
    <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <ContactSeller storeId={part.sellerId} storeName={part.storeName} orderNumber={orderNumber} look="link" />
      {phone && (
        <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="link" aria-label={`Call ${part.storeName}`}>
          {phone}
        </a>
      )}
    </div>
  );
}
