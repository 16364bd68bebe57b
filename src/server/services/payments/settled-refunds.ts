import { and, eq, sql } from 'drizzle-orm';
import type { SettledRefund } from '../../../lib/contract/payments';
import { MESSAGES } from '../../../lib/messages';
import { formatCents } from '../../../lib/money';
import type { Db, Tx } from '../../db/client';
import { orders, payments, refunds } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { owedBackCents, refundRows, toOperatorRefund } from './operator-list';

/*
 * What every refund an operator records shares (./operator-refunds.ts, ./return-refunds.ts): who
 * records it, the day it was sent (never after today), the bank reference that counts once (an
 * advisory lock on it, the refunds already under it), what the order is still owed back, and the
 * answer: the refunds made and what is left owed.
 */
export type Operator = { id: string; email: string; role: string };

export const today = (now: Date) => now.toISOString().slice(0, 10);

export function notInFuture(sentOn: string, now: Date) {
  // Jamaica is behind UTC: its today is never after UTC's.
  if (sentOn > today(now))
    throw new ApiError(400, 'validation_failed', MESSAGES.payments.sentInFuture, {
      sentOn: MESSAGES.payments.sentInFuture,
    });
}

/** Recordings of one bank reference queue here, whichever order they name. */
export const lockReference = (tx: Tx, reference: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank-refund:${reference}`}))`);

/** The refunds already recorded under this bank reference, any order's. */
export const byReference = (tx: Tx, reference: string) =>
  tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.method, 'bank_transfer'), eq(refunds.refundReference, reference)));

/** What the order is still owed back, over all its payment records. */
export async function owedBackOf(db: Db | Tx, orderId: string): Promise<number> {
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId));
  const given = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
  return rows.reduce(
    (n, p) =>
      n +
      owedBackCents(
        p,
        given.filter((r) => r.paymentId === p.id),
      ),
    0,
  );
}

export async function answer(db: Db, refundIds: string[], replayed: boolean): Promise<SettledRefund> {
  const rows = await refundRows(db, { ids: refundIds });
  const [order] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, rows[0].orderId));
  return {
    success: true,
    replayed,
    refunds: rows.map(toOperatorRefund),
    order: { ...order, owedBack: (await owedBackOf(db, order.id)) / 100 },
  };
}

/** The bank transfer that made these refunds, in the operator's log's words. */
export const sentBy = (cents: number, sentOn: string, reference: string) =>
  `${formatCents(cents)} sent by bank transfer on ${sentOn}, bank reference ${reference}`;
