/** Catalogue facts from spec §3 and §9: categories, subcategories, parishes, sorts. */

export const CATEGORIES = {
  Electronics: ['Smartphones', 'Laptops', 'Tablets', 'Headphones', 'Gaming', 'Cameras', 'Smart Home'],
  Clothing: ["Men's", "Women's", 'Kids', 'Shoes', 'Accessories'],
  'Home & Garden': ['Furniture', 'Decor', 'Kitchen', 'Outdoor', 'Storage'],
  Sports: ['Fitness', 'Team Sports', 'Outdoor Activities', 'Equipment', 'Apparel'],
  Books: ['Fiction', 'Non-Fiction', 'Textbooks', "Children's", 'E-books'],
  'Health & Beauty': ['Skincare', 'Makeup', 'Wellness', 'Personal Care', 'Fragrances'],
  Toys: ['Educational', 'Action Figures', 'Dolls', 'Games', 'Outdoor'],
  Automotive: ['Parts', 'Accessories', 'Tools', 'Car Care', 'Electronics'],
  Jewelry: ['Necklaces', 'Rings', 'Bracelets', 'Earrings', 'Watches'],
  Other: ['Art', 'Collectibles', 'Antiques', 'Crafts', 'Miscellaneous'],
} as const satisfies Record<string, readonly string[]>;

export type Category = keyof typeof CATEGORIES;
export const CATEGORY_NAMES = Object.keys(CATEGORIES) as Category[];

/** The header's category tabs (spec §2), in order; "Other" has no tab. */
export const TAB_CATEGORIES: Category[] = [
  'Electronics',
  'Clothing',
  'Home & Garden',
  'Sports',
  'Books',
  'Health & Beauty',
  'Toys',
  'Automotive',
  'Jewelry',
];

export const PARISHES = [
  'Kingston',
  'St. Andrew',
  'St. Catherine',
  'Clarendon',
  'Manchester',
  'St. Elizabeth',
  'Westmoreland',
  'Hanover',
  'St. James',
  'Trelawny',
  'St. Ann',
  'St. Mary',
  'Portland',
  'St. Thomas',
] as const;
export type Parish = (typeof PARISHES)[number];

/** The most product ids one GET /products?ids=… may name (its home is small, for the static pages' script). */
export { PRODUCT_IDS_PER_CALL } from './product-ids';

export const SORTS = ['newest', 'price-low', 'price-high', 'rating', 'bestsellers'] as const;
export type Sort = (typeof SORTS)[number];

/** A product field a sort compares (as the API names it; inStock: stock above 0), and which way. */
export type SortKey = readonly [
  field: 'inStock' | 'createdAt' | 'price' | 'rating' | 'ratingScore' | 'reviewCount' | 'salesCount' | 'id',
  direction: 'asc' | 'desc',
];

/**
 * What each sort orders by, for the API's SQL and the pages' own sorting alike; the product id
 * breaks the last tie, so a listing's pages never swap products between them.
 */
export const SORT_ORDER: Record<Sort, readonly SortKey[]> = {
  newest: [
    ['createdAt', 'desc'],
    ['id', 'asc'],
  ],
  'price-low': [
    ['price', 'asc'],
    ['id', 'asc'],
  ],
  'price-high': [
    ['price', 'desc'],
    ['id', 'asc'],
  ],
  // ratingScore is the Bayesian average of the rating and the review count (src/lib/ratings.ts):
  // one 5-star review does not outrank two hundred 4.8s.
  rating: [
    ['ratingScore', 'desc'],
    ['reviewCount', 'desc'],
    ['id', 'asc'],
  ],
  // The spec maps best sellers to rating on the listing; a shop ranks them by sales (see README),
  // those a shopper can buy today first: a sold-out best seller's Add is disabled.
  bestsellers: [
    ['inStock', 'desc'],
    ['salesCount', 'desc'],
    ['rating', 'desc'],
    ['id', 'asc'],
  ],
};

/**
 * The home page's "Shop by Category" tiles and the footer name shopping areas that are not
 * categories of §3 (Art & Collectibles, Fashion). Each maps to the categories it covers, so
 * that every such link leads to products (see docs/decisions/002-shopping-areas.md).
 */
export const SHOPPING_AREAS = {
  'art-collectibles': { title: 'Art & Collectibles', categories: ['Other'] as Category[] },
  fashion: { title: 'Fashion', categories: ['Clothing', 'Jewelry'] as Category[] },
} as const;

/** "Home & Garden" -> "home-garden", the URL form used by /category/{slug}. */
export function categorySlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A slug as typed or as still %-encoded in a URL; text that is not a valid escape is taken as it is. */
function slugOf(input: string): string {
  let text = input;
  try {
    text = decodeURIComponent(input);
  } catch {
    // "%E0" is a literal percent sign and letters here: it names no category, and must not throw.
  }
  return categorySlug(text.replace(/_/g, '-'));
}

/** The shopping area with this slug; own keys only, so "constructor" or "__proto__" names none. */
function shoppingArea(slug: string): { title: string; categories: Category[] } | undefined {
  return Object.hasOwn(SHOPPING_AREAS, slug)
    ? (SHOPPING_AREAS as Record<string, { title: string; categories: Category[] }>)[slug]
    : undefined;
}

/**
 * The /category/{slug} page for any spelling of a category or a shopping area ("Fashion",
 * "Home & Garden", "home-&-garden", "home_garden"), or undefined; `name` is already decoded.
 * The server moves other spellings there for good (301), so the spec's own links land.
 */
export function categoryPageSlug(name: string): string | undefined {
  const slug = categorySlug(name.replace(/_/g, '-'));
  if (CATEGORY_NAMES.some((c) => categorySlug(c) === slug) || shoppingArea(slug) !== undefined) return slug;
  return undefined;
}

/** Finds a category by any of its spellings: "Home & Garden", "home-garden", "home_garden", "HOME & GARDEN". */
export function findCategory(input: string): Category | undefined {
  const slug = slugOf(input);
  return CATEGORY_NAMES.find((c) => categorySlug(c) === slug);
}

/** Case-insensitive subcategory lookup within a category. */
export function findSubcategory(category: Category, input: string): string | undefined {
  const wanted = input.trim().toLowerCase();
  return CATEGORIES[category].find((s) => s.toLowerCase() === wanted);
}

/**
 * The categories a `category` filter names: one category in any spelling, or a shopping area
 * ("Fashion", "art-collectibles") standing for several. Unknown names match nothing.
 */
export function resolveCategoryFilter(input: string): Category[] {
  const category = findCategory(input);
  if (category) return [category];
  const slug = slugOf(input);
  const area = shoppingArea(slug);
  return area ? [...area.categories] : [];
}

/** How a category filter is titled: the category's own name, the area's title, or undefined. */
export function filterTitle(input: string): string | undefined {
  const category = findCategory(input);
  if (category) return category;
  const slug = slugOf(input);
  return shoppingArea(slug)?.title;
}

/**
 * Each category's and shopping area's banner (spec §2: a listing with a category shows a banner
 * image), drawn by code like every picture (src/server/media: waves, hills or leaves in a hue).
 * The home page's hero uses the same ones.
 */
export const CATEGORY_BANNERS: Record<string, string> = {
  electronics: '/media/banners/waves-210.svg',
  clothing: '/media/banners/hills-300.svg',
  'home-garden': '/media/banners/hills-95.svg',
  sports: '/media/banners/waves-20.svg',
  books: '/media/banners/leaves-35.svg',
  'health-beauty': '/media/banners/leaves-330.svg',
  toys: '/media/banners/hills-50.svg',
  automotive: '/media/banners/waves-230.svg',
  jewelry: '/media/banners/waves-45.svg',
  other: '/media/banners/leaves-15.svg',
  'art-collectibles': '/media/banners/leaves-15.svg',
  fashion: '/media/banners/waves-330.svg',
};

/** The banner of a category or shopping area in any spelling, or undefined. */
export function categoryBanner(name: string): string | undefined {
  const slug = categoryPageSlug(name);
  return slug ? CATEGORY_BANNERS[slug] : undefined;
}
