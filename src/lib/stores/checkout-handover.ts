/**
 * What placing an order keeps in the tab (src/lib/stores/checkout.ts): the confirmation handed to
 * /order-confirmation, and the Idempotency-Key of the submission in flight, so a retried
 * submission of the same order reuses it and can never make a second order.
 */
import type { Order } from '../contract/orders';
import { sessionStore } from './browser-storage';

/** The order and invoice URL handed to /order-confirmation (its "navigation state"). */
export const CONFIRMATION_KEY = 'yaad-order-confirmation';
/** The Idempotency-Key of the submission in flight, kept with its body so a retry reuses it. */
const ATTEMPT_KEY = 'yaad-checkout-attempt';

export type Confirmation = {
  order: Order;
  invoiceUrl: string;
  /** A card order: the shop's page that takes the browser to the gateway (null: it could not start; Pay now). */
  payUrl?: string | null;
};

/** The key of this submission: the saved one when the body is the same as the attempt in flight, else a new one. */
export function idempotencyKeyFor(body: string): string {
  const store = sessionStore();
  try {
    const saved = JSON.parse(store?.getItem(ATTEMPT_KEY) ?? 'null') as { key: string; body: string } | null;
    if (saved && saved.body === body) return saved.key;
  } catch {}
  const key = `checkout-${crypto.randomUUID()}`;
  store?.setItem(ATTEMPT_KEY, JSON.stringify({ key, body }));
  return key;
}

/** The submission is over (placed, or refused for good): a corrected order gets a new key. */
export function endAttempt(): void {
  sessionStore()?.removeItem(ATTEMPT_KEY);
}

/**
 * The confirmation the checkout handed over: from the page's history entry (survives a reload of
 * this tab), else taken once from session storage into it. A fresh tab has none.
 */
export function takeConfirmation(): Confirmation | null {
  const state = (history.state ?? {}) as { orderConfirmation?: Confirmation };
  if (state.orderConfirmation?.order) return state.orderConfirmation;
  const store = sessionStore();
  try {
    const raw = store?.getItem(CONFIRMATION_KEY);
    if (!raw) return null;
    store?.removeItem(CONFIRMATION_KEY);
    const value = JSON.parse(raw) as Confirmation;
    if (!value?.order?.id) return null;
    history.replaceState({ ...(history.state ?? {}), orderConfirmation: value }, '');
    return value;
  } catch {
    return null;
  }
}
