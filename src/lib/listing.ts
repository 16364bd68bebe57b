/**
 * Client-side listing rules (spec §2 Product listing and Category page, §9 sort and filters):
 * one place for the filter state, its URL form, and how products are ordered (the filters
 * themselves run on the server, src/islands/catalog/browse-query.ts).
 */
import { SORT_ORDER, SORTS, type Sort, type SortKey } from './catalog';
import type { Product } from './contract/catalog';
import { formatOptionFilter, type OptionFilter, parseOptionFilter } from './option-filter';
import { bayesianRating } from './ratings';

// A card's stars and stock words, kept apart so a static page's script can have them without the sorts.
export { LOW_STOCK_MAX, ratingDisplay, starsCountText, starsLabel, stockBadge, stockText } from './card-display';

export type FilterState = {
  sort: Sort;
  categories: string[];
  subcategories: string[];
  inStock: boolean;
  /** Minimum stars, 0 for any. */
  rating: number;
  /** On sale: a real compare-at price above the price (the spec's random pick is not used). */
  discounted: boolean;
  /** Option values chosen on a category page (Size 10, Brown: decision 053); none: any. */
  options?: OptionFilter[];
};

export const DEFAULT_FILTERS: FilterState = {
  sort: 'newest',
  categories: [],
  subcategories: [],
  inStock: false,
  rating: 0,
  discounted: false,
};

export const RATING_CHOICES = [4, 3, 2, 1] as const;

/** Choosing the same minimum rating again resets it to 0 (spec §2). */
export function toggleRating(current: number, chosen: number): number {
  return current === chosen ? 0 : chosen;
}

/** A sort key's value: a product field, whether it is in stock, or the rating sort's Bayesian score. */
const sortValue = (p: Product, field: SortKey[0]) =>
  field === 'ratingScore'
    ? bayesianRating(p.rating, p.reviewCount)
    : field === 'inStock'
      ? Number(p.stock > 0)
      : p[field];

/** SORT_ORDER's keys as a comparison (ISO dates compare as text, in time order). */
function comparison(keys: readonly SortKey[]): (a: Product, b: Product) => number {
  return (a, b) => {
    for (const [field, direction] of keys) {
      const x = sortValue(a, field);
      const y = sortValue(b, field);
      if (x !== y) return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
    }
    return 0;
  };
}
const COMPARE = Object.fromEntries(SORTS.map((sort) => [sort, comparison(SORT_ORDER[sort])])) as Record<
  Sort,
  (a: Product, b: Product) => number
>;

export function sortProducts(products: readonly Product[], sort: Sort): Product[] {
  return [...products].sort(COMPARE[sort]);
}

/** Reads filters from a query string; unknown or bad values fall back to the defaults (sortBy only if in the sort list). */
export function filtersFromQuery(search: string | URLSearchParams): FilterState {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sortRaw = q.get('sortBy') ?? q.get('sort');
  const rating = Number(q.get('rating'));
  const options = parseOptionFilter(q.get('options') ?? '');
  return {
    sort: (SORTS as readonly string[]).includes(sortRaw ?? '') ? (sortRaw as Sort) : DEFAULT_FILTERS.sort,
    categories: q.getAll('categories').filter(Boolean),
    subcategories: (q.get('subcategory') ?? '').split(',').filter(Boolean),
    inStock: q.get('inStock') === 'true',
    rating: Number.isInteger(rating) && rating >= 1 && rating <= 4 ? rating : 0,
    discounted: q.get('discounted') === 'true',
    ...(options.length ? { options } : {}),
  };
}

/**
 * The category page keeps sortBy, inStock, rating, discounted, subcategory and options in the URL (spec
 * §9); /products names its sort `sort` (spec §2 routes and its tab bar: "Best Sellers" is
 * `/products?sort=bestsellers`), so `sortKey` is the page's spelling. Both are read back.
 */
export function filtersToQuery(f: FilterState, sortKey: 'sort' | 'sortBy' = 'sortBy'): URLSearchParams {
  const q = new URLSearchParams();
  if (f.sort !== DEFAULT_FILTERS.sort) q.set(sortKey, f.sort);
  for (const c of f.categories) q.append('categories', c);
  if (f.subcategories.length) q.set('subcategory', f.subcategories.join(','));
  if (f.inStock) q.set('inStock', 'true');
  if (f.rating) q.set('rating', String(f.rating));
  if (f.discounted) q.set('discounted', 'true');
  if (f.options?.length) q.set('options', formatOptionFilter(f.options));
  return q;
}

/** "Home & Garden" from "home-garden" or "home_garden" (spec: first letter capitalised, hyphens/underscores to spaces). */
export function categoryTitle(raw: string | undefined): string {
  if (!raw) return 'All Products';
  const text = decodeURIComponent(raw).replace(/[-_]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'All Products';
}
