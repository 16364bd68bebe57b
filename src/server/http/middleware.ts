import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import { PUBLISHER_AGENT } from '../../content/catalog-api';
import { ApiError } from './errors';
import { takesFile, takesOneClickForm } from './file-routes';
import type { AppEnv } from './router';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A request id for every call (Hono's request-id: kept from X-Request-Id when a proxy set one of at
 * most 64 letters, digits, `_`, `-` or `=`, else a new UUID), echoed back in X-Request-Id.
 */
export const requestIdentity = requestId({ limitLength: 64 });

/** Every log line of a request carries its id; one line per request says how it went. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('log', c.var.log.child({ requestId: c.var.requestId }));
  const started = performance.now();
  await next();
  // The publisher reads the whole catalogue through the API: its reads would bury the shoppers'.
  const level = c.req.header('user-agent') === PUBLISHER_AGENT ? 'debug' : 'info';
  c.var.log[level](
    {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    },
    'request',
  );
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
    const oneClick =
      takesOneClickForm(c.req.path) && /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type ?? '');
    if (!file && !oneClick && !/^application\/json\b/i.test(type ?? '')) {
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
