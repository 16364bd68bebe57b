import type { MiddlewareHandler } from 'hono';

/**
 * Headers on every response. Astro inlines small scripts and styles, so script-src allows
 * 'unsafe-inline' for now; everything is same-origin and framing is refused.
 */
/**
 * The analytics and session-recording tags (src/lib/analytics.ts, loaded only after consent) need
 * their vendors' hosts, and only when their ids are configured; by default none is allowed.
 */
const TAG_HOSTS: Record<string, { script: string; connect: string; img: string; frame?: string }> = {
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
/**
 * Firebase sign-in (src/lib/firebase-client.ts), only when configured: its REST APIs, the Google
 * API loader, the auth domain's hidden iframe and popup handler, and Google profile pictures.
 */
const firebaseEmulator = process.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST?.trim();
const firebaseAuthDomain = process.env.PUBLIC_FIREBASE_AUTH_DOMAIN?.trim();
TAG_HOSTS.PUBLIC_FIREBASE_API_KEY = {
  script: 'https://apis.google.com',
  connect: `https://identitytoolkit.googleapis.com https://securetoken.googleapis.com${firebaseEmulator ? ` http://${firebaseEmulator}` : ''}`,
  img: 'https://lh3.googleusercontent.com',
  frame:
    [firebaseAuthDomain && `https://${firebaseAuthDomain}`, firebaseEmulator && `http://${firebaseEmulator}`]
      .filter(Boolean)
      .join(' ') || undefined,
};
const tagHosts = (kind: 'script' | 'connect' | 'img' | 'frame') =>
  Object.entries(TAG_HOSTS)
    .filter(([name]) => process.env[name]?.trim())
    .filter(([, hosts]) => hosts[kind])
    .map(([, hosts]) => ` ${hosts[kind]}`)
    .join('');

const CSP = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'${tagHosts('script')}`,
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob:${tagHosts('img')}`,
  "font-src 'self'",
  `connect-src 'self'${tagHosts('connect')}`,
  `frame-src 'self' blob:${tagHosts('frame')}`,
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
