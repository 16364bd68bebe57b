import type { Category } from '../../../lib/catalog';
import type { products, productVariants, shippingRateParishes, shippingRates, stores } from '../schema';
import { motifForName } from './motif-for-name';
import { AUTOMOTIVE, OTHER } from './products-auto-other';
import { BOOK_SHELVES, HEALTH_AND_BEAUTY, TOY_SHELVES } from './products-books-beauty-toys';
import { ELECTRONICS } from './products-electronics';
import { CLOTHING, JEWELRY } from './products-fashion';
import { HOME_AND_GARDEN, SPORTS } from './products-home-sports';
import { VARIANT_PRODUCTS, variantProductRows } from './products-with-variants';
import { seededRandom, slugify } from './random';
import { REVIEWER_NAMES, reviewerEmail, sampleReviews } from './sample-reviews';
import type { Shelf } from './shelf';
import { STORES, type StoreSeed } from './stores';

export type StoreRow = typeof stores.$inferInsert;
export type ProductRow = typeof products.$inferInsert;
export type VariantRow = typeof productVariants.$inferInsert;
export type ShippingRateRow = typeof shippingRates.$inferInsert;
export type ShippingRateParishRow = typeof shippingRateParishes.$inferInsert;
/** A demo account; the password is plain here and hashed by the seeder. */
export type DemoUser = {
  name: string;
  email: string;
  password: string;
  role: 'buyer' | 'seller' | 'admin';
  storeId?: string;
};

export const DEMO_PASSWORD = 'yaadmarket-demo';
export const DEMO_BUYER_EMAIL = 'buyer@yaad.test';
/** The demo operator (role admin): approves, rejects, suspends and reinstates stores. */
export const DEMO_OPERATOR_EMAIL = 'operator@yaad.test';
export const sellerEmail = (storeId: string) => `${storeId}@sellers.yaad.test`;

export const SHELVES: Shelf[] = [
  ...ELECTRONICS,
  ...CLOTHING,
  ...HOME_AND_GARDEN,
  ...SPORTS,
  ...BOOK_SHELVES,
  ...HEALTH_AND_BEAUTY,
  ...TOY_SHELVES,
  ...AUTOMOTIVE,
  ...JEWELRY,
  ...OTHER,
];

/** SKU prefix and a broad tag word for each category. */
export const CATEGORY_CODES: Record<Category, { sku: string; tag: string }> = {
  Electronics: { sku: 'ELE', tag: 'electronics' },
  Clothing: { sku: 'CLO', tag: 'clothing' },
  'Home & Garden': { sku: 'HOM', tag: 'home' },
  Sports: { sku: 'SPO', tag: 'sports' },
  Books: { sku: 'BOO', tag: 'books' },
  'Health & Beauty': { sku: 'HEA', tag: 'beauty' },
  Toys: { sku: 'TOY', tag: 'toys' },
  Automotive: { sku: 'AUT', tag: 'automotive' },
  Jewelry: { sku: 'JEW', tag: 'jewelry' },
  Other: { sku: 'OTH', tag: 'gifts' },
};

/** The catalogue's products were listed over the eight months before 1 November 2026. */
export const CATALOGUE_START = Date.UTC(2026, 2, 1);
export const CATALOGUE_END = Date.UTC(2026, 10, 1) - 60_000;

const STOP_WORDS = new Set(['with', 'from', 'and', 'for', 'the', 'set', 'pack', 'inch', 'pieces', 'pair', 'each']);

/** Lower-case words of a product name worth searching by: "Linen Camp-Collar Shirt" → linen, camp, collar, shirt. */
export function nameKeywords(name: string): string[] {
  return (name.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter((w) => !STOP_WORDS.has(w));
}

/** 3–5 tags: the shelf's own, two words of the name, and the category's. */
export function productTags(shelf: Pick<Shelf, 'tags' | 'category'>, name: string): string[] {
  const named = nameKeywords(name).filter((w) => !shelf.tags.includes(w));
  const tags = [...new Set([...shelf.tags, ...named.slice(0, 2), CATEGORY_CODES[shelf.category].tag])];
  return tags.slice(0, 5);
}

export function storeRow(s: StoreSeed): StoreRow {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    logo: `/media/logos/${s.initials}-${s.hue}.svg`,
    bannerImage: `/media/banners/${s.banner}-${s.hue}.svg`,
    facebook: s.facebook ?? null,
    instagram: s.instagram ?? null,
    twitter: s.twitter ?? null,
    website: s.website ?? null,
    email: `hello@${s.id}.yaad.test`,
    phone: s.phone,
    // From the store's sample ratings, counted by the seeder (docs/decisions/018).
    rating: 0,
    reviewCount: 0,
    location: s.location,
    parish: s.parish,
    joinDate: s.joinDate,
    verified: s.verified,
    freeShippingThresholdCents: s.freeShippingThresholdCents,
    processingTime: s.processingTime,
    acceptsCashOnDelivery: s.payments?.cashOnDelivery ?? true,
    acceptsBankTransfer: s.payments?.bank !== undefined,
    bankDetails: s.payments?.bank ?? null,
    trn: s.tax?.trn ?? null,
    gctRegistered: s.tax?.gctNumber !== undefined,
    gctNumber: s.tax?.gctNumber ?? null,
    // The sample sellers are open for business: approved long before the catalogue's start.
    status: 'active',
  };
}

/** Each seller's courier rates (ids like "blue-mountain-roasters--zipmail") and the parishes each reaches. */
export function shippingRows(list: StoreSeed[] = STORES) {
  const rates: ShippingRateRow[] = [];
  const parishes: ShippingRateParishRow[] = [];
  for (const store of list) {
    store.rates.forEach((r, position) => {
      const id = `${store.id}--${slugify(r.provider)}`;
      rates.push({
        id,
        storeId: store.id,
        method: r.method,
        provider: r.provider,
        costCents: Math.round(r.cost * 100),
        minDays: r.minDays,
        maxDays: r.maxDays,
        description: r.description,
        position,
      });
      for (const parish of r.parishes) parishes.push({ rateId: id, parish });
    });
  }
  return { rates, parishes };
}

/** Stock as a shop has it: about 10% sold out, 15% running low (1–5), the rest 6–120. */
export function stockLevel(random: () => number): number {
  const roll = random();
  if (roll < 0.1) return 0;
  if (roll < 0.25) return 1 + Math.floor(random() * 5);
  return 6 + Math.floor(random() * 115);
}

/** The number of gallery images, mostly three or four. */
export function imageCount(random: () => number): number {
  const roll = random();
  return roll < 0.1 ? 1 : roll < 0.3 ? 2 : roll < 0.6 ? 3 : roll < 0.85 ? 4 : 5;
}

/**
 * The sales figures of a listing: sales 0–900, most of them few. Ratings and review counts come
 * from reviews only (docs/decisions/018): 0 here. It still draws the three numbers it drew when it
 * made a rating up, so every product after keeps the stock and price it had.
 */
export function salesFigures(random: () => number) {
  random();
  const salesCount = Math.floor(901 * random() ** 2);
  random();
  return { rating: 0, salesCount, reviewCount: 0 };
}

/** A former price for a sale: 15–50% more, ending in .99. */
export function compareAtFor(priceCents: number, random: () => number): number {
  return Math.ceil((priceCents * (1.15 + 0.35 * random())) / 100) * 100 - 1;
}

/** The whole sample catalogue as rows for the database, the same on every run and machine. */
export function sampleCatalog() {
  const random = seededRandom(876);
  const storeIds = new Set(STORES.map((s) => s.id));
  const ids = new Set<string>();
  const skuCounters = new Map<string, number>();
  const productRows: ProductRow[] = [];

  for (const shelf of SHELVES) {
    shelf.items.forEach(([name, price, description, options = {}], i) => {
      const storeId = options.store ?? shelf.stores[i % shelf.stores.length];
      if (!storeIds.has(storeId)) throw new Error(`Unknown store ${storeId} for ${name}`);
      let id = slugify(name);
      for (let n = 2; ids.has(id); n++) id = `${slugify(name)}-${n}`;
      ids.add(id);
      const code = CATEGORY_CODES[shelf.category].sku;
      const serial = (skuCounters.get(code) ?? 0) + 1;
      skuCounters.set(code, serial);
      const priceCents = Math.round(price * 100);
      const onSale = random() < 0.15;
      const motif = motifForName(name) ?? options.motif ?? shelf.motif;
      const hue = (shelf.hue + i * 47) % 360;
      const createdAt = new Date(
        CATALOGUE_START + Math.floor((random() * (CATALOGUE_END - CATALOGUE_START)) / 60_000) * 60_000,
      );
      productRows.push({
        id,
        storeId,
        name,
        description,
        priceCents,
        compareAtCents: onSale ? compareAtFor(priceCents, random) : null,
        images: Array.from({ length: imageCount(random) }, (_, n) => `/media/products/${motif}-${hue}-${n + 1}.svg`),
        category: shelf.category,
        subcategory: shelf.subcategory,
        stock: stockLevel(random),
        ...salesFigures(random),
        tags: productTags(shelf, name),
        sku: `YM-${code}-${String(serial).padStart(4, '0')}`,
        createdAt,
        updatedAt: createdAt,
      });
    });
  }

  // The products sold in sizes and colours, after the rest: their rows draw nothing from
  // `random`, and the sample reviews are of the products above, so nothing above changes.
  const reviewed = [...productRows];
  const variantRows: VariantRow[] = [];
  for (const sample of VARIANT_PRODUCTS) {
    if (!storeIds.has(sample.store)) throw new Error(`Unknown store ${sample.store} for ${sample.name}`);
    const id = slugify(sample.name);
    if (ids.has(id)) throw new Error(`Two sample products are called ${id}`);
    ids.add(id);
    const code = CATEGORY_CODES[sample.category].sku;
    const serial = (skuCounters.get(code) ?? 0) + 1;
    skuCounters.set(code, serial);
    const rows = variantProductRows(sample, id, `YM-${code}-${String(serial).padStart(4, '0')}`);
    productRows.push(rows.product);
    variantRows.push(...rows.variants);
  }

  const { rates, parishes } = shippingRows();
  const users: DemoUser[] = [
    { name: 'Tanisha Campbell', email: DEMO_BUYER_EMAIL, password: DEMO_PASSWORD, role: 'buyer' },
    // The sample reviews' authors (src/server/db/seed/sample-reviews.ts).
    ...REVIEWER_NAMES.map((name, n) => ({
      name,
      email: reviewerEmail(n),
      password: DEMO_PASSWORD,
      role: 'buyer' as const,
    })),
    { name: 'Andre Operator', email: DEMO_OPERATOR_EMAIL, password: DEMO_PASSWORD, role: 'admin' },
    ...STORES.map((s) => ({
      name: s.owner,
      email: sellerEmail(s.id),
      password: DEMO_PASSWORD,
      role: 'seller' as const,
      storeId: s.id,
    })),
  ];

  return {
    stores: STORES.map(storeRow),
    products: productRows,
    variants: variantRows,
    shippingRates: rates,
    shippingRateParishes: parishes,
    users,
    ...sampleReviews(reviewed as { id: string; createdAt: Date; salesCount: number }[], STORES),
  };
}
