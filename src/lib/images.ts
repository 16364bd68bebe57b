import { API_BASE } from './api';
import { parseUploadPath, storedWidthFor, uploadPath } from './uploads';

/** Shown when a product has no image or its image fails to load. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/**
 * Spec §3 image rule: "https…" and "data:" are used as they are; "/uploads/…" lives on the API
 * host, so it gets the API base; anything else is used as it is; nothing gives the placeholder.
 */
export function resolveImage(path: string | null | undefined, apiBase = API_BASE): string {
  if (!path) return PLACEHOLDER_IMAGE;
  if (path.startsWith('/uploads/')) return `${apiBase}${path}`;
  return path;
}

/** A product's first image, resolved, or the placeholder. */
export function primaryImage(images: readonly string[] | null | undefined): string {
  return resolveImage(images?.[0]);
}

/**
 * Generated art (/media/….svg) and sellers' photos (/uploads/<key>/<width>.webp) also come as AVIF
 * and WebP at these widths; other images are used as they are.
 */
export function responsiveSources(path: string | null | undefined, widths: readonly number[], apiBase = API_BASE) {
  const upload = path ? parseUploadPath(path) : undefined;
  if (upload) return uploadSources(upload, widths, apiBase);
  const src = resolveImage(path, apiBase);
  if (!src.startsWith('/media/') || !src.endsWith('.svg')) return { src, avif: undefined, webp: undefined };
  const base = src.slice(0, -4);
  const set = (ext: string) => widths.map((w) => `${base}.${ext}?w=${w} ${w}w`).join(', ');
  return { src: `${base}.webp?w=${widths.at(-1)}`, avif: set('avif'), webp: set('webp') };
}

/**
 * A photo is stored at the srcset widths below its own and at its own (src/lib/uploads.ts): each
 * asked-for width is served by the stored size that covers it, named by its true width.
 */
function uploadSources(photo: { hash: string; largest: number }, widths: readonly number[], apiBase: string) {
  const sizes = [...new Set(widths.map((w) => storedWidthFor(w, photo.largest)))].sort((a, b) => a - b);
  const url = (width: number, format: 'avif' | 'webp') => `${apiBase}${uploadPath(photo.hash, width, format)}`;
  const set = (format: 'avif' | 'webp') => sizes.map((w) => `${url(w, format)} ${w}w`).join(', ');
  return { src: url(sizes.at(-1) ?? photo.largest, 'webp'), avif: set('avif'), webp: set('webp') };
}
