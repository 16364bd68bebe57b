/**
 * The seller's variants door (issue 30 #4, docs/decisions/054): PUT /seller/products/{id}/variants
 * sets the whole grid all or nothing, keeps the ids of variants that still exist, keeps the
 * product's price (cheapest), compare-at and stock (sum), and every refusal changes nothing. On
 * PGlite and PostgreSQL alike.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SellerProduct } from '../../../src/lib/contract/seller-products';
import { products, productVariants, publishQueue } from '../../../src/server/db/schema';
import { SET_PER_VARIANT } from '../../../src/server/services/products/change';
import { changesPublished, waitingIds } from '../../../src/server/services/publish-queue';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { caller, signInSeller, type Who } from '../../fixtures/orders';

const A = 'blue-mountain-roasters';
const B = 'half-way-tree-electronics';
let t: TestApp;
let call: ReturnType<typeof caller>;
let seller: Who;
let other: Who;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  seller = await signInSeller(t.database.db, A);
  other = await signInSeller(t.database.db, B);
});
afterAll(async () => {
  await t?.close();
});

async function create(sku: string, who = seller, images: string[] = []) {
  const res = await call(who, 'POST', '/seller/products', {
    name: `Boots ${sku}`,
    category: 'Clothing',
    subcategory: 'Shoes',
    price: 80,
    stock: 4,
    sku,
    images,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return SellerProduct.parse(res.body);
}

const rowsOf = async (id: string) =>
  t.database.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
const productRow = async (id: string) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0];
/** What a refusal must leave as it was. */
const state = async (id: string) => ({ product: await productRow(id), variants: await rowsOf(id) });

const SIZE_COLOUR = [
  { name: 'Size', values: ['9', '10'] },
  { name: 'Colour', values: ['Brown', 'Black'] },
];
const grid = (sku: string) => ({
  options: SIZE_COLOUR,
  variants: [
    { options: ['9', 'Brown'], sku: `${sku}-9-BR`, price: 85, stock: 2 },
    { options: ['9', 'Black'], sku: `${sku}-9-BL`, price: 85, stock: 0 },
    { options: ['10', 'Brown'], sku: `${sku}-10-BR`, price: 79.5, compareAtPrice: 95, stock: 3 },
    { options: ['10', 'Black'], sku: `${sku}-10-BL`, price: 85, stock: 1 },
  ],
});
const put = (id: string, body: unknown, who = seller) => call(who, 'PUT', `/seller/products/${id}/variants`, body);

describe('setting a product’s options and variants', () => {
  it('adds Size × Colour: the sole variant goes, one row per combination, the product takes the cheapest price and the stock sum, publishing is queued', async () => {
    const p = await create('DB-1');
    await changesPublished(t.database.db, await waitingIds(t.database.db));
    const res = await put(p.id, grid('DB-1'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answered = SellerProduct.parse(res.body);
    expect(answered.options).toEqual(SIZE_COLOUR);
    expect(answered.variants?.map((v) => [v.id, v.label, v.sku, v.price, v.compareAtPrice, v.stock])).toEqual([
      [`${p.id}~9-brown`, 'Size 9, Brown', 'DB-1-9-BR', 85, null, 2],
      [`${p.id}~9-black`, 'Size 9, Black', 'DB-1-9-BL', 85, null, 0],
      [`${p.id}~10-brown`, 'Size 10, Brown', 'DB-1-10-BR', 79.5, 95, 3],
      [`${p.id}~10-black`, 'Size 10, Black', 'DB-1-10-BL', 85, null, 1],
    ]);
    expect([answered.price, answered.compareAtPrice, answered.stock]).toEqual([79.5, 95, 6]);
    const row = await productRow(p.id);
    expect([row.priceCents, row.compareAtCents, row.stock, row.sku]).toEqual([7_950, 9_500, 6, 'DB-1']);
    expect((await rowsOf(p.id)).some((v) => v.id === p.id)).toBe(false);
    const queued = await t.database.db.select({ ref: publishQueue.ref }).from(publishQueue);
    expect(queued.map((q) => q.ref)).toContain(p.id);
    // The seller's read answers the same grid.
    const read = await call(seller, 'GET', `/seller/products/${p.id}`);
    expect(SellerProduct.parse(read.body).variants).toEqual(answered.variants);
  });

  it('edits the grid: a renamed value keeps its id when named, same values keep theirs, a removed combination goes, a new one is made', async () => {
    const p = await create('DB-2');
    const first = SellerProduct.parse((await put(p.id, grid('DB-2'))).body);
    const [nineBrown, nineBlack, tenBrown] = first.variants ?? [];
    const res = await put(p.id, {
      options: [
        { name: 'Size', values: ['9', '10', '11'] },
        { name: 'Colour', values: ['Tan', 'Black'] },
      ],
      variants: [
        // Brown renamed Tan: named by id, the variant (and what carts hold of it) stays.
        { id: nineBrown?.id, options: ['9', 'Tan'], sku: 'DB-2-9-TN', price: 85, stock: 5 },
        { id: tenBrown?.id, options: ['10', 'Tan'], sku: 'DB-2-10-BR', price: 90, stock: 0 },
        // Not named: its values find it.
        { options: ['9', 'Black'], sku: 'DB-2-9-BL', price: 70, stock: 1 },
        // 10 / Black is not sold any more; 11 / Black is new.
        { options: ['11', 'Black'], sku: 'DB-2-11-BL', price: 88, stock: 2 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = SellerProduct.parse(res.body);
    expect(after.variants?.map((v) => [v.id, v.label, v.stock])).toEqual([
      [nineBrown?.id, 'Size 9, Tan', 5],
      [tenBrown?.id, 'Size 10, Tan', 0],
      [nineBlack?.id, 'Size 9, Black', 1],
      [`${p.id}~11-black`, 'Size 11, Black', 2],
    ]);
    expect(await rowsOf(p.id)).toHaveLength(4);
    expect([after.price, after.compareAtPrice, after.stock]).toEqual([70, null, 8]);
  });

  it('swaps SKUs and values between kept variants in one save', async () => {
    const p = await create('DB-3');
    const first = SellerProduct.parse((await put(p.id, grid('DB-3'))).body);
    const [a, b] = first.variants ?? [];
    const body = grid('DB-3');
    const [va, vb, ...rest] = body.variants;
    const res = await put(p.id, {
      options: body.options,
      variants: [
        { ...va, id: a?.id, sku: vb?.sku, options: vb?.options },
        { ...vb, id: b?.id, sku: va?.sku, options: va?.options },
        ...rest,
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await rowsOf(p.id);
    expect(rows.slice(0, 2).map((r) => [r.id, r.sku, r.optionValues])).toEqual([
      [a?.id, 'DB-3-9-BL', ['9', 'Black']],
      [b?.id, 'DB-3-9-BR', ['9', 'Brown']],
    ]);
  });

  it('takes every option away: the product is sold one way again, its sole variant back with the row’s price, stock and SKU', async () => {
    const p = await create('DB-4');
    await put(p.id, grid('DB-4'));
    const res = await put(p.id, {
      options: [],
      variants: [{ options: [], sku: 'DB-4-ONE', price: 60, compareAtPrice: 75, stock: 9 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = await productRow(p.id);
    expect([row.options, row.sku, row.priceCents, row.compareAtCents, row.stock]).toEqual([
      [],
      'DB-4-ONE',
      6_000,
      7_500,
      9,
    ]);
    expect((await rowsOf(p.id)).map((v) => [v.id, v.optionValues, v.sku, v.priceCents, v.stock])).toEqual([
      [p.id, [], 'DB-4-ONE', 6_000, 9],
    ]);
  });

  it('lets a variant show some of the product’s photos, and refuses one that is not the product’s', async () => {
    const photos = ['/images/products/leather-sandals-0.svg'];
    const withPhoto = (await t.database.db.select({ images: products.images }).from(products).limit(50)).find(
      (r) => r.images.length > 0,
    );
    const own = withPhoto?.images.slice(0, 1) ?? photos;
    const p = await create('DB-5', seller, []);
    await t.database.db.update(products).set({ images: own }).where(eq(products.id, p.id));
    const body = grid('DB-5');
    const ok = await put(p.id, {
      ...body,
      variants: body.variants.map((v, i) => (i === 0 ? { ...v, images: own } : v)),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(SellerProduct.parse(ok.body).variants?.[0]?.images).toEqual(own);
    const before = await state(p.id);
    const bad = await put(p.id, {
      ...body,
      variants: body.variants.map((v, i) => (i === 1 ? { ...v, images: ['/uploads/elsewhere/x.webp'] } : v)),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['variants.1.images.0']).toBe(
      "Variant 2 (Size 9, Black): photo 1 is not one of this product's photos: choose from its photos",
    );
    expect(await state(p.id)).toEqual(before);
  });
});

describe('a refused grid changes nothing', () => {
  let id: string;
  beforeAll(async () => {
    id = (await create('RF-1')).id;
    expect((await put(id, grid('RF-1'))).status).toBe(200);
    await create('RF-OTHER');
    const sibling = await create('RF-2');
    expect((await put(sibling.id, grid('RF-2'))).status).toBe(200);
  });

  const refusals: [string, (g: ReturnType<typeof grid>) => unknown, string, string][] = [
    [
      'a combination twice',
      (g) => ({ ...g, variants: [...g.variants, { ...g.variants[2], sku: 'RF-1-DUP' }] }),
      'variants.4.options',
      'Variant 5 (Size 10, Brown): this combination is already variant 3: remove one of them',
    ],
    [
      'four options',
      (g) => ({
        options: [...g.options, { name: 'Width', values: ['D'] }, { name: 'Lace', values: ['Round'] }],
        variants: g.variants.map((v) => ({ ...v, options: [...v.options, 'D', 'Round'] })),
      }),
      'options',
      'A product can have at most 3 options, like Size, Colour and Width',
    ],
    [
      'a SKU another product has',
      (g) => ({ ...g, variants: g.variants.map((v, i) => (i === 2 ? { ...v, sku: 'RF-OTHER' } : v)) }),
      'variants.2.sku',
      'Variant 3 (Size 10, Brown): SKU RF-OTHER is already used by Boots RF-OTHER: choose another',
    ],
    [
      'a SKU another product’s variant has',
      (g) => ({ ...g, variants: g.variants.map((v, i) => (i === 2 ? { ...v, sku: 'RF-2-10-BR' } : v)) }),
      'variants.2.sku',
      'Variant 3 (Size 10, Brown): SKU RF-2-10-BR is already used by Boots RF-2, Size 10, Brown: choose another',
    ],
    [
      'the product’s own SKU',
      (g) => ({ ...g, variants: g.variants.map((v, i) => (i === 0 ? { ...v, sku: 'RF-1' } : v)) }),
      'variants.0.sku',
      "Variant 1 (Size 9, Brown): SKU RF-1 is already used by this product's own SKU: choose another",
    ],
    [
      'negative stock',
      (g) => ({ ...g, variants: g.variants.map((v, i) => (i === 1 ? { ...v, stock: -1 } : v)) }),
      'variants.1.stock',
      'Stock cannot be below 0',
    ],
    [
      'a value its option does not have',
      (g) => ({ ...g, variants: g.variants.map((v, i) => (i === 3 ? { ...v, options: ['12', 'Black'] } : v)) }),
      'variants.3.options',
      "Variant 4 (Size 12, Black): 12 is not one of Size's values: add it to Size or choose another",
    ],
    [
      'a compare-at price not above the price',
      (g) => ({ ...g, variants: g.variants.map((v, i) => (i === 0 ? { ...v, compareAtPrice: 85 } : v)) }),
      'variants.0.compareAtPrice',
      'Variant 1 (Size 9, Brown): Compare-at price (US$) must be above the price: raise it, or leave it empty when the product is not on sale',
    ],
    [
      'two options of one name',
      (g) => ({ ...g, options: [g.options[0], { ...g.options[1], name: 'size' }] }),
      'options.1.name',
      'Option 2 (size) has the same name as option 1: give each option its own name',
    ],
    [
      'an option without values',
      (g) => ({ ...g, options: [g.options[0], { name: 'Colour', values: [] }] }),
      'options.1.values',
      'Give the option at least one value, like 9, 10, 11',
    ],
    [
      'a variant id of another product',
      (g) => ({ ...g, variants: g.variants.map((v, i) => (i === 0 ? { ...v, id: 'some-other~9-brown' } : v)) }),
      'variants.0.id',
      "Variant 1 (Size 9, Brown): it is not one of this product's variants: reload the page and try again",
    ],
  ];
  it.each(refusals)('%s', async (_, change, path, message) => {
    const before = await state(id);
    const res = await put(id, change(grid('RF-1')));
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors[path]).toBe(message);
    expect(await state(id)).toEqual(before);
  });

  it('more variants than allowed', async () => {
    const values = Array.from({ length: 11 }, (_, i) => String(i + 1));
    const before = await state(id);
    const res = await put(id, {
      options: [
        { name: 'Size', values },
        { name: 'Width', values: values.map((v) => `W${v}`) },
      ],
      variants: values.flatMap((a) =>
        values.map((b) => ({ options: [a, `W${b}`], sku: `RF-${a}-${b}`, price: 1, stock: 1 })),
      ),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.variants).toBe(
      'A product can have at most 100 variants: remove combinations you do not sell',
    );
    expect(await state(id)).toEqual(before);
  });

  it('another seller’s product is 404 and untouched', async () => {
    const before = await state(id);
    const res = await put(id, grid('XX'), other);
    expect(res.status).toBe(404);
    expect(await state(id)).toEqual(before);
  });
});

describe('the other doors of a product with options', () => {
  it('refuse a price or stock of their own and take the rest; a product SKU may not take a variant’s', async () => {
    const p = await create('OD-1');
    const withGrid = SellerProduct.parse((await put(p.id, grid('OD-1'))).body);
    const before = await state(p.id);
    const price = await call(seller, 'PUT', `/seller/products/${p.id}`, { price: 50 });
    expect(price.status).toBe(400);
    expect(price.body.errors.price).toBe(SET_PER_VARIANT);
    const bulk = await call(seller, 'POST', '/seller/products/bulk', { items: [{ id: p.id, stock: 3 }] });
    expect(bulk.status).toBe(400);
    expect(bulk.body.message).toBe(`Boots OD-1: ${SET_PER_VARIANT}`);
    const sku = await call(seller, 'PUT', `/seller/products/${p.id}`, { sku: 'OD-1-9-BR' });
    expect(sku.status).toBe(409);
    expect(await state(p.id)).toEqual(before);
    // The editor sends every field back unchanged: that is no change of price or stock.
    const renamed = await call(seller, 'PUT', `/seller/products/${p.id}`, {
      name: 'Desert Boots',
      price: withGrid.price,
      stock: withGrid.stock,
      compareAtPrice: withGrid.compareAtPrice,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(SellerProduct.parse(renamed.body).variants).toHaveLength(4);
  });
});

describe('a copy of a product with options', () => {
  it('has its options and variants, each with a SKU of its own and a new id, archived', async () => {
    const p = await create('CP-1');
    expect((await put(p.id, grid('CP-1'))).status).toBe(200);
    const res = await call(seller, 'POST', `/seller/products/${p.id}/duplicate`);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = SellerProduct.parse(res.body);
    expect([copy.status, copy.sku, copy.options, copy.price, copy.stock]).toEqual([
      'archived',
      'CP-1-COPY',
      SIZE_COLOUR,
      79.5,
      6,
    ]);
    expect(copy.variants?.map((v) => [v.id, v.sku, v.label, v.stock])).toEqual([
      [`${copy.id}~9-brown`, 'CP-1-9-BR-COPY', 'Size 9, Brown', 2],
      [`${copy.id}~9-black`, 'CP-1-9-BL-COPY', 'Size 9, Black', 0],
      [`${copy.id}~10-brown`, 'CP-1-10-BR-COPY', 'Size 10, Brown', 3],
      [`${copy.id}~10-black`, 'CP-1-10-BL-COPY', 'Size 10, Black', 1],
    ]);
  });
});

describe('what the seller’s list and dashboard show of variants', () => {
  it('lists a product with its variants, finds it by a variant’s SKU, and shows low stock per variant', async () => {
    const p = await create('LS-1');
    const lowBefore = (await call(seller, 'GET', '/seller/dashboard')).body.lowStock.total as number;
    expect((await put(p.id, grid('LS-1'))).status).toBe(200);
    const list = await call(seller, 'GET', '/seller/products?search=ls-1-10-br');
    expect(list.status).toBe(200);
    const [found, ...more] = (list.body.products as unknown[]).map((x) => SellerProduct.parse(x));
    expect(more).toEqual([]);
    expect(found?.variants?.map((v) => [v.label, v.stock])).toEqual([
      ['Size 9, Brown', 2],
      ['Size 9, Black', 0],
      ['Size 10, Brown', 3],
      ['Size 10, Black', 1],
    ]);
    // A product without options is its one variant: the product itself.
    const plain = await create('LS-2');
    const read = SellerProduct.parse((await call(seller, 'GET', `/seller/products/${plain.id}`)).body);
    const [sole] = await rowsOf(plain.id);
    expect(read.variants).toEqual([
      {
        id: sole?.id,
        options: [],
        label: '',
        sku: 'LS-2',
        price: 80,
        compareAtPrice: null,
        discounted: false,
        stock: 4,
        images: [],
      },
    ]);
    const dashboard = await call(seller, 'GET', '/seller/dashboard');
    const low = dashboard.body.lowStock.products as {
      id: string;
      productId: string;
      name: string;
      variant: string;
      stock: number;
    }[];
    expect(low.filter((v) => v.productId === p.id).map((v) => [v.id, v.name, v.variant, v.stock])).toEqual(
      // The first ten by stock: the boots' sold-out and last-one variants are among the store's lowest.
      [
        [`${p.id}~9-black`, 'Boots LS-1', 'Size 9, Black', 0],
        [`${p.id}~10-black`, 'Boots LS-1', 'Size 10, Black', 1],
        [`${p.id}~9-brown`, 'Boots LS-1', 'Size 9, Brown', 2],
        [`${p.id}~10-brown`, 'Boots LS-1', 'Size 10, Brown', 3],
      ].filter(([id]) => low.some((v) => v.id === id)),
    );
    expect(low.some((v) => v.id === p.id)).toBe(false);
    // The boots' one low line (stock 4) became four, each variant at 5 or fewer; LS-2 (stock 4) is one more.
    expect(dashboard.body.lowStock.total).toBe(lowBefore + 3 + 1);
    expect(low.some((v) => v.productId === p.id && v.stock === 0)).toBe(true);
  });
});
