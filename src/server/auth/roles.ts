/**
 * Who may use the operator side. An operator is a user whose role is `admin` (spec data model);
 * the first one is made by `npm run admin:create -- EMAIL` or named in ADMIN_EMAILS. Every
 * operator route calls this before anything else, so a shopper or seller gets the same 403.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from '../http/errors';
import type { AppEnv } from '../http/router';
import { requireUser } from './middleware';
import type { SessionUser } from './sessions';

/** 401 unless signed in, 403 unless an operator; returns the operator for the audit record. */
export function requireOperator(c: Context<AppEnv>): SessionUser {
  const user = requireUser(c);
  if (user.role !== 'admin') throw new ApiError(403, 'forbidden', 'Only the shop’s operators can do this.');
  return user;
}

/** The same check as route middleware: before the query or body is read, so a stranger learns nothing from validation. */
export const operatorsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireOperator(c);
  await next();
};
