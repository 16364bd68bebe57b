/**
 * Who may call a route, checked as route middleware: before its query or body is read, so a
 * stranger learns nothing from validation and a large body is not read for someone refused
 * anyway. Operators: `operatorsOnly` (auth/roles.ts).
 */
import type { MiddlewareHandler } from 'hono';
import { requireUser } from '../auth/middleware';
import { ApiError } from '../http/errors';
import type { AppEnv } from '../http/router';
import { requireSellerStores } from '../services/orders';

/** 401 without a session. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

/** 401 without a session, 403 for a user who owns no store (a buyer), in the seller workspace's words. */
export const sellersOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireSellerStores(c.var.db, requireUser(c).id);
  await next();
};

/**
 * `sellersOnly` for a seller's call outside the workspace (the spec's seller order routes, a
 * review's reply), refusing a buyer in that call's own words.
 */
export const sellersOnlySaying =
  (refusal: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await requireSellerStores(c.var.db, requireUser(c).id, refusal);
    await next();
  };

/** 415 unless the body is multipart/form-data; `what` says what to send ("the CSV file", "the photo"). */
export const multipartOnly =
  (what: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? ''))
      throw new ApiError(
        415,
        'unsupported_media_type',
        `Send ${what} as multipart/form-data, in a field named "file".`,
      );
    await next();
  };
