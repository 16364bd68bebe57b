import sharp from 'sharp';

/** Widths the site asks for (srcset steps); any other request is snapped to the nearest. */
export const WIDTHS = [160, 320, 480, 640, 800, 1200, 1600] as const;
export type RasterFormat = 'webp' | 'avif' | 'png';

export function snapWidth(width: number): number {
  return WIDTHS.reduce((best, w) => (Math.abs(w - width) < Math.abs(best - width) ? w : best), WIDTHS[0]);
}

export async function rasterize(svg: string, format: RasterFormat, width: number): Promise<Buffer> {
  const image = sharp(Buffer.from(svg), { density: 144 }).resize({ width: snapWidth(width) });
  if (format === 'webp') return image.webp({ quality: 78 }).toBuffer();
  if (format === 'avif') return image.avif({ quality: 55, effort: 3 }).toBuffer();
  return image.png({ compressionLevel: 9 }).toBuffer();
}
