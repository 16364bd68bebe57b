/**
 * Where an uploaded photo's files live (docs/decisions/012-photo-uploads.md). A photo is stored as
 * `<hash>/<width>.avif` and `<hash>/<width>.webp` at each of UPLOAD_WIDTHS narrower than the
 * photo, plus its own width when that is below the largest (never enlarged). Its URL names the
 * largest WebP, `/uploads/<hash>/<width>.webp`, so the URL alone tells which sizes exist.
 * No zod here: the browser's image helpers (src/lib/images.ts) read it on every page.
 */

/** The shop's srcset widths (WIDTHS in src/server/media/raster.ts; a test keeps them equal). */
export const UPLOAD_WIDTHS = [160, 320, 480, 640, 800, 1200, 1600] as const;

export const UPLOAD_FORMATS = ['avif', 'webp'] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

/** A content hash: 32 lower-case hexadecimal characters (128 bits of SHA-256). */
export const UPLOAD_HASH = /^[0-9a-f]{32}$/;
/** One stored size of a photo: its width in pixels and format, e.g. `800.webp`. */
export const UPLOAD_FILE = /^([1-9][0-9]{0,3})\.(avif|webp)$/;

/** The widths stored for a photo whose largest size is `largest` pixels wide. */
export function storedWidths(largest: number): number[] {
  return [...UPLOAD_WIDTHS.filter((w) => w < largest), largest];
}

/** The stored width a request for `wanted` pixels is served from: the first not narrower, else the largest. */
export function storedWidthFor(wanted: number, largest: number): number {
  return UPLOAD_WIDTHS.find((w) => w >= wanted && w < largest) ?? largest;
}

/** The path of one stored size under /uploads (the API base is added by resolveImage). */
export const uploadPath = (hash: string, width: number, format: UploadFormat) => `/uploads/${hash}/${width}.${format}`;

/** The hash and largest width of an uploaded photo's path (`/uploads/<hash>/<width>.<format>`), or undefined. */
export function parseUploadPath(path: string): { hash: string; largest: number } | undefined {
  const match = /^\/uploads\/([0-9a-f]{32})\/([1-9][0-9]{0,3})\.(?:avif|webp)$/.exec(path);
  return match ? { hash: match[1], largest: Number(match[2]) } : undefined;
}
