/**
 * What shoppers read of products sold in sizes and colours (issue 30 #2 and #5, decision 053):
 * lists carry a product with options' variants (cards, the pages' snapshot, the live refresh),
 * and search finds a product by its option values, once. PGlite here, PostgreSQL in test:pg.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Product, ProductList } from '../../../src/lib/contract/catalog';
import { catalogueMedia } from '../../../src/server/services/media-names';
import { createTestApp, type TestApp } from '../../fixtures/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

const list = async (query: string) => {
  const res = await t.call(`/products?${query}`);
  expect(res.status, query).toBe(200);
  return ProductList.parse(await res.json()).products;
};

describe('lists of products', () => {
  it('carry the variants of a product with options, in the seller order, and none for the others', async () => {
    const found = await list('ids=leather-desert-boots,suede-desert-boots');
    const boots = found.find((p) => p.id === 'leather-desert-boots') as Product;
    expect(boots).toMatchObject({ price: 89, compareAtPrice: 109, stock: 31 });
    expect(boots.variants?.map((v) => v.label)).toEqual([
      'Size 8, Brown',
      'Size 8, Black',
      'Size 9, Brown',
      'Size 9, Black',
      'Size 10, Brown',
      'Size 10, Black',
      'Size 11, Brown',
      'Size 11, Black',
    ]);
    expect(boots.variants?.find((v) => v.label === 'Size 10, Brown')).toMatchObject({ price: 89, stock: 3 });
    const suede = found.find((p) => p.id === 'suede-desert-boots') as Product;
    expect(suede.options).toEqual([]);
    expect(suede).not.toHaveProperty('variants');
  });

  it('answer the same variants as the product read', async () => {
    const [listed] = await list('ids=hibiscus-wrap-dress');
    const read = Product.parse(await (await t.call('/products/hibiscus-wrap-dress')).json());
    expect(listed.variants).toEqual(read.variants);
    expect(listed.variants).toHaveLength(7);
  });
});

describe('search by option values', () => {
  const names = async (q: string) => (await list(`search=${encodeURIComponent(q)}&limit=50`)).map((p) => p.id);

  it('"boots size 10" finds the leather boots, once, and not boots without a size 10', async () => {
    const ids = await names('boots size 10');
    expect(ids).toEqual(['leather-desert-boots']);
    expect(await names('boots size 11')).toEqual(['leather-desert-boots']);
    expect(await names('ring size 7')).toContain('sterling-silver-hummingbird-band');
  });

  it('matches a value as a whole word: no boots in size 1 or 100', async () => {
    expect(await names('boots size 1')).toEqual([]);
    expect(await names('boots size 100')).toEqual([]);
    const boots = await names('desert boots');
    expect(boots).toEqual(expect.arrayContaining(['leather-desert-boots', 'suede-desert-boots']));
    expect(new Set(boots).size).toBe(boots.length);
  });
});

describe('a listing filtered by option values', () => {
  const ids = async (q: string) => (await list(`${q}&limit=100`)).map((p) => p.id);

  it('keeps the products one of whose variants has every chosen value', async () => {
    expect(await ids('category=Clothing&options=Size:10')).toEqual(['leather-desert-boots']);
    expect(await ids('category=Clothing&options=size:10;colour:black')).toEqual(['leather-desert-boots']);
    expect((await ids('category=Clothing&options=Size:M')).sort()).toEqual([
      'hibiscus-wrap-dress',
      'negril-sunset-graphic-tee',
    ]);
    // The dress has an XL (red) and blue ones, but no blue XL: the combination, not each value.
    expect(await ids('category=Clothing&options=Size:XL;Colour:Blue')).toEqual([]);
    expect(await ids('options=Ring size:7')).toEqual(['sterling-silver-hummingbird-band']);
  });

  it('with inStock, keeps only a product whose matching variant is in stock', async () => {
    expect(await ids('options=Size:11;Colour:Black')).toEqual(['leather-desert-boots']);
    expect(await ids('options=Size:11;Colour:Black&inStock=true')).toEqual([]);
    expect(await ids('options=Size:XL&inStock=true')).toEqual(['hibiscus-wrap-dress']);
  });

  it('refuses a filter that is not Name:Value pairs, and changes nothing', async () => {
    for (const bad of ['Size', 'Size:', ':10', 'Size:10;size:11', 'A:1;B:2;C:3;D:4']) {
      const res = await t.call(`/products?options=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect((await res.json()).code).toBe('validation_failed');
    }
  });
});

describe('pictures', () => {
  it('draws a variant’s own photos (the black boots’), which its product’s list does not name, and nothing invented', async () => {
    const boots = Product.parse(await (await t.call('/products/leather-desert-boots')).json());
    const own = (boots.variants ?? []).flatMap((v) => v.images).filter((image) => !boots.images.includes(image));
    expect(own.length).toBeGreaterThan(0);
    const exists = catalogueMedia(t.database.db);
    for (const image of own) expect(await exists(image.replace(/^\/media\/(.+)\.svg$/, '$1'))).toBe(true);
    expect(await exists('products/boot-999-1')).toBe(false);
  });
});
