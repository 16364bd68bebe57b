/**
 * The published site over HTTP: a URL path → its file (or a fallback shell, a redirect, a 404),
 * remembered per published view; the file's bytes and headers come from static-files.ts.
 */
import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** A request for the site, as both servers below see it. */
type SiteRequest = { method: string; url: string; acceptEncoding?: string; ifNoneMatch?: string };
/** The answer: status, headers and bytes; a stream only for a file too large to hold. */
type SiteAnswer = {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array | string | null;
  stream?: string;
};

/** How the current build answers a path (`url` is the path and query). Unknown paths: the site's 404 page. */
async function answerSite(site: ServedSite, req: SiteRequest): Promise<SiteAnswer> {
  const view = site.currentView();
  if (!view) return { status: 503, headers: { 'Content-Type': TEXT_HTML, 'Retry-After': '5' }, body: BUILDING_PAGE };
  const query = req.url.indexOf('?');
  const pathname = query === -1 ? req.url : req.url.slice(0, query);
  let rel: string;
  try {
    rel = decodeURIComponent(pathname);
  } catch {
    rel = '/';
  }
  const answer = resolve(view, rel);
  if ('redirect' in answer)
    return {
      status: 301,
      headers: { Location: `${answer.redirect}${query === -1 ? '' : req.url.slice(query)}` },
      body: null,
    };
  if ('empty404' in answer) return { status: 404, headers: {}, body: null };
  if ('text404' in answer)
    return { status: 404, headers: { 'Content-Type': 'text/plain; charset=UTF-8' }, body: 'Page Not Found' };
  const head = req.method === 'HEAD';
  const encoding = pickEncoding(req.acceptEncoding);
  const file = staticFile(answer.file, answer.rel);
  if (!file) return streamed(answer.file, answer.rel, answer.status);
  if (answer.status === 200 && file.matches(req.ifNoneMatch))
    return { status: 304, headers: file.notModified(encoding), body: null };
  const { bytes, headers } = await file.body(encoding);
  return { status: answer.status, headers, body: head ? null : bytes };
}

const TEXT_HTML = 'text/html; charset=UTF-8';

/** Serves the current build as a Hono handler (development server, tests). */
export function serveSite(site: ServedSite): Handler {
  return async (c) => {
    const url = c.req.url;
    const a = await answerSite(site, {
      method: c.req.method,
      url: url.slice(url.indexOf('/', url.indexOf('//') + 2)),
      acceptEncoding: c.req.header('accept-encoding'),
      ifNoneMatch: c.req.header('if-none-match'),
    });
    if (a.stream) {
      const body = c.req.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(a.stream)) as ReadableStream);
      return new Response(body, { status: a.status, headers: a.headers });
    }
    return new Response(a.body as BodyInit | null, { status: a.status, headers: a.headers });
  };
}

/**
 * The same answers straight on Node's HTTP server, ahead of Hono (docs/decisions/019): a page or
 * script already held is written with its prepared headers, with no Request or Response objects
 * made for it. `extra` are the headers every answer carries (security-headers.ts). Returns false
 * for what the site does not answer (the API, /media, other methods), which Hono then serves.
 */
export function siteListener(
  site: ServedSite,
  extra: Record<string, string>,
  isSitePath: (path: string) => boolean,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // A held file answers with the same headers object every time: its merged list is made once.
  const merged = new WeakMap<Record<string, string>, string[]>();
  const headerList = (own: Record<string, string>) => {
    let list = merged.get(own);
    if (!list) {
      // The file's own policy (a page's inline-script hashes) replaces the default one in `extra`
      // (whose names are lower-case, as Node sends them).
      const headers = { ...extra };
      for (const name in own) headers[name.toLowerCase()] = own[name];
      list = Object.entries(headers).flat();
      merged.set(own, list);
    }
    return list;
  };
  return (req, res) => {
    const url = req.url ?? '/';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isSitePath(url)) return false;
    answerSite(site, {
      method: req.method,
      url,
      acceptEncoding: req.headers['accept-encoding'],
      ifNoneMatch: req.headers['if-none-match'],
    }).then(
      (a) => {
        res.writeHead(a.status, headerList(a.headers));
        if (a.stream && req.method !== 'HEAD') createReadStream(a.stream).pipe(res);
        else res.end(a.body ?? undefined);
      },
      (error: unknown) => {
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
    return true;
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
function streamed(file: string, rel: string, status: number): SiteAnswer {
  const headers = {
    'Content-Type': typeOf(file),
    'Cache-Control': cacheRule(rel),
    'Content-Length': String(statSync(file).size),
  };
  return { status, headers, body: null, stream: file };
}

const BUILDING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Yaad Market is opening</title>
<style>body{font:18px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#1a1a1a;text-align:center}</style></head>
<body><main><h1>Yaad Market is opening its doors</h1><p>The shop is being prepared. This page refreshes by itself in a few seconds.</p></main></body></html>`;
