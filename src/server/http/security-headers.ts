import type { MiddlewareHandler } from 'hono';

/**
 * Headers on every response. Astro inlines small scripts and styles, so script-src allows
 * 'unsafe-inline' for now; everything is same-origin and framing is refused.
 */
/**
 * The analytics and session-recording tags (src/lib/analytics.ts, loaded only after consent) need
 * their vendors' hosts, and only when their ids are configured; by default none is allowed.
 */
const TAG_HOSTS: Record<string, { script: string; connect: string; img: string }> = {
  PUBLIC_ANALYTICS_ID: {
    script: 'https://www.googletagmanager.com',
    connect: 'https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com',
    img: 'https://*.google-analytics.com https://www.googletagmanager.com',
  },
  PUBLIC_SESSION_RECORDING_ID: {
    script: 'https://www.clarity.ms https://*.clarity.ms',
    connect: 'https://*.clarity.ms',
    img: 'https://*.clarity.ms https://c.bing.com',
  },
};
const tagHosts = (kind: 'script' | 'connect' | 'img') =>
  Object.entries(TAG_HOSTS)
    .filter(([name]) => process.env[name]?.trim())
    .map(([, hosts]) => ` ${hosts[kind]}`)
    .join('');

const CSP = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'${tagHosts('script')}`,
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob:${tagHosts('img')}`,
  "font-src 'self'",
  `connect-src 'self'${tagHosts('connect')}`,
  "frame-src 'self' blob:",
  "object-src 'self' blob:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.header('Content-Security-Policy', CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.header('X-Frame-Options', 'DENY');
  c.header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
};
