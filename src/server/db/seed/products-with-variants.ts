/**
 * Sample products sold in several sizes and colours (issue 30, docs/decisions/051 and 053): written
 * as options and a variant row per combination, with fixed numbers (no draw from the catalogue's
 * PRNG, so every other sample product keeps its stock and price). The desert boots are what the
 * shopper's browser journey picks from (tests/e2e/variants-shopper.spec.ts): Size 10 / Brown has
 * its own price and 3 in stock, Size 11 / Black is sold out.
 */
import type { Category } from '../../../lib/catalog';
import { type ProductOption, variantIdFor } from '../../../lib/variants';
import type { products, productVariants } from '../schema';

/** One way a sample product is sold: its values (in the options' order), stock, and its own price when not the product's. */
export type SampleVariant = { values: string[]; stock: number; price?: number; compareAt?: number; hue?: number };

export type SampleVariantProduct = {
  name: string;
  description: string;
  category: Category;
  subcategory: string;
  store: string;
  motif: string;
  /** The photos' colour; a variant may have its own (then it has its own photos). */
  hue: number;
  tags: string[];
  /** US dollars: every variant's price unless it names its own. */
  price: number;
  options: ProductOption[];
  variants: SampleVariant[];
  /** When it was listed: within the catalogue's months, not the newest, so the first cards of a listing stay what they were. */
  listed: string;
};

const SIZES = ['8', '9', '10', '11'];
const BLACK = 225;

export const VARIANT_PRODUCTS: SampleVariantProduct[] = [
  {
    name: 'Leather Desert Boots',
    description:
      'Full-grain leather desert boots on a natural crepe sole, stitched in Black River. Choose your size and colour.',
    category: 'Clothing',
    subcategory: 'Shoes',
    store: 'black-river-threads',
    motif: 'boot',
    hue: 28,
    tags: ['shoes', 'footwear', 'boots', 'leather', 'clothing'],
    price: 95,
    options: [
      { name: 'Size', values: SIZES },
      { name: 'Colour', values: ['Brown', 'Black'] },
    ],
    variants: [
      { values: ['8', 'Brown'], stock: 5 },
      { values: ['8', 'Black'], stock: 4, hue: BLACK },
      { values: ['9', 'Brown'], stock: 7 },
      { values: ['9', 'Black'], stock: 2, hue: BLACK },
      { values: ['10', 'Brown'], stock: 3, price: 89, compareAt: 109 },
      { values: ['10', 'Black'], stock: 6, hue: BLACK },
      { values: ['11', 'Brown'], stock: 4 },
      { values: ['11', 'Black'], stock: 0, hue: BLACK },
    ],
    listed: '2026-06-18T14:20:00Z',
  },
  {
    name: 'Negril Sunset Graphic Tee',
    description: 'A soft ring-spun cotton tee printed with a Negril sunset over the cliffs. Unisex fit.',
    category: 'Clothing',
    subcategory: "Men's",
    store: 'ocho-rios-resort-wear',
    motif: 'kids-tee',
    hue: 18,
    tags: ['menswear', 'tshirt', 'tee', 'clothing'],
    price: 26,
    options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }],
    variants: [
      { values: ['S'], stock: 12 },
      { values: ['M'], stock: 20 },
      { values: ['L'], stock: 15 },
      { values: ['XL'], stock: 0, price: 28 },
    ],
    listed: '2026-05-09T10:05:00Z',
  },
  {
    name: 'Hibiscus Wrap Dress',
    description: 'A light rayon wrap dress printed with hibiscus, with a tie waist and flutter sleeves.',
    category: 'Clothing',
    subcategory: "Women's",
    store: 'ocho-rios-resort-wear',
    motif: 'dress',
    hue: 345,
    tags: ['womenswear', 'dress', 'wrap', 'clothing'],
    price: 64,
    options: [
      { name: 'Size', values: ['S', 'M', 'L', 'XL'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ],
    variants: [
      { values: ['S', 'Red'], stock: 3 },
      { values: ['S', 'Blue'], stock: 2, hue: 205 },
      { values: ['M', 'Red'], stock: 6 },
      { values: ['M', 'Blue'], stock: 0, hue: 205 },
      { values: ['L', 'Red'], stock: 4 },
      { values: ['L', 'Blue'], stock: 5, hue: 205 },
      { values: ['XL', 'Red'], stock: 2, price: 68 },
    ],
    listed: '2026-07-02T16:40:00Z',
  },
  {
    name: 'Sterling Silver Hummingbird Band',
    description: 'A slim sterling silver band engraved with a doctor bird in flight. Made to order in whole sizes.',
    category: 'Jewelry',
    subcategory: 'Rings',
    store: 'negril-gems',
    motif: 'ring',
    hue: 200,
    tags: ['rings', 'silver', 'hummingbird', 'jewelry'],
    price: 48,
    options: [{ name: 'Ring size', values: ['5', '6', '7', '8', '9'] }],
    variants: [
      { values: ['5'], stock: 3 },
      { values: ['6'], stock: 5 },
      { values: ['7'], stock: 8 },
      { values: ['8'], stock: 4 },
      { values: ['9'], stock: 0 },
    ],
    listed: '2026-08-11T09:30:00Z',
  },
];

type ProductInsert = typeof products.$inferInsert;
type VariantInsert = typeof productVariants.$inferInsert;

/** Its product row and variant rows: the product's price and compare-at are its cheapest variant's, its stock their sum (decision 051). */
export function variantProductRows(p: SampleVariantProduct, id: string, sku: string) {
  const images = (hue: number) => [1, 2, 3].map((n) => `/media/products/${p.motif}-${hue}-${n}.svg`);
  const variants: VariantInsert[] = p.variants.map((v, position) => ({
    id: variantIdFor(id, v.values),
    productId: id,
    position,
    optionValues: v.values,
    sku: `${sku}-${v.values.map((value) => value.toUpperCase().replace(/[^A-Z0-9]+/g, '')).join('-')}`,
    priceCents: Math.round((v.price ?? p.price) * 100),
    compareAtCents: v.compareAt === undefined ? null : Math.round(v.compareAt * 100),
    stock: v.stock,
    images: v.hue === undefined ? [] : images(v.hue),
  }));
  const cheapest = variants.reduce((a, b) => ((b.priceCents as number) < (a.priceCents as number) ? b : a));
  const createdAt = new Date(p.listed);
  const product: ProductInsert = {
    id,
    storeId: p.store,
    name: p.name,
    description: p.description,
    priceCents: cheapest.priceCents as number,
    compareAtCents: cheapest.compareAtCents ?? null,
    images: images(p.hue),
    category: p.category,
    subcategory: p.subcategory,
    stock: variants.reduce((sum, v) => sum + (v.stock ?? 0), 0),
    rating: 0,
    reviewCount: 0,
    salesCount: 0,
    tags: p.tags,
    sku,
    options: p.options,
    createdAt,
    updatedAt: createdAt,
  };
  return { product, variants };
}
