import { Hono } from 'hono';
import { renderArt } from '../media/art';
import { type RasterFormat, rasterize, snapWidth } from '../media/raster';

const TYPES: Record<RasterFormat | 'svg', string> = {
  svg: 'image/svg+xml',
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
};
const CACHE = 'public, max-age=31536000, immutable';
const MAX_ENTRIES = 200;
const cache = new Map<string, Buffer>();

/** /media/<path>.svg, or .webp/.avif/.png with ?w=<width>: generated art, cached forever by browsers. */
export const media = new Hono().get('/*', async (c) => {
  const rest = c.req.path.replace(/^\/media\//, '');
  const match = /^(.+)\.(svg|webp|avif|png)$/.exec(rest);
  const svg = match ? renderArt(`${match[1]}.svg`) : null;
  if (!match || !svg) return c.json({ message: 'Image not found', code: 'not_found' }, 404);
  const format = match[2] as RasterFormat | 'svg';
  if (format === 'svg') return c.body(svg, 200, { 'Content-Type': TYPES.svg, 'Cache-Control': CACHE });
  const width = snapWidth(Number(c.req.query('w')) || 800);
  const key = `${match[1]}.${format}@${width}`;
  let bytes = cache.get(key);
  if (!bytes) {
    bytes = await rasterize(svg, format, width);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(key, bytes);
  }
  return c.body(new Uint8Array(bytes), 200, { 'Content-Type': TYPES[format], 'Cache-Control': CACHE });
});
