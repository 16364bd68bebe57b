import { API_BASE } from './api';

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
