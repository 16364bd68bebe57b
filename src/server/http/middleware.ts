import type { MiddlewareHandler } from 'hono';
import { PUBLISHER_AGENT } from '../../content/catalog-api';
import { ApiError } from './errors';
import { takesFile } from './file-routes';
import type { AppEnv } from './router';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A request id for every call (kept from X-Request-Id when a proxy set a sane one), echoed back and logged. */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = c.req.header('x-request-id');
  const requestId = incoming && /^[\w.-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
  c.set('requestId', requestId);
  c.set('log', c.var.log.child({ requestId }));
  c.header('X-Request-Id', requestId);
  const started = performance.now();
  await next();
  // The publisher reads the whole catalogue through the API: its reads would bury the shoppers'.
  const level = c.req.header('user-agent') === PUBLISHER_AGENT ? 'debug' : 'info';
  c.var.log[level]('request', {
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
};

/**
 * CSRF and body-type guard for every mutating call: a browser's cross-site Origin is refused, and
 * a body must be JSON (or, on a file route, multipart with an Origin or a bearer token), so an HTML
 * form on another site can never post to the API.
 */
export const mutationGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!MUTATING.has(c.req.method)) return next();
  const origin = c.req.header('origin');
  if (origin && !isAllowedOrigin(origin, c.req.url, c.var.config.PUBLIC_SITE_URL)) {
    throw new ApiError(403, 'forbidden', 'Cross-site request refused');
  }
  // A body announces itself by a length, chunking or a type; a bodiless DELETE carries none of them.
  const type = c.req.header('content-type');
  const length = Number(c.req.header('content-length') ?? 0);
  const hasBody = length > 0 || c.req.header('transfer-encoding') !== undefined || type !== undefined;
  if (hasBody) {
    const file = takesFile(c.req.path) && /^multipart\/form-data\b/i.test(type ?? '');
    if (!file && !/^application\/json\b/i.test(type ?? '')) {
      throw new ApiError(415, 'unsupported_media_type', 'Request body must be JSON (Content-Type: application/json)');
    }
    // Any site's form can post multipart: a file is taken from the shop's own pages (browsers name
    // them in Origin on every POST) or from a program holding a bearer token, never on a cookie alone.
    if (file && !origin && !c.req.header('authorization')) {
      throw new ApiError(403, 'forbidden', 'A file upload must come from the shop’s own pages or carry a bearer token');
    }
  }
  return next();
};

function isAllowedOrigin(origin: string, requestUrl: string, siteUrl?: string): boolean {
  try {
    const o = new URL(origin).origin;
    if (o === new URL(requestUrl).origin) return true;
    return siteUrl !== undefined && o === new URL(siteUrl).origin;
  } catch {
    return false;
  }
}
