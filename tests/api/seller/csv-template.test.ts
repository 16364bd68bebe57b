import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SellerProductList } from '../../../src/lib/contract/seller-products';
import { CSV_COLUMNS, CSV_EXAMPLE, csvTemplate } from '../../../src/lib/product-csv';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { as, caller, signInSeller, type Who } from '../../fixtures/orders';

/*
 * The import dialog's template (src/lib/product-csv.ts) is a file the import takes as it is: its
 * header is the export's, and its example row becomes a product, each column as the dialog says.
 */
let t: TestApp;
let dataDir: string;
let seller: Who;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'yaad-csv-template-'));
  t = await createTestApp({ seed: true, config: { DATA_DIR: dataDir } });
  seller = await signInSeller(t.database.db, 'portland-naturals');
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the CSV template', () => {
  it("has the export's header and imports its example row as a new product", async () => {
    const call = caller(t);
    const exported = (await call(seller, 'GET', '/seller/products/export')).body as string;
    expect(csvTemplate().split('\r\n')[0]).toBe(exported.split('\n')[0]);
    expect(csvTemplate().split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));

    const form = new FormData();
    form.set('file', new Blob([csvTemplate()], { type: 'text/csv' }), 'products-template.csv');
    const res = await t.call('/seller/products/import', { method: 'POST', body: form, headers: as(seller) });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ rows: 1, created: 1, updated: 0 });

    const list = SellerProductList.parse(
      (await call(seller, 'GET', `/seller/products?search=${encodeURIComponent(CSV_EXAMPLE.sku)}`)).body,
    );
    expect(list.products).toHaveLength(1);
    expect(list.products[0]).toMatchObject({
      sku: CSV_EXAMPLE.sku,
      name: CSV_EXAMPLE.name,
      category: CSV_EXAMPLE.category,
      subcategory: CSV_EXAMPLE.subcategory,
      price: Number(CSV_EXAMPLE.price),
      stock: Number(CSV_EXAMPLE.stock),
      tags: CSV_EXAMPLE.tags.split(', '),
    });
  });
});
