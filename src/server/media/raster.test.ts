import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderArt } from './art';
import { rasterize, snapWidth } from './raster';

describe('snapWidth', () => {
  it('snaps any request to an allowed width', () => {
    expect(snapWidth(320)).toBe(320);
    expect(snapWidth(300)).toBe(320);
    expect(snapWidth(1)).toBe(160);
    expect(snapWidth(99_999)).toBe(1600);
    expect(snapWidth(Number.NaN)).toBe(800);
  });
});

describe('rasterize', () => {
  it('renders webp, avif and png at the asked width', async () => {
    const svg = renderArt('products/camera-200-1.svg') as string;
    for (const [format, width] of [
      ['webp', 480],
      ['avif', 320],
      ['png', 160],
    ] as const) {
      const meta = await sharp(await rasterize(svg, format, width)).metadata();
      expect(meta.format).toBe(format === 'avif' ? 'heif' : format);
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(width);
    }
  });

  it('keeps the aspect of wide banners', async () => {
    const meta = await sharp(await rasterize(renderArt('banners/hills-25.svg') as string, 'webp', 1600)).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 400]);
  });
});
