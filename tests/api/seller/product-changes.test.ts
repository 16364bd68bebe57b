import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SellerProduct } from '../../../src/lib/contract/seller-products';
import { products, publishQueue } from '../../../src/server/db/schema';
import { changesPublished, waitingIds } from '../../../src/server/services/publish-queue';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { as, caller, signInSeller, type Who } from '../../fixtures/orders';

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

function csvForm(text: string) {
  const form = new FormData();
  form.set('file', new Blob([text], { type: 'text/csv' }), 'products.csv');
  return form;
}
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
