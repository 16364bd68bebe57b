import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Order, OrderStatus, SellerOrder, UpdateStatusInput } from '../../../lib/contract/orders';
import { MESSAGES } from '../../../lib/messages';
import type { Db, Tx } from '../../db/client';
import { orderParts, orders, stores } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { noticeBuyerCancelled, noticePartsMoved, noticeTrackingChanged } from './notices';
import { getBuyerOrder, getSellerOrder } from './read';
import { refuse } from './scope';
import { buyerMayCancel, canTransition, deriveOrderStatus, orderCancellable, paymentStatusOf } from './status';
import { restockParts } from './stock';

/*
 * Changing an order after it is placed: the buyer cancels it, a seller moves its own parts through
 * the status machine (./status.ts). The order row is the lock every change takes first, so a
 * buyer's cancel and sellers' updates queue. Each answers the order as its caller sees it, read
 * after the commit, and whether stock moved (the publisher is woken for a sold-out badge).
 */

const O = MESSAGES.orders;

/**
 * The order row's status and payment status follow its parts. Its updatedAt ("last update", which
 * the delivery estimate counts from) moves when a part's status or tracking changes, not for a payment.
 */
export async function settleOrder(tx: Tx, orderId: string, options: { touch: boolean }) {
  const parts = await tx
    .select({ status: orderParts.status, paymentStatus: orderParts.paymentStatus })
    .from(orderParts)
    .where(eq(orderParts.orderId, orderId));
  const statuses = parts.map((p) => ({ status: p.status as OrderStatus, paymentStatus: p.paymentStatus }));
  await tx
    .update(orders)
    .set({
      status: deriveOrderStatus(statuses.map((p) => p.status)),
      paymentStatus: paymentStatusOf(statuses),
      ...(options.touch ? { updatedAt: sql`now()` } : {}),
    })
    .where(eq(orders.id, orderId));
}

/**
 * DELETE /orders/cancel/{id}: the buyer cancels the whole order while nothing has shipped
 * (pending or processing); every part becomes cancelled and its stock goes back.
 */
export async function cancelOrder(
  db: Db,
  principal: { orderId: string; buyerId: string },
): Promise<{ order: Order; stockMoved: boolean }> {
  const restocked = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, principal.orderId), eq(orders.buyerId, principal.buyerId)))
      .for('update');
    if (!order) return refuse(tx, principal.orderId, O.accessDeniedDetail);
    const parts = await tx
      .select({ id: orderParts.id, status: orderParts.status })
      .from(orderParts)
      .where(eq(orderParts.orderId, order.id))
      .orderBy(asc(orderParts.id))
      .for('update');
    const statuses = parts.map((p) => p.status as OrderStatus);
    if (!orderCancellable(statuses)) throw new ApiError(409, 'conflict', O.notCancellable);
    const live = parts.filter((p) => buyerMayCancel(p.status as OrderStatus)).map((p) => p.id);
    await tx.update(orderParts).set({ status: 'cancelled', updatedAt: sql`now()` }).where(inArray(orderParts.id, live));
    const products = await restockParts(tx, live);
    await settleOrder(tx, order.id, { touch: true });
    await noticeBuyerCancelled(tx, order.id, live);
    return products;
  });
  return { order: await getBuyerOrder(db, principal), stockMoved: restocked.length > 0 };
}

/**
 * PUT /orders/update-status/{id}: a seller moves its own part(s) of the order along the
 * transition table; the same status again only updates the tracking number. Cancelling a part
 * gives its stock back.
 */
export async function updatePartStatus(
  db: Db,
  principal: { orderId: string; userId: string },
  input: UpdateStatusInput,
): Promise<{ order: SellerOrder; stockMoved: boolean }> {
  const stockMoved = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, principal.orderId))
      .for('update');
    // The parts this user's stores sell: the seller's principal in the WHERE.
    const mine = order
      ? await tx
          .select({ id: orderParts.id, status: orderParts.status, trackingNumber: orderParts.trackingNumber })
          .from(orderParts)
          .innerJoin(stores, eq(stores.id, orderParts.storeId))
          .where(and(eq(orderParts.orderId, order.id), eq(stores.ownerId, principal.userId)))
          .orderBy(asc(orderParts.id))
          .for('update', { of: orderParts })
      : [];
    if (!order) throw new ApiError(404, 'not_found', O.notFound);
    if (mine.length === 0) throw new ApiError(403, 'forbidden', O.notYourPart);
    const moving: string[] = [];
    for (const part of mine) {
      const from = part.status as OrderStatus;
      if (from === input.status) continue;
      if (!canTransition(from, input.status)) throw new ApiError(409, 'conflict', O.badTransition(from, input.status));
      moving.push(part.id);
    }
    if (input.paymentReceived && input.status === 'cancelled')
      throw new ApiError(409, 'conflict', O.badTransition('cancelled', 'paid'));
    const ids = mine.map((p) => p.id);
    const tracking = input.trackingNumber !== undefined ? { trackingNumber: input.trackingNumber } : {};
    if (moving.length > 0)
      await tx
        .update(orderParts)
        .set({ status: input.status, updatedAt: sql`now()`, ...tracking })
        .where(inArray(orderParts.id, moving));
    const staying = ids.filter((id) => !moving.includes(id));
    if (staying.length > 0 && input.trackingNumber !== undefined)
      await tx
        .update(orderParts)
        .set({ updatedAt: sql`now()`, ...tracking })
        .where(inArray(orderParts.id, staying));
    // The payment this seller received pays its own parts only (issue 12 #9).
    if (input.paymentReceived)
      await tx
        .update(orderParts)
        .set({ paymentStatus: 'paid' })
        .where(and(inArray(orderParts.id, ids), ne(orderParts.status, 'cancelled')));
    const cancelling = input.status === 'cancelled' && moving.length > 0;
    if (cancelling) await restockParts(tx, moving);
    const touch = moving.length > 0 || input.trackingNumber !== undefined;
    if (touch || input.paymentReceived) await settleOrder(tx, order.id, { touch });
    await noticePartsMoved(tx, order.id, moving, input.status);
    // A shipped part given another tracking number: the buyer gets it (not the same one again).
    const retracked = mine.filter(
      (p) =>
        !moving.includes(p.id) &&
        p.status === 'shipped' &&
        input.trackingNumber !== undefined &&
        input.trackingNumber !== p.trackingNumber,
    );
    await noticeTrackingChanged(
      tx,
      order.id,
      retracked.map((p) => p.id),
    );
    return cancelling;
  });
  return { order: await getSellerOrder(db, principal), stockMoved };
}
