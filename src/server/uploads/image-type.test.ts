import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_WIDTHS } from '../../lib/uploads';
import { WIDTHS } from '../media/raster';
import { sniffPhotoType } from './image-type';

const image = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#1d6f42' } });
/** An ISO-BMFF `ftyp` box with the given major and compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const brands = [major, '\0\0\0\0', ...compatible].join('');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + brands.length);
  return Buffer.concat([size, Buffer.from(`ftyp${brands}`, 'latin1'), Buffer.alloc(16)]);
};

describe('sniffPhotoType', () => {
  it('knows JPEG, PNG, WebP and AVIF by their first bytes', async () => {
    expect(sniffPhotoType(await image().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffPhotoType(await image().png().toBuffer())).toBe('png');
    expect(sniffPhotoType(await image().webp().toBuffer())).toBe('webp');
    expect(sniffPhotoType(await image().avif().toBuffer())).toBe('avif');
    expect(sniffPhotoType(ftyp('mif1', 'miaf', 'avif'))).toBe('avif');
  });

  it('knows nothing else: other images, HEIC, text, too little', async () => {
    expect(sniffPhotoType(await image().gif().toBuffer())).toBeUndefined();
    expect(sniffPhotoType(await image().tiff().toBuffer())).toBeUndefined();
    expect(sniffPhotoType(ftyp('heic', 'mif1', 'heic'))).toBeUndefined();
    expect(sniffPhotoType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffPhotoType(new TextEncoder().encode('just some text, named photo.jpg'))).toBeUndefined();
    expect(sniffPhotoType(new Uint8Array([0xff, 0xd8, 0xff]))).toBeUndefined();
  });
});

describe('upload widths', () => {
  it('are the shop’s srcset widths', () => {
    expect([...UPLOAD_WIDTHS]).toEqual([...WIDTHS]);
  });
});
