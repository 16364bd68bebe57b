import { TRACKER_STEPS } from './contract/order-statuses';
import type { Order } from './contract/orders';
import { toCents } from './money';
import { type AmountDue, amountDue } from './pricing';

/** How order screens show statuses, dates and the delivery estimate (spec §4 "Order status"). */

/** One order part's page in its seller's workspace: the orders list links to it, and the seller's new-order mail. */
export const sellerPartPath = (partId: string) => `/dashboard/orders/view/?id=${encodeURIComponent(partId)}`;

const DAY = 86_400_000;

export const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
/** A confirmation without a status shows pending; unknown statuses show grey. */
export const statusLabel = (status: string | null | undefined) =>
  STATUS_LABELS[status || 'pending'] ?? (status as string).charAt(0).toUpperCase() + (status as string).slice(1);
export const STATUS_BADGE: Record<string, string> = {
  pending: 'badge-gold',
  processing: 'badge-gold',
  shipped: 'badge-green',
  delivered: 'badge-green',
  cancelled: 'badge-red',
};
export const statusBadge = (status: string | null | undefined) => STATUS_BADGE[status || 'pending'] ?? 'badge-grey';

/** The tracker's step index for a status (-1 when cancelled or unknown: no tracker). */
export const trackerStep = (status: string) => (TRACKER_STEPS as readonly string[]).indexOf(status);

const format = (date: Date) =>
  new Intl.DateTimeFormat('en-JM', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(date);
export const formatDate = (iso: string | null | undefined) =>
  iso
    ? new Intl.DateTimeFormat('en-JM', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso))
    : '—';
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : '—';

/**
 * Spec §4: shipped → 4 days after the last update; delivered → the delivered date; cancelled →
 * "Order cancelled"; otherwise a window of 7 to 14 days from now.
 */
export function estimatedDelivery(order: { status: string; updatedAt: string }, now = new Date()): string {
  const updated = new Date(order.updatedAt);
  switch (order.status) {
    case 'cancelled':
      return 'Order cancelled';
    case 'delivered':
      return `Delivered on ${format(updated)}`;
    case 'shipped':
      return `Expected by ${format(new Date(updated.getTime() + 4 * DAY))}`;
    default:
      return `Between ${format(new Date(now.getTime() + 7 * DAY))} and ${format(new Date(now.getTime() + 14 * DAY))}`;
  }
}

/**
 * How a payment reads on an order or an invoice: once everything on it is cancelled there is
 * nothing to pay, whatever was recorded (issue 24 #11).
 */
export const paymentLabel = (paymentStatus: string, allCancelled: boolean) =>
  allCancelled ? 'Cancelled: nothing to pay' : paymentStatus === 'paid' ? 'Paid' : 'Not yet paid';

/** The order's total, what its cancelled parts came to (not charged) and what is due (src/lib/pricing.ts). */
export const orderAmountDue = (order: Pick<Order, 'tax' | 'sellers'>): AmountDue =>
  amountDue(
    toCents(order.tax),
    order.sellers.map((p) => ({
      subtotalCents: toCents(p.subtotal),
      shippingCents: toCents(p.shippingCost),
      cancelled: p.status === 'cancelled',
    })),
  );
