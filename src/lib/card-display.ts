/**
 * What a product card says of its rating and stock (spec §9), for the cards' React and Astro
 * markup and for the static pages' live refresh (src/scripts/live-products.ts), which loads this
 * on every page: nothing here imports the catalogue's sorts or categories (listing.ts re-exports it).
 */
import { counted } from './plural';

/** Stars shown for a rating: floored to whole stars; the number beside them has one decimal. */
export function ratingDisplay(rating: number | null | undefined): { full: number; label: string } {
  const r = typeof rating === 'number' && Number.isFinite(rating) ? Math.min(5, Math.max(0, rating)) : 0;
  return { full: Math.floor(r), label: r.toFixed(1) };
}

/**
 * What a screen reader hears for a line of stars: "Rated 4.5 out of 5, 1 review". A product's
 * count is of reviews, a seller's of ratings (delivery and communication, no text).
 */
export function starsLabel(rating: number, count?: number, noun: 'review' | 'rating' = 'review'): string {
  return `Rated ${ratingDisplay(rating).label} out of 5${count !== undefined ? `, ${counted(count, noun)}` : ''}`;
}

/** The count beside a card's stars: "(12)". */
export const starsCountText = (count: number): string => `(${count})`;

/** Spec §9: the Low Stock badge shows from 1 to this many units (the seller dashboard's low-stock list too). */
export const LOW_STOCK_MAX = 5;

/** Stock badge of a product card (spec §9): out at 0 or below, low from 1 to 5. */
export function stockBadge(stock: number): 'out' | 'low' | null {
  if (stock <= 0) return 'out';
  if (stock <= LOW_STOCK_MAX) return 'low';
  return null;
}

/**
 * "12 in stock", "Only 3 left in stock", "Out of stock" (spec §9: 0 or below is out). Search
 * results say "N in stock" even when low (spec §2 Search): `lowNote: false`.
 */
export function stockText(stock: number, { lowNote = true } = {}): string {
  if (stock <= 0) return 'Out of stock';
  if (lowNote && stock <= 5) return `Only ${stock} left in stock`;
  return `${stock} in stock`;
}
