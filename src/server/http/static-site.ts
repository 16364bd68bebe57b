import { createReadStream, readFileSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import type { Handler } from 'hono';
import { categoryPageSlug } from '../../lib/catalog';
import { SUGGEST_BASE } from '../../lib/search/suggest-index';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers';

/** What serving needs of the publisher: the files of the site being served now. */
export type ServedSite = { currentView(): { file(rel: string): string | undefined } | undefined };
type View = NonNullable<ReturnType<ServedSite['currentView']>>;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Paths whose pages exist only at run time, or whose id is unknown to the build: a product or
 * seller that does not exist gets its own not-found page (status 404); an order page and the
 * profile are one shell each that reads the rest of the address (status 200).
 */
const FALLBACKS: [prefix: string, shell: string, status: 200 | 404][] = [
  ['/product/', '/product/not-found/index.html', 404],
  ['/seller/', '/seller/not-found/index.html', 404],
  ['/order/', '/order/index.html', 200],
  // The spec's /profile/* : the profile shell reads its tab from the address (unknown ones show the first).
  ['/profile/', '/profile/index.html', 200],
];

/** Serves the current build; unknown paths get the site's 404 page with status 404. */
export function serveSite(site: ServedSite): Handler {
  return (c) => {
    const dir = site.currentView();
    if (!dir) return c.html(BUILDING_PAGE, 503, { 'Retry-After': '5' });
    let rel: string;
    try {
      rel = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      rel = '/';
    }
    const head = c.req.method === 'HEAD';
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const file = resolveFile(dir, rel);
    if (file) return sendFile(file, rel, head, encoding);
    // A word without a suggestion file is an ordinary answer, not a page: no 90 KB 404 page.
    if (rel.startsWith(SUGGEST_BASE)) return c.body(null, 404);
    const moved = movedCategory(rel);
    if (moved) return c.redirect(`${moved}${new URL(c.req.url).search}`, 301);
    for (const [prefix, shell, status] of FALLBACKS) {
      const fallback = rel.startsWith(prefix) ? resolveFile(dir, shell) : undefined;
      if (fallback) return sendFile(fallback, shell, head, encoding, status);
    }
    const notFound = resolveFile(dir, '/404.html');
    if (notFound) return sendFile(notFound, '/404.html', head, encoding, 404);
    return c.text('Page Not Found', 404);
  };
}

/** Another spelling of a category page ("/category/Home & Garden") → its canonical address. */
function movedCategory(rel: string): string | undefined {
  const match = /^\/category\/([^/]+)\/?$/.exec(rel);
  const slug = match ? categoryPageSlug(match[1]) : undefined;
  // The canonical page itself missing from a build is a 404, not a redirect to itself.
  return slug && rel.replace(/\/$/, '') !== `/category/${slug}` ? `/category/${slug}` : undefined;
}

/** The file for a URL path: the path itself, its folder's index.html, or path.html. */
function resolveFile(view: View, rel: string): string | undefined {
  if (rel.includes('\0')) return undefined;
  // Normalised from the root: no ".." can climb out of the site.
  const base = path.posix.normalize(`/${rel}`).replace(/^\/+/, '').replace(/\/+$/, '');
  const candidates = base === '' ? ['index.html'] : [base, `${base}/index.html`, `${base}.html`];
  for (const candidate of candidates) {
    const file = view.file(candidate);
    if (file) return file;
  }
  return undefined;
}

/** Text worth compressing; images, fonts and Pagefind's fragments are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);
type Encoding = 'br' | 'gzip';

/** Brotli when the browser takes it (every current one does over HTTP), else gzip, else none. */
export function pickEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/**
 * Compressed files kept in memory, least recently used dropped first. Builds go to new folders, so
 * a path (with its size and mtime) never names other content. Brotli quality 5 costs ~5 ms for a
 * 250 KB page, once; off the main thread (libuv's pool).
 */
const MAX_COMPRESSED_BYTES = 48 * 1024 * 1024;
const compressed = new Map<string, Buffer>();
const compressing = new Map<string, Promise<Buffer>>();
let compressedBytes = 0;

async function compressedFile(file: string, stat: Stats, encoding: Encoding): Promise<Buffer> {
  const key = `${encoding}:${file}:${stat.size}:${stat.mtimeMs}`;
  const hit = compressed.get(key);
  if (hit) {
    compressed.delete(key);
    compressed.set(key, hit);
    return hit;
  }
  let pending = compressing.get(key);
  if (!pending) {
    const raw = readFileSync(file);
    pending =
      encoding === 'br'
        ? brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } })
        : gz(raw, { level: 6 });
    compressing.set(key, pending);
    pending
      .then((bytes) => {
        compressed.set(key, bytes);
        compressedBytes += bytes.length;
        for (const [oldKey, old] of compressed) {
          if (compressedBytes <= MAX_COMPRESSED_BYTES) break;
          compressed.delete(oldKey);
          compressedBytes -= old.length;
        }
      })
      .catch(() => {})
      .finally(() => compressing.delete(key));
  }
  return pending;
}

/** How many compressed files are kept, and their bytes; for tests. */
export const compressedCacheSize = () => ({ files: compressed.size, bytes: compressedBytes });

async function sendFile(
  file: string,
  rel: string,
  head: boolean,
  encoding: Encoding | undefined,
  status = 200,
): Promise<Response> {
  const stat = statSync(file);
  const ext = path.extname(file).toLowerCase();
  const type = TYPES[ext] ?? 'application/octet-stream';
  // Hashed assets never change; pages and the search index must follow each rebuild.
  const cache = rel.startsWith('/_astro/')
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
  const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': cache };
  if (ext === '.html') headers['Content-Security-Policy'] = pagePolicy(file, stat);
  // Small files gain nothing from compression (and the bytes would not fill one packet anyway).
  if (COMPRESSIBLE.has(ext) && stat.size > 1024) {
    headers.Vary = 'Accept-Encoding';
    if (encoding) {
      const bytes = await compressedFile(file, stat, encoding);
      headers['Content-Encoding'] = encoding;
      headers['Content-Length'] = String(bytes.length);
      return new Response(head ? null : new Uint8Array(bytes), { status, headers });
    }
  }
  headers['Content-Length'] = String(stat.size);
  const body = head ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream);
  return new Response(body, { status, headers });
}

/**
 * A page's Content-Security-Policy, allowing exactly its own inline scripts by hash. Kept per file
 * (with its size and mtime: builds go to new folders), a few hundred bytes each.
 */
const MAX_POLICIES = 5000;
const policies = new Map<string, string>();
function pagePolicy(file: string, stat: Stats): string {
  const key = `${file}:${stat.size}:${stat.mtimeMs}`;
  let policy = policies.get(key);
  if (policy === undefined) {
    policy = contentSecurityPolicy(inlineScriptHashes(readFileSync(file, 'utf8')));
    if (policies.size >= MAX_POLICIES) policies.delete(policies.keys().next().value as string);
    policies.set(key, policy);
  }
  return policy;
}

const BUILDING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Yaad Market is opening</title>
<style>body{font:18px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#1a1a1a;text-align:center}</style></head>
<body><main><h1>Yaad Market is opening its doors</h1><p>The shop is being prepared. This page refreshes by itself in a few seconds.</p></main></body></html>`;
