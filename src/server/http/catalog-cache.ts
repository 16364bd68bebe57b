/**
 * The public catalogue reads (products, stores) are the same answer for every shopper
 * (docs/decisions/019):
 * - HTTP: a CDN or proxy in front of several instances may keep an answer for s-maxage, and a CDN
 *   that reads `CDN-Cache-Control` (RFC 9213) may serve it stale a little longer while it asks
 *   again; browsers always ask again (max-age=0) and get a 304 when nothing changed. The ETag is
 *   the hash of the answer itself, so any change (a price, stock after an order) is a new ETag at
 *   once.
 * - In this process: an answer is kept for CATALOG_CACHE_MS (1 s by default) and served from
 *   memory to everyone who asks meanwhile, so a burst of shoppers on one product costs one query;
 *   when it expires, one request reads it again while the others still get the expired answer.
 *   A catalogue change forgets the answers it touches once it commits, before its request is
 *   answered, in this instance and (PostgreSQL NOTIFY) in the others (`forgetAnswersFor`,
 *   docs/decisions/030): whoever made it, and every guest after, reads it at once. A change that
 *   touches no catalogue answer (a cart, a sign-in, an address) forgets nothing. The publisher's
 *   reads always go to the database: a page must never be rendered from an answer older than the
 *   change that asked for it.
 * A public read says so by listing `catalogCache` in its route's middleware (PUBLIC_CATALOG_READS in
 * src/server/app.ts is read from them). Everything else the API answers is personal or a change and
 * stays `no-store` (src/server/app.ts).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { SESSION_COOKIE } from '../auth/sessions';
import { type CatalogChange, onCatalogChange } from '../services/catalog-changes';
import type { AppEnv } from './app-env';
import { PUBLISHER_AGENT } from './publisher-agent';

/**
 * How long a shared cache may serve a catalogue answer unasked. No `stale-while-revalidate` here:
 * browsers honour it too, and Chromium then answered a page's "today's price and stock" call from
 * its own cache, up to a minute old, while it asked again in the background (docs/decisions/019).
 */
export const CATALOG_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';
/** For a CDN alone (RFC 9213 targeted cache control): the same 10 s, then stale while it asks again. */
export const CATALOG_CDN_CACHE_CONTROL = 'public, max-age=10, stale-while-revalidate=60';
/** The caching headers of every catalogue answer, 200 or 304, from Hono or from keptAnswerListener. */
const CATALOG_CACHING = { 'cache-control': CATALOG_CACHE_CONTROL, 'cdn-cache-control': CATALOG_CDN_CACHE_CONTROL };

/** `store`: a product answer's store, which a change of that store touches. */
type Kept = { body: Uint8Array<ArrayBuffer>; etag: string; type: string; until: number; store?: string };

/** Answers kept, by path and query; bounded (any client can ask for any number of pages). */
const MAX_KEPT = 5000;
const kept = new Map<string, Kept>();
/** Reads under way, by the same key: what the shoppers asking meanwhile wait for. */
const reading = new Map<string, Promise<Kept | undefined>>();
/**
 * While an expired answer is read again, the others asking for it get the expired one at once
 * rather than wait for that read (the p99 of a hot product: the one read a second, on a busy
 * database, held up every shopper who asked meanwhile), for at most this long past its time.
 */
const STALE_WHILE_READING_MS = 5000;

/** The kept answer for a key if it is fresh, or expired but being read again (and not too old). */
function usable(key: string, now: number): Kept | undefined {
  const hit = kept.get(key);
  if (!hit) return undefined;
  if (hit.until > now) return hit;
  return reading.has(key) && now - hit.until < STALE_WHILE_READING_MS ? hit : undefined;
}
/** The reads under way that may keep their answer; a change that touches one makes it `stale`. */
type Read = { key: string; stale: boolean };
const underway = new Set<Read>();

/** What a kept answer is, from its key (the path after /api/v1 and the query). */
type Answer =
  | { is: 'fixed' }
  | { is: 'list' }
  | { is: 'product'; id: string; shipping: boolean }
  | { is: 'store'; id: string };

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

function answerOf(key: string): Answer {
  const path = key.split('?')[0].replace(/^\/api\/v1/, '');
  const [, first, second, id] = path.split('/');
  if (first === 'products') {
    // The subcategories of a category are the code's (src/lib/catalog.ts), not the database's.
    if (second === 'subcategories') return { is: 'fixed' };
    if (second === undefined || second === '' || second === 'best-sellers') return { is: 'list' };
    return { is: 'product', id: decoded(second), shipping: id === 'shipping' };
  }
  if (first === 'seller' && second === 'stores' && id) return { is: 'store', id: decoded(id) };
  return { is: 'list' };
}

/**
 * Whether a change touches a kept answer. A product's change: its own answers, and every list
 * (products, best sellers, stores, a store's products and its count). A store's change: the lists,
 * its own answers, and the answers of its products (their store, shipping and whether they show
 * at all). Another product's answer is kept: most answers are products, most changes one product.
 */
function touches(answer: Answer, store: string | undefined, change: CatalogChange): boolean {
  if (change.kind === 'all') return true;
  switch (answer.is) {
    case 'fixed':
      return false;
    case 'list':
      return true;
    case 'product':
      if (change.kind === 'product') return change.refs.includes(answer.id);
      // A shipping answer, or one still being read, does not say its store.
      return answer.shipping || store === undefined || change.refs.includes(store);
    case 'store':
      return change.kind === 'product' || change.refs.includes(answer.id);
  }
}

/** Forgets the kept answers a committed change touches (this instance's, or another's by NOTIFY). */
export function forgetAnswersFor(change: CatalogChange): void {
  for (const [key, k] of kept) if (touches(answerOf(key), k.store, change)) kept.delete(key);
  // A read that started before the change may carry the old answer: later readers must not wait
  // for it, and it must not be kept.
  for (const read of underway) {
    if (!touches(answerOf(read.key), undefined, change)) continue;
    read.stale = true;
    reading.delete(read.key);
  }
}
onCatalogChange(forgetAnswersFor);

/** Forget every kept answer (a new shop in a test, a full rebuild). */
export function forgetCatalogAnswers(): void {
  forgetAnswersFor({ kind: 'all', refs: [], queued: false });
}

/** The store a product answer names (a change of that store touches it). */
function storeOf(answer: Answer, body: Uint8Array): string | undefined {
  if (answer.is !== 'product' || answer.shipping) return undefined;
  try {
    const id = (JSON.parse(new TextDecoder().decode(body)) as { store?: { id?: unknown } }).store?.id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** How many answers are kept now; for tests. */
export const keptCatalogAnswers = () => kept.size;

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

function answer(k: Kept, ifNoneMatch: string | undefined, head: boolean): Response {
  if (matches(ifNoneMatch, k.etag)) {
    return new Response(null, { status: 304, headers: { ETag: k.etag, ...CATALOG_CACHING } });
  }
  return new Response(head ? null : k.body, {
    status: 200,
    headers: {
      'Content-Type': k.type,
      'Content-Length': String(k.body.length),
      ETag: k.etag,
      ...CATALOG_CACHING,
    },
  });
}

/**
 * The requests this cache has already taken. Each public read's route lists it (routes/products.ts,
 * routes/stores.ts), and one path may match more than one such route (`/products/best-sellers` is
 * also `/products/{id}`): should a second pass ever run, it would wait for the read the first one
 * is making, which waits for it in turn, and the request would never be answered (issue 24 #2).
 * Whatever routes match, the cache runs once per request.
 */
const taken = new WeakSet<Request>();

export const catalogCache: MiddlewareHandler<AppEnv> = async (c, next) => {
  const method = c.req.method;
  if (method !== 'GET' && method !== 'HEAD') return next();
  if (taken.has(c.req.raw)) return next();
  taken.add(c.req.raw);
  const ifNoneMatch = c.req.header('if-none-match');
  const head = method === 'HEAD';
  const ttl = c.get('config').CATALOG_CACHE_MS;
  // A signed-in reader is answered from the database and never shared: should a catalogue answer
  // ever depend on its reader, it cannot leak to another.
  if (c.get('user')) return next();
  const fresh = c.req.header('user-agent') === PUBLISHER_AGENT;
  const url = c.req.url;
  const key = url.slice(url.indexOf('/', url.indexOf('//') + 2));
  const now = Date.now();
  if (!fresh && ttl > 0) {
    const hit = usable(key, now);
    if (hit) {
      c.res = answer(hit, ifNoneMatch, head);
      return;
    }
  }
  const shared = !fresh && ttl > 0;
  // Shoppers who ask while the answer is being read wait for that one read (a burst on an expired
  // answer would otherwise send every waiting request to the database at once: the p99 stalls).
  const inFlight = shared ? reading.get(key) : undefined;
  if (inFlight) {
    const k = await inFlight;
    if (k) {
      c.res = answer(k, ifNoneMatch, head);
      return;
    }
  }
  let done: (k: Kept | undefined) => void = () => {};
  const mine = shared && !inFlight ? new Promise<Kept | undefined>((resolve) => (done = resolve)) : undefined;
  if (mine) reading.set(key, mine);
  const read: Read = { key, stale: false };
  if (shared) underway.add(read);
  let k: Kept | undefined;
  try {
    await next();
    if (c.res.status !== 200) return;
    const body = new Uint8Array(await c.res.arrayBuffer());
    k = {
      body,
      etag: `W/"${createHash('sha1').update(body).digest('base64url')}"`,
      type: c.res.headers.get('content-type') ?? 'application/json',
      until: now + ttl,
    };
    if (shared && !read.stale) {
      k.store = storeOf(answerOf(key), body);
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(key, k);
    }
    c.res = answer(k, ifNoneMatch, head);
  } finally {
    underway.delete(read);
    if (mine) {
      if (reading.get(key) === mine) reading.delete(key);
      done(read.stale ? undefined : k);
    }
  }
};

/** Hono's request-id rule (middleware.ts): the caller's id when it is short and plain, else a new one. */
const requestIdOf = (given: string | string[] | undefined) =>
  typeof given === 'string' && given.length <= 64 && !/[^\w\-=]/.test(given) ? given : randomUUID();

/**
 * Answers a kept catalogue answer on Node's server, ahead of Hono (docs/decisions/019), with the
 * headers the API would send (`extra`: the security headers). Only what the middleware above would
 * answer from memory: a GET or HEAD of an exact path and query already kept and still fresh, from
 * a reader who is not signed in (no session cookie, no Authorization) and is not the publisher.
 * Anything else returns false and goes to Hono.
 */
export function keptAnswerListener(
  extra: Record<string, string>,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const sessionCookie = `${SESSION_COOKIE}=`;
  return (req, res) => {
    const method = req.method;
    if ((method !== 'GET' && method !== 'HEAD') || kept.size === 0) return false;
    const hit = usable(req.url ?? '', Date.now());
    if (!hit) return false;
    const h = req.headers;
    if (h.authorization || h.cookie?.includes(sessionCookie) || h['user-agent'] === PUBLISHER_AGENT) return false;
    const headers: Record<string, string> = {
      ...extra,
      ...CATALOG_CACHING,
      etag: hit.etag,
      'x-request-id': requestIdOf(h['x-request-id']),
    };
    if (matches(h['if-none-match'], hit.etag)) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    headers['content-type'] = hit.type;
    headers['content-length'] = String(hit.body.length);
    res.writeHead(200, headers);
    res.end(method === 'HEAD' ? undefined : hit.body);
    return true;
  };
}
