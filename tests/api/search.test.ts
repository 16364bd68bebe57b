import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductList } from '../../src/lib/contract/catalog';
import { SHELVES } from '../../src/server/db/seed/sample-catalog';
import { createTestApp, type TestApp } from '../fixtures/app';
import { checkCase, expectedNames, SEARCH_CASES, TOP } from '../fixtures/search-queries';

/**
 * API search (GET /products?search=) against the labelled queries, on the sample catalogue:
 * PGlite here, PostgreSQL in `npm run test:pg`. The static index answers the same cases in
 * tests/e2e/search.spec.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

const search = async (query: string, extra = '') => {
  const res = await t.call(`/products?search=${encodeURIComponent(query)}&limit=${TOP}${extra}`);
  expect(res.status, query).toBe(200);
  return ProductList.parse(await res.json());
};

describe('the labelled queries', () => {
  it('name only products of the sample catalogue', () => {
    const names = new Set(SHELVES.flatMap((s) => s.items.map((i) => i[0])));
    expect(expectedNames().filter((n) => !names.has(n))).toEqual([]);
    expect(SEARCH_CASES.length).toBeGreaterThanOrEqual(30);
  });

  it.each(SEARCH_CASES.map((c) => [c.kind, c.query, c] as const))('%s: "%s"', async (_kind, query, c) => {
    const body = await search(query);
    const ranked = body.products.map((p) => ({ name: p.name, category: p.category, storeId: p.store.id }));
    expect(checkCase(c, ranked, body.pagination.total)).toEqual([]);
  });
});

describe('GET /products?search= beyond relevance', () => {
  it('pages through the matches without repeats', async () => {
    const first = await search('jamaica', '&page=1');
    expect(first.pagination.total).toBeGreaterThan(TOP);
    const ids = new Set<string>();
    for (let page = 1; page <= first.pagination.totalPages; page++)
      for (const p of (await search('jamaica', `&page=${page}`)).products) ids.add(p.id);
    expect(ids.size).toBe(first.pagination.total);
  });

  it('combines with filters and another sort', async () => {
    const body = await search('necklace', '&inStock=true&sort=price-low');
    const prices = body.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(body.products.every((p) => p.stock > 0)).toBe(true);
  });

  it('answers a blank search with every product and a too-long one with a clear 400', async () => {
    const all = ProductList.parse(await (await t.call('/products?search=%20%20&limit=1')).json());
    const none = await search('zzqqxx');
    expect(all.pagination.total).toBeGreaterThan(200);
    expect(none.pagination.total).toBe(0);
    const long = await t.call(`/products?search=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect((await long.json()).message).toMatch(/at most 200 characters/);
  });

  it('a search of signs only (no letter or digit) answers, never 500 (found by the fuzzer)', async () => {
    for (const query of ['&', '&🞽', '!!', "'", '|', ':*', '--']) {
      const res = await t.call(`/products?search=${encodeURIComponent(query)}&category=home-garden&page=2`);
      expect(res.status, query).toBe(200);
      ProductList.parse(await res.json());
    }
  });
});
