/**
 * Variants in the products CSV (issue 30 #4, docs/decisions/054): one row per variant, grouped by
 * the product's sku, with option1_name/option1_value… and variant_sku. An export imports back
 * with the same variants (ids, SKUs, prices, stock, photos); a file makes a new product's grid and
 * edits one; a bad file imports nothing and names each problem's line and column. On PGlite and
 * PostgreSQL alike.
 */

import { parse } from 'csv-parse/sync';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SellerProduct } from '../../../src/lib/contract/seller-products';
import { products, productVariants } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { as, caller, signInSeller, type Who } from '../../fixtures/orders';
import { csvForm } from '../../fixtures/product-csv';

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

const importCsv = async (text: string) => {
  const res = await t.call('/seller/products/import', { method: 'POST', body: csvForm(text), headers: as(seller) });
  return { status: res.status, body: await res.json() };
};
const exportCsv = async () => (await t.call('/seller/products/export', { headers: as(seller) })).text();

/** Every variant of the store's products with options, as stored. */
const storeVariants = async () => {
  const ids = (
    await t.database.db
      .select({ id: products.id, options: products.options })
      .from(products)
      .where(eq(products.storeId, A))
  ).map((p) => p.id);
  return t.database.db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.productId), asc(productVariants.position));
};
const storeProducts = () => t.database.db.select().from(products).where(eq(products.storeId, A)).orderBy(products.id);
const strip = <R extends { updatedAt: Date }>(rows: R[]) => rows.map(({ updatedAt, ...rest }) => rest);

const HEADER =
  'sku,name,category,subcategory,price,compare_at_price,stock,option1_name,option1_value,option2_name,option2_value,variant_sku';

describe('the products CSV with variants', () => {
  let boots: SellerProduct;
  beforeAll(async () => {
    const made = await call(seller, 'POST', '/seller/products', {
      name: 'Leather Desert Boots',
      category: 'Clothing',
      subcategory: 'Shoes',
      price: 80,
      stock: 1,
      sku: 'CSV-BOOT',
    });
    expect(made.status).toBe(201);
    const photo = (
      await t.database.db.select({ images: products.images }).from(products).where(eq(products.storeId, A))
    ).find((p) => p.images.length)?.images[0] as string;
    await t.database.db
      .update(products)
      .set({ images: [photo] })
      .where(eq(products.id, made.body.id));
    const res = await call(seller, 'PUT', `/seller/products/${made.body.id}/variants`, {
      options: [
        { name: 'Size', values: ['9', '10'] },
        { name: 'Colour', values: ['Brown', 'Black'] },
      ],
      variants: [
        { options: ['9', 'Brown'], sku: 'CSV-BOOT-9-BR', price: 85, stock: 2, images: [photo] },
        { options: ['10', 'Brown'], sku: 'CSV-BOOT-10-BR', price: 79.5, compareAtPrice: 95, stock: 3 },
        { options: ['10', 'Black'], sku: 'CSV-BOOT-10-BL', price: 85, stock: 0 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    boots = SellerProduct.parse(res.body);
  });

  it('exports one row per variant under the product’s sku, and importing the export changes nothing', async () => {
    const text = await exportCsv();
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(
      rows
        .filter((r) => r.sku === 'CSV-BOOT')
        .map((r) => [
          r.option1_name,
          r.option1_value,
          r.option2_name,
          r.option2_value,
          r.variant_sku,
          r.price,
          r.stock,
        ]),
    ).toEqual([
      ['Size', '9', 'Colour', 'Brown', 'CSV-BOOT-9-BR', '85.00', '2'],
      ['Size', '10', 'Colour', 'Brown', 'CSV-BOOT-10-BR', '79.50', '3'],
      ['Size', '10', 'Colour', 'Black', 'CSV-BOOT-10-BL', '85.00', '0'],
    ]);
    expect(rows.find((r) => r.variant_sku === 'CSV-BOOT-9-BR')?.variant_photos).toBe(boots.images[0]);
    const variantsBefore = await storeVariants();
    const productsBefore = await storeProducts();
    const again = await importCsv(text);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.rows).toBe(rows.length);
    expect(strip(await storeVariants())).toEqual(strip(variantsBefore));
    expect(strip(await storeProducts())).toEqual(strip(productsBefore));
  });

  it('makes a new product’s grid from its rows, then a second file edits it by its values, keeping the ids', async () => {
    const first = await importCsv(
      [
        HEADER,
        "CSV-TEE,Island Tee,Clothing,Men's,20.00,,4,Size,S,,,CSV-TEE-S",
        "CSV-TEE,Island Tee,Clothing,Men's,20.00,,0,Size,M,,,CSV-TEE-M",
        "CSV-TEE,Island Tee,Clothing,Men's,22.00,,6,Size,XL,,,CSV-TEE-XL",
      ].join('\n'),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ created: 1, updated: 0, rows: 3 });
    const [tee] = await t.database.db.select().from(products).where(eq(products.sku, 'CSV-TEE'));
    expect([tee?.options, tee?.priceCents, tee?.stock]).toEqual([
      [{ name: 'Size', values: ['S', 'M', 'XL'] }],
      2_000,
      10,
    ]);
    const before = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, tee?.id as string));
    const second = await importCsv(
      [
        HEADER,
        "CSV-TEE,Island Tee,Clothing,Men's,20.00,,9,Size,M,,,CSV-TEE-M",
        "CSV-TEE,Island Tee,Clothing,Men's,20.00,,4,Size,S,,,CSV-TEE-S",
      ].join('\n'),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ created: 0, updated: 1 });
    const after = await t.database.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, tee?.id as string))
      .orderBy(asc(productVariants.position));
    // XL is no longer sold; M and S keep their ids, in the file's order.
    expect(after.map((v) => [v.id, v.optionValues, v.stock])).toEqual([
      [before.find((v) => v.sku === 'CSV-TEE-M')?.id, ['M'], 9],
      [before.find((v) => v.sku === 'CSV-TEE-S')?.id, ['S'], 4],
    ]);
  });

  it('imports a file without the variant columns as before: a product without options', async () => {
    const res = await importCsv('sku,name,category,subcategory,price,stock\nCSV-PLAIN,Plain Soap,Other,Crafts,5.00,3');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [plain] = await t.database.db.select().from(products).where(eq(products.sku, 'CSV-PLAIN'));
    expect(plain?.options).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(productVariants)
        .where(eq(productVariants.productId, plain?.id as string)),
    ).toHaveLength(1);
  });

  const refusals: [string, string[], { line: number; column: string; message: string }][] = [
    [
      'a combination twice',
      [
        'CSV-BOOT,Leather Desert Boots,Clothing,Shoes,85.00,,2,Size,9,Colour,Brown,CSV-BOOT-9-BR',
        'CSV-BOOT,Leather Desert Boots,Clothing,Shoes,85.00,,2,Size,9,Colour,Brown,CSV-BOOT-9-BR2',
      ],
      {
        line: 3,
        column: 'option1_value',
        message: 'Variant 2 (Size 9, Brown): this combination is already variant 1: remove one of them',
      },
    ],
    [
      'a variant SKU another product has',
      ['CSV-BOOT,Leather Desert Boots,Clothing,Shoes,85.00,,2,Size,9,Colour,Brown,CSV-PLAIN'],
      {
        line: 2,
        column: 'variant_sku',
        message: 'Variant 1 (Size 9, Brown): SKU CSV-PLAIN is already used by Plain Soap: choose another',
      },
    ],
    [
      'negative stock',
      ['CSV-BOOT,Leather Desert Boots,Clothing,Shoes,85.00,,-1,Size,9,Colour,Brown,CSV-BOOT-9-BR'],
      { line: 2, column: 'stock', message: 'stock must be a whole number, 0 or more' },
    ],
    [
      'rows naming other options',
      [
        'CSV-BOOT,Leather Desert Boots,Clothing,Shoes,85.00,,2,Size,9,Colour,Brown,CSV-BOOT-9-BR',
        'CSV-BOOT,Leather Desert Boots,Clothing,Shoes,85.00,,2,Size,10,Width,Wide,CSV-BOOT-10-W',
      ],
      {
        line: 3,
        column: 'option1_name',
        message:
          'The options named here (Size, Width) are not those of line 2 (Size, Colour): each row of a product names the same options',
      },
    ],
    [
      'a price of its own on a product with options',
      ['sku,name,category,subcategory,price,stock', 'CSV-BOOT,Leather Desert Boots,Clothing,Shoes,60.00,5'],
      {
        line: 2,
        column: 'price',
        message:
          "price: this product has sizes or colours: give each variant its own row (the product's sku, option1_value…, variant_sku) with its price and stock",
      },
    ],
  ];
  it.each(refusals)('refuses %s by line and column, importing nothing', async (_, lines, problem) => {
    const variantsBefore = await storeVariants();
    const productsBefore = await storeProducts();
    const text = lines[0]?.startsWith('sku,') ? lines.join('\n') : [HEADER, ...lines].join('\n');
    const res = await importCsv(text);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.problems).toContainEqual(problem);
    expect(await storeVariants()).toEqual(variantsBefore);
    expect(await storeProducts()).toEqual(productsBefore);
  });
});
