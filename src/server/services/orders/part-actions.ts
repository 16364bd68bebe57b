import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../lib/contract/orders';
import { ACTION_STATUS, type SellerPartDetail } from '../../../lib/contract/seller-orders';
import { MESSAGES } from '../../../lib/messages';
import type { Db } from '../../db/client';
import { orderParts, orders, stores } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { settleOrder } from './change';
import { noticePartsMoved, noticeTrackingChanged } from './notices';
import { getSellerPart, ownedBy } from './seller-parts';
import { canTransition } from './status';
import { restockParts } from './stock';

/*
 * A seller acts on one of its parts from the workspace: accept, ship (courier and tracking number),
 * deliver, cancel (with a reason; the stock goes back) or record the payment. The moves are the
 * status table's (./status.ts); this file only says what each action writes beside the status.
 * Locks are taken as every order change takes them (./change.ts): the order row first, then the part.
 */

const O = MESSAGES.orders;
const S = MESSAGES.sellerOrders;

export type PartActionInput =
  | { action: 'accept' }
  | { action: 'ship'; courier: string; trackingNumber: string }
  | { action: 'deliver' }
  | { action: 'cancel'; reason: string }
  | { action: 'record-payment' };

/**
 * Applies the action in one transaction and answers the part as it now is, and whether stock moved
 * (a cancel: the publisher is woken for a sold-out badge). Another seller's part, or none: 404.
 * A move the table does not allow: 409. Marking a shipped part shipped again corrects its courier
 * and tracking number.
 */
export async function actOnPart(
  db: Db,
  principal: { partId: string; userId: string },
  input: PartActionInput,
): Promise<{ part: SellerPartDetail; stockMoved: boolean }> {
  const stockMoved = await db.transaction(async (tx) => {
    const mine = and(eq(orderParts.id, principal.partId), ownedBy(principal.userId));
    const [found] = await tx
      .select({ orderId: orderParts.orderId })
      .from(orderParts)
      .innerJoin(stores, eq(stores.id, orderParts.storeId))
      .where(mine);
    if (!found) throw new ApiError(404, 'not_found', S.partNotFound);
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, found.orderId)).for('update');
    const [part] = await tx
      .select({
        status: orderParts.status,
        paymentStatus: orderParts.paymentStatus,
        courier: orderParts.courier,
        trackingNumber: orderParts.trackingNumber,
      })
      .from(orderParts)
      .innerJoin(stores, eq(stores.id, orderParts.storeId))
      .where(mine)
      .for('update', { of: orderParts });
    if (!part) throw new ApiError(404, 'not_found', S.partNotFound);
    const from = part.status as OrderStatus;
    const thisPart = eq(orderParts.id, principal.partId);

    if (input.action === 'record-payment') {
      if (from === 'cancelled') throw new ApiError(409, 'conflict', S.cancelledNeedsNoPayment);
      if (part.paymentStatus !== 'paid') {
        await tx.update(orderParts).set({ paymentStatus: 'paid' }).where(thisPart);
        await settleOrder(tx, found.orderId, { touch: false });
      }
      return false;
    }

    const to = ACTION_STATUS[input.action];
    const correcting = input.action === 'ship' && from === 'shipped';
    if (!correcting && !canTransition(from, to)) throw new ApiError(409, 'conflict', O.badTransition(from, to));
    const extra =
      input.action === 'ship'
        ? { courier: input.courier, trackingNumber: input.trackingNumber }
        : input.action === 'cancel'
          ? { cancelReason: input.reason }
          : {};
    await tx
      .update(orderParts)
      .set({ status: to, updatedAt: sql`now()`, ...extra })
      .where(thisPart);
    const restocked = to === 'cancelled' ? await restockParts(tx, [principal.partId]) : [];
    await settleOrder(tx, found.orderId, { touch: true });
    // The buyer hears of a shipment, a delivery or a cancellation in this same transaction (decision
    // 013), and of corrected tracking details (not of the same ones sent again).
    if (!correcting) await noticePartsMoved(tx, found.orderId, [principal.partId], to);
    else if (
      input.action === 'ship' &&
      (input.courier !== part.courier || input.trackingNumber !== part.trackingNumber)
    )
      await noticeTrackingChanged(tx, found.orderId, [principal.partId]);
    return restocked.length > 0;
  });
  return { part: await getSellerPart(db, principal), stockMoved };
}
