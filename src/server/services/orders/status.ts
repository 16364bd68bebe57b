import type { OrderStatus, PaymentStatus } from '../../../lib/contract/orders';

/**
 * THE order status machine, the one place its rules live.
 *
 * Each seller's part of an order moves on its own (sellers send a status with PUT
 * /orders/update-status/{id}; the buyer cancels with DELETE /orders/cancel/{id}):
 *
 *   pending ──▶ processing ──▶ shipped ──▶ delivered
 *      │             │
 *      └──▶ cancelled ◀┘
 *
 * delivered and cancelled are final. The buyer's order status is not stored independently: it is
 * derived from its parts (`deriveOrderStatus`) and written on the order row whenever a part moves.
 */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Progress order, for the tracker and for deriving the order's status. */
const RANK: Record<OrderStatus, number> = { pending: 0, processing: 1, shipped: 2, delivered: 3, cancelled: -1 };

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The statuses a part may move to next (an empty list when it is final). */
export const nextStatuses = (from: OrderStatus): readonly OrderStatus[] => TRANSITIONS[from];

/** A buyer may cancel a part that has not shipped. */
export const buyerMayCancel = (status: OrderStatus): boolean => canTransition(status, 'cancelled');

/**
 * The order's status from its parts' statuses:
 * - every part cancelled → cancelled;
 * - otherwise only the live (not cancelled) parts count: all at one status → that status;
 *   mixed → the least advanced, except that a mix still including pending parts is "processing"
 *   (some seller has started, the shopper should see work under way).
 */
export function deriveOrderStatus(parts: readonly OrderStatus[]): OrderStatus {
  const live = parts.filter((s) => s !== 'cancelled');
  if (live.length === 0) return parts.length === 0 ? 'pending' : 'cancelled';
  const ranks = live.map((s) => RANK[s]);
  const low = Math.min(...ranks);
  const high = Math.max(...ranks);
  const at = (rank: number) => (Object.keys(RANK) as OrderStatus[]).find((s) => RANK[s] === rank) as OrderStatus;
  if (low === high) return at(low);
  return low === RANK.pending ? 'processing' : at(low);
}

/** The buyer may cancel the whole order while no live part has shipped (and something is left to cancel). */
export function orderCancellable(parts: readonly OrderStatus[]): boolean {
  const live = parts.filter((s) => s !== 'cancelled');
  return live.length > 0 && live.every(buyerMayCancel);
}

/**
 * Payment is per seller part (each seller records the payment it received). A set of parts (the
 * whole order for the buyer, one seller's parts for that seller) is paid when every live part is
 * paid: a cancelled part needs no payment, and nothing live means nothing was paid for.
 */
export function paymentStatusOf(
  parts: readonly { status: OrderStatus; paymentStatus: PaymentStatus }[],
): PaymentStatus {
  const live = parts.filter((p) => p.status !== 'cancelled');
  return live.length > 0 && live.every((p) => p.paymentStatus === 'paid') ? 'paid' : 'unpaid';
}
