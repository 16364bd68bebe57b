import type { PaymentStart } from '../../../lib/contract/payments';
import { paidByCard } from '../../../lib/contract/payments';
import { MESSAGES } from '../../../lib/messages';
import type { Db } from '../../db/client';
import { type Env, publicSiteUrl } from '../../env';
import { ApiError } from '../../http/errors';
import type { Logger } from '../../http/logger';
import { PaymentGatewayError, type PaymentProvider } from '../../payments/provider';
import { refuse as refuseOrder } from '../orders/scope';
import { recordAttempt } from './attempts';
import { awaitsPayment, type LockedOrder, lockOrder } from './order-lock';

/*
 * Starting (or, after a decline, starting again) a card payment for an order that awaits it
 * (docs/decisions/029): the gateway is asked first, outside any transaction (no row lock is held
 * across the network); then, under the order's lock, the order is checked again and the attempt
 * recorded. An attempt the gateway started for an order that stopped awaiting meanwhile is simply
 * never shown to the shopper.
 */

/** The shop's prices and charges are in US dollars (spec). */
export const SHOP_CURRENCY = 'USD' as const;

export const RETURN_PATH = '/api/v1/payments/return';
export const CALLBACK_PATH = '/api/v1/payments/callback';
export const payUrlOf = (paymentId: string) => `/api/v1/payments/${encodeURIComponent(paymentId)}/page`;

/** 409 for an order that does not await a card payment, in words the shopper can act on. */
function notAwaiting(order: LockedOrder): ApiError {
  if (!paidByCard(order.paymentMethod)) return new ApiError(409, 'conflict', MESSAGES.payments.notByCard);
  if (order.paymentStatus === 'paid' || order.awaitingPaymentUntil === null)
    return new ApiError(409, 'conflict', MESSAGES.payments.alreadyPaid);
  return new ApiError(409, 'conflict', MESSAGES.payments.cancelled);
}

async function readOwn(db: Db, principal: { orderId: string; buyerId: string }): Promise<LockedOrder> {
  // Read under a lock in its own short transaction: the order as it is now, owner-scoped.
  const order = await db.transaction((tx) => lockOrder(tx, principal.orderId, principal.buyerId));
  if (!order) return refuseOrder(db, principal.orderId, MESSAGES.orders.accessDeniedDetail);
  return order;
}

export async function startCardPayment(
  db: Db,
  provider: PaymentProvider,
  config: Env,
  principal: { orderId: string; buyerId: string },
  log: Logger,
): Promise<PaymentStart> {
  const order = await readOwn(db, principal);
  if (!awaitsPayment(order)) throw notAwaiting(order);
  const site = publicSiteUrl(config);
  let created: Awaited<ReturnType<PaymentProvider['createPayment']>>;
  try {
    created = await provider.createPayment({
      orderNumber: order.orderNumber,
      amountCents: order.totalCents,
      currency: SHOP_CURRENCY,
      returnUrl: `${site}${RETURN_PATH}`,
      callbackUrl: `${site}${CALLBACK_PATH}`,
    });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    log.warn({ orderNumber: order.orderNumber, detail: error.message }, 'card gateway did not start a payment');
    throw new ApiError(503, 'gateway_unavailable', MESSAGES.payments.gatewayUnavailable);
  }
  const attempt = await db.transaction(async (tx) => {
    const now = await lockOrder(tx, order.id, principal.buyerId);
    if (!now || !awaitsPayment(now)) throw notAwaiting(now ?? order);
    return recordAttempt(tx, {
      orderId: order.id,
      method: order.paymentMethod,
      provider: provider.name,
      gatewayReference: created.gatewayReference,
      amountCents: order.totalCents,
      currency: SHOP_CURRENCY,
      nextStep: created.next,
    });
  });
  log.info({ orderNumber: order.orderNumber, paymentId: attempt.id }, 'card payment started');
  return { paymentId: attempt.id, payUrl: payUrlOf(attempt.id), next: created.next };
}
