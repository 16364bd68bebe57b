import type { z } from 'zod';
import { ApiError } from './errors';

/**
 * zod's own messages ("Invalid input: expected string, received undefined") do not say which
 * field they are about; the contract's messages do ("Please enter a valid email address.",
 * "stock must be 0 or more").
 */
const GENERIC = /^(Invalid|Too (small|big)|Unrecognized|Expected)\b/;

/** "shippingAddress.zipCode" → "Shipping address zip code"; "items.0.quantity" → "Items 1 quantity". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const words = path
    .map((part) => (typeof part === 'number' ? String(part + 1) : String(part)))
    .join(' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Turns zod issues into the API's error. The message is for people (shown as it is by the
 * storefront): the first issue's own sentence, led by a readable field name only when zod's
 * generic wording would not say which field; `errors` keys every field by its path for programs.
 */
export function validationError(error: z.ZodError): ApiError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] ??= issue.message;
  }
  const first = error.issues[0];
  const message = first
    ? first.path.length && GENERIC.test(first.message)
      ? `${fieldLabel(first.path)}: ${first.message}`
      : first.message
    : 'Invalid request';
  return new ApiError(400, 'validation_failed', message, errors);
}
