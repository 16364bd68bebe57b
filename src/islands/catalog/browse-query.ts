import { CATEGORIES, CATEGORY_NAMES, type Category, resolveCategoryFilter } from '../../lib/catalog';
import type { FilterState } from '../../lib/listing';
import { formatOptionFilter } from '../../lib/option-filter';

/** What a listing shows: the categories it covers (one, an area's few, or all). */
export function coveredCategories(name: string | undefined): Category[] {
  if (!name) return [...CATEGORY_NAMES];
  return resolveCategoryFilter(name);
}

/** Subcategory tabs exist when exactly one category is covered. */
export function subcategoryTabs(covered: Category[]): string[] {
  return covered.length === 1 ? [...CATEGORIES[covered[0]]] : [];
}

/** The API query for a page of the listing (filters run on the server so any catalogue size works). */
export function apiQuery(covered: Category[], f: FilterState, page: number, limit: number): string {
  const q = new URLSearchParams();
  const cats = f.categories.length ? f.categories : covered.length === CATEGORY_NAMES.length ? [] : covered;
  if (cats.length) q.set('category', cats.join(','));
  if (f.subcategories.length === 1) q.set('subcategory', f.subcategories[0]);
  if (f.inStock) q.set('inStock', 'true');
  if (f.discounted) q.set('discounted', 'true');
  if (f.rating) q.set('minRating', String(f.rating));
  if (f.options?.length) q.set('options', formatOptionFilter(f.options));
  q.set('sort', f.sort);
  q.set('page', String(page));
  q.set('limit', String(limit));
  return `/products?${q}`;
}
