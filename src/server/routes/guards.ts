/**
 * Who may call a route, checked as route middleware: before its query or body is read, so a
 * stranger learns nothing from validation and a large body is not read for someone refused
 * anyway. Operators: `operatorsOnly` (auth/roles.ts).
 */
import type { MiddlewareHandler } from 'hono';
import { MESSAGES } from '../../lib/messages';
import { requireUser } from '../auth/middleware';
import { ApiError } from '../http/errors';
import { declaring } from '../http/route-facts';
import type { AppEnv, SellerEnv } from '../http/router';
import { notASeller, sellerOf } from '../services/sellers';

/** 401 without a session. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

/**
 * 401 without a session, 403 for a user who owns no store (a buyer) in `refusal`'s words (each
 * seller call says what it is for); otherwise `c.var.seller` is the account and its one store,
 * resolved here once for the whole request (services/sellers.ts, decision 027).
 */
export const sellersOnlySaying =
  (refusal: string): MiddlewareHandler<SellerEnv> =>
  async (c, next) => {
    const seller = await sellerOf(c.var.db, requireUser(c).id);
    if (!seller) throw notASeller(refusal);
    c.set('seller', seller);
    await next();
  };

/** `sellersOnlySaying` in the seller workspace's words. */
export const sellersOnly = sellersOnlySaying(MESSAGES.sellerOrders.notSeller);

/**
 * 415 unless the body is multipart/form-data; `what` says what to send ("the CSV file", "the photo").
 * Listing it also declares that the route takes a file (route-facts.ts): the API-wide 1 MB limit
 * and JSON-only rule let its body by, so the route must bring its own size limit.
 */
export const multipartOnly = (what: string, fields = 'in a field named "file"'): MiddlewareHandler<AppEnv> =>
  declaring('file', async (c, next) => {
    if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? ''))
      throw new ApiError(415, 'unsupported_media_type', `Send ${what} as multipart/form-data, ${fields}.`);
    await next();
  });
