import sharp from 'sharp';

/** The widths responsive images ask for (srcset steps); any other request is snapped to the nearest. */
export const WIDTHS = [160, 320, 480, 640, 800, 1200, 1600] as const;
export const RASTER_FORMATS = ['webp', 'avif', 'png'] as const;
export type RasterFormat = (typeof RASTER_FORMATS)[number];

export function snapWidth(width: number): number {
  if (!Number.isFinite(width)) return 800;
  return WIDTHS.reduce((best, w) => (Math.abs(w - width) < Math.abs(best - width) ? w : best), WIDTHS[0]);
}

/** The drawing's own width (its `width` attribute), so it can be rendered at the right density. */
function naturalWidth(svg: string): number {
  const match = /<svg[^>]*\swidth="(\d+(?:\.\d+)?)"/.exec(svg);
  return match ? Number(match[1]) : 800;
}

/**
 * An SVG as a bitmap of (snapped) `width` pixels. It is rendered at the density that gives that
 * width directly, so edges stay sharp instead of being scaled up from a small bitmap.
 */
export async function rasterize(svg: string, format: RasterFormat, width: number): Promise<Buffer> {
  const target = snapWidth(width);
  const density = Math.min(2400, Math.max(1, (72 * target) / naturalWidth(svg)));
  const image = sharp(Buffer.from(svg), { density }).resize({ width: target });
  if (format === 'webp') return image.webp({ quality: 82 }).toBuffer();
  if (format === 'avif') return image.avif({ quality: 55, effort: 2 }).toBuffer();
  return image.png({ compressionLevel: 9, palette: true }).toBuffer();
}
