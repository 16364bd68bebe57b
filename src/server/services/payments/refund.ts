import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema';
import type { Logger } from '../../http/logger';
import type { PaymentProvider } from '../../payments/provider';
import { decideAttempt } from './attempts';

/*
 * A payment the gateway approved for an order that no longer awaited it (paid by another attempt,
 * cancelled, expired) is given back whole (docs/decisions/029). ./decide.ts moved the attempt to
 * refund_pending in the order's transaction, so only the caller whose transaction did that asks
 * the gateway; the refund carries the attempt's id, and the gateway never refunds past what it took.
 */

export type RefundResult = 'refunded' | 'refund_failed';

export async function refundAttempt(
  db: Db,
  provider: PaymentProvider,
  paymentId: string,
  log: Logger,
): Promise<RefundResult> {
  const [row] = await db
    .select({ payment: payments, orderNumber: orders.orderNumber })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'refund_pending')));
  if (!row) return 'refunded';
  const { payment, orderNumber } = row;
  const outcome = await provider.refund({
    gatewayReference: payment.gatewayReference,
    orderNumber,
    amountCents: payment.amountCents,
    currency: payment.currency,
    refundId: payment.id,
  });
  if (outcome.ok) {
    await db.transaction((tx) =>
      decideAttempt(tx, payment.id, ['refund_pending'], 'refunded', {
        refundedCents: outcome.amountCents,
        refundReference: outcome.refundReference,
      }),
    );
    log.info({ orderNumber, paymentId, amountCents: outcome.amountCents }, 'late card payment refunded');
    return 'refunded';
  }
  await db.transaction((tx) => decideAttempt(tx, payment.id, ['refund_pending'], 'refund_failed'));
  log.error(
    { orderNumber, paymentId, reason: outcome.reason, detail: outcome.detail },
    'late card payment NOT refunded: an operator must refund it',
  );
  return 'refund_failed';
}

/** Refunds that were due but never made (the process stopped between the decision and the refund). */
export async function staleRefunds(db: Db, olderThan: Date): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.status, 'refund_pending'), lt(payments.updatedAt, olderThan)))
    .limit(50);
  return rows.map((r) => r.id);
}
