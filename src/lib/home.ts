import { CATEGORY_BANNERS, type Category, SHOPPING_AREAS } from './catalog';
import type { Product } from './contract/catalog';
import { sortProducts } from './listing';

/** The home page's hero slides and category tiles (spec §2 Home), linking to pages that have products. */
export const HERO_SLIDES = [
  {
    title: 'Art & Collectibles',
    slug: 'art-collectibles',
    text: "Paintings, carvings and rare finds from the island's artists and collectors.",
    banner: CATEGORY_BANNERS['art-collectibles'],
  },
  {
    title: 'Fashion',
    slug: 'fashion',
    text: 'Resort linen, bold prints and handmade jewellery from Jamaican labels.',
    banner: CATEGORY_BANNERS.fashion,
  },
  {
    title: 'Home & Garden',
    slug: 'home-garden',
    text: 'Mahogany furniture, Dutch pots and plants for the verandah.',
    banner: CATEGORY_BANNERS['home-garden'],
  },
  {
    title: 'Jewelry',
    slug: 'jewelry',
    text: 'Sterling silver, sea glass and larimar, finished by hand in Negril.',
    banner: CATEGORY_BANNERS.jewelry,
  },
] as const;

export const CATEGORY_TILES: { name: string; subcategories: string[]; image: string; categories: Category[] }[] = [
  {
    name: 'Art & Collectibles',
    subcategories: ['Paintings', 'Sculptures', 'Prints'],
    image: '/media/products/painting-20-1.svg',
    categories: SHOPPING_AREAS['art-collectibles'].categories,
  },
  {
    name: 'Fashion',
    subcategories: ['Clothing', 'Accessories', 'Footwear'],
    image: '/media/products/dress-330-1.svg',
    categories: SHOPPING_AREAS.fashion.categories,
  },
  {
    name: 'Home & Garden',
    subcategories: ['Decor', 'Kitchen', 'Outdoor'],
    image: '/media/products/vase-340-2.svg',
    categories: ['Home & Garden'],
  },
  {
    name: 'Jewelry',
    subcategories: ['Necklaces', 'Rings', 'Bracelets'],
    image: '/media/products/necklace-45-1.svg',
    categories: ['Jewelry'],
  },
];

/** Home counts (spec §9). */
export const HOME_COUNTS = { featured: 10, newArrivals: 5, bestSellers: 5 } as const;

/**
 * The home page's Best Sellers (spec §2 Home): the listing's best-sellers order, which puts the
 * products a shopper can buy today first (SORT_ORDER in ./catalog.ts).
 */
export function homeBestSellers(products: readonly Product[]): Product[] {
  return sortProducts(products, 'bestsellers').slice(0, HOME_COUNTS.bestSellers);
}
