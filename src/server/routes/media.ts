import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono } from 'hono';
import { renderArt } from '../media/art';
import { RASTER_FORMATS, type RasterFormat, rasterize, snapWidth } from '../media/raster';

const TYPES: Record<RasterFormat | 'svg', string> = {
  svg: 'image/svg+xml',
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
};
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Rasterised images kept in memory (2–12 KB each), least recently used dropped first. */
const MAX_ENTRIES = 500;
/** A raster being made, and its bytes once made (what rasterListener can send without waiting). */
type Raster = { made: Promise<Buffer>; bytes?: Buffer };
const rasters = new Map<string, Raster>();

function cachedRaster(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let entry = rasters.get(key);
  if (entry) {
    rasters.delete(key);
  } else {
    // The promise is cached, so simultaneous requests for one image render it once.
    const raster: Raster = { made: make() };
    raster.made.then(
      (bytes) => {
        raster.bytes = bytes;
      },
      () => rasters.delete(key),
    );
    entry = raster;
    if (rasters.size >= MAX_ENTRIES) rasters.delete(rasters.keys().next().value as string);
  }
  rasters.set(key, entry);
  return entry.made;
}

/** How many rasters are cached; for tests. */
export const rasterCacheSize = () => rasters.size;

/**
 * The cache key and a renderer for a raster URL (`/media/<kind>/<name>.<webp|avif|png>?w=N`), or
 * undefined. The art is drawn only when the raster is made: a cached image costs no drawing.
 */
function rasterRequest(kind: string, file: string, w: string | undefined) {
  const match = /^(.+)\.(webp|avif|png)$/.exec(file);
  if (!match) return undefined;
  const format = match[2] as RasterFormat;
  const requested = Number(w);
  const width = snapWidth(requested > 0 ? requested : 800);
  const art = `${kind}/${match[1]}.svg`;
  return {
    format,
    key: `${kind}/${match[1]}@${width}.${format}`,
    drawable: () => renderArt(art) !== null,
    make: () => inQueue(() => rasterize(renderArt(art) as string, format, width)),
  };
}

/**
 * Renders rasters into the cache ahead of their first request (the first screen's images after a
 * build), one at a time so the shop keeps a core. Returns how many were rendered.
 */
export async function warmRasters(urls: Iterable<string>): Promise<number> {
  let made = 0;
  for (const url of urls) {
    const parsed = new URL(url, 'http://shop.invalid');
    const m = /^\/media\/(products|logos|banners)\/([^/]+)$/.exec(parsed.pathname);
    const request = m ? rasterRequest(m[1], m[2], parsed.searchParams.get('w') ?? undefined) : undefined;
    if (!request || rasters.has(request.key) || !request.drawable()) continue;
    await cachedRaster(request.key, request.make).catch(() => {});
    made++;
  }
  return made;
}

/** Raster renders (sharp, 0.1–0.8 s of CPU each): this many at once, this many more waiting. */
export const RENDER_QUEUE = { running: 2, waiting: 48 } as const;
let running = 0;
let peakRunning = 0;
const waiting: (() => void)[] = [];

/** Thrown when the render queue is full: the request is answered 503, to be tried again. */
class RenderBusy extends Error {}

/** Runs a render when a slot is free, in arrival order; refuses at once when the queue is full. */
async function inQueue<T>(render: () => Promise<T>): Promise<T> {
  if (running >= RENDER_QUEUE.running) {
    if (waiting.length >= RENDER_QUEUE.waiting) throw new RenderBusy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  peakRunning = Math.max(peakRunning, running);
  try {
    return await render();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** The most renders seen running at once; for tests. */
export const renderStats = () => ({ peakRunning, running, waiting: waiting.length });

const notFound = { message: 'Image not found', code: 'not_found' } as const;

/**
 * Generated art (docs/decisions/003-generated-media.md), mounted at /media:
 * /media/<kind>/<name>.svg, or .webp/.avif/.png with ?w=<width>. Names never change meaning, so
 * browsers may keep them for a year. Only names the catalogue uses are drawn (`exists`, e.g.
 * catalogueMedia()); anything else is a 404 before any drawing.
 */
export function createMedia(options: { exists: (name: string) => Promise<boolean> }) {
  return new Hono()
    .get('/:kind{products|logos|banners}/:file', async (c) => {
      const match = /^(.+)\.(svg|webp|avif|png)$/.exec(c.req.param('file'));
      if (!match || !(await options.exists(`${c.req.param('kind')}/${match[1]}`))) return c.json(notFound, 404);
      const format = match[2] as RasterFormat | 'svg';
      const headers = { 'Content-Type': TYPES[format], 'Cache-Control': CACHE_CONTROL };
      if (format === 'svg') {
        const svg = renderArt(`${c.req.param('kind')}/${match[1]}.svg`);
        return svg ? c.body(svg, 200, headers) : c.json(notFound, 404);
      }
      const request = RASTER_FORMATS.includes(format)
        ? rasterRequest(c.req.param('kind'), c.req.param('file'), c.req.query('w'))
        : undefined;
      if (!request || (!rasters.has(request.key) && !request.drawable())) return c.json(notFound, 404);
      try {
        const bytes = await cachedRaster(request.key, request.make);
        // A view of the cached bytes, not a copy.
        return c.body(
          new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) as Uint8Array<ArrayBuffer>,
          200,
          headers,
        );
      } catch (error) {
        if (!(error instanceof RenderBusy)) throw error;
        return c.json({ message: 'Images are busy; try again in a moment.', code: 'busy' }, 503, {
          'Retry-After': '1',
        });
      }
    })
    .all('*', (c) => c.json(notFound, 404));
}

/**
 * Answers a raster already made on Node's server, ahead of Hono (docs/decisions/019), with the
 * headers the route above sends (`extra`: the security headers). Only a GET or HEAD of a plain
 * `/media/<kind>/<name>.<webp|avif|png>` whose bytes are in memory: its name passed the route's
 * catalogue check when it was made, and a name never changes meaning (the URL is immutable).
 * Anything else returns false and goes to Hono.
 */
export function rasterListener(extra: Record<string, string>): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const url = req.url ?? '';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith('/media/') || rasters.size === 0)
      return false;
    const q = url.indexOf('?');
    const m = /^\/media\/(products|logos|banners)\/([\w.-]+)$/.exec(q < 0 ? url : url.slice(0, q));
    const w = q < 0 ? undefined : (new URLSearchParams(url.slice(q + 1)).get('w') ?? undefined);
    const request = m ? rasterRequest(m[1], m[2], w) : undefined;
    const raster = request ? rasters.get(request.key) : undefined;
    if (!request || !raster?.bytes) return false;
    rasters.delete(request.key);
    rasters.set(request.key, raster);
    res.writeHead(200, {
      ...extra,
      'content-type': TYPES[request.format],
      'cache-control': CACHE_CONTROL,
      'content-length': String(raster.bytes.length),
    });
    res.end(req.method === 'HEAD' ? undefined : raster.bytes);
    return true;
  };
}
