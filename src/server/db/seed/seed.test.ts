import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../tests/fixtures/database';
import { CATEGORIES, CATEGORY_NAMES, PARISHES } from '../../../lib/catalog';
import { PaymentMethods } from '../../../lib/contract/stores';
import { matchVariant, variantIdFor } from '../../../lib/variants';
import { verifyPassword } from '../../auth/password';
import { renderArt } from '../../media/art';
import type { Database } from '../client';
import {
  productReviews,
  products,
  productVariants,
  reviewVotes,
  sellerRatings,
  shippingRateParishes,
  shippingRates,
  stores,
  users,
} from '../schema';
import { DEMO_BUYER_EMAIL, DEMO_PASSWORD, sampleCatalog, sellerEmail } from './sample-catalog';
import { REVIEWER_NAMES, reviewerEmail } from './sample-reviews';
import { seedSampleData } from './seed';

let database: Database;
// Migrated, not seeded: copies of the run's migrated template (the seed is what is under test).
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database?.close());

describe('seedSampleData', () => {
  it('loads the sample catalogue once, with demo accounts', { timeout: 60_000 }, async () => {
    const { db } = database;
    expect(await seedSampleData(db)).toEqual({ seeded: true });

    const productRows = await db.select().from(products);
    expect(productRows.length).toBeGreaterThanOrEqual(240);
    for (const category of CATEGORY_NAMES) {
      for (const subcategory of CATEGORIES[category]) {
        const count = productRows.filter((p) => p.category === category && p.subcategory === subcategory).length;
        expect(count, `${category} / ${subcategory}`).toBeGreaterThanOrEqual(3);
      }
    }
    expect(productRows.some((p) => p.stock === 0)).toBe(true);
    expect(productRows.some((p) => p.stock >= 1 && p.stock <= 5)).toBe(true);
    expect(productRows.some((p) => p.compareAtCents !== null)).toBe(true);
    for (const p of productRows) {
      expect(p.images.length, p.id).toBeGreaterThanOrEqual(1);
      for (const image of p.images) expect(renderArt(image.replace(/^\/media\//, '')), image).not.toBeNull();
    }

    const storeRows = await db.select().from(stores);
    expect(storeRows.length).toBeGreaterThanOrEqual(14);
    expect(new Set(storeRows.map((s) => s.parish)).size).toBeGreaterThanOrEqual(10);
    for (const s of storeRows) {
      expect(s.ownerId, s.id).not.toBeNull();
      expect(renderArt((s.logo ?? '').replace(/^\/media\//, '')), s.id).not.toBeNull();
      expect(renderArt((s.bannerImage ?? '').replace(/^\/media\//, '')), s.id).not.toBeNull();
      expect(
        productRows.some((p) => p.storeId === s.id),
        `${s.id} sells something`,
      ).toBe(true);
    }

    const rates = await db.select().from(shippingRates);
    const reach = await db.select().from(shippingRateParishes);
    const parishesOf = (storeId: string) =>
      new Set(reach.filter((r) => rates.find((x) => x.id === r.rateId)?.storeId === storeId).map((r) => r.parish));
    for (const s of storeRows)
      expect(
        rates.some((r) => r.storeId === s.id),
        `${s.id} has a rate`,
      ).toBe(true);
    expect(storeRows.some((s) => parishesOf(s.id).size < PARISHES.length)).toBe(true);

    const [buyer] = await db.select().from(users).where(eq(users.email, DEMO_BUYER_EMAIL));
    expect(buyer).toMatchObject({ name: 'Tanisha Campbell', role: 'buyer' });
    expect(await verifyPassword(DEMO_PASSWORD, buyer.passwordHash as string)).toBe(true);
    const [seller] = await db
      .select()
      .from(users)
      .where(eq(users.email, sellerEmail(storeRows[0].id)));
    expect(seller.role).toBe('seller');
    expect(storeRows[0].ownerId).toBe(seller.id);

    expect(await seedSampleData(db)).toEqual({ seeded: false });
    expect((await db.select().from(products)).length).toBe(productRows.length);
  });

  it('sells the boots, a tee, a dress and a ring in sizes and colours: a variant row per combination, no sole variant', async () => {
    const { db } = database;
    const boots = (await db.select().from(products).where(eq(products.id, 'leather-desert-boots')))[0];
    expect(boots.options).toEqual([
      { name: 'Size', values: ['8', '9', '10', '11'] },
      { name: 'Colour', values: ['Brown', 'Black'] },
    ]);
    const rows = await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, boots.id))
      .orderBy(productVariants.position);
    expect(rows).toHaveLength(8);
    expect(rows.some((v) => v.id === boots.id)).toBe(false);
    expect(rows[0]).toMatchObject({ id: variantIdFor(boots.id, ['8', 'Brown']), optionValues: ['8', 'Brown'] });
    const tenBrown = matchVariant(rows, ['10', 'Brown']);
    expect(tenBrown).toMatchObject({ priceCents: 8_900, compareAtCents: 10_900, stock: 3 });
    expect(matchVariant(rows, ['11', 'Black'])?.stock).toBe(0);
    // The product's own fields are what lists read: the cheapest variant's price, the stock summed.
    expect(boots).toMatchObject({ priceCents: 8_900, compareAtCents: 10_900, stock: 31 });
    expect(new Set(rows.map((v) => v.sku)).size).toBe(8);
    for (const id of ['negril-sunset-graphic-tee', 'hibiscus-wrap-dress', 'sterling-silver-hummingbird-band']) {
      const [p] = await db.select().from(products).where(eq(products.id, id));
      const own = await db.select().from(productVariants).where(eq(productVariants.productId, id));
      expect(p.options.length, id).toBeGreaterThan(0);
      expect(p.stock, id).toBe(own.reduce((sum, v) => sum + v.stock, 0));
      expect(p.priceCents, id).toBe(Math.min(...own.map((v) => v.priceCents)));
      for (const image of [...p.images, ...own.flatMap((v) => v.images)])
        expect(renderArt(image.replace(/^\/media\//, '')), image).not.toBeNull();
    }
  });

  it('shows no rating without reviews: every rating and count is what the reviews say', async () => {
    const { db } = database;
    const productRows = await db.select().from(products);
    const reviews = await db.select().from(productReviews);
    expect(reviews.length).toBeGreaterThan(productRows.length);
    for (const p of productRows) {
      const own = reviews.filter((r) => r.productId === p.id && r.hiddenAt === null);
      expect(p.reviewCount, p.id).toBe(own.length);
      if (own.length === 0) expect(p.rating, p.id).toBe(0);
      else expect(p.rating, p.id).toBeCloseTo(own.reduce((sum, r) => sum + r.rating, 0) / own.length, 10);
    }
    const without = productRows.filter((p) => p.reviewCount === 0).length / productRows.length;
    expect(without).toBeGreaterThan(0.05);
    expect(without).toBeLessThan(0.3);
    // Sample reviews say so (never "Verified purchase") and come from the demo reviewers.
    const reviewers = await db.select().from(users).where(eq(users.role, 'buyer'));
    const reviewerIds = new Set(reviewers.filter((u) => u.email.startsWith('reviewer-')).map((u) => u.id));
    expect(reviewerIds.size).toBe(REVIEWER_NAMES.length);
    for (const r of reviews) {
      expect(r.source).toBe('sample');
      expect(r.orderPartId).toBeNull();
      expect(reviewerIds.has(r.authorId)).toBe(true);
    }
    const votes = await db.select().from(reviewVotes);
    for (const r of reviews) expect(r.helpfulCount).toBe(votes.filter((v) => v.reviewId === r.id).length);

    const ratings = await db.select().from(sellerRatings);
    for (const s of await db.select().from(stores)) {
      const own = ratings.filter((r) => r.storeId === s.id);
      expect(s.reviewCount, s.id).toBe(own.length);
      expect(own.length, s.id).toBeGreaterThan(0);
      const mean = own.reduce((sum, r) => sum + (r.delivery + r.communication) / 2, 0) / own.length;
      expect(s.rating, s.id).toBeCloseTo(mean, 10);
    }
  });

  it('leaves out the demo accounts on request', { timeout: 60_000 }, async () => {
    const other = await openTestDatabase();
    try {
      expect(await seedSampleData(other.db, { demoAccounts: false })).toEqual({ seeded: true });
      expect(await other.db.select().from(users)).toHaveLength(0);
      expect((await other.db.select().from(stores)).every((s) => s.ownerId === null)).toBe(true);
      // No reviewers, no reviews: no product or store shows a rating.
      expect(await other.db.select().from(productReviews)).toHaveLength(0);
      expect((await other.db.select().from(products)).every((p) => p.rating === 0 && p.reviewCount === 0)).toBe(true);
      expect((await other.db.select().from(stores)).every((s) => s.rating === 0 && s.reviewCount === 0)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('sampleCatalog', () => {
  const data = sampleCatalog();

  it('is the same on every call', () => {
    expect(sampleCatalog()).toEqual(data);
  });

  it('has unique ids and SKUs, sane prices, ratings, stock, tags and dates', () => {
    expect(new Set(data.products.map((p) => p.id)).size).toBe(data.products.length);
    expect(new Set(data.products.map((p) => p.sku)).size).toBe(data.products.length);
    const sold = data.products.filter((p) => p.compareAtCents != null).length / data.products.length;
    expect(sold).toBeGreaterThan(0.08);
    expect(sold).toBeLessThan(0.25);
    const zero = data.products.filter((p) => p.stock === 0).length / data.products.length;
    const low = data.products.filter((p) => (p.stock ?? 0) >= 1 && (p.stock ?? 0) <= 5).length / data.products.length;
    expect(zero).toBeGreaterThan(0.04);
    expect(zero).toBeLessThan(0.18);
    expect(low).toBeGreaterThan(0.08);
    expect(low).toBeLessThan(0.25);
    for (const p of data.products) {
      expect(p.sku).toMatch(/^YM-[A-Z]{3}-\d{4}$/);
      expect(p.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.priceCents).toBeGreaterThanOrEqual(350);
      expect(p.priceCents).toBeLessThanOrEqual(189_900);
      if (p.compareAtCents != null) expect(p.compareAtCents).toBeGreaterThan(p.priceCents);
      // Ratings come from the reviews, counted by the seeder (docs/decisions/018).
      expect(p.rating).toBe(0);
      expect(p.reviewCount).toBe(0);
      expect(p.stock).toBeGreaterThanOrEqual(0);
      expect(p.stock).toBeLessThanOrEqual(120);
      expect(p.salesCount).toBeLessThanOrEqual(900);
      expect(p.tags?.length, p.id).toBeGreaterThanOrEqual(3);
      expect(p.tags?.length, p.id).toBeLessThanOrEqual(5);
      for (const tag of p.tags ?? []) expect(tag).toMatch(/^[a-z]+$/);
      expect(p.images?.length).toBeLessThanOrEqual(5);
      const sentences = p.description?.match(/[.!?](\s|$)/g)?.length ?? 0;
      expect(sentences, p.id).toBeGreaterThanOrEqual(1);
      expect(sentences, p.id).toBeLessThanOrEqual(3);
      const created = (p.createdAt as Date).getTime();
      expect(created).toBeGreaterThanOrEqual(Date.UTC(2026, 2, 1));
      expect(created).toBeLessThan(Date.UTC(2026, 10, 1));
    }
  });

  it('names products with the words the home page tabs filter by', () => {
    const text = data.products.map((p) => `${p.name} ${p.description}`.toLowerCase());
    for (const word of [
      'Paintings',
      'Sculptures',
      'Prints',
      'Accessories',
      'Footwear',
      'Decor',
      'Kitchen',
      'Outdoor',
      'Necklaces',
      'Rings',
      'Bracelets',
    ]) {
      expect(text.filter((t) => t.includes(word.toLowerCase())).length, word).toBeGreaterThanOrEqual(2);
    }
  });

  it('has sellers across the island, mostly verified, with the social links in both forms', () => {
    expect(new Set(data.stores.map((s) => s.parish)).size).toBeGreaterThanOrEqual(10);
    const unverified = data.stores.filter((s) => !s.verified).length;
    expect(unverified).toBeGreaterThanOrEqual(2);
    expect(unverified).toBeLessThanOrEqual(4);
    const links = data.stores.flatMap((s) => [s.facebook, s.instagram, s.twitter, s.website]).filter(Boolean);
    expect(links.some((l) => l?.startsWith('https://'))).toBe(true);
    expect(links.some((l) => !l?.startsWith('http'))).toBe(true);
    for (const s of data.stores) {
      expect(s.rating).toBe(0);
      expect(s.phone).toMatch(/^876-\d{3}-\d{4}$/);
      expect(s.joinDate >= '2019-01-01' && s.joinDate <= '2026-12-31').toBe(true);
      const rates = data.shippingRates.filter((r) => r.storeId === s.id);
      expect(rates.length, s.id).toBeGreaterThanOrEqual(2);
      expect(rates.length, s.id).toBeLessThanOrEqual(4);
    }
    for (const r of data.shippingRates) {
      expect(r.costCents).toBeGreaterThanOrEqual(300);
      expect(r.costCents).toBeLessThanOrEqual(1500);
      expect(r.minDays).toBeLessThanOrEqual(r.maxDays);
    }
  });

  it('has a realistic mix of payment methods: most take cash on delivery, some bank transfer with sample details', () => {
    const cod = data.stores.filter((s) => s.acceptsCashOnDelivery);
    const bank = data.stores.filter((s) => s.acceptsBankTransfer);
    expect(cod.length).toBeGreaterThan(data.stores.length / 2);
    expect(cod.length).toBeLessThan(data.stores.length);
    expect(bank.length).toBeGreaterThanOrEqual(2);
    expect(bank.some((s) => s.acceptsCashOnDelivery)).toBe(true);
    for (const s of data.stores) {
      // Every store takes at least one of them, and bank transfer always comes with its details.
      expect(s.acceptsCashOnDelivery || s.acceptsBankTransfer, s.id).toBe(true);
      expect(Boolean(s.bankDetails), s.id).toBe(Boolean(s.acceptsBankTransfer));
      if (s.bankDetails) {
        expect(s.bankDetails.accountName).toMatch(/\(sample\)$/);
        expect(s.bankDetails.accountNumber).toMatch(/^0000-0000-\d{4}$/);
        expect(
          PaymentMethods.parse({
            cashOnDelivery: s.acceptsCashOnDelivery,
            bankTransfer: true,
            bankDetails: s.bankDetails,
          }).bankDetails,
        ).toEqual(s.bankDetails);
      }
    }
  });

  it('has sample reviews for most products, 1 to 5 stars, within the text limits', () => {
    expect(new Set(data.reviews.map((r) => `${r.productId}/${r.authorEmail}`)).size).toBe(data.reviews.length);
    const ids = new Set(data.products.map((p) => p.id));
    for (const r of data.reviews) {
      expect(ids.has(r.productId)).toBe(true);
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect((r.title ?? '').length).toBeLessThanOrEqual(120);
      expect((r.createdAt as Date).getTime()).toBeLessThan(Date.UTC(2026, 10, 21));
    }
  });

  it('has a buyer and one seller account per store', () => {
    expect(data.users.filter((u) => u.role === 'buyer').map((u) => u.email)).toEqual([
      DEMO_BUYER_EMAIL,
      ...REVIEWER_NAMES.map((_, n) => reviewerEmail(n)),
    ]);
    expect(data.users.filter((u) => u.role === 'seller').map((u) => u.storeId)).toEqual(data.stores.map((s) => s.id));
    expect(new Set(data.users.map((u) => u.email)).size).toBe(data.users.length);
  });
});
