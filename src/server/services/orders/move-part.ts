import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../lib/contract/orders';
import { MESSAGES } from '../../../lib/messages';
import type { Tx } from '../../db/client';
import { orderParts, orders } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { ledgerPartsMoved } from '../ledger/events';
import { refundCancelledParts } from '../payments/cancel-refunds';
import { recordCashCollected } from '../payments/cash-collected';
import { notTheSellers, ownPart, partsSoldBy, type Seller } from '../sellers';
import { creditCancelledParts } from '../tax-documents/issue';
import { noticePartsMoved, noticeTrackingChanged } from './notices';
import { payParts } from './pay-parts';
import { orderSoldBy } from './scope';
import { settleOrder } from './settle';
import { canTransition } from './status';
import { restockParts } from './stock';

/*
 * THE one way a seller's part of an order changes (docs/decisions/025). The spec's
 * PUT /orders/update-status/{orderId} and the workspace's POST /seller/orders/{partId}/{action}
 * both say what they want as a `PartMove` and call `movePart`, so they refuse alike and do alike:
 *
 *   - not the seller's (another seller's part, an order without its part, or none): 404 "Order
 *     not found", the same as an unknown id, so a seller cannot learn that an order exists;
 *   - a move the status table (./status.ts) does not allow: 409 with the table's text;
 *   - a payment for a part that is or becomes cancelled: 409, one text;
 *   - the same move again (the part is already there): 200, nothing moves, nothing is sent or
 *     given back; only the shipping details it carries are corrected (the buyer is told of new
 *     tracking details on a shipped part).
 *
 * Every check runs before any write; what a move does beside the status (stock back and a paid
 * card part's refund decided on a cancel,
 * the order row's status and payment, the buyer's notice, the catalogue change a restock queues)
 * happens here, in the caller's transaction.
 */

/** What the seller asks for. */
export type PartMove = {
  /** The status the part goes to; absent: it stays (recording a payment). */
  to?: OrderStatus;
  /** Shipping details written with the move; on a part already at `to`, a correction. */
  courier?: string;
  trackingNumber?: string;
  /** Why the seller cancels (the buyer reads it); written by the move to cancelled only. */
  cancelReason?: string;
  /** The seller received the payment for its part(s). */
  paymentReceived?: boolean;
};

/** Which of the seller's parts: one part (the workspace), or all of its parts of one order (the spec's route). */
export type WhichParts = { partId: string } | { orderId: string };

/** The order the parts belong to, and the card refunds a cancel decided (sent after the commit: payments/refund.ts). */
export type PartMoved = { orderId: string; refunds: string[] };

export async function movePart(tx: Tx, seller: Seller, which: WhichParts, move: PartMove): Promise<PartMoved> {
  // The seller's principal is in every WHERE: another seller's part is simply not found (sellers.ts).
  const orderId = 'orderId' in which ? which.orderId : (await ownPart(tx, seller, which.partId)).part.orderId;
  const theirs = and(
    'partId' in which ? eq(orderParts.id, which.partId) : eq(orderParts.orderId, which.orderId),
    partsSoldBy(seller),
  );
  // The locks every order change takes, in the same order (./change.ts): the order row (only an
  // order with a part of this seller's: another's is never locked), then its parts.
  const [order] = await tx.select({ id: orders.id }).from(orders).where(orderSoldBy(seller, orderId)).for('update');
  if (!order) throw notTheSellers(MESSAGES.orders.notFound);
  const parts = await tx
    .select({
      id: orderParts.id,
      status: orderParts.status,
      paymentStatus: orderParts.paymentStatus,
      courier: orderParts.courier,
      trackingNumber: orderParts.trackingNumber,
    })
    .from(orderParts)
    .where(and(theirs, eq(orderParts.orderId, orderId)))
    .orderBy(asc(orderParts.id))
    .for('update');
  if (parts.length === 0) throw notTheSellers(MESSAGES.orders.notFound);

  for (const part of parts) {
    const from = part.status as OrderStatus;
    const to = move.to ?? from;
    if (to !== from && !canTransition(from, to))
      throw new ApiError(409, 'conflict', MESSAGES.orders.badTransition(from, to));
    if (move.paymentReceived && to === 'cancelled')
      throw new ApiError(409, 'conflict', MESSAGES.orders.cancelledNeedsNoPayment);
  }

  const moving = parts.filter((p) => move.to !== undefined && p.status !== move.to);
  const corrected = parts.filter(
    (p) =>
      !moving.includes(p) &&
      ((move.courier !== undefined && move.courier !== p.courier) ||
        (move.trackingNumber !== undefined && move.trackingNumber !== p.trackingNumber)),
  );
  const paying = move.paymentReceived ? parts.filter((p) => p.paymentStatus !== 'paid') : [];
  const ids = (list: typeof parts) => list.map((p) => p.id);
  const details = {
    ...(move.courier !== undefined ? { courier: move.courier } : {}),
    ...(move.trackingNumber !== undefined ? { trackingNumber: move.trackingNumber } : {}),
  };

  if (move.to !== undefined && moving.length > 0)
    await tx
      .update(orderParts)
      .set({
        status: move.to,
        updatedAt: sql`now()`,
        ...details,
        ...(move.to === 'cancelled' && move.cancelReason !== undefined ? { cancelReason: move.cancelReason } : {}),
      })
      .where(inArray(orderParts.id, ids(moving)));
  if (corrected.length > 0)
    await tx
      .update(orderParts)
      .set({ updatedAt: sql`now()`, ...details })
      .where(inArray(orderParts.id, ids(corrected)));
  // The payment this seller received pays its own parts only (issue 12 #9), by the one write
  // (./pay-parts.ts), and is a payment record like a card's or a transfer's (docs/decisions/034).
  await recordCashCollected(tx, seller, orderId, await payParts(tx, ids(paying)));

  if (move.to === 'cancelled') await restockParts(tx, ids(moving));
  // A paid part cancelled is reversed in the books, a delivered one starts its settlement clock (decision 036).
  await ledgerPartsMoved(tx, move.to, ids(moving));
  // A cancelled part's tax invoice is credited in its seller's sequence (decision 045).
  if (move.to === 'cancelled') await creditCancelledParts(tx, ids(moving));
  // A paid card order's cancelled part is owed its share back (decision 033), decided here, sent after the commit.
  const refunds = move.to === 'cancelled' ? await refundCancelledParts(tx, orderId, ids(moving)) : [];
  const touch = moving.length > 0 || corrected.length > 0;
  if (touch || paying.length > 0) await settleOrder(tx, orderId, { touch });
  // The buyer hears of a shipment, a delivery or a cancellation in this same transaction (decision
  // 013), and of corrected tracking details on a shipped part (not of the same ones sent again).
  if (move.to !== undefined) await noticePartsMoved(tx, orderId, ids(moving), move.to);
  await noticeTrackingChanged(tx, orderId, ids(corrected.filter((p) => p.status === 'shipped')));
  return { orderId, refunds };
}
