import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE, primaryImage, resolveImage, responsiveSources } from './images';
import { parseUploadPath, storedWidthFor, storedWidths } from './uploads';

const KEY = '0123456789abcdef0123456789abcdef';

describe('resolveImage (spec §3 image rule)', () => {
  it('puts the API base before /uploads/, keeps https, data: and other paths, and gives the placeholder for nothing', () => {
    expect(resolveImage(`/uploads/${KEY}/800.webp`)).toBe(`/api/v1/uploads/${KEY}/800.webp`);
    expect(resolveImage('/uploads/a.jpg', 'https://api.example/api')).toBe('https://api.example/api/uploads/a.jpg');
    expect(resolveImage('https://cdn.example/a.jpg')).toBe('https://cdn.example/a.jpg');
    expect(resolveImage('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(resolveImage('/media/products/x.svg')).toBe('/media/products/x.svg');
    expect(resolveImage(null)).toBe(PLACEHOLDER_IMAGE);
    expect(resolveImage('')).toBe(PLACEHOLDER_IMAGE);
    expect(primaryImage([])).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('responsiveSources', () => {
  it('gives generated art AVIF and WebP at the asked widths, which the server snaps', () => {
    expect(responsiveSources('/media/products/coffee.svg', [320, 640])).toEqual({
      src: '/media/products/coffee.webp?w=640',
      avif: '/media/products/coffee.avif?w=320 320w, /media/products/coffee.avif?w=640 640w',
      webp: '/media/products/coffee.webp?w=320 320w, /media/products/coffee.webp?w=640 640w',
    });
  });

  it('gives an uploaded photo its stored sizes on the API base, each named by its true width', () => {
    // Stored at 160, 320, 480, 640, 800 and its own 1000.
    const s = responsiveSources(`/uploads/${KEY}/1000.webp`, [320, 480, 640, 800]);
    const base = `/api/v1/uploads/${KEY}`;
    expect(s).toEqual({
      src: `${base}/800.webp`,
      avif: `${base}/320.avif 320w, ${base}/480.avif 480w, ${base}/640.avif 640w, ${base}/800.avif 800w`,
      webp: `${base}/320.webp 320w, ${base}/480.webp 480w, ${base}/640.webp 640w, ${base}/800.webp 800w`,
    });
  });

  it('never names a size that was not stored: a small photo ends at its own width, an odd width takes the next size', () => {
    const base = `/api/v1/uploads/${KEY}`;
    // A 500-pixel photo: 320 and 480 exist, 640 and 800 are served by the photo's own 500.
    expect(responsiveSources(`/uploads/${KEY}/500.webp`, [320, 480, 640, 800])).toEqual({
      src: `${base}/500.webp`,
      avif: `${base}/320.avif 320w, ${base}/480.avif 480w, ${base}/500.avif 500w`,
      webp: `${base}/320.webp 320w, ${base}/480.webp 480w, ${base}/500.webp 500w`,
    });
    // The header search's 96-pixel thumbnails come from the 160 size.
    expect(responsiveSources(`/uploads/${KEY}/1600.webp`, [96]).webp).toBe(`${base}/160.webp 160w`);
    // A photo narrower than every width is only ever its own size.
    expect(responsiveSources(`/uploads/${KEY}/120.webp`, [96, 320]).avif).toBe(`${base}/120.avif 120w`);
    expect(responsiveSources(`/uploads/${KEY}/800.webp`, [800], 'https://api.example/api').src).toBe(
      `https://api.example/api/uploads/${KEY}/800.webp`,
    );
  });

  it('uses other images as they are', () => {
    for (const path of ['https://cdn.example/a.jpg', '/uploads/legacy-photo.jpg', `/uploads/${KEY}/800.png`]) {
      const s = responsiveSources(path, [320]);
      expect(s.avif, path).toBeUndefined();
      expect(s.webp, path).toBeUndefined();
      expect(s.src, path).toBe(resolveImage(path));
    }
    expect(responsiveSources(null, [320]).src).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('uploaded photo sizes', () => {
  it('are the srcset widths below the photo and the photo itself', () => {
    expect(storedWidths(1600)).toEqual([160, 320, 480, 640, 800, 1200, 1600]);
    expect(storedWidths(700)).toEqual([160, 320, 480, 640, 700]);
    expect(storedWidths(100)).toEqual([100]);
    expect(storedWidthFor(500, 1600)).toBe(640);
    expect(storedWidthFor(1200, 1000)).toBe(1000);
  });

  it('are read back only from a photo path of the strict form', () => {
    expect(parseUploadPath(`/uploads/${KEY}/700.avif`)).toEqual({ hash: KEY, largest: 700 });
    for (const path of [
      `/api/v1/uploads/${KEY}/700.webp`,
      `/uploads/${KEY.toUpperCase()}/700.webp`,
      `/uploads/${KEY}/0700.webp`,
      `/uploads/${KEY}/700.webp?x`,
      `/uploads/../${KEY}/700.webp`,
    ]) {
      expect(parseUploadPath(path), path).toBeUndefined();
    }
  });
});
