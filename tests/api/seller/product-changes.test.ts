import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SellerProduct } from '../../../src/lib/contract/seller-products';
import { products, publishQueue } from '../../../src/server/db/schema';
import { changesPublished, waitingIds } from '../../../src/server/services/publish-queue';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { as, caller, signInSeller, type Who } from '../../fixtures/orders';
import { csvForm } from '../../fixtures/product-csv';

/*
 * One write path for a product change (services/products/change.ts): the JSON edit, the bulk
 * edit, each CSV row of a product the store has and archiving obey the same rules and publish
 * the same way, whichever door the seller uses.
 */
const A = 'blue-mountain-roasters';
let t: TestApp;
let call: ReturnType<typeof caller>;
let seller: Who;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  seller = await signInSeller(t.database.db, A);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await changesPublished(t.database.db, await waitingIds(t.database.db));
});

const queued = async () =>
  (await t.database.db.select({ ref: publishQueue.ref }).from(publishQueue).orderBy(asc(publishQueue.id))).map(
    (r) => r.ref,
  );
const rowBySku = async (sku: string) => (await t.database.db.select().from(products).where(eq(products.sku, sku)))[0];

async function importCsv(lines: string[]) {
  const res = await t.call('/seller/products/import', {
    method: 'POST',
    body: csvForm(lines.join('\n')),
    headers: as(seller),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

async function create(sku: string, over: Record<string, unknown> = {}) {
  const res = await call(seller, 'POST', '/seller/products', {
    name: `Product ${sku}`,
    description: 'For the change tests.',
    category: 'Other',
    subcategory: 'Crafts',
    price: 10,
    compareAtPrice: null,
    stock: 5,
    sku,
    tags: [],
    images: [],
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return SellerProduct.parse(res.body);
}

describe('publishing a change, whichever door', () => {
  it('a CSV import queues only the rows whose pages change: not the same values again, not stock that stays above zero', async () => {
    const kept = await create('PUB-KEEP');
    const stock = await create('PUB-STOCK');
    const out = await create('PUB-OUT');
    const renamed = await create('PUB-NAME');
    const shelved = await create('PUB-ARCH');
    const draft = await create('PUB-DRAFT', { status: 'archived' });
    await changesPublished(t.database.db, await waitingIds(t.database.db));
    const header = 'sku,name,description,category,subcategory,price,stock,status';
    const line = (p: SellerProduct, over: { name?: string; stock?: number; status?: string } = {}) =>
      [
        p.sku,
        over.name ?? p.name,
        p.description,
        p.category,
        p.subcategory,
        p.price.toFixed(2),
        over.stock ?? p.stock,
        over.status ?? p.status,
      ].join(',');
    const result = await importCsv([
      header,
      line(kept),
      line(stock, { stock: 4 }),
      line(out, { stock: 0 }),
      line(renamed, { name: 'A new name' }),
      line(shelved, { status: 'archived' }),
      line(draft, { name: 'Still a draft' }),
    ]);
    expect(result).toEqual({ created: 0, updated: 6, rows: 6 });
    expect((await queued()).sort()).toEqual([out.id, renamed.id, shelved.id].sort());
    expect(await rowBySku('PUB-DRAFT')).toMatchObject({ name: 'Still a draft' });
    expect((await rowBySku('PUB-ARCH')).archivedAt).not.toBeNull();
  });

  it('a JSON edit that sends the values the product already has queues nothing; a real change is queued', async () => {
    const p = await create('PUB-JSON');
    await changesPublished(t.database.db, await waitingIds(t.database.db));
    const same = await call(seller, 'PUT', `/seller/products/${p.id}`, { name: p.name, price: p.price, tags: [] });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(await queued()).toEqual([]);
    expect((await call(seller, 'PUT', `/seller/products/${p.id}`, { tags: ['new'] })).status).toBe(200);
    expect(await queued()).toEqual([p.id]);
  });
});

describe('a price at or above the compare-at price ends the sale, whichever door', () => {
  const publicOf = async (id: string) => (await call(null, 'GET', `/products/${id}`)).body;

  it('a CSV row raising the price to the compare-at price ends it: a later price drop does not show "On sale" again', async () => {
    const sale = await create('SALE-CSV', { price: 10, compareAtPrice: 15 });
    expect(await publicOf(sale.id)).toMatchObject({ discounted: true, compareAtPrice: 15 });
    // A file without the compare_at_price column: the price alone reaches it.
    await importCsv(['sku,name,category,subcategory,price,stock', `SALE-CSV,${sale.name},Other,Crafts,15.00,5`]);
    expect(await rowBySku('SALE-CSV')).toMatchObject({ priceCents: 1500, compareAtCents: null });
    const lower = await call(seller, 'PUT', `/seller/products/${sale.id}`, { price: 9 });
    expect(lower.status, JSON.stringify(lower.body)).toBe(200);
    expect(lower.body).toMatchObject({ price: 9, compareAtPrice: null });
    expect(await publicOf(sale.id)).toMatchObject({ price: 9, discounted: false, compareAtPrice: null });
  });

  it('so do the JSON edit and the bulk edit, and a price still under it keeps the sale', async () => {
    const json = await create('SALE-JSON', { price: 10, compareAtPrice: 15 });
    const bulk = await create('SALE-BULK', { price: 10, compareAtPrice: 15 });
    const kept = await create('SALE-KEPT', { price: 10, compareAtPrice: 15 });
    expect((await call(seller, 'PUT', `/seller/products/${json.id}`, { price: 16 })).status).toBe(200);
    const res = await call(seller, 'POST', '/seller/products/bulk', {
      items: [
        { id: bulk.id, price: 15 },
        { id: kept.id, price: 14.99 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await importCsv(['sku,name,category,subcategory,price,stock', `SALE-KEPT,${kept.name},Other,Crafts,14.50,5`]);
    expect(await rowBySku('SALE-JSON')).toMatchObject({ priceCents: 1600, compareAtCents: null });
    expect(await rowBySku('SALE-BULK')).toMatchObject({ priceCents: 1500, compareAtCents: null });
    expect(await rowBySku('SALE-KEPT')).toMatchObject({ priceCents: 1450, compareAtCents: 1500 });
  });
});
