import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/app';
import { CATEGORIES, CATEGORY_NAMES } from '../../lib/catalog';
import { ProductList } from '../../lib/contract/catalog';
import { DEFAULT_FILTERS } from '../../lib/listing';
import { apiQuery, coveredCategories, subcategoryTabs } from './browse-query';

const params = (query: string) => Object.fromEntries(new URL(query, 'http://shop.test').searchParams);

describe('what a listing covers', () => {
  it('all categories without a name, one for a category (any spelling), an area its few, none for nonsense', () => {
    expect(coveredCategories(undefined)).toEqual(CATEGORY_NAMES);
    expect(coveredCategories('Books')).toEqual(['Books']);
    expect(coveredCategories('home-garden')).toEqual(['Home & Garden']);
    expect(coveredCategories('fashion')).toEqual(['Clothing', 'Jewelry']);
    expect(coveredCategories('no-such-shelf')).toEqual([]);
  });

  it('has subcategory tabs only when exactly one category is covered', () => {
    expect(subcategoryTabs(['Books'])).toEqual([...CATEGORIES.Books]);
    expect(subcategoryTabs(['Clothing', 'Jewelry'])).toEqual([]);
    expect(subcategoryTabs([...CATEGORY_NAMES])).toEqual([]);
  });
});

describe('the API query of a listing page', () => {
  it('asks for nothing but sort and page on the whole catalogue', () => {
    expect(apiQuery([...CATEGORY_NAMES], DEFAULT_FILTERS, 1, 24)).toBe('/products?sort=newest&page=1&limit=24');
  });

  it("names the covered categories, or the shopper's chosen ones instead", () => {
    expect(params(apiQuery(['Clothing', 'Jewelry'], DEFAULT_FILTERS, 2, 24))).toEqual({
      category: 'Clothing,Jewelry',
      sort: 'newest',
      page: '2',
      limit: '24',
    });
    expect(params(apiQuery([...CATEGORY_NAMES], { ...DEFAULT_FILTERS, categories: ['Toys'] }, 1, 24)).category).toBe(
      'Toys',
    );
  });

  it('sends a subcategory only when one is chosen, and each filter by the name the API reads', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      sort: 'price-low' as const,
      subcategories: ['Fiction'],
      inStock: true,
      discounted: true,
      rating: 4,
    };
    expect(params(apiQuery(['Books'], filters, 1, 12))).toEqual({
      category: 'Books',
      subcategory: 'Fiction',
      inStock: 'true',
      discounted: 'true',
      minRating: '4',
      sort: 'price-low',
      page: '1',
      limit: '12',
    });
    expect(params(apiQuery(['Books'], { ...filters, subcategories: ['Fiction', 'E-books'] }, 1, 12)).subcategory).toBe(
      undefined,
    );
  });
});

describe('the query against the real API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t?.close());

  const list = async (query: string) => {
    const res = await t.call(query);
    expect(res.status).toBe(200);
    return ProductList.parse(await res.json());
  };

  it('narrows the sample catalogue as each filter says, and sorts as asked', async () => {
    const all = await list(apiQuery([...CATEGORY_NAMES], DEFAULT_FILTERS, 1, 100));
    const fashion = await list(apiQuery(coveredCategories('fashion'), DEFAULT_FILTERS, 1, 100));
    expect(fashion.products.length).toBeGreaterThan(0);
    expect(fashion.pagination.total).toBeLessThan(all.pagination.total);
    expect(fashion.products.every((p) => p.category === 'Clothing' || p.category === 'Jewelry')).toBe(true);

    const narrow = {
      ...DEFAULT_FILTERS,
      sort: 'price-low' as const,
      subcategories: ['Fiction'],
      inStock: true,
      rating: 3,
    };
    const books = await list(apiQuery(['Books'], narrow, 1, 100));
    expect(books.products.length).toBeGreaterThan(1);
    for (const p of books.products) {
      expect(p).toMatchObject({ category: 'Books', subcategory: 'Fiction' });
      expect(p.stock).toBeGreaterThan(0);
      expect(p.rating).toBeGreaterThanOrEqual(3);
    }
    const prices = books.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const onSale = await list(apiQuery([...CATEGORY_NAMES], { ...DEFAULT_FILTERS, discounted: true }, 1, 100));
    expect(onSale.products.length).toBeGreaterThan(0);
    expect(onSale.products.every((p) => p.discounted)).toBe(true);

    const page2 = await list(apiQuery([...CATEGORY_NAMES], DEFAULT_FILTERS, 2, 10));
    expect(page2.pagination).toMatchObject({ page: 2, limit: 10 });
  });
});
