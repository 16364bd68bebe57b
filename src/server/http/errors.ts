import type { ErrorBody } from '../../lib/contract/common';

export type ErrorCode =
  | 'validation_failed'
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'insufficient_stock'
  /** A price moved since the shopper saw it (409): refreshing the cart answers it. */
  | 'price_changed'
  /** The product's store is not active (pending, rejected or suspended: docs/decisions/015), 409. */
  | 'store_unavailable'
  /** A product with options named without a variant (400): the buyer must choose one (docs/decisions/052). */
  | 'variant_required'
  /** A variant that is not one of the named product's (404). */
  | 'variant_not_found'
  /** A store in the order does not take the chosen payment method (409, docs/decisions/020). */
  | 'payment_method_unavailable'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'rate_limited'
  /** An e-mailed link's token that is unknown, used, replaced by a newer one or expired (400). */
  | 'invalid_token'
  /** The action needs a verified e-mail address (403): a message to a seller, who answers to it. */
  | 'email_unverified'
  | 'unavailable'
  /** The card gateway could not start a payment (503): the order still awaits it, try again. */
  | 'gateway_unavailable'
  /** The gateway's word about a payment could not be verified (400, logged: docs/decisions/029). */
  | 'payment_refused'
  | 'internal';

/** An error the API answers with as `{ message, code, errors? }` and the given status. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    /** Per-item typed reasons beside `errors`' texts, for clients that act on them (decision 010). */
    readonly reasons?: Record<string, string>,
  ) {
    super(message);
  }

  body(): ErrorBody {
    return {
      message: this.message,
      code: this.code,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.reasons ? { reasons: this.reasons } : {}),
    };
  }
}

export const notFound = (message = 'Not found') => new ApiError(404, 'not_found', message);
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new ApiError(400, 'validation_failed', message, errors);
