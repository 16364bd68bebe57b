/**
 * The request's context types (what `c.var` holds), apart from the router so that the middleware
 * the router mounts (json-body.ts, text-guard.ts) can name them without importing it.
 */
import type { FirebaseVerifier } from '../auth/firebase';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import type { Env as Config } from '../env';
import type { PaymentProvider } from '../payments/provider';
import type { Seller } from '../services/sellers';
import type { Publisher } from '../site/publisher';
import type { Logger } from './logger';

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
