import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Handler } from 'hono';
import { SUGGEST_BASE } from '../../lib/search/suggest-index';
import type { SiteBuilder } from '../site/builder';

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
 * seller that does not exist gets its own not-found page (status 404); an order page is one
 * shell that reads the id from the address (status 200).
 */
const FALLBACKS: [prefix: string, shell: string, status: 200 | 404][] = [
  ['/product/', '/product/not-found/index.html', 404],
  ['/seller/', '/seller/not-found/index.html', 404],
  ['/order/', '/order/index.html', 200],
];

/** Serves the current build; unknown paths get the site's 404 page with status 404. */
export function serveSite(site: SiteBuilder): Handler {
  return (c) => {
    const dir = site.currentDir();
    if (!dir) return c.html(BUILDING_PAGE, 503, { 'Retry-After': '5' });
    let rel: string;
    try {
      rel = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      rel = '/';
    }
    const file = resolveFile(dir, rel);
    if (file) return sendFile(file, rel, c.req.method === 'HEAD');
    // A word without a suggestion file is an ordinary answer, not a page: no 90 KB 404 page.
    if (rel.startsWith(SUGGEST_BASE)) return c.body(null, 404);
    for (const [prefix, shell, status] of FALLBACKS) {
      const fallback = rel.startsWith(prefix) ? resolveFile(dir, shell) : undefined;
      if (fallback) return sendFile(fallback, shell, c.req.method === 'HEAD', status);
    }
    const notFound = resolveFile(dir, '/404.html');
    if (notFound) return sendFile(notFound, '/404.html', c.req.method === 'HEAD', 404);
    return c.text('Page Not Found', 404);
  };
}

function resolveFile(root: string, rel: string): string | undefined {
  if (rel.includes('\0')) return undefined;
  const base = path.resolve(root, `.${path.posix.normalize(rel)}`);
  if (base !== root && !base.startsWith(root + path.sep)) return undefined;
  for (const candidate of [base, path.join(base, 'index.html'), `${base}.html`]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return undefined;
}

function sendFile(file: string, rel: string, head: boolean, status = 200): Response {
  const size = statSync(file).size;
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  // Hashed assets never change; pages and the search index must follow each rebuild.
  const cache = rel.startsWith('/_astro/')
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
  const body = head ? null : (Readable.toWeb(createReadStream(file)) as ReadableStream);
  return new Response(body, {
    status,
    headers: { 'Content-Type': type, 'Content-Length': String(size), 'Cache-Control': cache },
  });
}

const BUILDING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Yaad Market is opening</title>
<style>body{font:18px/1.5 system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#1a1a1a;text-align:center}</style></head>
<body><main><h1>Yaad Market is opening its doors</h1><p>The shop is being prepared. This page refreshes by itself in a few seconds.</p></main></body></html>`;
