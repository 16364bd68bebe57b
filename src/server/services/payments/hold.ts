import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderParts, orders, payments } from '../../db/schema';
import type { Logger } from '../../http/logger';
import type { PaymentProvider } from '../../payments/provider';
import { noticeExpiredUnpaid, noticePaymentReminder } from '../orders/notices';
import { settleOrder } from '../orders/settle';
import { restockParts } from '../orders/stock';
import { creditCancelledParts } from '../tax-documents/issue';
import { closePendingAttempts } from './attempts';
import { holdEndedBy } from './order-lock';
import { flagTransfersForRefund } from './received';
import { sendRefund, staleRefunds } from './refund';
import { settle } from './returns';
import { SHOP_CURRENCY } from './start';

/*
 * The hold (docs/decisions/029): a card order still unpaid when its hold ends is cancelled and
 * its stock goes back. Before that, each attempt still pending is read at the gateway, so a
 * shopper who paid and never came back is not cancelled. Safe with several shop processes on one
 * database: an order is taken with FOR UPDATE SKIP LOCKED (an order another process or a payment
 * decision holds is left to it) and checked again under the lock, so it expires once.
 *
 * A bank-transfer order (docs/decisions/034) waits BANK_TRANSFER_DAYS for its transfer to the
 * marketplace: when they end unpaid, its buyer is reminded once and given a day more
 * (BANK_TRANSFER_GRACE_MS), after which it expires like a card order; what was transferred for it
 * meanwhile (an under-payment) is flagged to refund.
 */

export type SweepResult = { expired: number; paid: number; refunds: number; reminded: number };

/** The day a bank-transfer order's buyer has after the reminder. */
export const BANK_TRANSFER_GRACE_MS = 24 * 60 * 60_000;

const BATCH = 50;
/** A refund still due this long after its decision was interrupted: it is asked for again. */
const STALE_REFUND_MS = 5 * 60_000;

export async function sweepExpiredHolds(
  db: Db,
  provider: PaymentProvider,
  options: { now?: Date; holdMinutes: number; bankTransferDays?: number; log: Logger },
): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const { log } = options;
  const result: SweepResult = { expired: 0, paid: 0, refunds: 0, reminded: 0 };
  const due = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalCents: orders.totalCents,
      byBank: sql<boolean>`${orders.bankTransferTo} is not null`,
      reminded: sql<boolean>`${orders.paymentRemindedAt} is not null`,
    })
    .from(orders)
    .where(holdEndedBy(now))
    .orderBy(asc(orders.awaitingPaymentUntil))
    .limit(BATCH);
  for (const order of due) {
    const byBank = truth(order.byBank);
    if (byBank && !truth(order.reminded)) {
      if (await remind(db, order.id, now)) {
        result.reminded += 1;
        log.info({ orderNumber: order.orderNumber }, 'bank transfer not received in time: buyer reminded');
      }
      continue;
    }
    if (!byBank && (await paidMeanwhile(db, provider, order, { now, log }))) {
      result.paid += 1;
      continue;
    }
    const waited = byBank
      ? `${(options.bankTransferDays ?? 3) + 1} days for your bank transfer`
      : `${options.holdMinutes} minute${options.holdMinutes === 1 ? '' : 's'} for your card payment`;
    const expired = await expire(db, order.id, now, waited);
    if (!expired) continue;
    result.expired += 1;
    log.info(
      { orderNumber: order.orderNumber },
      byBank
        ? 'bank-transfer order not paid in time: cancelled, stock back'
        : 'card order not paid within its hold: cancelled, stock back',
    );
  }
  for (const id of await staleRefunds(db, new Date(now.getTime() - STALE_REFUND_MS))) {
    await sendRefund(db, provider, id, log);
    result.refunds += 1;
  }
  return result;
}

/** The gateway's own word on the order's pending attempts: one approved pays the order (./decide.ts). */
async function paidMeanwhile(
  db: Db,
  provider: PaymentProvider,
  order: { id: string; orderNumber: string; totalCents: number },
  context: { now: Date; log: Logger },
): Promise<boolean> {
  const pending = await db
    .select({ reference: payments.gatewayReference })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.provider, provider.name), eq(payments.status, 'pending')));
  for (const { reference } of pending) {
    const read = await provider.readStatus({
      orderNumber: order.orderNumber,
      amountCents: order.totalCents,
      currency: SHOP_CURRENCY,
      gatewayReference: reference,
    });
    if (!read.ok) {
      context.log.warn(
        { orderNumber: order.orderNumber, source: 'status_read', reason: read.reason, detail: read.detail },
        'payment refused',
      );
      continue;
    }
    const settled = await settle(db, provider, order, read.payment, { source: 'status_read', ...context });
    if (settled.ok && settled.outcome === 'paid') return true;
  }
  return false;
}

/** PGlite and PostgreSQL answer a boolean; a driver that answers 't' is read alike. */
const truth = (value: boolean | string | null) => value === true || value === 't';

/** The one reminder of a bank-transfer order whose days ended, under its lock: a day more to pay. */
async function remind(db: Db, orderId: string, now: Date) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.id, orderId),
          holdEndedBy(now),
          sql`${orders.bankTransferTo} is not null and ${orders.paymentRemindedAt} is null`,
        ),
      )
      .for('update', { skipLocked: true });
    if (!order) return false;
    await tx
      .update(orders)
      .set({ paymentRemindedAt: now, awaitingPaymentUntil: new Date(now.getTime() + BANK_TRANSFER_GRACE_MS) })
      .where(eq(orders.id, orderId));
    await noticePaymentReminder(tx, orderId);
    return true;
  });
}

/** Cancels one order whose hold ended, under its lock, unless another process holds it or it changed. */
async function expire(db: Db, orderId: string, now: Date, waited: string) {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), holdEndedBy(now)))
      .for('update', { skipLocked: true });
    if (!order) return undefined;
    const live = await tx
      .select({ id: orderParts.id })
      .from(orderParts)
      .where(and(eq(orderParts.orderId, orderId), ne(orderParts.status, 'cancelled')))
      .orderBy(asc(orderParts.id))
      .for('update');
    const ids = live.map((p) => p.id);
    if (ids.length > 0)
      await tx
        .update(orderParts)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(inArray(orderParts.id, ids));
    // The stock back is told to the catalogue at this transaction's commit (moveStock announces it).
    await restockParts(tx, ids);
    // Its parts' tax invoices are credited in their sellers' sequences (decision 045).
    await creditCancelledParts(tx, ids);
    await settleOrder(tx, orderId, { touch: true });
    // When it expired, by the sweeper's clock: the buyer's order reads "expired" from it (orders/shapes.ts).
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId));
    await closePendingAttempts(tx, orderId, now);
    // A bank-transfer order cancelled with some of its transfer received: that money is to refund.
    await flagTransfersForRefund(tx, orderId);
    await noticeExpiredUnpaid(tx, orderId, waited);
    return true;
  });
}
