/**
 * Whether a refusal is the spec's "Price changed for …", which Refresh cart answers: read from the
 * verdict's typed reasons and the API's error code, never from the text (the text is for people).
 * Kept free of zod so the cart and checkout islands can use it without loading the contract.
 */
import { ApiRequestError } from './api';
import type { CartValidation } from './contract/cart';

/** A cart verdict with at least one line whose price moved since the shopper saw it. */
export const hasPriceChange = (verdict: Pick<CartValidation, 'items'>): boolean =>
  verdict.items.some((line) => line.reason === 'price_changed');

/** An API refusal (checkout prepare, place order) because a price moved, for its first line or any other. */
export const isPriceRefusal = (error: unknown): boolean => {
  if (!(error instanceof ApiRequestError)) return false;
  const reasons = (error.data as { reasons?: Record<string, string> } | undefined)?.reasons ?? {};
  return error.code === 'price_changed' || Object.values(reasons).includes('price_changed');
};
