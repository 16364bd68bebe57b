import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, payments, refunds } from '../../db/schema';
import type { Logger } from '../../http/logger';
import type { PaymentProvider } from '../../payments/provider';
import { noticeRefundMade } from '../orders/notices';
import { decideRefund, postponeRefund } from './attempts';

/*
 * A refund decided in its cause's transaction (a cancelled paid order or part: ./cancel-refunds.ts;
 * a payment approved for an order that no longer awaited it: ./decide.ts) is sent to the gateway
 * after that commit, by the caller whose transaction decided it (docs/decisions/029, 033). It
 * carries the refund's own id, which the gateway dedupes on, so sending it again (the sweeper,
 * when the process stopped in between; two senders at once) is the same refund. Its outcome is
 * recorded once (a conditional update from refund_pending): refunded, with the buyer's "refund
 * made" mail in that same transaction; or refused, refund_failed, logged as an error with the
 * order number for an operator.
 */

/** What sends a refund: the configured gateway, and the log its refusals go to (a route passes its c.var). */
export type RefundGateway = { payments: PaymentProvider; log: Logger };

export type RefundResult = 'refunded' | 'refund_failed' | 'refund_pending';

export async function sendRefund(
  db: Db,
  provider: PaymentProvider,
  refundId: string,
  log: Logger,
): Promise<RefundResult> {
  const [row] = await db
    .select({ refund: refunds, payment: payments, orderNumber: orders.orderNumber })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'refund_pending')));
  // Decided already (by another sender): nothing to send.
  if (!row) return 'refunded';
  const { refund, payment, orderNumber } = row;
  const outcome = await provider.refund({
    gatewayReference: payment.gatewayReference,
    orderNumber,
    amountCents: refund.amountCents,
    currency: payment.currency,
    refundId: refund.id,
  });
  const fields = { orderNumber, paymentId: payment.id, refundId, cause: refund.reason };
  if (outcome.ok) {
    await db.transaction(async (tx) => {
      const made = await decideRefund(tx, refund.id, 'refunded', { refundReference: outcome.refundReference });
      if (made)
        await noticeRefundMade(tx, refund.orderId, {
          refundId: refund.id,
          amountCents: refund.amountCents,
          currency: payment.currency,
          reference: outcome.refundReference,
          cause: refund.reason,
        });
    });
    log.info({ ...fields, amountCents: refund.amountCents }, 'card payment refunded');
    return 'refunded';
  }
  if (outcome.reason === 'gateway_error') {
    // Not a refusal: the gateway could not be asked. It stays due, and the sweeper asks again later.
    await db.transaction((tx) => postponeRefund(tx, refund.id));
    log.warn({ ...fields, reason: outcome.reason, detail: outcome.detail }, 'card refund not sent: will try again');
    return 'refund_pending';
  }
  await db.transaction((tx) =>
    decideRefund(tx, refund.id, 'refund_failed', { message: `${outcome.reason}: ${outcome.detail}` }),
  );
  log.error(
    { ...fields, amountCents: refund.amountCents, reason: outcome.reason, detail: outcome.detail },
    'card refund NOT made: an operator must refund it',
  );
  return 'refund_failed';
}

/** Sends refunds one after another (after the commit that decided them); answers each outcome. */
export async function sendRefunds(
  db: Db,
  provider: PaymentProvider,
  refundIds: readonly string[],
  log: Logger,
): Promise<RefundResult[]> {
  const results: RefundResult[] = [];
  for (const id of refundIds) results.push(await sendRefund(db, provider, id, log));
  return results;
}

/** Refunds that were due but never sent (the process stopped between the decision and the refund). */
export async function staleRefunds(db: Db, olderThan: Date): Promise<string[]> {
  const rows = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'refund_pending'), lt(refunds.updatedAt, olderThan)))
    .limit(50);
  return rows.map((r) => r.id);
}
