import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductList } from '../../src/lib/contract/catalog';
import { Order } from '../../src/lib/contract/orders';
import { SellerProduct, SellerProductList } from '../../src/lib/contract/seller-products';
import { products, publishQueue } from '../../src/server/db/schema';
import { MAX_IMPORT_BYTES } from '../../src/server/services/products';
import { productsSitemap } from '../../src/server/services/sitemap';
import { createTestApp, type TestApp } from '../fixtures/app';
import { as, caller, fillCart, KINGSTON_ADDRESS, signIn, signInSeller, type Who } from '../fixtures/orders';
import { csvForm, productsCsv } from '../fixtures/product-csv';

/*
 * A seller's own products on the real API and a real database (docs/decisions/016): list, read,
 * create, change, archive, duplicate, bulk edit, CSV export and import, and what each refuses.
 */
const A = 'blue-mountain-roasters';
const B = 'half-way-tree-electronics';
let t: TestApp;
let call: ReturnType<typeof caller>;
let dataDir: string;
let seller: Who;
let other: Who;
let buyer: Who;
let photos: string[];
let othersPhoto: string;

const good = (over: Record<string, unknown> = {}) => ({
  name: 'Blue Mountain Peaberry 227g',
  description: 'Small, round beans from the highest slopes.',
  category: 'Other',
  subcategory: 'Miscellaneous',
  price: 24.5,
  compareAtPrice: 29.99,
  stock: 12,
  sku: 'BMR-PEA-227',
  tags: ['coffee', 'peaberry'],
  images: photos,
  ...over,
});

async function uploadPhoto(who: Who, colour: string): Promise<string> {
  const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), 'photo.jpg');
  const res = await t.call('/seller/uploads', { method: 'POST', body: form, headers: as(who) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

const publicProducts = async (q: string) => ProductList.parse((await call(null, 'GET', `/products?${q}`)).body);
const queued = async (id: string) =>
  (await t.database.db.select({ n: count() }).from(publishQueue).where(eq(publishQueue.ref, id)))[0].n;
const rowOf = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0];

const importCsv = (who: Who | null, text: string | Uint8Array<ArrayBuffer>) =>
  t.call('/seller/products/import', { method: 'POST', body: csvForm(text), headers: as(who) });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'yaad-seller-products-'));
  t = await createTestApp({ seed: true, config: { DATA_DIR: dataDir } });
  call = caller(t);
  seller = await signInSeller(t.database.db, A);
  other = await signInSeller(t.database.db, B);
  buyer = await signIn(t.database.db, 'buyer@yaad.test');
  photos = [await uploadPhoto(seller, '#1d6f42'), await uploadPhoto(seller, '#f4c430')];
  othersPhoto = await uploadPhoto(other, '#aa2222');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('who may call the seller product API', () => {
  it('answers 401 signed out and 403 to a buyer on every call, changing nothing', async () => {
    const [someone] = (await publicProducts(`storeId=${A}&limit=1`)).products;
    const calls: [string, string, unknown?][] = [
      ['GET', '/seller/products'],
      ['GET', `/seller/products/${someone.id}`],
      ['GET', '/seller/products/export'],
      ['POST', '/seller/products', good()],
      ['PUT', `/seller/products/${someone.id}`, { stock: 1 }],
      ['POST', `/seller/products/${someone.id}/archive`],
      ['POST', `/seller/products/${someone.id}/unarchive`],
      ['POST', `/seller/products/${someone.id}/duplicate`],
      ['POST', '/seller/products/bulk', { items: [{ id: someone.id, stock: 1 }] }],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(null, method, url, body)).status, `${method} ${url} signed out`).toBe(401);
      expect((await call(buyer, method, url, body)).status, `${method} ${url} as a buyer`).toBe(403);
    }
    // Signed out, from the shop's own page (a file from elsewhere needs a bearer token: 403).
    const signedOut = await t.call('/seller/products/import', {
      method: 'POST',
      body: csvForm('sku\n'),
      headers: { origin: 'http://shop.test' },
    });
    expect(signedOut.status).toBe(401);
    expect((await importCsv(buyer, 'sku\n')).status).toBe(403);
    expect(await rowOf(someone.id)).toMatchObject({ stock: someone.stock, archivedAt: null });
  });

  // 404 for both, as for another seller's order part or photo (decision 027): a seller cannot tell
  // another store's product from none, and the product editor shows "Product not found" rather
  // than the buyer's "open a store first" it showed for the 403 this used to answer.
  it("answers another seller's product exactly as an unknown one: 404 Product not found, on every call", async () => {
    const [theirs] = (await publicProducts(`storeId=${B}&limit=1`)).products;
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PUT', '', { stock: 1 }],
      ['POST', '/archive', undefined],
      ['POST', '/unarchive', undefined],
      ['POST', '/duplicate', undefined],
    ] as const) {
      const other = await call(seller, method, `/seller/products/${theirs.id}${suffix}`, body);
      const unknown = await call(seller, method, `/seller/products/no-such-product${suffix}`, body);
      expect([other.status, other.body], `${method} ${suffix}`).toEqual([
        404,
        { message: 'Product not found', code: 'not_found' },
      ]);
      expect([unknown.status, unknown.body], `${method} ${suffix}`).toEqual([other.status, other.body]);
    }
    expect(await rowOf(theirs.id)).toMatchObject({ stock: theirs.stock, archivedAt: null });
  });
});

describe('creating a product', () => {
  it('creates it with ordered photos, queues it for publishing and shows it in the public catalogue', async () => {
    const res = await call(seller, 'POST', '/seller/products', good());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const made = SellerProduct.parse(res.body);
    expect(made).toMatchObject({
      name: 'Blue Mountain Peaberry 227g',
      price: 24.5,
      compareAtPrice: 29.99,
      status: 'active',
      images: photos,
      sku: 'BMR-PEA-227',
      store: { id: A },
    });
    expect((await rowOf(made.id)).priceCents).toBe(2450);
    expect(await queued(made.id)).toBe(1);
    const pub = await call(null, 'GET', `/products/${made.id}`);
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ id: made.id, discounted: true, images: photos });
  });

  it('refuses bad fields with a clear 400, creating nothing', async () => {
    const before = (await t.database.db.select({ n: count() }).from(products))[0].n;
    const cases: [Record<string, unknown>, string][] = [
      [{ subcategory: 'Laptops' }, 'Choose a subcategory of Other:'],
      [{ category: 'Food' }, 'Choose a category from the list'],
      [{ compareAtPrice: 20 }, 'Compare-at price (US$) must be above the price'],
      [{ price: -1 }, 'Price (US$) cannot be below 0.00'],
      [{ price: 1.234 }, 'Price (US$) can have at most two decimals'],
      [{ name: '  ' }, 'Name is required'],
      [{ stock: 1.5 }, 'Stock must be a whole number'],
      [{ sku: 'has space' }, 'SKU can only hold'],
      [{ images: [othersPhoto] }, "not one of your store's uploads"],
      [{ images: ['/uploads/00000000000000000000000000000000/400.webp'] }, "not one of your store's uploads"],
      [{ images: ['https://evil.example/x.jpg'] }, "not one of your store's uploads"],
    ];
    for (const [over, message] of cases) {
      const res = await call(seller, 'POST', '/seller/products', good({ sku: 'NEW-ONE', ...over }));
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(JSON.stringify(res.body), JSON.stringify(over)).toContain(message);
    }
    expect((await t.database.db.select({ n: count() }).from(products))[0].n).toBe(before);
  });

  it('keeps SKUs unique within a store (409), while another store may use the same SKU', async () => {
    const clash = await call(seller, 'POST', '/seller/products', good({ name: 'Other beans' }));
    expect(clash.status).toBe(409);
    expect(clash.body.errors.sku).toContain('BMR-PEA-227');
    const elsewhere = await call(
      other,
      'POST',
      '/seller/products',
      good({ images: [othersPhoto], category: 'Electronics', subcategory: 'Gaming' }),
    );
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
    const second = SellerProduct.parse(
      (await call(seller, 'POST', '/seller/products', good({ sku: 'BMR-PEA-454' }))).body,
    );
    const renamed = await call(seller, 'PUT', `/seller/products/${second.id}`, { sku: 'BMR-PEA-227' });
    expect(renamed.status).toBe(409);
    expect((await rowOf(second.id)).sku).toBe('BMR-PEA-454');
  });
});

describe('changing a product', () => {
  it('changes every field, reorders and removes photos, and queues a publish', async () => {
    const made = SellerProduct.parse((await call(seller, 'POST', '/seller/products', good({ sku: 'EDIT-1' }))).body);
    const res = await call(seller, 'PUT', `/seller/products/${made.id}`, {
      name: 'Peaberry, roasted dark',
      category: 'Home & Garden',
      subcategory: 'Kitchen',
      price: 19.99,
      compareAtPrice: null,
      tags: ['dark'],
      images: [photos[1]],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(SellerProduct.parse(res.body)).toMatchObject({
      name: 'Peaberry, roasted dark',
      category: 'Home & Garden',
      subcategory: 'Kitchen',
      price: 19.99,
      compareAtPrice: null,
      tags: ['dark'],
      images: [photos[1]],
    });
    expect(await queued(made.id)).toBe(2);
    const reordered = await call(seller, 'PUT', `/seller/products/${made.id}`, { images: [photos[0], photos[1]] });
    expect(reordered.body.images).toEqual([photos[0], photos[1]]);
  });

  it('refuses a subcategory of another category, a compare-at price not above the price, and a foreign photo', async () => {
    const made = SellerProduct.parse((await call(seller, 'POST', '/seller/products', good({ sku: 'EDIT-2' }))).body);
    for (const [change, message] of [
      [{ subcategory: 'Rings' }, 'Choose a subcategory of Other'],
      [{ compareAtPrice: 20 }, 'Compare-at price (US$) must be above the price'],
      [{ price: 30, compareAtPrice: 30 }, 'Compare-at price (US$) must be above the price'],
      [{ images: [othersPhoto] }, "Photo 1 is not one of your store's uploads"],
      [{}, 'Change at least one field'],
    ] as const) {
      const res = await call(seller, 'PUT', `/seller/products/${made.id}`, change);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(await rowOf(made.id)).toMatchObject({ subcategory: 'Miscellaneous', priceCents: 2450, images: photos });
    // A new price alone may pass the compare-at price: the sale ends and the former price goes.
    const raised = await call(seller, 'PUT', `/seller/products/${made.id}`, { price: 40 });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ price: 40, compareAtPrice: null });
    expect((await call(null, 'GET', `/products/${made.id}`)).body).toMatchObject({
      price: 40,
      compareAtPrice: null,
      discounted: false,
    });
  });
});

describe('listing', () => {
  it("lists only the seller's own products, searched by name or SKU, filtered and paged", async () => {
    const all = SellerProductList.parse((await call(seller, 'GET', '/seller/products?limit=100')).body);
    expect(all.products.length).toBeGreaterThan(0);
    expect(all.products.every((p) => p.store.id === A)).toBe(true);
    const bySku = SellerProductList.parse((await call(seller, 'GET', '/seller/products?search=bmr-pea')).body);
    expect(bySku.products.map((p) => p.sku).sort()).toEqual(['BMR-PEA-227', 'BMR-PEA-454']);
    const byName = SellerProductList.parse((await call(seller, 'GET', '/seller/products?search=peaberry')).body);
    expect(byName.products.length).toBeGreaterThanOrEqual(2);
    const low = SellerProductList.parse((await call(seller, 'GET', '/seller/products?stock=low&limit=100')).body);
    expect(low.products.every((p) => p.stock > 0 && p.stock <= 5)).toBe(true);
    const out = SellerProductList.parse((await call(seller, 'GET', '/seller/products?stock=out&limit=100')).body);
    expect(out.products.every((p) => p.stock === 0)).toBe(true);
    const cat = SellerProductList.parse((await call(seller, 'GET', '/seller/products?category=Other&limit=100')).body);
    expect(cat.products.every((p) => p.category === 'Other')).toBe(true);
    const cheap = SellerProductList.parse(
      (await call(seller, 'GET', '/seller/products?sort=price-low&limit=3&page=2')).body,
    );
    expect(cheap.pagination).toMatchObject({ page: 2, limit: 3, total: all.pagination.total });
    const prices = cheap.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    for (const bad of ['status=gone', 'stock=some', 'sort=random', 'category=Food', 'limit=1000']) {
      expect((await call(seller, 'GET', `/seller/products?${bad}`)).status, bad).toBe(400);
    }
  });
});

describe('archiving', () => {
  it('takes the product out of the public catalogue, keeps its order history, and brings it back', async () => {
    const made = SellerProduct.parse(
      (await call(seller, 'POST', '/seller/products', good({ sku: 'ARCH-1', stock: 5 }))).body,
    );
    // A buyer orders it first.
    await fillCart(t.database.db, buyer.id, [{ productId: made.id, quantity: 1 }]);
    const placed = await call(buyer, 'POST', '/orders/place', {
      items: [{ productId: made.id, quantity: 1 }],
      shippingAddress: { ...KINGSTON_ADDRESS, state: 'St. Andrew' },
      paymentMethod: 'cash_on_delivery',
      shippingSelections: [{ sellerId: A, shippingRateId: `${A}--zipmail` }],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = placed.body.order.id as string;

    const res = await call(seller, 'POST', `/seller/products/${made.id}/archive`);
    expect(res.status).toBe(200);
    expect(SellerProduct.parse(res.body)).toMatchObject({ status: 'archived' });
    expect(res.body.archivedAt).not.toBeNull();
    expect(await queued(made.id)).toBeGreaterThanOrEqual(2);
    // Gone from every public read.
    expect((await call(null, 'GET', `/products/${made.id}`)).status).toBe(404);
    expect((await publicProducts(`storeId=${A}&limit=500`)).products.map((p) => p.id)).not.toContain(made.id);
    expect((await publicProducts('search=peaberry&limit=100')).products.map((p) => p.id)).not.toContain(made.id);
    expect((await publicProducts(`ids=${made.id}`)).products).toEqual([]);
    const base = new URL('http://shop.test/');
    expect(await productsSitemap(t.database.db, base, 1)).not.toContain(made.id);
    const shipping = await call(null, 'GET', `/products/${made.id}/shipping?parish=Kingston`);
    expect(shipping.status).toBe(404);
    // Not for sale: the cart refuses it.
    const add = await call(buyer, 'POST', '/cart/add', { productId: made.id, quantity: 1 });
    expect(add.status).toBe(404);
    // Its order history stays.
    const order = await call(buyer, 'GET', `/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(Order.parse(order.body.order).items.map((i) => i.productId)).toContain(made.id);
    // The seller still sees it, filtered as archived.
    const archived = SellerProductList.parse(
      (await call(seller, 'GET', '/seller/products?status=archived&limit=100')).body,
    );
    expect(archived.products.map((p) => p.id)).toContain(made.id);
    const active = SellerProductList.parse(
      (await call(seller, 'GET', '/seller/products?status=active&limit=100')).body,
    );
    expect(active.products.map((p) => p.id)).not.toContain(made.id);
    // Archiving again changes nothing; unarchiving brings it back.
    expect((await call(seller, 'POST', `/seller/products/${made.id}/archive`)).status).toBe(200);
    const back = await call(seller, 'POST', `/seller/products/${made.id}/unarchive`);
    expect(back.body).toMatchObject({ status: 'active', archivedAt: null });
    expect((await call(null, 'GET', `/products/${made.id}`)).status).toBe(200);
  });
});

describe('duplicating', () => {
  it('makes an archived copy named "(copy)" with a SKU of its own, each time', async () => {
    const made = SellerProduct.parse((await call(seller, 'POST', '/seller/products', good({ sku: 'DUP-1' }))).body);
    const first = await call(seller, 'POST', `/seller/products/${made.id}/duplicate`);
    expect(first.status).toBe(201);
    expect(SellerProduct.parse(first.body)).toMatchObject({
      name: `${made.name} (copy)`,
      sku: 'DUP-1-COPY',
      status: 'archived',
      images: made.images,
      price: made.price,
    });
    expect(first.body.id).not.toBe(made.id);
    const second = await call(seller, 'POST', `/seller/products/${made.id}/duplicate`);
    expect(second.body.sku).toBe('DUP-1-COPY-2');
    expect((await call(null, 'GET', `/products/${first.body.id}`)).status).toBe(404);
  });
});

describe('bulk price and stock', () => {
  it('changes many at once, and nothing at all when one id is not the seller’s or one value is refused', async () => {
    const mine = SellerProductList.parse(
      (await call(seller, 'GET', '/seller/products?sort=name&limit=3&status=active')).body,
    ).products;
    const [theirs] = (await publicProducts(`storeId=${B}&limit=1`)).products;
    const refused = await call(seller, 'POST', '/seller/products/bulk', {
      items: [
        { id: mine[0].id, price: 1 },
        { id: theirs.id, stock: 3 },
      ],
    });
    expect([refused.status, refused.body]).toEqual([
      404,
      { message: `Product not found: ${theirs.id}`, code: 'not_found' },
    ]);
    const unknown = await call(seller, 'POST', '/seller/products/bulk', {
      items: [
        { id: mine[0].id, price: 1 },
        { id: 'no-such-product', stock: 3 },
      ],
    });
    expect(unknown.status).toBe(404);
    const negative = await call(seller, 'POST', '/seller/products/bulk', {
      items: [
        { id: mine[0].id, price: 1 },
        { id: mine[1].id, stock: -1 },
      ],
    });
    expect(negative.status).toBe(400);
    expect(JSON.stringify(negative.body)).toContain('New stock cannot be below 0');
    expect((await rowOf(mine[0].id)).priceCents).toBe(Math.round(mine[0].price * 100));
    for (const bad of [
      { items: [] },
      { items: [{ id: mine[0].id }] },
      {
        items: [
          { id: mine[0].id, stock: 1 },
          { id: mine[0].id, stock: 2 },
        ],
      },
    ]) {
      expect((await call(seller, 'POST', '/seller/products/bulk', bad)).status, JSON.stringify(bad)).toBe(400);
    }

    const ok = await call(seller, 'POST', '/seller/products/bulk', {
      items: [
        { id: mine[0].id, price: 10.1 },
        { id: mine[1].id, stock: 0 },
        { id: mine[2].id, price: 7, stock: 40 },
      ],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.updated).toBe(3);
    expect(await rowOf(mine[0].id)).toMatchObject({ priceCents: 1010 });
    expect(await rowOf(mine[1].id)).toMatchObject({ stock: 0 });
    expect(await rowOf(mine[2].id)).toMatchObject({ priceCents: 700, stock: 40 });
  });
});

describe('CSV export and import', () => {
  it("exports the seller's products, and importing the export again changes nothing but the dates", async () => {
    const res = await t.call('/seller/products/export', { headers: as(seller) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = await res.text();
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe(
      'sku,name,description,category,subcategory,price,compare_at_price,stock,tags,photos,status,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,variant_sku,variant_photos',
    );
    expect(text).toContain('BMR-PEA-227');
    expect(text).not.toContain(`${B}`);
    const before = await t.database.db.select().from(products).where(eq(products.storeId, A)).orderBy(products.id);
    const again = await importCsv(seller, text);
    expect(again.status, JSON.stringify(await again.clone().json())).toBe(200);
    expect(await again.json()).toMatchObject({ created: 0, updated: before.length });
    const after = await t.database.db.select().from(products).where(eq(products.storeId, A)).orderBy(products.id);
    const strip = (rows: typeof before) =>
      rows.map(({ updatedAt, ...rest }) => ({ ...rest, archivedAt: rest.archivedAt?.toISOString() ?? null }));
    expect(strip(after)).toEqual(strip(before));
  });

  it('upserts by SKU: updates the existing ones, creates the new ones, all in one go', async () => {
    const csv = [
      'sku,name,category,subcategory,price,stock,tags,photos',
      `BMR-PEA-227,Peaberry (new label),Other,Miscellaneous,"1,250.00",30,"coffee, gift",${photos[1]} ${photos[0]}`,
      'CSV-NEW-1,Ackee tin 540g,Other,Crafts,$8.75,100,,',
      'CSV-NEW-2,"Jerk sauce, hot",Health & Beauty,Wellness,6,0,,',
      'CSV-NEW-3,Guava jelly,Other,Crafts,"US$1,004.20",3,,',
    ].join('\r\n');
    const res = await importCsv(seller, csv);
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    expect(await res.json()).toEqual({ created: 3, updated: 1, rows: 4 });
    const [updated] = await t.database.db
      .select()
      .from(products)
      .where(sql`${products.storeId} = ${A} and ${products.sku} = 'BMR-PEA-227'`);
    expect(updated).toMatchObject({
      name: 'Peaberry (new label)',
      priceCents: 125000,
      stock: 30,
      tags: ['coffee', 'gift'],
      images: [photos[1], photos[0]],
    });
    // Columns the file leaves out keep their values.
    expect(updated.description).toBe('Small, round beans from the highest slopes.');
    const [made] = await t.database.db
      .select()
      .from(products)
      .where(sql`${products.storeId} = ${A} and ${products.sku} = 'CSV-NEW-2'`);
    expect(made).toMatchObject({ name: 'Jerk sauce, hot', priceCents: 600, stock: 0, archivedAt: null });
    const [shown] = await t.database.db
      .select()
      .from(products)
      .where(sql`${products.storeId} = ${A} and ${products.sku} = 'CSV-NEW-3'`);
    // A price written as the shop shows it ("US$1,004.20") is read as that price.
    expect(shown).toMatchObject({ priceCents: 100420 });
    expect(await queued(made.id)).toBe(1);
    expect((await call(null, 'GET', `/products/${made.id}`)).status).toBe(200);
  });

  it('reports each bad row by line and column and imports nothing from the file', async () => {
    const before = await t.database.db.select().from(products).where(eq(products.storeId, A)).orderBy(products.id);
    const csv = [
      'sku,name,category,subcategory,price,compare_at_price,stock,photos',
      'CSV-OK-1,Fine product,Other,Crafts,10.00,,5,',
      'BMR-PEA-227,Changed name,Other,Crafts,10.00,,5,',
      'CSV-BAD-1,Bad subcategory,Books,Laptops,10.00,,5,',
      'CSV-BAD-2,Bad price,Other,Crafts,ten,,5,',
      'CSV-BAD-3,Compare low,Other,Crafts,10.00,9.00,-2,',
      `CSV-BAD-4,Foreign photo,Other,Crafts,10.00,,5,${othersPhoto}`,
      'CSV-OK-1,Twice,Other,Crafts,10.00,,5,',
      'CSV-BAD-5,Priced in J$,Other,Crafts,J$1570,,5,',
    ].join('\n');
    const res = await importCsv(seller, csv);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.message).toContain('Nothing was imported');
    expect(body.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 4, column: 'subcategory' }),
        expect.objectContaining({ line: 5, column: 'price' }),
        expect.objectContaining({ line: 6, column: 'compare_at_price' }),
        expect.objectContaining({ line: 6, column: 'stock' }),
        expect.objectContaining({ line: 8, column: 'sku', message: expect.stringContaining('line 2') }),
        expect.objectContaining({ line: 9, column: 'price', message: expect.stringContaining('US dollars') }),
      ]),
    );
    expect(body.problems.find((p: { line: number }) => p.line === 4).message).toContain(
      'Choose a subcategory of Books:',
    );
    const after = await t.database.db.select().from(products).where(eq(products.storeId, A)).orderBy(products.id);
    expect(after).toEqual(before);

    // The photo check runs once the cells are good: its own refusal, again with nothing imported.
    const photo = await importCsv(
      seller,
      [
        'sku,name,category,subcategory,price,stock,photos',
        'CSV-OK-2,Fine,Other,Crafts,1,1,',
        `CSV-BAD-4,Foreign photo,Other,Crafts,10.00,5,${othersPhoto}`,
      ].join('\n'),
    );
    expect(photo.status).toBe(422);
    expect((await photo.json()).problems).toEqual([expect.objectContaining({ line: 3, column: 'photos' })]);
    expect(await t.database.db.select().from(products).where(eq(products.storeId, A)).orderBy(products.id)).toEqual(
      before,
    );
  });

  it('refuses a 1,000-row file whose one bad cell is on line 501: that one problem, and nothing imported', async () => {
    const storeRows = () => t.database.db.select().from(products).where(eq(products.storeId, A)).orderBy(products.id);
    const before = await storeRows();
    const res = await importCsv(seller, productsCsv(1000, { skuPrefix: 'BIG', badPriceOnLine: 501 }));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('Nothing was imported') });
    expect(body.problems).toEqual([{ line: 501, column: 'price', message: expect.stringContaining('price must be') }]);
    // None of the 999 good rows went in, nor anything else of the file.
    expect(await storeRows()).toEqual(before);
    const [{ n }] = await t.database.db.select({ n: count() }).from(products).where(sql`${products.sku} like 'BIG-%'`);
    expect(n).toBe(0);
    // The same file with that cell corrected imports all 1,000.
    const fixed = await importCsv(seller, productsCsv(1000, { skuPrefix: 'BIG' }));
    expect(fixed.status).toBe(200);
    expect(await fixed.json()).toEqual({ created: 1000, updated: 0, rows: 1000 });
  });

  it('refuses a file over 5 MB with 413, importing nothing: one byte over, and 6 MB', async () => {
    const before = await t.database.db.select({ n: count() }).from(products);
    const header = 'sku,name,category,subcategory,price,stock\n';
    const row = 'BIG-1,Big file,Other,Crafts,1.00,1\n';
    const fileOf = (bytes: number) => header + row.repeat(Math.ceil((bytes - header.length) / row.length));
    for (const size of [MAX_IMPORT_BYTES + 1, 6 * 1024 * 1024]) {
      const res = await importCsv(seller, fileOf(size));
      expect(res.status, String(size)).toBe(413);
      expect(await res.json()).toEqual({ code: 'payload_too_large', message: 'A CSV file may be at most 5 MB' });
    }
    expect(await t.database.db.select({ n: count() }).from(products)).toEqual(before);
  });

  it('refuses a file with a missing or unknown column, a ragged row, or nothing under the header', async () => {
    const cases: [string, { line: number; column: string }][] = [
      ['sku,name,category,price,stock\nX,Y,Other,1,1', { line: 1, column: 'subcategory' }],
      ['sku,name,category,subcategory,price,stock,colour\nX,Y,Other,Art,1,1,red', { line: 1, column: 'colour' }],
      ['sku,name,category,subcategory,price,stock\nX,Y,Other,Art,1', { line: 2, column: '' }],
      ['sku,name,category,subcategory,price,stock\n', { line: 2, column: '' }],
      ['sku,name,category,subcategory,price,stock\n"X,Y,Other,Art,1,1', { line: 2, column: '' }],
    ];
    // A quoted cell may hold a line break: the next row's line is still the editor's line.
    cases.push([
      'sku,name,description,category,subcategory,price,stock\r\nM-1,Two lines,"first\r\nsecond",Other,Art,1,1\r\nM-2,Bad,,Other,Art,1,x',
      { line: 4, column: 'stock' },
    ]);
    for (const [csv, where] of cases) {
      const res = await importCsv(seller, csv);
      expect(res.status, csv).toBe(422);
      expect((await res.json()).problems[0], csv).toMatchObject(where);
    }
    const notText = await importCsv(seller, new Uint8Array([0x73, 0x6b, 0x75, 0xff, 0xfe, 0x0a]));
    expect(notText.status).toBe(400);
    expect((await notText.json()).message).toContain('UTF-8');
    const json = await call(seller, 'POST', '/seller/products/import', { file: 'x' });
    expect(json.status).toBe(415);
    const noFile = await t.call('/seller/products/import', {
      method: 'POST',
      body: new FormData(),
      headers: as(seller),
    });
    expect(noFile.status).toBe(400);
  });
});
