/**
 * The rules of a seller's product that the screens, the JSON API and the CSV import share
 * (docs/decisions/016). No zod here: the seller's screens import it.
 */
import { CATEGORIES, type Category } from './catalog';

export const PRODUCT_STATUSES = ['active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** The seller list's stock filter: in stock above the low line, low (1…LOW_STOCK), out (0). */
export const STOCK_FILTERS = ['in', 'low', 'out'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
/** At or below this many (and above 0) a product is low on stock. */
export const LOW_STOCK = 5;

export const SELLER_SORTS = ['updated', 'newest', 'name', 'price-low', 'price-high', 'stock-low'] as const;
export type SellerSort = (typeof SELLER_SORTS)[number];
export const SELLER_SORT_LABELS: Record<SellerSort, string> = {
  updated: 'Recently changed',
  newest: 'Newest',
  name: 'Name A–Z',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
  'stock-low': 'Stock: lowest first',
};

/**
 * What the product editor (/dashboard/products/new/ and edit/) calls each field: the editor's
 * labels, and the texts of the contract (src/lib/contract/seller-products.ts) and of the rules
 * below name each field by them, so an error says it as the seller sees it (issue 24, item 10).
 */
export const PRODUCT_LABELS = {
  name: 'Name',
  description: 'Description',
  category: 'Category',
  subcategory: 'Subcategory',
  price: 'Price (US$)',
  compareAtPrice: 'Compare-at price (US$)',
  stock: 'Stock',
  sku: 'SKU',
  tags: 'Tags',
  images: 'Photos',
} as const;

export const SKU_PATTERN = /^[A-Za-z0-9._-]+$/;
export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 40;
export const MAX_PHOTOS = 10;

/** The subcategories of a category of the spec's list, or an empty list for an unknown one. */
export function subcategoriesOf(category: string): readonly string[] {
  return Object.hasOwn(CATEGORIES, category) ? CATEGORIES[category as Category] : [];
}

/** Why a category and subcategory do not go together, or undefined when they do. */
export function subcategoryProblem(category: string, subcategory: string): string | undefined {
  const allowed = subcategoriesOf(category);
  if (allowed.length === 0) return undefined; // the category's own check speaks
  return allowed.includes(subcategory) ? undefined : `Choose a subcategory of ${category}: ${allowed.join(', ')}`;
}

/** Why a compare-at price (cents) does not go with the price, or undefined. */
export function compareAtProblem(priceCents: number, compareAtCents: number | null): string | undefined {
  return compareAtCents === null || compareAtCents > priceCents
    ? undefined
    : `${PRODUCT_LABELS.compareAtPrice} must be above the price: raise it, or leave it empty when the product is not on sale`;
}

/** A copy's SKU: "<sku>-COPY", then "-COPY-2"… until `taken` says no. */
export function copySku(sku: string, taken: (candidate: string) => boolean): string {
  const base = `${sku.slice(0, 55)}-COPY`;
  if (!taken(base)) return base;
  for (let n = 2; ; n++) if (!taken(`${base}-${n}`)) return `${base}-${n}`;
}

/** The tags a seller types ("coffee, organic , coffee") as a clean list: trimmed, no blanks, no repeats. */
export function parseTags(input: string): string[] {
  return [
    ...new Set(
      input
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}
