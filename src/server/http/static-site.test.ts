import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { fileIn } from '../site/site-view';
import { heldFiles } from './static-files';
import { pickEncoding, type ServedSite, serveSite } from './static-site';

const dir = mkdtempSync(path.join(tmpdir(), 'yaad-static-site-'));
const page = `<!doctype html><html><body>${'<p class="card">Ackee and saltfish</p>'.repeat(400)}</body></html>`;
writeFileSync(path.join(dir, 'index.html'), page);
writeFileSync(path.join(dir, '404.html'), `<!doctype html><title>Not found</title>${' '.repeat(2000)}`);
mkdirSync(path.join(dir, '_astro'));
writeFileSync(path.join(dir, '_astro', 'app.js'), `console.info(${JSON.stringify('x'.repeat(3000))});`);
writeFileSync(path.join(dir, '_astro', 'tiny.js'), 'export {};');
writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4000, 7));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A site served straight from one folder: a full build with no layers. */
const site: ServedSite = {
  currentView: () => ({ file: (rel) => fileIn(dir, rel) }),
};
const app = new Hono().get('*', serveSite(site));
const get = (p: string, acceptEncoding?: string, method = 'GET', extra: Record<string, string> = {}) =>
  app.request(`http://shop.test${p}`, {
    method,
    headers: { ...(acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}), ...extra },
  });

describe('serveSite compression', () => {
  it('sends pages as brotli when the browser accepts it, with Vary and the compressed length', async () => {
    const res = await get('/', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(body).toString()).toBe(page);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await get('/', 'gzip');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(page);
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/', accept);
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      expect(await plain.text()).toBe(page);
    }
  });

  it('compresses hashed scripts and error pages (keeping their status and cache rules)', async () => {
    const js = await get('/_astro/app.js', 'br');
    expect(js.headers.get('content-encoding')).toBe('br');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await get('/no-such-page', 'br');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await missing.arrayBuffer())).toString()).toContain('Not found');
  });

  it('leaves images and tiny files as they are', async () => {
    for (const p of ['/logo.png', '/_astro/tiny.js']) {
      const res = await get(p, 'br, gzip');
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(Number(res.headers.get('content-length'))).toBe((await res.arrayBuffer()).byteLength);
    }
  });

  it('answers HEAD with the same headers and no body, and compresses each file once', async () => {
    const before = heldFiles().files;
    await get('/', 'br');
    const head = await get('/', 'br', 'HEAD');
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
    expect(heldFiles().files).toBe(before);
  });
});

describe('serveSite and HTTP caching', () => {
  it('gives a page an ETag per representation and answers a matching If-None-Match with 304 and no body', async () => {
    const plain = await get('/');
    const br = await get('/', 'br');
    const plainTag = plain.headers.get('etag') ?? '';
    const brTag = br.headers.get('etag') ?? '';
    expect(plainTag).toMatch(/^"[\w-]{20,}"$/);
    expect(brTag).toBe(plainTag.replace(/"$/, '-br"'));
    expect(plain.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    for (const [tag, accept] of [
      [plainTag, undefined],
      [brTag, 'br'],
      [`W/${brTag}`, 'br'],
      [`"other", ${plainTag}`, 'gzip'],
    ] as const) {
      const again = await get('/', accept, 'GET', { 'If-None-Match': tag });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBeTruthy();
      expect(again.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    }
    const changed = await get('/', 'br', 'GET', { 'If-None-Match': '"something-else"' });
    expect(changed.status).toBe(200);
  });

  it('keeps a hashed asset for a year, immutable, and a 404 page is never a 304', async () => {
    const js = await get('/_astro/app.js');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const missing = await get('/no-such-page');
    const again = await get('/no-such-page', undefined, 'GET', { 'If-None-Match': missing.headers.get('etag') ?? '' });
    expect(again.status).toBe(404);
  });

  it('gives identical bytes the same ETag whichever file they are in (a later publish of the same page)', async () => {
    mkdirSync(path.join(dir, 'copy'), { recursive: true });
    writeFileSync(path.join(dir, 'copy', 'index.html'), page);
    expect((await get('/copy/')).headers.get('etag')).toBe((await get('/')).headers.get('etag'));
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('serveSite and the Content-Security-Policy', () => {
  it("gives each page a policy allowing exactly its own inline scripts by hash, without 'unsafe-inline'", async () => {
    const code = 'document.documentElement.dataset.signedIn = "1";';
    mkdirSync(path.join(dir, 'scripted'), { recursive: true });
    writeFileSync(path.join(dir, 'scripted', 'index.html'), `<!doctype html><script>${code}</script><p>hi</p>`);
    const res = await get('/scripted/', 'br');
    const csp = res.headers.get('content-security-policy') ?? '';
    const sha = createHash('sha256').update(code, 'utf8').digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${sha}' 'wasm-unsafe-eval'`);
    expect(csp).not.toMatch(/script-src [^;]*unsafe-inline/);
    // A page without inline scripts allows none.
    expect((await get('/')).headers.get('content-security-policy')).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
  });
});

describe("siteListener: the same answers on Node's server, ahead of Hono", () => {
  it('answers with the Hono handler’s status, headers and bytes, plus the security headers', async () => {
    const { createServer } = await import('node:http');
    const { securityHeaderValues, securityHeaders } = await import('./security-headers');
    // As in production: the Hono path has the security middleware in front.
    const secured = new Hono().use('*', securityHeaders()).get('*', serveSite(site));
    const { siteListener } = await import('./static-site');
    const extra = await securityHeaderValues();
    const files = siteListener(site, extra, (url) => !url.startsWith('/api/'));
    const server = createServer((req, res) => {
      if (!files(req, res)) res.writeHead(418).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      for (const [p, accept] of [
        ['/', 'br'],
        ['/', undefined],
        ['/_astro/app.js', 'gzip'],
        ['/no-such-page', 'br'],
        ['/scripted/', undefined],
      ] as const) {
        const viaNode = await fetch(`http://127.0.0.1:${port}${p}`, {
          headers: accept ? { 'accept-encoding': accept } : { 'accept-encoding': 'identity' },
        });
        const viaHono = await secured.request(`http://shop.test${p}`, {
          headers: { 'Accept-Encoding': accept ?? 'identity' },
        });
        expect(viaNode.status).toBe(viaHono.status);
        viaHono.headers.forEach((value, name) => {
          expect(viaNode.headers.get(name), `${p} ${name}`).toBe(value);
        });
        expect(viaNode.headers.get('content-encoding')).toBe(viaHono.headers.get('content-encoding'));
        // fetch decodes what it receives; the Hono handler's bytes are as sent.
        const raw = Buffer.from(await viaHono.arrayBuffer());
        const encoding = viaHono.headers.get('content-encoding');
        const sent = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        expect(Buffer.from(await viaNode.arrayBuffer()).equals(sent)).toBe(true);
        expect(viaNode.headers.get('x-frame-options')).toBe('DENY');
        expect(viaNode.headers.get('x-content-type-options')).toBe('nosniff');
        // One policy, never the default and the page's own side by side.
        expect(viaNode.headers.get('content-security-policy')).not.toContain(', ');
      }
      const tag = (await fetch(`http://127.0.0.1:${port}/`)).headers.get('etag') as string;
      const again = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'if-none-match': tag } });
      expect(again.status).toBe(304);
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(418);
      const post = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST' });
      expect(post.status).toBe(418);
    } finally {
      server.close();
    }
  });
});
