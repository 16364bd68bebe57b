import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Order, OrderStatus, SellerOrder, UpdateStatusInput } from '../../../lib/contract/orders';
import { MESSAGES } from '../../../lib/messages';
import type { Db } from '../../db/client';
import { orderParts, orders } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { ledgerPartsMoved } from '../ledger/events';
import { refundCancelledParts } from '../payments/cancel-refunds';
import { flagTransfersForRefund } from '../payments/received';
import { type RefundGateway, sendRefunds } from '../payments/refund';
import type { Seller } from '../sellers';
import { creditCancelledParts } from '../tax-documents/issue';
import { movePart } from './move-part';
import { noticeBuyerCancelled } from './notices';
import { getBuyerOrder, getSellerOrder } from './read';
import { refuse } from './scope';
import { settleOrder } from './settle';
import { buyerMayCancel, orderCancellable } from './status';
import { restockParts } from './stock';

/*
 * Changing an order after it is placed: the buyer cancels it, a seller moves its own parts through
 * the status machine (./status.ts) by the one door, ./move-part.ts. The order row is the lock every
 * change takes first, so a buyer's cancel and sellers' updates queue. Each answers the order as its
 * caller sees it, read after the commit, and whether a catalogue change was queued (a product came
 * back into stock: the route wakes the publisher).
 */

/**
 * DELETE /orders/cancel/{id}: the buyer cancels the whole order while nothing has shipped
 * (pending or processing); every part becomes cancelled and its stock goes back, and what a card
 * paid for them is refunded through the gateway.
 */
export async function cancelOrder(
  db: Db,
  principal: { orderId: string; buyerId: string },
  gateway: RefundGateway,
): Promise<Order> {
  const refunds = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, principal.orderId), eq(orders.buyerId, principal.buyerId)))
      .for('update');
    if (!order) return refuse(tx, principal.orderId, MESSAGES.orders.accessDeniedDetail);
    const parts = await tx
      .select({ id: orderParts.id, status: orderParts.status })
      .from(orderParts)
      .where(eq(orderParts.orderId, order.id))
      .orderBy(asc(orderParts.id))
      .for('update');
    const statuses = parts.map((p) => p.status as OrderStatus);
    if (!orderCancellable(statuses)) throw new ApiError(409, 'conflict', MESSAGES.orders.notCancellable);
    const live = parts.filter((p) => buyerMayCancel(p.status as OrderStatus)).map((p) => p.id);
    await tx.update(orderParts).set({ status: 'cancelled', updatedAt: sql`now()` }).where(inArray(orderParts.id, live));
    await restockParts(tx, live);
    await ledgerPartsMoved(tx, 'cancelled', live);
    // Each cancelled part's tax invoice is credited in its seller's sequence (decision 045).
    await creditCancelledParts(tx, live);
    await settleOrder(tx, order.id, { touch: true });
    // What the marketplace's bank received for it, paid in full or not, is to refund: flagged for
    // the operator who sends it back (decisions 033, 034).
    await flagTransfersForRefund(tx, order.id);
    await noticeBuyerCancelled(tx, order.id, live);
    // Paid by card: every paid part's share back (decision 033), decided here, sent after the commit.
    return refundCancelledParts(tx, order.id, live);
  });
  await sendRefunds(db, gateway.payments, refunds, gateway.log);
  return getBuyerOrder(db, principal);
}

/**
 * PUT /orders/update-status/{id}: a seller moves all of its own parts of the order along the
 * transition table (movePart: the same status again only corrects the tracking number; a cancel
 * gives the stock back; paymentReceived pays the seller's parts).
 */
export async function updatePartStatus(
  db: Db,
  seller: Seller,
  orderId: string,
  input: UpdateStatusInput,
  gateway: RefundGateway,
): Promise<SellerOrder> {
  const moved = await db.transaction((tx) =>
    movePart(
      tx,
      seller,
      { orderId },
      { to: input.status, trackingNumber: input.trackingNumber, paymentReceived: input.paymentReceived },
    ),
  );
  await sendRefunds(db, gateway.payments, moved.refunds, gateway.log);
  return getSellerOrder(db, seller, orderId);
}
