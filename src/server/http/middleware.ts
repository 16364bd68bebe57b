import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { ApiError } from './errors';
import { PUBLISHER_AGENT } from './publisher-agent';
import type { RouteTable } from './route-table';
import type { AppEnv } from './router';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A request id for every call (Hono's request-id: kept from X-Request-Id when a proxy set one of at
 * most 64 letters, digits, `_`, `-` or `=`, else a new UUID), echoed back in X-Request-Id.
 */
export const requestIdentity = requestId({ limitLength: 64 });

/** A request slower than this is always logged, whatever it was. */
export const SLOW_REQUEST_MS = 250;

/**
 * Every log line of a request carries its id; one line per request says how it went. A read that
 * went well and fast is a debug line (docs/decisions/019): at 5,000 reads a second one line each
 * was a third of the server's time, and such lines tell an operator nothing a load balancer's
 * counts do not. Changes (POST, PUT, DELETE), errors, refusals and slow requests stay info lines.
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  // c.get, not c.var: Hono builds a new object of every variable on each c.var read.
  const log = c.get('log').child({ requestId: c.get('requestId') });
  c.set('log', log);
  const started = performance.now();
  await next();
  const ms = Math.round((performance.now() - started) * 10) / 10;
  const method = c.req.method;
  const status = c.res.status;
  const routine =
    ((method === 'GET' || method === 'HEAD') && status < 400 && ms < SLOW_REQUEST_MS) ||
    // The publisher reads the whole catalogue through the API: its reads would bury the shoppers'.
    c.req.header('user-agent') === PUBLISHER_AGENT;
  const level = routine ? 'debug' : 'info';
  if (log.isLevelEnabled(level)) log[level]({ method, path: c.req.path, status, ms }, 'request');
};

/**
 * CSRF and body-type guard for every mutating call: a browser's cross-site Origin is refused, and
 * a body must be JSON (or, on a route that takes a file, multipart with an Origin or a bearer
 * token), so an HTML form on another site can never post to the API. The routes that take
 * something else say so themselves (route-facts.ts); `routes` finds them.
 */
export function mutationGuard(routes: RouteTable): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!MUTATING.has(c.req.method)) return next();
    const path = c.req.path;
    if (routes.declares('gatewayPost', path)) return next();
    const origin = c.req.header('origin');
    if (origin && !isAllowedOrigin(origin, c.req.url, c.var.config.PUBLIC_SITE_URL)) {
      throw new ApiError(403, 'forbidden', 'Cross-site request refused');
    }
    // A body announces itself by a length, chunking or a type; a bodiless DELETE carries none of them.
    const type = c.req.header('content-type');
    const length = Number(c.req.header('content-length') ?? 0);
    const hasBody = length > 0 || c.req.header('transfer-encoding') !== undefined || type !== undefined;
    if (hasBody) {
      const file = /^multipart\/form-data\b/i.test(type ?? '') && routes.declares('file', path);
      const oneClick =
        /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type ?? '') &&
        routes.declares('oneClickForm', path);
      if (!file && !oneClick && !/^application\/json\b/i.test(type ?? '')) {
        throw new ApiError(415, 'unsupported_media_type', 'Request body must be JSON (Content-Type: application/json)');
      }
      // Any site's form can post multipart: a file is taken from the shop's own pages (browsers name
      // them in Origin on every POST) or from a program holding a bearer token, never on a cookie alone.
      if (file && !origin && !c.req.header('authorization')) {
        throw new ApiError(
          403,
          'forbidden',
          'A file upload must come from the shop’s own pages or carry a bearer token',
        );
      }
    }
    return next();
  };
}

function isAllowedOrigin(origin: string, requestUrl: string, siteUrl?: string): boolean {
  try {
    const o = new URL(origin).origin;
    if (o === new URL(requestUrl).origin) return true;
    return siteUrl !== undefined && o === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}
