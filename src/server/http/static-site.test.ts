import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { fileIn } from '../site/site-view';
import { compressedCacheSize, pickEncoding, type ServedSite, serveSite } from './static-site';

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
const get = (p: string, acceptEncoding?: string, method = 'GET') =>
  app.request(`http://shop.test${p}`, { method, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });

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
    const before = compressedCacheSize().files;
    await get('/', 'br');
    const head = await get('/', 'br', 'HEAD');
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
    expect(compressedCacheSize().files).toBe(before);
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
