import { OpenAPIHono } from '@hono/zod-openapi';
import type { FirebaseVerifier } from '../auth/firebase';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import type { Env as Config } from '../env';
import type { PaymentProvider } from '../payments/provider';
import type { Seller } from '../services/sellers';
import type { Publisher } from '../site/publisher';
import { jsonBodyGuard } from './json-body';
import type { Logger } from './logger';
import { validationError } from './validation';

/** What every handler can reach through `c.var`. */
export type AppEnv = {
  Variables: {
    db: Db;
    dbKind: 'pglite' | 'postgres';
    config: Config;
    requestId: string;
    /** When the request reached the API, before any await: what "sent at the same time" counts from. */
    receivedAt: Date;
    log: Logger;
    /** Present under `npm start`; absent in tests and in `npm run dev`. */
    site: Publisher | undefined;
    /** The signed-in user, when the request carries a live session. */
    user: SessionUser | undefined;
    /** Verifies Firebase ID tokens; undefined when Firebase sign-in is not configured. */
    firebase: FirebaseVerifier | undefined;
    /** The configured card gateway (src/server/payments, docs/decisions/028). */
    payments: PaymentProvider;
  };
};

/**
 * What a handler behind `sellersOnly` (routes/guards.ts) reaches: everything in AppEnv, and
 * `c.var.seller`, the signed-in account and its one store, resolved once by the guard
 * (services/sellers.ts). A route without the guard has no `seller` to read.
 */
export type SellerEnv = { Variables: AppEnv['Variables'] & { seller: Seller } };

/** Whether a route's contract takes a JSON body. */
const takesJson = (route: { request?: { body?: { content?: Record<string, unknown> } } }) =>
  Object.keys(route.request?.body?.content ?? {}).some((type) => /^application\/([\w.-]+\+)?json$/i.test(type));

/**
 * A sub-app whose zod-validated routes also document themselves in /api/v1/openapi.json. A route
 * that takes a JSON body gets jsonBodyGuard after its own middleware (who asks) and before its
 * validator, so no route can parse a body unmeasured.
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
  const register = router.openapi;
  router.openapi = ((route, handler, hook) => {
    if (!takesJson(route)) return register(route, handler, hook);
    const own = route.middleware === undefined ? [] : [route.middleware].flat();
    return register({ ...route, middleware: [...own, jsonBodyGuard] }, handler, hook);
  }) as typeof register;
  return router;
}
export type Router = ReturnType<typeof createRouter>;
