/**
 * A product without options is one variant (issue 30 #1, docs/decisions/051): every product of the
 * sample catalogue has exactly one, equal to it, and it follows the product through every writer
 * (a seller's edit through the API, a stock move by an order, a direct update as a script makes)
 * without any of them knowing of it. On PGlite and PostgreSQL alike.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants, stores } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../fixtures/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

const soleVariant = async (id: string) =>
  (await t.database.db.select().from(productVariants).where(eq(productVariants.productId, id)))[0];

describe('the sole variant of a product without options', () => {
  it('exists for every product without options, with the product as its id and its price, compare-at, stock and SKU', async () => {
    const mismatched = await t.database.db.execute(sql`
      select p.id from products p
       where p.options = '[]'::jsonb
         and ((select count(*) from product_variants v where v.product_id = p.id) <> 1
          or not exists (select 1 from product_variants v
                          where v.id = p.id and v.product_id = p.id and v.option_values = '[]'::jsonb
                            and v.sku = p.sku and v.price_cents = p.price_cents and v.stock = p.stock
                            and v.compare_at_cents is not distinct from p.compare_at_cents))`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(products)) as { n: number }[];
    expect(n).toBeGreaterThan(100);
  });

  it('follows a new product, an edit of its price, stock and SKU, and its removal', async () => {
    const [store] = await t.database.db.select({ id: stores.id }).from(stores).limit(1);
    const storeId = store.id;
    await t.database.db.insert(products).values({
      id: 'sole-variant-probe',
      storeId,
      name: 'Probe',
      priceCents: 1_250,
      category: 'Fashion',
      subcategory: 'Shoes',
      stock: 4,
      sku: 'PROBE-1',
    });
    expect(await soleVariant('sole-variant-probe')).toMatchObject({
      id: 'sole-variant-probe',
      optionValues: [],
      sku: 'PROBE-1',
      priceCents: 1_250,
      compareAtCents: null,
      stock: 4,
    });
    await t.database.db
      .update(products)
      .set({ priceCents: 999, compareAtCents: 1_500, stock: 0, sku: 'PROBE-2' })
      .where(eq(products.id, 'sole-variant-probe'));
    expect(await soleVariant('sole-variant-probe')).toMatchObject({
      sku: 'PROBE-2',
      priceCents: 999,
      compareAtCents: 1_500,
      stock: 0,
    });
    await t.database.db.delete(products).where(eq(products.id, 'sole-variant-probe'));
    expect(await soleVariant('sole-variant-probe')).toBeUndefined();
  });

  it('is left alone for a product with options: its variants are its own', async () => {
    const [row] = await t.database.db.select().from(products).limit(1);
    await t.database.db.delete(productVariants).where(eq(productVariants.productId, row.id));
    await t.database.db
      .update(products)
      .set({ options: [{ name: 'Size', values: ['9', '10'] }], stock: 7 })
      .where(eq(products.id, row.id));
    expect(await soleVariant(row.id)).toBeUndefined();
  });
});
