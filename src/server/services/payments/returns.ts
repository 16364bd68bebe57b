import { eq } from 'drizzle-orm';
import { paidByCard } from '../../../lib/contract/payments';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import type { Logger } from '../../http/logger';
import type { GatewayReturn, PaymentProvider } from '../../payments/provider';
import { decidePayment, logRefusal } from './decide';
import { sendRefund } from './refund';
import { SHOP_CURRENCY } from './start';

/*
 * The gateway's word about a payment, as the shopper's browser brings it back (the return) or the
 * gateway's server sends it (the callback): one path for both (docs/decisions/029). Nothing in it
 * is believed as it is: the adapter verifies it (the gateway's own completion or status read, or
 * its signature) against what the shop expects of the order it names (the order's number, total
 * and currency, read here, never from the return); then ./decide.ts decides under the order's
 * lock. Every refusal is logged with the order number.
 */

export type ReturnSource = 'return' | 'callback' | 'status_read';

export type ReturnOutcome =
  | {
      ok: true;
      orderId: string;
      orderNumber: string;
      outcome: 'paid' | 'declined' | 'pending' | 'already_counted' | 'refunded' | 'refund_failed' | 'refund_pending';
    }
  | { ok: false; orderId: string | null; orderNumber: string | null; reason: string; detail: string };

export async function acceptGatewayReturn(
  db: Db,
  provider: PaymentProvider,
  ret: GatewayReturn,
  context: { source: ReturnSource; log: Logger; now?: Date },
): Promise<ReturnOutcome> {
  const { source, log } = context;
  const claimed = provider.claimedOrderNumber(ret);
  const refused = (orderId: string | null, orderNumber: string | null, reason: string, detail: string) => {
    logRefusal(log, { orderNumber, source, reason, detail });
    return { ok: false as const, orderId, orderNumber, reason, detail };
  };
  if (!claimed) return refused(null, null, 'malformed', 'the return names no order');
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalCents: orders.totalCents,
      method: orders.paymentMethod,
    })
    .from(orders)
    .where(eq(orders.orderNumber, claimed.slice(0, 64)));
  if (!order) return refused(null, claimed.slice(0, 64), 'unknown_order', 'no order has this number');
  if (!paidByCard(order.method))
    return refused(order.id, order.orderNumber, 'not_by_card', 'the order is not paid by card');
  const verified = await provider.verifyReturn(ret, {
    orderNumber: order.orderNumber,
    amountCents: order.totalCents,
    currency: SHOP_CURRENCY,
  });
  if (!verified.ok) return refused(order.id, order.orderNumber, verified.reason, verified.detail);
  return settle(db, provider, order, verified.payment, context);
}

/** A verified answer decided, and a late approval refunded after the decision's commit. */
export async function settle(
  db: Db,
  provider: PaymentProvider,
  order: { id: string; orderNumber: string },
  payment: Parameters<typeof decidePayment>[3],
  context: { source: ReturnSource; log: Logger; now?: Date },
): Promise<ReturnOutcome> {
  const { source, log } = context;
  const decision = await decidePayment(db, order.id, provider.name, payment, context.now);
  if (!decision.ok) {
    logRefusal(log, { orderNumber: order.orderNumber, source, reason: decision.reason, detail: decision.detail });
    return {
      ok: false,
      orderId: order.id,
      orderNumber: order.orderNumber,
      reason: decision.reason,
      detail: decision.detail,
    };
  }
  const base = { ok: true as const, orderId: order.id, orderNumber: order.orderNumber };
  if (decision.outcome === 'refund_due') {
    log.warn(
      { orderNumber: order.orderNumber, source, paymentId: decision.paymentId },
      'card payment approved for an order that no longer awaits it: refunding',
    );
    return { ...base, outcome: await sendRefund(db, provider, decision.refundId, log) };
  }
  if (decision.outcome === 'already_counted')
    log.info({ orderNumber: order.orderNumber, source }, 'payment answer already counted');
  else log.info({ orderNumber: order.orderNumber, source, outcome: decision.outcome }, 'payment answer decided');
  return { ...base, outcome: decision.outcome };
}
