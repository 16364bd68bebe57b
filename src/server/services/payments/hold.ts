import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderParts, orders, payments } from '../../db/schema';
import type { Logger } from '../../http/logger';
import type { PaymentProvider } from '../../payments/provider';
import { noticeCardExpired } from '../orders/notices';
import { settleOrder } from '../orders/settle';
import { restockParts } from '../orders/stock';
import { closePendingAttempts } from './attempts';
import { holdEndedBy } from './order-lock';
import { sendRefund, staleRefunds } from './refund';
import { settle } from './returns';
import { SHOP_CURRENCY } from './start';

/*
 * The hold (docs/decisions/029): a card order still unpaid when its hold ends is cancelled and
 * its stock goes back. Before that, each attempt still pending is read at the gateway, so a
 * shopper who paid and never came back is not cancelled. Safe with several shop processes on one
 * database: an order is taken with FOR UPDATE SKIP LOCKED (an order another process or a payment
 * decision holds is left to it) and checked again under the lock, so it expires once.
 */

export type SweepResult = { expired: number; paid: number; refunds: number };

const BATCH = 50;
/** A refund still due this long after its decision was interrupted: it is asked for again. */
const STALE_REFUND_MS = 5 * 60_000;

export async function sweepExpiredHolds(
  db: Db,
  provider: PaymentProvider,
  options: { now?: Date; holdMinutes: number; log: Logger },
): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const { log } = options;
  const result: SweepResult = { expired: 0, paid: 0, refunds: 0 };
  const due = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, totalCents: orders.totalCents })
    .from(orders)
    .where(holdEndedBy(now))
    .orderBy(asc(orders.awaitingPaymentUntil))
    .limit(BATCH);
  for (const order of due) {
    if (await paidMeanwhile(db, provider, order, { now, log })) {
      result.paid += 1;
      continue;
    }
    const expired = await expire(db, order.id, now, options.holdMinutes);
    if (!expired) continue;
    result.expired += 1;
    log.info({ orderNumber: order.orderNumber }, 'card order not paid within its hold: cancelled, stock back');
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

/** Cancels one order whose hold ended, under its lock, unless another process holds it or it changed. */
async function expire(db: Db, orderId: string, now: Date, holdMinutes: number) {
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
    await settleOrder(tx, orderId, { touch: true });
    // When it expired, by the sweeper's clock: the buyer's order reads "expired" from it (orders/shapes.ts).
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId));
    await closePendingAttempts(tx, orderId, now);
    await noticeCardExpired(tx, orderId, holdMinutes);
    return true;
  });
}
