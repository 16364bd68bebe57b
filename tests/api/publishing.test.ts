/**
 * What publishing needs from the API (docs/decisions/008): every catalogue change is queued in
 * the transaction that makes it, stock is a publish only when a product sells out or comes back,
 * and the sitemap is an index of files of at most 10,000 URLs with each product's last change.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products, publishQueue } from '../../src/server/db/schema';
import {
  catalogChanged,
  changesPublished,
  nextChanges,
  queueStatus,
  waitingIds,
} from '../../src/server/services/publish-queue';
import { pagesSitemap, productsSitemap, SITEMAP_FILE_URLS, sitemapIndex } from '../../src/server/services/sitemap';
import { createTestApp, type TestApp } from '../fixtures/app';
import { caller, fillCart, KINGSTON_ADDRESS, productOf, signIn, signInSeller, type Who } from '../fixtures/orders';

let t: TestApp;
let call: ReturnType<typeof caller>;
let seller: Who;
let otherSeller: Who;
let buyer: Who;
const A = 'blue-mountain-roasters';
const B = 'half-way-tree-electronics';
let mine: { id: string; name: string };
let theirs: { id: string; name: string };
const base = new URL('https://yaad.example');

const queued = async () =>
  (
    await t.database.db
      .select({ kind: publishQueue.kind, ref: publishQueue.ref })
      .from(publishQueue)
      .orderBy(asc(publishQueue.id))
  ).map((r) => `${r.kind}:${r.ref}`);

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  const db = t.database.db;
  seller = await signInSeller(db, A);
  otherSeller = await signInSeller(db, B);
  buyer = await signIn(db, 'publishing-buyer@yaad.test');
  mine = await productOf(db, A, { priceCents: 1_000, stock: 5 });
  theirs = await productOf(db, B, { priceCents: 2_000, stock: 5 });
});
afterAll(() => t?.close());
beforeEach(async () => {
  await changesPublished(t.database.db, await waitingIds(t.database.db));
});

describe('seller product changes', () => {
  it('changes the name, description and price and queues the product in the same step', async () => {
    const res = await call(seller, 'PUT', `/seller/products/${mine.id}`, {
      name: '  Peaberry Reserve  ',
      description: 'Small round beans from the top of the slope.',
      price: 19.99,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Peaberry Reserve', price: 19.99 });
    expect(await queued()).toEqual([`product:${mine.id}`]);
    const status = await queueStatus(t.database.db);
    expect(status.waiting).toBe(1);
    expect(status.oldestAgeMs).toBeGreaterThanOrEqual(0);
  });

  it('a stock change alone is queued only when the product sells out or comes back', async () => {
    expect((await call(seller, 'PUT', `/seller/products/${mine.id}`, { stock: 7 })).status).toBe(200);
    expect((await call(seller, 'PUT', `/seller/products/${mine.id}`, { stock: 3 })).status).toBe(200);
    expect(await queued()).toEqual([]);
    expect((await call(seller, 'PUT', `/seller/products/${mine.id}`, { stock: 0 })).status).toBe(200);
    expect((await call(seller, 'PUT', `/seller/products/${mine.id}`, { stock: 0 })).status).toBe(200);
    expect((await call(seller, 'PUT', `/seller/products/${mine.id}`, { stock: 4 })).status).toBe(200);
    expect(await queued()).toEqual([`product:${mine.id}`, `product:${mine.id}`]);
    await t.database.db.update(products).set({ stock: 5 }).where(eq(products.id, mine.id));
  });

  it("refuses another seller's product and an unknown one (404, docs/decisions/027), a buyer (403), bad input (400): nothing changes, nothing is queued", async () => {
    const before = await t.database.db.select().from(products).where(eq(products.id, theirs.id));
    expect((await call(seller, 'PUT', `/seller/products/${theirs.id}`, { name: 'Mine now' })).status).toBe(404);
    expect((await call(seller, 'PUT', '/seller/products/no-such-product', { price: 1 })).status).toBe(404);
    expect((await call(buyer, 'PUT', `/seller/products/${mine.id}`, { price: 1 })).status).toBe(403);
    expect((await call(null, 'PUT', `/seller/products/${mine.id}`, { price: 1 })).status).toBe(401);
    const empty = await call(seller, 'PUT', `/seller/products/${mine.id}`, { name: '   ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Name is required');
    expect((await call(seller, 'PUT', `/seller/products/${mine.id}`, {})).status).toBe(400);
    expect(await t.database.db.select().from(products).where(eq(products.id, theirs.id))).toEqual(before);
    expect(await queued()).toEqual([]);
    expect(otherSeller.id).not.toBe(seller.id);
  });
});

describe('stock moved by orders', () => {
  async function order(productId: string, quantity: number) {
    await fillCart(t.database.db, buyer.id, [{ productId, quantity }]);
    const res = await call(buyer, 'POST', '/orders/place', {
      items: [{ productId, quantity }],
      shippingAddress: { ...KINGSTON_ADDRESS, state: 'St. Andrew' },
      paymentMethod: 'cash_on_delivery',
      shippingSelections: [{ sellerId: A, shippingRateId: `${A}--zipmail` }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.order.id as string;
  }

  it('queues a product only when it sells out or comes back into stock', async () => {
    await t.database.db.update(products).set({ stock: 5 }).where(eq(products.id, mine.id));
    await order(mine.id, 2);
    expect(await queued()).toEqual([]);
    const last = await order(mine.id, 3);
    expect(await queued()).toEqual([`product:${mine.id}`]);
    await changesPublished(t.database.db, await waitingIds(t.database.db));
    const cancelled = await call(buyer, 'DELETE', `/orders/cancel/${last}`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await queued()).toEqual([`product:${mine.id}`]);
  });
});

describe('the queue', () => {
  it('forgets only the changes a publish read: one that commits late with a lower id waits for the next', async () => {
    await changesPublished(t.database.db, await waitingIds(t.database.db));
    await catalogChanged(t.database.db, 'product', 'read-by-publish', 'test');
    const batch = await nextChanges(t.database.db, 10);
    expect(batch.map((r) => r.ref)).toEqual(['read-by-publish']);
    // Its id was taken before the publisher read the queue; its transaction commits only now.
    await t.database.db
      .insert(publishQueue)
      .values({ id: batch[0].id - 1, kind: 'product', ref: 'committed-late', reason: 'test' });
    await changesPublished(
      t.database.db,
      batch.map((r) => r.id),
    );
    expect((await nextChanges(t.database.db, 10)).map((r) => r.ref)).toEqual(['committed-late']);
  });
});

describe('sitemap', () => {
  it('is an index of files of at most 10,000 URLs, each product with the time it last changed', async () => {
    const db = t.database.db;
    await db.execute(sql`
      insert into products (id, store_id, name, price_cents, category, subcategory, sku, created_at)
      select 'bulk-' || g, ${A}, 'Bulk ' || g, 100, 'Other', 'Other', 'BULK-' || g, now() + make_interval(secs => g)
        from generate_series(1, ${SITEMAP_FILE_URLS}) g`);
    const index = await sitemapIndex(db, base);
    expect(index).toContain('<sitemapindex');
    expect(index).toContain('https://yaad.example/sitemaps/pages.xml');
    expect(index).toContain('https://yaad.example/sitemaps/products-1.xml');
    expect(index).toContain('https://yaad.example/sitemaps/products-2.xml');
    expect(index).not.toContain('products-3.xml');

    const first = (await productsSitemap(db, base, 1)) as string;
    const second = (await productsSitemap(db, base, 2)) as string;
    const urls = (xml: string) => xml.match(/<url>/g)?.length ?? 0;
    expect(urls(first)).toBe(SITEMAP_FILE_URLS);
    const counted = await db.execute(sql`select count(*)::int as n from products`);
    const [{ n }] = (counted as unknown as { rows: { n: number }[] }).rows;
    expect(urls(first) + urls(second)).toBe(Number(n));
    expect(await productsSitemap(db, base, 3)).toBeUndefined();
    expect(await productsSitemap(db, base, 0)).toBeUndefined();

    // lastmod is the last change, not the creation date.
    await call(seller, 'PUT', `/seller/products/${mine.id}`, { price: 21 });
    const [row] = await db.select({ updatedAt: products.updatedAt }).from(products).where(eq(products.id, mine.id));
    const all = `${await productsSitemap(db, base, 1)}${await productsSitemap(db, base, 2)}`;
    expect(all).toContain(
      `<loc>https://yaad.example/product/${mine.id}/</loc><lastmod>${row.updatedAt.toISOString()}</lastmod>`,
    );

    const pages = await pagesSitemap(db, base);
    for (const path of ['/', '/products/', '/category/home-garden/', '/privacy-policy/', `/seller/${A}/`]) {
      expect(pages).toContain(`<loc>${new URL(path, base).href}</loc>`);
    }
  });
});
