import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderParts, orders } from '../../db/schema';
import type { Logger } from '../../http/logger';
import type { ProviderName, VerifiedPayment } from '../../payments/provider';
import { postUnapplied } from '../ledger/events';
import { noticeCardPaid, noticePaymentFailed } from '../orders/notices';
import { payParts } from '../orders/pay-parts';
import { settleOrder } from '../orders/settle';
import { closePendingAttempts, decideAttempt, lockAttempt, recordRefund } from './attempts';
import { gatewayLabel } from './gateway-label';
import { awaitsPayment, lockOrder } from './order-lock';

/*
 * THE decision on what a gateway verifiably said about one of an order's attempts
 * (docs/decisions/029), in one transaction under the order's row lock, so a return and a callback
 * arriving together, or a return replayed, end in exactly one outcome:
 *   approved, the order still awaiting payment  → the attempt approved, every part paid (the one
 *     write of a part's payment, orders/pay-parts.ts), the order released to its sellers, the
 *     buyer's receipt and the sellers' notices queued;
 *   approved, the order no longer awaiting it (paid by another attempt, cancelled, expired) →
 *     the attempt is due a refund of all of it, recorded here (the caller sends it after the commit: ./refund.ts);
 *   declined → the attempt declined; the order still awaits payment (Try again); the buyer's
 *     "payment failed" mail queued, once per attempt;
 *   pending → nothing;
 *   an attempt already decided → nothing ("already counted").
 * An answer about an attempt that is not this order's, or for another amount or currency than the
 * attempt's, is refused.
 */

export type Decision =
  | { ok: true; outcome: 'paid' | 'declined' | 'pending' | 'already_counted' }
  | { ok: true; outcome: 'refund_due'; paymentId: string; refundId: string }
  | { ok: false; reason: 'unknown_attempt' | 'amount_mismatch' | 'not_found'; detail: string };

const DECIDED = ['approved', 'refund_pending', 'refunded', 'partially_refunded', 'refund_failed'] as const;

export async function decidePayment(
  db: Db,
  orderId: string,
  provider: ProviderName,
  verified: VerifiedPayment,
  now = new Date(),
): Promise<Decision> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) return { ok: false, reason: 'not_found', detail: 'no such order' };
    const attempt = await lockAttempt(tx, order.id, provider, verified.gatewayReference);
    if (!attempt)
      return {
        ok: false,
        reason: 'unknown_attempt',
        detail: `${verified.gatewayReference} is not an attempt of this order`,
      };
    if (attempt.amountCents !== verified.amountCents || attempt.currency !== verified.currency)
      return {
        ok: false,
        reason: 'amount_mismatch',
        detail: `${verified.amountCents} ${verified.currency} for an attempt of ${attempt.amountCents} ${attempt.currency}`,
      };
    if ((DECIDED as readonly string[]).includes(attempt.status)) return { ok: true, outcome: 'already_counted' };
    if (verified.status === 'pending') return { ok: true, outcome: 'pending' };
    if (verified.status === 'declined') {
      const moved = await decideAttempt(tx, attempt.id, ['pending'], 'declined', {
        message: verified.message,
        at: now,
      });
      if (!moved) return { ok: true, outcome: 'already_counted' };
      // The buyer hears of it once, with this decision (a replayed return moves nothing, so mails
      // nothing); not when the hold has already ended: the expiry's mail follows at once.
      const holdUntil = order.awaitingPaymentUntil;
      if (awaitsPayment(order) && holdUntil && holdUntil > now)
        await noticePaymentFailed(tx, order.id, {
          gateway: gatewayLabel(provider),
          message: verified.message || null,
          declinedAt: now,
          holdUntil,
        });
      return { ok: true, outcome: 'declined' };
    }
    // Approved: the gateway has the money.
    if (!awaitsPayment(order)) {
      await decideAttempt(tx, attempt.id, ['pending', 'declined', 'cancelled'], 'refund_pending', {
        message: verified.message,
        at: now,
      });
      // All of it, recorded with the decision: the refund's id is what the gateway dedupes on (decision 033).
      const refundId = await recordRefund(tx, {
        paymentId: attempt.id,
        orderId: order.id,
        reason: 'late_approval',
        amountCents: attempt.amountCents,
      });
      // The gateway holds it, and it pays no part: in the books as money to give back.
      await postUnapplied(tx, { key: attempt.id, orderId: order.id, amountCents: attempt.amountCents });
      return { ok: true, outcome: 'refund_due', paymentId: attempt.id, refundId };
    }
    await decideAttempt(tx, attempt.id, ['pending', 'declined', 'cancelled'], 'approved', {
      message: verified.message,
      at: now,
    });
    await payOrder(tx, order.id);
    await noticeCardPaid(tx, order.id, {
      amountCents: attempt.amountCents,
      currency: attempt.currency,
      gateway: gatewayLabel(provider),
      reference: attempt.gatewayReference,
      paidAt: now,
    });
    return { ok: true, outcome: 'paid' };
  });
}

/**
 * Every live part paid, the order settled and released to its sellers, the other attempts closed:
 * a verified card payment here, a bank transfer that covers the order (./bank-transfers.ts).
 */
export async function payOrder(tx: Tx, orderId: string) {
  const parts = await tx
    .select({ id: orderParts.id })
    .from(orderParts)
    .where(eq(orderParts.orderId, orderId))
    .orderBy(asc(orderParts.id))
    .for('update');
  await payParts(
    tx,
    parts.map((p) => p.id),
  );
  await settleOrder(tx, orderId, { touch: false });
  // Its sellers see it from now on (services/sellers.ts, partsSoldBy).
  await tx.update(orders).set({ awaitingPaymentUntil: null, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
  await closePendingAttempts(tx, orderId);
}

/** Logs a refusal of a gateway's word with the order it was about (every refusal is logged). */
export function logRefusal(
  log: Logger,
  fields: { orderNumber: string | null; source: string; reason: string; detail: string },
) {
  log.warn(fields, 'payment refused');
}
