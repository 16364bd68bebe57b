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
/** Rasterised images kept in memory, least recently used dropped first. */
const MAX_ENTRIES = 200;
const rasters = new Map<string, Promise<Buffer>>();

function cachedRaster(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  let entry = rasters.get(key);
  if (entry) {
    rasters.delete(key);
  } else {
    // The promise is cached, so simultaneous requests for one image render it once.
    entry = make();
    entry.catch(() => rasters.delete(key));
    if (rasters.size >= MAX_ENTRIES) rasters.delete(rasters.keys().next().value as string);
  }
  rasters.set(key, entry);
  return entry;
}

/** How many rasters are cached; for tests. */
export const rasterCacheSize = () => rasters.size;

/**
 * Generated art (docs/decisions/003-generated-media.md), mounted at /media:
 * /media/<kind>/<name>.svg, or .webp/.avif/.png with ?w=<width>. Names never change meaning, so
 * browsers may keep them for a year.
 */
export const media = new Hono()
  .get('/:kind{products|logos|banners}/:file', async (c) => {
    const match = /^(.+)\.(svg|webp|avif|png)$/.exec(c.req.param('file'));
    const svg = match ? renderArt(`${c.req.param('kind')}/${match[1]}.svg`) : null;
    if (!match || !svg) return c.json({ message: 'Image not found', code: 'not_found' }, 404);
    const format = match[2] as RasterFormat | 'svg';
    const headers = { 'Content-Type': TYPES[format], 'Cache-Control': CACHE_CONTROL };
    if (format === 'svg') return c.body(svg, 200, headers);
    if (!RASTER_FORMATS.includes(format)) return c.json({ message: 'Image not found', code: 'not_found' }, 404);
    const requested = Number(c.req.query('w'));
    const width = snapWidth(requested > 0 ? requested : 800);
    const key = `${c.req.param('kind')}/${match[1]}@${width}.${format}`;
    const bytes = await cachedRaster(key, () => rasterize(svg, format, width));
    return c.body(new Uint8Array(bytes), 200, headers);
  })
  .all('*', (c) => c.json({ message: 'Image not found', code: 'not_found' }, 404));
