import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentOption,
} from '../../lib/contract/payment-methods';
import { MESSAGES } from '../../lib/messages';
import type { stores } from '../db/schema';
import { ApiError } from '../http/errors';

/*
 * Which payment methods a cart may use (docs/decisions/020, 034), the one home of the rule: the
 * checkout summary shows it, order placement enforces it. The marketplace collects cards (at its
 * gateway) and bank transfers (to its own account) for every store; cash on delivery, which the
 * seller's courier collects, only when every store in the cart takes it (an order has one payment
 * method for all its parts). PayPal has no provider here (none is configured by default, and no
 * adapter exists): shown as not available, refused when sent (issue 26 #6, docs/deviations.md).
 */

type StoreTerms = Pick<
  typeof stores.$inferSelect,
  'id' | 'name' | 'acceptsCashOnDelivery' | 'acceptsBankTransfer' | 'bankDetails'
>;

/** The methods no provider takes here: never offered, whatever the stores say. */
const NOT_OFFERED: ReadonlySet<PaymentMethod> = new Set(['paypal']);

/** Whether one store takes one method: only cash on delivery is the store's choice. */
export function storeTakes(store: StoreTerms, method: PaymentMethod): boolean {
  if (method === 'cash_on_delivery') return store.acceptsCashOnDelivery;
  return true;
}

/** Every method, in the spec's order, for a cart of these stores. */
export function paymentOptions(cartStores: readonly StoreTerms[]): PaymentOption[] {
  return PAYMENT_METHODS.map((method) => {
    if (NOT_OFFERED.has(method))
      return { method, available: false, notTakenBy: [], reason: MESSAGES.checkout.methodNotOffered };
    const refusing = cartStores.filter((s) => !storeTakes(s, method));
    return {
      method,
      available: refusing.length === 0,
      notTakenBy: refusing.map((s) => ({ sellerId: s.id, storeName: s.name })),
      reason: refusing.length ? MESSAGES.checkout.notTakenBy(refusing.map((s) => s.name)) : null,
    };
  });
}

/**
 * Refuses (409, nothing written: the caller's transaction rolls back) an order paid in a way a
 * store in it does not take, naming the stores; `errors`/`reasons` key each one by store id.
 */
export function ensureMethodTaken(method: PaymentMethod, cartStores: readonly StoreTerms[]): void {
  if (NOT_OFFERED.has(method)) {
    const message = MESSAGES.checkout.methodNotOfferedRefusal(PAYMENT_METHOD_LABELS[method]);
    throw new ApiError(409, 'payment_method_unavailable', message);
  }
  const refusing = cartStores.filter((s) => !storeTakes(s, method));
  if (refusing.length === 0) return;
  const message = MESSAGES.checkout.paymentNotTaken(
    refusing.map((s) => s.name),
    PAYMENT_METHOD_LABELS[method],
  );
  throw new ApiError(
    409,
    'payment_method_unavailable',
    message,
    Object.fromEntries(refusing.map((s) => [s.id, message])),
    Object.fromEntries(refusing.map((s) => [s.id, 'payment_method_not_taken'])),
  );
}
