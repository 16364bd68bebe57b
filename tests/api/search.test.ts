import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Product, ProductList } from '../../src/lib/contract/catalog';
import { allowedEdits, editDistance, tokenize } from '../../src/lib/search/words';
import { products, stores } from '../../src/server/db/schema';
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
    expect(body.products.length).toBeGreaterThan(1);
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

/*
 * One-letter slips (issue 12 item 37): a word within one edit (Damerau–Levenshtein: insert,
 * delete, substitute, swap neighbours), or two for words of 8+ letters, of a catalogue word ranks
 * the products with that word above products that merely share trigrams with the slip.
 */
describe('slips of the keyboard', () => {
  /** Every word of the catalogue's names, categories, subcategories and store names. */
  const catalogueWords = async (): Promise<Set<string>> => {
    const rows = await t.database.db
      .select({ name: products.name, category: products.category, sub: products.subcategory, store: stores.name })
      .from(products)
      .leftJoin(stores, eq(stores.id, products.storeId));
    return new Set(rows.flatMap((r) => tokenize(`${r.name} ${r.category} ${r.sub} ${r.store ?? ''}`)));
  };
  const textOf = (p: Product) => tokenize(`${p.name} ${p.category} ${p.subcategory} ${p.store.name}`);

  it.each([
    ['deert', 'desert'],
    ['chrge', 'charge'],
    ['dotor', 'doctor'],
  ])('"%s" finds "%s" first', async (slip, word) => {
    const body = await search(slip);
    expect(body.products.length).toBeGreaterThan(0);
    expect(textOf(body.products[0])).toContain(word);
  });

  it('finds the word behind slips drawn at random from the catalogue’s own words', async () => {
    const words = await catalogueWords();
    const seed = Number(process.env.SLIP_SEED ?? Date.now() % 1_000_000);
    let state = seed;
    const random = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % n;
    };
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const slip = (w: string): string => {
      const i = random(w.length);
      switch (random(4)) {
        case 0:
          return w.slice(0, i) + w.slice(i + 1); // a letter left out
        case 1:
          return w.slice(0, i) + letters[random(26)] + w.slice(i); // one too many
        case 2:
          return w.slice(0, i) + letters[random(26)] + w.slice(i + 1); // the wrong one
        default:
          return i < w.length - 1 ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w.slice(0, -1); // swapped
      }
    };
    const pool = [...words].filter((w) => /^[a-z]{5,}$/.test(w)).sort();
    const everything = [...words].join(' ');
    const tried: string[] = [];
    for (let n = 0; n < 400 && tried.length < 40; n++) {
      const word = pool[random(pool.length)];
      const typed = slip(word);
      // A "slip" that spells a catalogue word, or part of one, is not a slip for the shop.
      if (typed === word || everything.includes(typed)) continue;
      tried.push(`${typed}→${word}`);
      const res = await t.call(`/products?search=${typed}&limit=100`);
      expect(res.status, typed).toBe(200);
      const body = ProductList.parse(await res.json());
      const allowed = allowedEdits(typed);
      const distance = editDistance(typed, word, allowed);
      // The first product carries the word, or another catalogue word at most as far from the slip.
      const first = body.products[0] ? [...textOf(body.products[0]), ...tokenize(body.products[0].description)] : [];
      expect(
        first.some((w) => editDistance(typed, w, allowed) <= distance),
        `seed ${seed}: "${typed}" (from "${word}") first found ${body.products[0]?.name}`,
      ).toBe(true);
      // And the word itself is among the matches, unless the slip was in the first letter and a
      // word with the typed first letter is as close (the first letter is trusted, as in static search).
      const rival = [...words].some(
        (w) => w[0] === typed[0] && w[0] !== word[0] && editDistance(typed, w, allowed) <= distance,
      );
      if (!rival)
        expect(
          body.products.some((p) => textOf(p).includes(word)),
          `seed ${seed}: "${typed}" did not find "${word}"`,
        ).toBe(true);
    }
    expect(tried.length).toBeGreaterThanOrEqual(30);
  }, 120_000);
});
