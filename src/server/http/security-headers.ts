import { createHash } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { type Env, env } from '../env';

type TagHosts = { script: string; connect: string; img: string; frame?: string };

/**
 * The analytics and session-recording tags (src/lib/analytics.ts, loaded only after consent) need
 * their vendors' hosts, and only when their ids are configured; by default none is allowed.
 */
const ANALYTICS_HOSTS: TagHosts = {
  script: 'https://www.googletagmanager.com',
  connect: 'https://*.google-analytics.com https://*.analytics.google.com https://www.googletagmanager.com',
  img: 'https://*.google-analytics.com https://www.googletagmanager.com',
};
const SESSION_RECORDING_HOSTS: TagHosts = {
  script: 'https://www.clarity.ms https://*.clarity.ms',
  connect: 'https://*.clarity.ms',
  img: 'https://*.clarity.ms https://c.bing.com',
};
/**
 * Firebase sign-in (src/lib/firebase-client.ts), only when configured: its REST APIs, the Google
 * API loader, the auth domain's hidden iframe and popup handler, and Google profile pictures.
 */
function firebaseHosts(config: Env): TagHosts {
  const emulator = config.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST;
  const authDomain = config.PUBLIC_FIREBASE_AUTH_DOMAIN;
  return {
    script: 'https://apis.google.com',
    connect: `https://identitytoolkit.googleapis.com https://securetoken.googleapis.com${emulator ? ` http://${emulator}` : ''}`,
    img: 'https://lh3.googleusercontent.com',
    frame:
      [authDomain && `https://${authDomain}`, emulator && `http://${emulator}`].filter(Boolean).join(' ') || undefined,
  };
}

/** The hosts of the tags this configuration switches on (src/server/env.ts). */
function configuredTags(config: Env = env()): TagHosts[] {
  return [
    config.PUBLIC_ANALYTICS_ID && ANALYTICS_HOSTS,
    config.PUBLIC_SESSION_RECORDING_ID && SESSION_RECORDING_HOSTS,
    config.PUBLIC_FIREBASE_API_KEY && firebaseHosts(config),
  ].filter((hosts): hosts is TagHosts => Boolean(hosts));
}
const hostsFor = (tags: TagHosts[], kind: keyof TagHosts) =>
  tags
    .filter((hosts) => hosts[kind])
    .map((hosts) => ` ${hosts[kind]}`)
    .join('');

/**
 * The Content-Security-Policy. Scripts come from the shop's own files; the few inline scripts
 * Astro writes into pages (island hydration, the signed-in header before first paint) are
 * allowed by their SHA-256 hashes, which the static-site server reads from each page it serves
 * (inlineScriptHashes), so script-src has no 'unsafe-inline'. Styles keep 'unsafe-inline': Astro
 * inlines the page's CSS and the islands set style attributes, and a style cannot run code.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  const hashes = scriptHashes.map((h) => ` 'sha256-${h}'`).join('');
  const tags = configuredTags();
  const tagHosts = (kind: keyof TagHosts) => hostsFor(tags, kind);
  return [
    "default-src 'self'",
    `script-src 'self'${hashes} 'wasm-unsafe-eval'${tagHosts('script')}`,
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
}

/**
 * The SHA-256 (base64) of each inline script a page runs, as the browser computes it over the
 * script's text; JSON-LD and other data blocks never run and need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = m[1];
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && type !== 'module' && !/^(text|application)\/(java|ecma)script$/.test(type)) continue;
    hashes.add(createHash('sha256').update(m[2], 'utf8').digest('base64'));
  }
  return [...hashes];
}

/**
 * Headers on every response (Hono's secure-headers): the policy above, which a page served by the
 * static-site server replaces with its own (its scripts' hashes); framing refused; other origins
 * may not embed the shop's resources; no camera, microphone, location, payment or USB; and, when
 * the public address is https, HSTS for a year (never on a plain-HTTP shop, which it would break).
 */
export function securityHeaders(options: { siteUrl?: string } = {}): MiddlewareHandler {
  const https = options.siteUrl?.startsWith('https:') === true;
  const headers = secureHeaders({
    // The static-site server sets a page's own CSP; nothing else sets these, so keep what is there.
    overwrite: false,
    crossOriginResourcePolicy: 'same-origin',
    // Firebase's Google sign-in popup must be able to answer the page that opened it.
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    strictTransportSecurity: https ? 'max-age=31536000' : false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      browsingTopics: [],
    },
  });
  const csp = contentSecurityPolicy();
  return async (c, next) => {
    await headers(c, async () => {
      await next();
      if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', csp);
    });
  };
}

/**
 * The headers securityHeaders() puts on an answer, as a plain object: for the site's files, which
 * are answered on Node's server ahead of Hono (static-site.ts siteListener). Read from the
 * middleware itself, so both paths carry the same headers.
 */
export async function securityHeaderValues(options: { siteUrl?: string } = {}): Promise<Record<string, string>> {
  const probe = new Hono();
  probe.use('*', securityHeaders(options));
  probe.get('*', (c) => c.body(null, 204));
  const res = await probe.request('http://probe.invalid/');
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}
