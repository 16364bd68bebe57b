/**
 * HTTP caching of the public catalogue reads (products, stores): the same answer for every
 * shopper, so a CDN or proxy in front of several instances may keep it briefly and revalidate it
 * (docs/decisions/019). Browsers always ask again (max-age=0) and get a 304 when nothing changed;
 * a shared cache serves it for s-maxage and, while it revalidates, a little longer. The ETag is the
 * hash of the answer itself, so a change of the catalogue or of stock is a new ETag at once.
 * Everything else the API answers is personal or a change and stays `no-store` (src/server/app.ts).
 */
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from './router';

/** How long a shared cache may serve a catalogue answer unasked, and serve it stale while it asks. */
export const CATALOG_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=60';

const tagged = etag({ weak: true });

export const catalogCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
  await tagged(c, async () => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', CATALOG_CACHE_CONTROL);
  });
  // A 304 for an unchanged answer keeps the rule, so a cache knows how long to keep it again.
  if (c.res.status === 304) c.header('Cache-Control', CATALOG_CACHE_CONTROL);
};
