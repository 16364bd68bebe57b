/**
 * A SKU names one thing sold in a store, and the database says so (docs/decisions/055): the unique
 * index product_variants_store_sku_key over each variant's store (the database's to write: taken
 * from its product, following the product's), where a product without options has its sole variant
 * carrying its SKU. Through the doors, each store has its own
 * namespace. Migration 0031 brings SKUs that already clash under it instead of failing. On PGlite,
 * and on PostgreSQL with TEST_DATABASE_URL (the races: variant-sku-race.test.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../../src/server/db/errors';
import { products, productVariants, stores } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { databaseAt } from '../../fixtures/database-at';
import { caller, signInSeller, type Who } from '../../fixtures/orders';
import { createShoe } from '../../fixtures/variants-door';

const A = 'blue-mountain-roasters';
const B = 'half-way-tree-electronics';
const INDEX = 'product_variants_store_sku_key';
let t: TestApp;
let call: ReturnType<typeof caller>;
let sellerA: Who;
let sellerB: Who;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  sellerA = await signInSeller(t.database.db, A);
  sellerB = await signInSeller(t.database.db, B);
});
afterAll(() => t?.close());

/** What a write that must fail failed with (nothing when it passed). */
const failure = (write: Promise<unknown>) =>
  write.then(
    () => undefined,
    (error: unknown) => error,
  );
const product = (id: string, storeId: string | null, sku: string, options: { name: string; values: string[] }[]) => ({
  id,
  storeId,
  name: id,
  priceCents: 5_000,
  category: 'Clothing',
  subcategory: 'Shoes',
  sku,
  options,
});
const SIZE = [{ name: 'Size', values: ['S', 'M'] }];
const variant = (productId: string, value: string, sku: string, storeId?: string) => ({
  id: `${productId}~${value}`,
  productId,
  optionValues: [value],
  sku,
  priceCents: 5_000,
  stock: 1,
  storeId,
});
const storeOf = async (variantId: string) =>
  (
    await t.database.db
      .select({ storeId: productVariants.storeId })
      .from(productVariants)
      .where(eq(productVariants.id, variantId))
  )[0]?.storeId;

describe('the database keeps a SKU to one variant per store', () => {
  it('refuses a second variant with a SKU of the store, and a plain product taking a variant’s; another store may use it', async () => {
    const db = t.database.db;
    await db
      .insert(products)
      .values([product('sku-db-1', A, 'SKU-DB-1', SIZE), product('sku-db-2', A, 'SKU-DB-2', SIZE)]);
    // The writer's store is not trusted: the trigger takes the product's.
    await db.insert(productVariants).values(variant('sku-db-1', 'S', 'SKU-DB-S', B));
    expect(await storeOf('sku-db-1~S')).toBe(A);

    expect(
      isUniqueViolation(await failure(db.insert(productVariants).values(variant('sku-db-2', 'S', 'SKU-DB-S'))), INDEX),
    ).toBe(true);
    // A product without options is its sole variant, SKU and all: it cannot take a variant's SKU.
    const plain = failure(db.insert(products).values(product('sku-db-plain', A, 'SKU-DB-S', [])));
    expect(isUniqueViolation(await plain, INDEX)).toBe(true);
    expect(await db.select().from(products).where(eq(products.id, 'sku-db-plain'))).toEqual([]);

    await db.insert(products).values(product('sku-db-b', B, 'SKU-DB-B', SIZE));
    await db.insert(productVariants).values(variant('sku-db-b', 'S', 'SKU-DB-S'));
    expect(await storeOf('sku-db-b~S')).toBe(B);
  });

  it('moves a variant’s store with its product’s, and lets it go when the store is gone', async () => {
    const db = t.database.db;
    await db
      .insert(stores)
      .values({ id: 'sku-db-gone', name: 'Gone', location: 'Kingston', parish: 'Kingston', joinDate: '2026-11-28' });
    await db.insert(products).values(product('sku-db-moved', 'sku-db-gone', 'SKU-DB-MOVED', SIZE));
    await db.insert(productVariants).values(variant('sku-db-moved', 'M', 'SKU-DB-M'));
    expect(await storeOf('sku-db-moved~M')).toBe('sku-db-gone');
    await db.delete(stores).where(eq(stores.id, 'sku-db-gone'));
    expect(await storeOf('sku-db-moved~M')).toBe(null);
    await db.update(products).set({ storeId: B }).where(eq(products.id, 'sku-db-moved'));
    expect(await storeOf('sku-db-moved~M')).toBe(B);
    // A writer cannot put a variant in another store than its product's.
    await db.update(productVariants).set({ storeId: A }).where(eq(productVariants.id, 'sku-db-moved~M'));
    expect(await storeOf('sku-db-moved~M')).toBe(B);
  });
});

describe('through the doors, each store its own SKUs', () => {
  const create = (who: Who, sku: string) => createShoe(t, who, sku, `Sandals ${sku}`);
  const grid = (sku: string) => ({
    options: SIZE,
    variants: [
      { options: ['S'], sku: `${sku}-S`, price: 40, stock: 2 },
      { options: ['M'], sku: `${sku}-M`, price: 42, stock: 1 },
    ],
  });
  const put = (who: Who, id: string, body: unknown) => call(who, 'PUT', `/seller/products/${id}/variants`, body);

  it('two stores give their variants the same SKUs', async () => {
    const mine = await create(sellerA, 'SHARED-1');
    const theirs = await create(sellerB, 'SHARED-1');
    expect((await put(sellerA, mine.id, grid('SHARED'))).status).toBe(200);
    const res = await put(sellerB, theirs.id, grid('SHARED'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await t.database.db
      .select({ storeId: productVariants.storeId })
      .from(productVariants)
      .where(eq(productVariants.sku, 'SHARED-S'));
    expect(rows.map((r) => r.storeId).sort()).toEqual([A, B]);
  });

  it('a SKU a grid gives up is free for another product of the store at once', async () => {
    const first = await create(sellerA, 'FREED-1');
    const second = await create(sellerA, 'FREED-2');
    expect((await put(sellerA, first.id, grid('FREED'))).status).toBe(200);
    const renamed = grid('FREED');
    renamed.variants[0].sku = 'FREED-SMALL';
    expect((await put(sellerA, first.id, renamed)).status).toBe(200);
    const res = await put(sellerA, second.id, {
      options: SIZE,
      variants: [{ options: ['S'], sku: 'FREED-S', price: 40, stock: 1 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const held = await t.database.db
      .select({ productId: productVariants.productId })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, A), eq(productVariants.sku, 'FREED-S')));
    expect(held).toEqual([{ productId: second.id }]);
  });
});

describe('migration 0031 on a store whose variants already share SKUs', () => {
  let at: Awaited<ReturnType<typeof databaseAt>>;
  beforeAll(async () => {
    at = await databaseAt('0030_cart_lines_are_variants');
  });
  afterAll(() => at?.close());

  it('gives each variant its store, keeps a SKU with the product it mirrors or the oldest variant, marks the later ones, then refuses a clash', async () => {
    await at.exec(`insert into stores (id, name, location, parish, join_date) values
      ('one', 'One', 'Kingston', 'Kingston', '2026-01-01'), ('two', 'Two', 'Kingston', 'Kingston', '2026-01-01')`);
    const sized = `'[{"name":"Size","values":["S","M"]}]'`;
    // The plain product makes its sole variant (migration 0028's trigger); the others have options.
    await at.exec(`insert into products (id, store_id, name, price_cents, category, subcategory, sku, options) values
      ('plain', 'one', 'Plain', 1000, 'Clothing', 'Shoes', 'TAKEN', '[]'),
      ('older', 'one', 'Older', 1000, 'Clothing', 'Shoes', 'OLDER', ${sized}),
      ('newer', 'one', 'Newer', 1000, 'Clothing', 'Shoes', 'NEWER', ${sized}),
      ('elsewhere', 'two', 'Elsewhere', 1000, 'Clothing', 'Shoes', 'ELSEWHERE', ${sized})`);
    await at.exec(`insert into product_variants (id, product_id, option_values, sku, price_cents, created_at) values
      ('older~S', 'older', '["S"]', 'TAKEN', 1000, '2026-01-01'),
      ('older~M', 'older', '["M"]', 'BOTH', 1000, '2026-01-01'),
      ('newer~S', 'newer', '["S"]', 'BOTH', 1000, '2026-02-01'),
      ('newer~M', 'newer', '["M"]', 'OWN', 1000, '2026-02-01'),
      ('elsewhere~S', 'elsewhere', '["S"]', 'BOTH', 1000, '2026-03-01')`);

    await at.migrateRest();

    const rows = await at.exec('select id, store_id, sku from product_variants order by id');
    expect(rows.map((r) => [r.id, r.store_id])).toEqual([
      ['elsewhere~S', 'two'],
      ['newer~M', 'one'],
      ['newer~S', 'one'],
      ['older~M', 'one'],
      ['older~S', 'one'],
      ['plain', 'one'],
    ]);
    const skuOf = Object.fromEntries(rows.map((r) => [r.id, r.sku]));
    expect(skuOf).toMatchObject({ plain: 'TAKEN', 'older~M': 'BOTH', 'newer~M': 'OWN', 'elsewhere~S': 'BOTH' });
    expect(skuOf['older~S']).toMatch(/^TAKEN-DUP-[0-9a-f]{6}$/);
    expect(skuOf['newer~S']).toMatch(/^BOTH-DUP-[0-9a-f]{6}$/);

    const again = await failure(
      at.exec(`insert into product_variants (id, product_id, option_values, sku, price_cents) values
        ('newer~L', 'newer', '["L"]', 'OWN', 1000)`),
    );
    expect(again).toMatchObject({ code: '23505' });
  });
});
