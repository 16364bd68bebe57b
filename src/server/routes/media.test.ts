import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { securityHeaders, securityHeaderValues } from '../http/security-headers';
import { createMedia, rasterCacheSize, rasterListener, warmRasters } from './media';

// Every well-formed name counts as used here; which names the catalogue uses is tested in tests/api/security.test.ts.
const app = new Hono().route('/media', createMedia({ exists: async () => true }));
const get = (path: string) => app.request(`http://shop.test${path}`);

describe('GET /media', () => {
  it('serves generated SVG with a year-long immutable cache', async () => {
    const res = await get('/media/products/coffee-bag-28-2.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toMatch(/^<svg /);
    expect((await get('/media/logos/BM-25.svg')).status).toBe(200);
    expect((await get('/media/banners/waves-190.svg')).status).toBe(200);
  });

  it('rasterises to webp at the asked (snapped) width, and caches it', async () => {
    const res = await get('/media/products/phone-215-1.webp?w=300');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    const cached = rasterCacheSize();
    expect((await get('/media/products/phone-215-1.webp?w=320')).status).toBe(200);
    expect(rasterCacheSize()).toBe(cached);
  });

  it('serves png and avif, at 800 px by default', async () => {
    const png = await get('/media/products/ring-300-3.png');
    expect(png.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await png.arrayBuffer())).metadata()).width).toBe(800);
    const avif = await get('/media/logos/NG-330.avif?w=160');
    expect(avif.headers.get('content-type')).toBe('image/avif');
  });

  it.each([
    '/media/products/unicorn-10-1.svg',
    '/media/products/phone-10-9.webp',
    '/media/products/phone-10-1.gif',
    '/media/products/phone-10-1',
    '/media/logos/TOOLONG-10.svg',
    '/media/uploads/x.svg',
    '/media/products/..%2Flogos%2FAB-10.svg',
    '/media/',
    '/media/products/a/b.svg',
  ])('answers 404 JSON for %s', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Image not found', code: 'not_found' });
  });
});

describe('warmRasters', () => {
  it('renders rasters ahead of their first request, once, skipping anything that is not one', async () => {
    const urls = ['/media/banners/hills-200.avif?w=640', '/media/products/vase-201-2.webp?w=240'];
    const before = rasterCacheSize();
    const made = await warmRasters([
      ...urls,
      '/media/products/unicorn-1-1.avif?w=240',
      '/media/banners/hills-200.svg',
      '/x.avif',
    ]);
    expect(made).toBe(2);
    expect(rasterCacheSize()).toBe(before + 2);
    expect(await warmRasters(urls)).toBe(0);
    // The request is then served from the cache.
    const res = await get('/media/banners/hills-200.avif?w=640');
    expect(res.status).toBe(200);
    expect(rasterCacheSize()).toBe(before + 2);
  });
});

describe("rasterListener: images already made, answered on Node's server ahead of Hono", () => {
  it('answers with the route’s status, headers and bytes; anything not in memory goes to the route', async () => {
    // As in production: the security middleware in front of the route.
    const secured = new Hono().use('*', securityHeaders()).route('/media', createMedia({ exists: async () => true }));
    const images = rasterListener(await securityHeaderValues());
    const viaHono = getRequestListener(secured.fetch);
    let fromMemory = 0;
    const server = createServer((req, res) => {
      if (images(req, res)) fromMemory += 1;
      else void viaHono(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const fetchIt = (p: string, method = 'GET') => fetch(`http://127.0.0.1:${port}${p}`, { method });
    try {
      const p = '/media/products/coffee-bag-28-2.webp?w=640';
      const first = await fetchIt(p);
      expect(first.status).toBe(200);
      expect(fromMemory).toBe(0);
      const again = await fetchIt(p);
      expect(fromMemory).toBe(1);
      expect(again.status).toBe(200);
      const ignored = new Set(['date', 'connection', 'keep-alive']);
      const names = (r: Response) => [...r.headers.keys()].filter((n) => !ignored.has(n)).sort();
      expect(names(again)).toEqual(names(first));
      for (const name of names(first)) expect(again.headers.get(name), name).toBe(first.headers.get(name));
      expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
      // The same image asked at a width that snaps to the same size is the same bytes.
      expect((await fetchIt('/media/products/coffee-bag-28-2.webp?w=600')).status).toBe(200);
      expect(fromMemory).toBe(2);
      const head = await fetchIt(p, 'HEAD');
      expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));
      expect(fromMemory).toBe(3);
      // Not in memory, not a raster, not a known kind, a change: the route answers.
      await fetchIt('/media/products/coffee-bag-28-3.webp?w=640');
      await fetchIt('/media/products/coffee-bag-28-2.svg');
      await fetchIt('/media/other/coffee-bag-28-2.webp?w=640');
      await fetchIt(p, 'POST');
      expect(fromMemory).toBe(3);
    } finally {
      server.close();
    }
  });
});
