import type { products, shippingRateParishes, shippingRates, stores } from '../schema';
import { SHELVES } from './products';
import { seededRandom, slugify } from './random';
import { RATES, STORES } from './stores';

export type DemoUser = { name: string; email: string; password: string; role: 'buyer' | 'seller'; storeId?: string };

export const DEMO_PASSWORD = 'yaadmarket-demo';
export const DEMO_BUYER_EMAIL = 'buyer@yaad.test';
export const sellerEmail = (storeId: string) => `${storeId}@sellers.yaad.test`;

const CATALOGUE_START = Date.UTC(2026, 2, 1);
const CATALOGUE_END = Date.UTC(2026, 9, 31);

/** The whole sample catalogue as rows for the database, the same on every run. */
export function sampleCatalog() {
  const random = seededRandom(876);
  const between = (min: number, max: number) => min + random() * (max - min);
  const int = (min: number, max: number) => Math.floor(between(min, max + 1));

  const storeRows: (typeof stores.$inferInsert)[] = STORES.map((s) => ({
    id: s.id,
    name: s.name,
    description: s.description,
    logo: `/media/logos/${s.initials}-${s.hue}.svg`,
    bannerImage: `/media/banners/${s.banner}-${s.hue}.svg`,
    facebook: s.facebook ?? null,
    instagram: s.instagram ?? null,
    twitter: s.twitter ?? null,
    website: s.website ?? null,
    email: `hello@${s.id}.example`,
    phone: `+1 (876) 555-${String(1000 + int(0, 8999)).padStart(4, '0')}`,
    rating: s.rating,
    reviewCount: s.reviewCount,
    location: s.location,
    parish: s.parish,
    joinDate: s.joinDate,
    verified: s.verified,
    freeShippingThresholdCents: s.freeShippingThresholdCents,
    processingTime: s.processingTime,
  }));
  const storeById = new Map(STORES.map((s) => [s.id, s]));

  const rateRows: (typeof shippingRates.$inferInsert)[] = [];
  const rateParishRows: (typeof shippingRateParishes.$inferInsert)[] = [];
  for (const [storeId, rates] of Object.entries(RATES)) {
    rates.forEach((r, position) => {
      const id = `${storeId}--${slugify(r.provider)}-${slugify(r.method)}`;
      rateRows.push({
        id,
        storeId,
        method: r.method,
        provider: r.provider,
        costCents: Math.round(r.cost * 100),
        minDays: r.minDays,
        maxDays: r.maxDays,
        description: r.description,
        position,
      });
      for (const parish of r.parishes) rateParishRows.push({ rateId: id, parish });
    });
  }

  const productRows: (typeof products.$inferInsert)[] = [];
  const usedIds = new Set<string>();
  let serial = 0;
  for (const shelf of SHELVES) {
    shelf.items.forEach(([name, price, blurb], i) => {
      serial += 1;
      const storeId = shelf.stores[i % shelf.stores.length];
      const store = storeById.get(storeId);
      if (!store) throw new Error(`Unknown store ${storeId}`);
      let id = slugify(name);
      while (usedIds.has(id)) id = `${id}-${serial}`;
      usedIds.add(id);
      const priceCents = Math.round(price * 100);
      const onSale = serial % 7 === 3;
      const roll = random();
      const stock = roll < 0.1 ? 0 : roll < 0.26 ? int(1, 5) : int(6, 120);
      const hue = (shelf.hue + i * 23) % 360;
      const imageCount = int(1, 5);
      productRows.push({
        id,
        storeId,
        name,
        description: `${blurb} Sold and shipped by ${store.name} from ${store.location}, ${store.parish}.`,
        priceCents,
        compareAtCents: onSale ? Math.round(priceCents * 1.25) : null,
        images: Array.from({ length: imageCount }, (_, n) => `/media/products/${shelf.motif}-${hue}-${n + 1}.svg`),
        category: shelf.category,
        subcategory: shelf.subcategory,
        stock,
        rating: Math.round(between(2.8, 5) * 10) / 10,
        reviewCount: int(0, 240),
        tags: [
          ...new Set(
            [
              shelf.subcategory,
              shelf.category,
              ...name
                .split(/\W+/)
                .filter((w) => w.length > 4)
                .slice(0, 3),
            ].map((t) => t.toLowerCase()),
          ),
        ].slice(0, 5),
        salesCount: int(0, 900),
        sku: `YM-${slugify(shelf.category).slice(0, 3).toUpperCase()}-${String(serial).padStart(4, '0')}`,
        createdAt: new Date(CATALOGUE_START + Math.floor(random() * (CATALOGUE_END - CATALOGUE_START))),
      });
    });
  }

  const users: DemoUser[] = [
    { name: 'Tanisha Campbell', email: DEMO_BUYER_EMAIL, password: DEMO_PASSWORD, role: 'buyer' },
    ...STORES.map((s) => ({
      name: `${s.name} (seller)`,
      email: sellerEmail(s.id),
      password: DEMO_PASSWORD,
      role: 'seller' as const,
      storeId: s.id,
    })),
  ];

  return {
    stores: storeRows,
    products: productRows,
    shippingRates: rateRows,
    shippingRateParishes: rateParishRows,
    users,
  };
}
