import { eq, inArray } from 'drizzle-orm';
import { paidByCard } from '../../../lib/contract/payments';
import { partShares } from '../../../lib/pricing';
import type { Tx } from '../../db/client';
import { orderParts, orders, refundParts } from '../../db/schema';
import { lockPayingAttempt, promisedBack, recordRefund } from './attempts';
import { flagExcess } from './received';

/*
 * Cancelling a paid card order gives the money back (issue 26 #6, docs/decisions/033). Called by
 * the order's own change (orders/change.ts: the buyer cancels the whole order; orders/move-part.ts:
 * a seller cancels its part) in that change's transaction, after it locked the order row and
 * cancelled the parts: the refund is decided there (refund_pending) and sent to the gateway after
 * the commit (./refund.ts, `sendRefunds`). Each cancelled part that was paid is refunded its
 * share (src/lib/pricing.ts, `partShares`: its items, its shipping, its share of the order's tax),
 * once (refund_parts is keyed by the part), and never past what the payment took. A bank-transfer
 * order's cancelled paid parts are owed their shares too: flagged for an operator (decision 034's update).
 */

/**
 * The refund decided for these just-cancelled parts of the order, if it was paid by card; its id,
 * or none. Paid by bank transfer to the marketplace: their shares are flagged as excess of its
 * transfers, for an operator to send back and record (./operator-refunds.ts); no id.
 */
export async function refundCancelledParts(tx: Tx, orderId: string, partIds: readonly string[]): Promise<string[]> {
  if (partIds.length === 0) return [];
  const [order] = await tx
    .select({ paymentMethod: orders.paymentMethod, taxCents: orders.taxCents, byBank: orders.bankTransferTo })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order?.paymentMethod === 'bank_transfer' && order.byBank) {
    const due = await sharesDue(tx, orderId, order.taxCents, partIds);
    await flagExcess(
      tx,
      orderId,
      due.reduce((n, p) => n + p.amountCents, 0),
    );
    return [];
  }
  if (!order || !paidByCard(order.paymentMethod)) return [];
  const payment = await lockPayingAttempt(tx, orderId);
  // Cancelled before it was paid: nothing was taken (a later approval is refunded whole: ./decide.ts).
  if (!payment) return [];
  const due = await sharesDue(tx, orderId, order.taxCents, partIds);
  const asked = due.reduce((n, p) => n + p.amountCents, 0);
  // The shares add up to the order's total, which is what the payment took; this bound holds even
  // if they did not (a payment for another amount would be a bug, never a refund past it).
  const amountCents = Math.min(asked, payment.amountCents - (await promisedBack(tx, payment.id)));
  if (amountCents <= 0) return [];
  return [await recordRefund(tx, { paymentId: payment.id, orderId, reason: 'cancelled', amountCents, parts: due })];
}

/** Each of these parts cancelled now, paid and never refunded before, with its share of what the order was paid. */
async function sharesDue(tx: Tx, orderId: string, taxCents: number, partIds: readonly string[]) {
  const parts = await tx
    .select({
      id: orderParts.id,
      storeName: orderParts.storeName,
      subtotalCents: orderParts.subtotalCents,
      shippingCents: orderParts.shippingCents,
      taxCents: orderParts.taxCents,
      status: orderParts.status,
      paymentStatus: orderParts.paymentStatus,
    })
    .from(orderParts)
    .where(eq(orderParts.orderId, orderId));
  const shares = partShares(taxCents, parts);
  const already = new Set(
    (
      await tx
        .select({ partId: refundParts.partId })
        .from(refundParts)
        .where(inArray(refundParts.partId, [...partIds]))
    ).map((r) => r.partId),
  );
  return parts
    .filter(
      (p) => partIds.includes(p.id) && p.status === 'cancelled' && p.paymentStatus === 'paid' && !already.has(p.id),
    )
    .map((p) => ({ partId: p.id, amountCents: shares.get(p.id) ?? 0 }))
    .filter((p) => p.amountCents > 0);
}
