import { OpenAPIHono } from '@hono/zod-openapi';
import type { FirebaseVerifier } from '../auth/firebase';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import type { Env as Config } from '../env';
import type { Publisher } from '../site/publisher';
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
  };
};

/** A sub-app whose zod-validated routes also document themselves in /api/v1/openapi.json. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}
export type Router = ReturnType<typeof createRouter>;
