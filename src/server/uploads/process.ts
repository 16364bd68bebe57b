import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { storedWidths, UPLOAD_WIDTHS, type UploadFormat } from '../../lib/uploads';
import { ApiError } from '../http/errors';
import type { PhotoType } from './image-type';

/** The most pixels a photo may have: 50 megapixels (a 12 MP phone photo has 12). A decoded image
 * takes 3–4 bytes a pixel, so this bounds what one upload can take from memory. */
export const MAX_PIXELS = 50_000_000;

/** Which sizes and formats a photo is stored at, from its largest width (at most 1600). */
export type PhotoSizes = { widths: (largest: number) => number[]; formats: readonly UploadFormat[] };

/** The catalogue's: every srcset width up to the photo's own, as AVIF and WebP (decision 012). */
export const CATALOGUE_SIZES: PhotoSizes = { widths: storedWidths, formats: ['avif', 'webp'] };

export type ProcessedPhoto = {
  /** The largest stored size: the photo's own, at most the largest srcset width. */
  width: number;
  height: number;
  files: { width: number; format: UploadFormat; bytes: Buffer }[];
};

/** What sharp calls a format, in the upload's words (AVIF is HEIF compressed with AV1). */
function formatOf(meta: Metadata): string | undefined {
  if (meta.format === 'heif') return meta.compression === 'av1' ? 'avif' : 'heic';
  return meta.format;
}

const unreadable = () =>
  new ApiError(400, 'bad_request', 'The photo could not be read: the file may be damaged. Try another copy of it.');

/**
 * A photo as the shop serves it: turned upright by its EXIF orientation, then at each srcset
 * width narrower than itself (never enlarged) and its own width (at most the largest), as AVIF
 * and WebP (the catalogue's `sizes`; a return's private photos take fewer, decision 043). Every
 * size is encoded from pixels alone, so nothing of the original's metadata (EXIF with GPS position
 * and camera, XMP, comments) is kept; colours are converted to sRGB.
 */
export async function processPhoto(
  input: Uint8Array,
  sniffed: PhotoType,
  sizes: PhotoSizes = CATALOGUE_SIZES,
): Promise<ProcessedPhoto> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  // The decoder must agree with the first bytes: a PNG header on a JPEG body is not taken.
  if (formatOf(meta) !== sniffed) throw unreadable();
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw unreadable();
  if (width * height > MAX_PIXELS) {
    throw new ApiError(
      413,
      'payload_too_large',
      `The photo has too many pixels (${width} × ${height}); at most 50 megapixels, e.g. 8000 × 6000.`,
    );
  }
  const largest = Math.min(width, UPLOAD_WIDTHS[UPLOAD_WIDTHS.length - 1]);
  // Decoded once, upright and at the largest size; every size is made from these pixels.
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await sharp(input, { limitInputPixels: MAX_PIXELS })
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable();
  }
  const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } };
  const files: ProcessedPhoto['files'] = [];
  for (const w of sizes.widths(pixels.info.width)) {
    const sized = sharp(pixels.data, raw).resize({ width: w });
    const encoded = await Promise.all(
      sizes.formats.map((format) =>
        (format === 'avif' ? sized.clone().avif({ quality: 55, effort: 2 }) : sized.clone().webp({ quality: 82 }))
          .toBuffer()
          .then((bytes) => ({ width: w, format, bytes })),
      ),
    );
    files.push(...encoded);
  }
  return { width: pixels.info.width, height: pixels.info.height, files };
}

/** Photos processed at once in this process (each uses the cores for 1–5 s), and how many may wait. */
export const PROCESSING = { running: 1, waiting: 16 } as const;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a slot is free, in arrival order; 503 at once when the queue is full. */
export async function inProcessingQueue<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PROCESSING.running) {
    if (waiting.length >= PROCESSING.waiting) {
      throw new ApiError(503, 'unavailable', 'Many photos are being processed right now; try again in a moment.');
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}
