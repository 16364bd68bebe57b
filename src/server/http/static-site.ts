/**
 * The published site over HTTP: a URL path → its file (or a fallback shell, a redirect, a 404),
 * remembered per published view; the file's bytes and headers come from static-files.ts.
 */
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Handler } from 'hono';
import { categoryPageSlug } from '../../lib/catalog';
import { SUGGEST_BASE } from '../../lib/search/suggest-index';
import { cacheRule, type Encoding, staticFile, typeOf } from './static-files';

/** What serving needs of the publisher: the files of the site being served now. */
export type ServedSite = { currentView(): { file(rel: string): string | undefined } | undefined };
type View = NonNullable<ReturnType<ServedSite['currentView']>>;

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

/** What a URL path is answered with: a file of the site (or a fallback shell) and the status. */
type Resolved =
  | { file: string; rel: string; status: 200 | 404 }
  | { redirect: string }
  | { empty404: true }
  | { text404: true };

/**
 * URL path → what answers it, per published view: a request for a path seen before touches no
 * disk. A new publish is a new view object, so its answers are found again. Bounded, since any
 * client can ask for any number of unknown paths.
 */
const MAX_RESOLVED = 50_000;
const resolvedByView = new WeakMap<object, Map<string, Resolved>>();

function resolve(view: View, rel: string): Resolved {
  let known = resolvedByView.get(view);
  if (!known) {
    known = new Map();
    resolvedByView.set(view, known);
  }
  let answer = known.get(rel);
  if (!answer) {
    answer = resolveUncached(view, rel);
    if (known.size >= MAX_RESOLVED) known.clear();
    known.set(rel, answer);
  }
  return answer;
}

function resolveUncached(view: View, rel: string): Resolved {
  const file = resolveFile(view, rel);
  if (file) return { file, rel, status: 200 };
  // A word without a suggestion file is an ordinary answer, not a page: no 90 KB 404 page.
  if (rel.startsWith(SUGGEST_BASE)) return { empty404: true };
  const moved = movedCategory(rel);
  if (moved) return { redirect: moved };
  for (const [prefix, shell, status] of FALLBACKS) {
    const fallback = rel.startsWith(prefix) ? resolveFile(view, shell) : undefined;
    if (fallback) return { file: fallback, rel: shell, status };
  }
  const notFound = resolveFile(view, '/404.html');
  if (notFound) return { file: notFound, rel: '/404.html', status: 404 };
  return { text404: true };
}

/** Serves the current build; unknown paths get the site's 404 page with status 404. */
export function serveSite(site: ServedSite): Handler {
  return async (c) => {
    const view = site.currentView();
    if (!view) return c.html(BUILDING_PAGE, 503, { 'Retry-After': '5' });
    const url = c.req.url;
    const start = url.indexOf('/', url.indexOf('//') + 2);
    const query = url.indexOf('?', start);
    const pathname = query === -1 ? url.slice(start) : url.slice(start, query);
    let rel: string;
    try {
      rel = decodeURIComponent(pathname);
    } catch {
      rel = '/';
    }
    const answer = resolve(view, rel);
    if ('redirect' in answer) return c.redirect(`${answer.redirect}${query === -1 ? '' : url.slice(query)}`, 301);
    if ('empty404' in answer) return c.body(null, 404);
    if ('text404' in answer) return c.text('Page Not Found', 404);
    const head = c.req.method === 'HEAD';
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    const file = staticFile(answer.file, answer.rel);
    if (!file) return streamFile(answer.file, answer.rel, head, answer.status);
    if (answer.status === 200 && file.matches(c.req.header('if-none-match'))) {
      return new Response(null, { status: 304, headers: file.notModified(encoding) });
    }
    const { bytes, headers } = await file.body(encoding);
    return new Response(head ? null : (bytes as Uint8Array<ArrayBuffer>), { status: answer.status, headers });
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

/** A file too large to hold in memory, read from disk for this request (none in a build today). */
function streamFile(file: string, rel: string, head: boolean, status: number): Response {
  const headers = {
    'Content-Type': typeOf(file),
    'Cache-Control': cacheRule(rel),
    'Content-Length': String(statSync(file).size),
  };
  const body = head ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream);
  return new Response(body, { status, headers });
}

const BUILDING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Yaad Market is opening</title>
<style>body{font:18px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#1a1a1a;text-align:center}</style></head>
<body><main><h1>Yaad Market is opening its doors</h1><p>The shop is being prepared. This page refreshes by itself in a few seconds.</p></main></body></html>`;
