import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SellerProduct } from '../../../src/lib/contract/seller-products';
import { products } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { as, caller, signInSeller, type Who } from '../../fixtures/orders';
import { csvForm } from '../../fixtures/product-csv';

/*
 * The CSV file as a spreadsheet opens it and as it comes back (docs/decisions/016): cells a
 * spreadsheet would run as formulas are written as text and read back exactly; a cell no column
 * can hold is a 422 naming its line and column like every other bad cell.
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

const importCsv = (text: string) =>
  t.call('/seller/products/import', { method: 'POST', body: csvForm(text), headers: as(seller) });
const storeRows = () => t.database.db.select().from(products).where(eq(products.storeId, A)).orderBy(products.id);

async function create(over: Record<string, unknown>) {
  const res = await call(seller, 'POST', '/seller/products', {
    name: 'Plain name',
    description: 'Plain description.',
    category: 'Other',
    subcategory: 'Crafts',
    price: 10,
    compareAtPrice: null,
    stock: 3,
    tags: [],
    images: [],
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return SellerProduct.parse(res.body);
}

describe('cells a spreadsheet would run', () => {
  it('exports text cells starting with = + - @ as text, numbers as numbers, and imports the export back exactly', async () => {
    await create({ sku: 'F-EQ', name: '=HYPERLINK("http://evil.test","Click")', description: '+cmd|/c calc' });
    await create({ sku: '-F-DASH', name: '-2+3', description: '@SUM(A1:A9)', tags: ['=1+1', 'safe'] });
    // Text that already starts with the quote (and a quote before a formula sign) comes back as it was.
    await create({ sku: 'F-QUOTE', name: "'=already quoted", description: "''+twice", tags: ["'@tag"] });
    await create({ sku: 'F-PLAIN', name: "It's 'quoted' = fine", description: "'plain quote" });

    const res = await t.call('/seller/products/export', { headers: as(seller) });
    expect(res.status).toBe(200);
    const text = await res.text();
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    const bySku = new Map(rows.map((r) => [r.sku, r]));
    expect(bySku.get('F-EQ')).toMatchObject({
      name: `'=HYPERLINK("http://evil.test","Click")`,
      description: "'+cmd|/c calc",
    });
    expect(bySku.get("'-F-DASH")).toMatchObject({ name: "'-2+3", description: "'@SUM(A1:A9)", tags: "'=1+1, safe" });
    expect(bySku.get('F-QUOTE')).toMatchObject({ name: "''=already quoted", description: "'''+twice", tags: "''@tag" });
    expect(bySku.get('F-PLAIN')).toMatchObject({ name: "It's 'quoted' = fine", description: "'plain quote" });
    // No text cell of the file starts with a formula sign; prices and stock stay plain numbers.
    for (const row of rows) {
      for (const [column, cell] of Object.entries(row))
        expect(cell, `${row.sku} ${column}`).not.toMatch(/^[=+\-@\t\r]/);
      expect(row.price).toMatch(/^\d+\.\d\d$/);
      expect(row.stock).toMatch(/^\d+$/);
    }

    const before = await storeRows();
    const again = await importCsv(text);
    expect(again.status, JSON.stringify(await again.clone().json())).toBe(200);
    const strip = (list: typeof before) => list.map(({ updatedAt, ...rest }) => rest);
    expect(strip(await storeRows())).toEqual(strip(before));
    const dash = (await storeRows()).find((r) => r.sku === '-F-DASH');
    expect(dash).toMatchObject({ name: '-2+3', description: '@SUM(A1:A9)', tags: ['=1+1', 'safe'] });
  });

  it('reads a quote a person typed before a formula sign as the spreadsheet does: the text after it', async () => {
    const res = await importCsv(
      ['sku,name,description,category,subcategory,price,stock', "Q-1,'=2+2,'@note,Other,Crafts,1.00,1"].join('\n'),
    );
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    expect((await storeRows()).find((r) => r.sku === 'Q-1')).toMatchObject({ name: '=2+2', description: '@note' });
  });
});

describe('cells no column can hold', () => {
  it('answers 422 with the line and column for a NUL anywhere, or a control character in a one-line cell, importing nothing', async () => {
    const before = await storeRows();
    const header = 'sku,name,description,category,subcategory,price,stock,tags';
    const res = await importCsv(
      [
        header,
        'N-OK,Fine,"Two\nlines\tand a tab",Other,Crafts,1.00,1,',
        'N-1,Nul\u0000name,,Other,Crafts,1.00,1,',
        'N-2,Fine,"nul \u0000 in a description",Other,Crafts,1.00,1,',
        'N-3,Bell\u0007name,,Other,Crafts,1.00,1,',
        'N-4,Fine,,Other,Crafts,1.00,1,"tab\there"',
        'N-5,Fine,,Other,Crafts,1.00\u0000,1,',
        'N-6\u001b,Fine,,Other,Crafts,1.00,1,',
        'N-7,"Line\nbreak",,Other,Crafts,1.00,1,',
      ].join('\n'),
    );
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe('validation_failed');
    const where = body.problems.map((p: { line: number; column: string }) => `${p.line}:${p.column}`);
    expect(where).toEqual(
      expect.arrayContaining(['4:name', '5:description', '6:name', '7:tags', '8:price', '9:sku', '10:name']),
    );
    expect(where.filter((w: string) => w.startsWith('2:') || w.startsWith('3:'))).toEqual([]);
    expect(body.problems.find((p: { line: number }) => p.line === 4).message).toContain('NUL');
    expect(await storeRows()).toEqual(before);

    // A NUL alone in a good file: the same 422, not the database's refusal.
    const alone = await importCsv([header, 'N-8,Nul\u0000only,,Other,Crafts,1.00,1,'].join('\n'));
    expect(alone.status).toBe(422);
    expect((await alone.json()).problems).toEqual([
      { line: 2, column: 'name', message: 'name must not contain a NUL character' },
    ]);
    expect(await storeRows()).toEqual(before);
  });
});
