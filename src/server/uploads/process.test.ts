import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processPhoto } from './process';

describe('processPhoto', () => {
  it('converts a wide-gamut (Display P3) photo to sRGB and keeps no colour profile', async () => {
    // sRGB #c04020 written as P3 numbers (178, 73, 44) with the P3 profile, as a phone would.
    const p3 = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#c04020' } })
      .withIccProfile('p3')
      .png()
      .toBuffer();
    const stored = (await sharp(p3, { ignoreIcc: true }).raw().toBuffer()).subarray(0, 3);
    expect([...stored]).toEqual([178, 73, 44]);

    const photo = await processPhoto(p3, 'png');
    expect(photo.files.map((f) => `${f.width}.${f.format}`)).toEqual(['160.avif', '160.webp', '200.avif', '200.webp']);
    const webp = photo.files.find((f) => f.format === 'webp' && f.width === 200)?.bytes as Buffer;
    expect((await sharp(webp).metadata()).icc).toBeUndefined();
    const [r, g, b] = await sharp(webp).raw().toBuffer();
    // Back to (192, 64, 32), within what lossy WebP changes.
    for (const [got, want] of [
      [r, 192],
      [g, 64],
      [b, 32],
    ])
      expect(Math.abs(got - want)).toBeLessThanOrEqual(3);
  });

  it('keeps a photo narrower than the smallest width at its own size only', async () => {
    const small = await sharp({ create: { width: 90, height: 60, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const photo = await processPhoto(small, 'png');
    expect([photo.width, photo.height]).toEqual([90, 60]);
    expect(photo.files.map((f) => `${f.width}.${f.format}`)).toEqual(['90.avif', '90.webp']);
    expect((await sharp(photo.files[1].bytes).metadata()).hasAlpha).toBe(true);
  });
});
