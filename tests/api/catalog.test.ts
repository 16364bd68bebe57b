import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_NAMES, PARISHES, SORTS } from '../../src/lib/catalog';
import { Product, ProductList, SellerStore, ShippingInfo, StoreList } from '../../src/lib/contract/catalog';
import { sortProducts } from '../../src/lib/listing';
import { bayesianRating } from '../../src/lib/ratings';
import { createTestApp, type TestApp } from '../fixtures/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

const getJson = async (path: string, status = 200) => {
  const res = await t.call(path);
  expect(res.status, `${path} → ${res.status}`).toBe(status);
  return res.json();
};

describe('GET /products', () => {
  it('answers a page with pagination, newest first by default', async () => {
    const body = ProductList.parse(await getJson('/products?limit=10'));
    expect(body.products).toHaveLength(10);
    expect(body.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(body.pagination.total).toBeGreaterThanOrEqual(200);
    const dates = body.products.map((p) => p.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages through the whole catalogue without repeats', async () => {
    const first = ProductList.parse(await getJson('/products?limit=100&page=1'));
    const ids = new Set<string>();
    for (let page = 1; page <= first.pagination.totalPages; page++) {
      const body = ProductList.parse(await getJson(`/products?limit=100&page=${page}`));
      for (const p of body.products) ids.add(p.id);
    }
    expect(ids.size).toBe(first.pagination.total);
  });

  it('matches category and subcategory case-insensitively, in any spelling', async () => {
    const a = ProductList.parse(await getJson('/products?category=Home%20%26%20Garden&limit=500'));
    const b = ProductList.parse(await getJson('/products?category=home-garden&limit=500'));
    const c = ProductList.parse(await getJson('/products?category=HOME%20%26%20GARDEN&limit=500'));
    expect(a.pagination.total).toBeGreaterThan(0);
    expect(b.pagination.total).toBe(a.pagination.total);
    expect(c.pagination.total).toBe(a.pagination.total);
    expect(a.products.every((p) => p.category === 'Home & Garden')).toBe(true);
    const sub = ProductList.parse(await getJson('/products?category=electronics&subcategory=SMARTPHONES'));
    expect(sub.products.length).toBeGreaterThan(0);
    expect(sub.products.every((p) => p.subcategory === 'Smartphones')).toBe(true);
  });

  it('has products in every category and subcategory', async () => {
    for (const category of CATEGORY_NAMES) {
      for (const subcategory of CATEGORIES[category]) {
        const q = new URLSearchParams({ category, subcategory, limit: '1' });
        const body = ProductList.parse(await getJson(`/products?${q}`));
        expect(body.pagination.total, `${category} / ${subcategory}`).toBeGreaterThan(0);
      }
    }
  });

  it('resolves the shopping areas the home page and footer link to', async () => {
    const fashion = ProductList.parse(await getJson('/products?category=Fashion&limit=500'));
    expect(new Set(fashion.products.map((p) => p.category))).toEqual(new Set(['Clothing', 'Jewelry']));
    const art = ProductList.parse(await getJson('/products?category=art-collectibles&limit=500'));
    expect(art.pagination.total).toBeGreaterThan(0);
    expect(art.products.every((p) => p.category === 'Other')).toBe(true);
    const unknown = ProductList.parse(await getJson('/products?category=Spaceships'));
    expect(unknown.pagination.total).toBe(0);
  });

  it('filters by price in dollars, stock, discount and rating', async () => {
    const ranged = ProductList.parse(await getJson('/products?minPrice=10&maxPrice=25.5&limit=500'));
    expect(ranged.products.length).toBeGreaterThan(0);
    expect(ranged.products.every((p) => p.price >= 10 && p.price <= 25.5)).toBe(true);
    const inStock = ProductList.parse(await getJson('/products?inStock=true&limit=500'));
    expect(inStock.products.length).toBeGreaterThan(0);
    expect(inStock.products.every((p) => p.stock > 0)).toBe(true);
    const sale = ProductList.parse(await getJson('/products?discounted=true&limit=500'));
    expect(sale.products.length).toBeGreaterThan(0);
    expect(sale.products.every((p) => p.discounted && (p.compareAtPrice ?? 0) > p.price)).toBe(true);
    const rated = ProductList.parse(await getJson('/products?minRating=4.5&limit=500'));
    expect(rated.products.length).toBeGreaterThan(0);
    expect(rated.products.every((p) => p.rating >= 4.5)).toBe(true);
  });

  it('sorts by price both ways, by rating and by sales', async () => {
    const low = ProductList.parse(await getJson('/products?sort=price-low&limit=50')).products.map((p) => p.price);
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const high = ProductList.parse(await getJson('/products?sort=price-high&limit=50')).products.map((p) => p.price);
    expect(high).toEqual([...high].sort((a, b) => b - a));
    // The rating sort ranks by the Bayesian average of rating and review count (src/lib/ratings.ts).
    const rating = ProductList.parse(await getJson('/products?sort=rating&limit=50')).products.map((p) =>
      bayesianRating(p.rating, p.reviewCount),
    );
    expect(rating).toEqual([...rating].sort((a, b) => b - a));
    // Best sellers: those in stock first (a sold-out one cannot be added), each group by sales.
    const best = ProductList.parse(await getJson('/products?sort=bestsellers&limit=500')).products;
    const inStock = best.filter((p) => p.stock > 0);
    expect(best.slice(0, inStock.length), 'in stock first').toEqual(inStock);
    for (const group of [inStock, best.slice(inStock.length)]) {
      const sales = group.map((p) => p.salesCount);
      expect(sales).toEqual([...sales].sort((a, b) => b - a));
    }
  });

  it('orders every sort as the static pages do (one SORT_ORDER behind the SQL and the snapshot)', async () => {
    const all = ProductList.parse(await getJson('/products?limit=500'));
    expect(all.products).toHaveLength(all.pagination.total);
    for (const sort of SORTS) {
      const sorted = ProductList.parse(await getJson(`/products?sort=${sort}&limit=500`)).products.map((p) => p.id);
      expect(sorted, sort).toEqual(sortProducts(all.products, sort).map((p) => p.id));
    }
  });

  it('finds products by a word of the name, description or store', async () => {
    const body = ProductList.parse(await getJson('/products?search=coffee'));
    expect(body.products.length).toBeGreaterThan(0);
    const none = ProductList.parse(await getJson('/products?search=zzqqxx'));
    expect(none.pagination.total).toBe(0);
    const wild = ProductList.parse(await getJson('/products?search=%25'));
    expect(wild.pagination.total).toBe(0);
  });

  it.each([
    ['sort=cheapest', 'sort must be one of newest, price-low, price-high, rating, bestsellers'],
    ['limit=0', 'limit must be 1 or more'],
    ['limit=501', 'limit must be at most 500'],
    ['page=abc', 'Page: Invalid input'],
    ['minPrice=-1', 'minPrice must be 0 or more'],
    ['minPrice=20&maxPrice=10', 'minPrice must not be more than maxPrice'],
  ])('refuses %s with a clear 400', async (query, message) => {
    const res = await t.call(`/products?${query}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.message).toContain(message);
    // A sentence for people: the field is not named twice ("limit: limit must…", issue 12 item 20).
    expect(body.message).not.toMatch(/^[a-z][A-Za-z.]*: /);
  });
});

describe('GET /products/{id}', () => {
  it('answers one product with its store', async () => {
    const list = ProductList.parse(await getJson('/products?limit=1'));
    const id = list.products[0].id;
    const product = Product.parse(await getJson(`/products/${id}`));
    expect(product.id).toBe(id);
    expect(product.store.name).toBeTruthy();
    expect(product.images.length).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 "Product not found" for an unknown id', async () => {
    expect(await getJson('/products/no-such-product', 404)).toEqual({
      message: 'Product not found',
      code: 'not_found',
    });
  });
});

describe('GET /products/best-sellers and /subcategories', () => {
  it('answers an array, most sold first, within a category', async () => {
    const body = Product.array().parse(await getJson('/products/best-sellers?category=Books&limit=5'));
    expect(body).toHaveLength(5);
    expect(body.every((p) => p.category === 'Books')).toBe(true);
    const sales = body.map((p) => p.salesCount);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
  });

  it('orders every sort as the static pages do (one SORT_ORDER behind the SQL and the snapshot)', async () => {
    const all = ProductList.parse(await getJson('/products?limit=500'));
    expect(all.products).toHaveLength(all.pagination.total);
    for (const sort of SORTS) {
      const sorted = ProductList.parse(await getJson(`/products?sort=${sort}&limit=500`)).products.map((p) => p.id);
      expect(sorted, sort).toEqual(sortProducts(all.products, sort).map((p) => p.id));
    }
  });

  it("lists a category's subcategories in any spelling; 404 for an unknown one", async () => {
    expect(await getJson('/products/subcategories/health-beauty')).toEqual({
      category: 'Health & Beauty',
      subcategories: ['Skincare', 'Makeup', 'Wellness', 'Personal Care', 'Fragrances'],
    });
    expect((await getJson('/products/subcategories/Spaceships', 404)).message).toBe('Category not found');
  });
});

describe('GET /products/{id}/shipping', () => {
  it("answers the seller's rates to a parish, or the spec's message where it does not deliver", async () => {
    const list = ProductList.parse(await getJson('/products?limit=500'));
    let sawRates = false;
    let sawNone = false;
    for (const product of list.products.slice(0, 60)) {
      for (const parish of PARISHES) {
        const info = ShippingInfo.parse(
          await getJson(`/products/${product.id}/shipping?parish=${encodeURIComponent(parish)}`),
        );
        if (info.rates.length) {
          sawRates = true;
          expect(info.error).toBeUndefined();
          for (const r of info.rates) expect(r.cost).toBeGreaterThanOrEqual(0);
        } else {
          sawNone = true;
          expect(info.message).toBe('No shipping options available for this location');
        }
      }
      if (sawRates && sawNone) break;
    }
    expect(sawRates).toBe(true);
    expect(sawNone).toBe(true);
  });

  it('refuses a missing or unknown parish', async () => {
    const list = ProductList.parse(await getJson('/products?limit=1'));
    const res = await t.call(`/products/${list.products[0].id}/shipping?parish=Atlantis`);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('parish must be one of Kingston');
    expect((await t.call(`/products/${list.products[0].id}/shipping`)).status).toBe(400);
    expect((await t.call('/products/nope/shipping?parish=Kingston')).status).toBe(404);
  });
});

describe('GET /seller/stores', () => {
  it('lists every store with its product count', async () => {
    const body = StoreList.parse(await getJson('/seller/stores'));
    expect(body.stores.length).toBeGreaterThanOrEqual(12);
    expect(new Set(body.stores.map((s) => s.parish)).size).toBeGreaterThanOrEqual(8);
    expect(body.stores.every((s) => s.productCount > 0)).toBe(true);
  });

  it('answers one store and its products; 404 "Seller not found" otherwise', async () => {
    const { stores } = StoreList.parse(await getJson('/seller/stores'));
    const store = SellerStore.parse(await getJson(`/seller/stores/${stores[0].id}`));
    expect(store.id).toBe(stores[0].id);
    const products = ProductList.parse(await getJson(`/seller/stores/${store.id}/products?limit=100`));
    expect(products.pagination.total).toBe(store.productCount);
    expect(products.products.every((p) => p.store.id === store.id)).toBe(true);
    expect((await getJson('/seller/stores/nobody', 404)).message).toBe('Seller not found');
    expect((await getJson('/seller/stores/nobody/products', 404)).message).toBe('Seller not found');
  });
});

describe('POST /newsletter', () => {
  it('stores an address once and asks the shopper to confirm it (double opt-in: tests/api/mail/newsletter.test.ts)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.call('/newsletter', { method: 'POST', json: { email: '  Shopper@Example.com ' } });
      expect(res.status).toBe(200);
      expect((await res.json()).message).toMatch(/^Thank you! Please confirm with the link/);
    }
    const { newsletterSignups } = await import('../../src/server/db/schema');
    const rows = await t.database.db.select().from(newsletterSignups);
    expect(rows.map((r) => r.email)).toEqual(['shopper@example.com']);
  });

  it.each([{ email: 'not-an-email' }, { email: '' }, {}])('refuses %j with a clear message', async (body) => {
    const res = await t.call('/newsletter', { method: 'POST', json: body });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('Please enter a valid email address.');
  });
});

describe('GET /products?ids=', () => {
  it('answers exactly the products asked for, for the live price and stock refresh', async () => {
    const some = ProductList.parse(await getJson('/products?limit=3')).products.map((p) => p.id);
    const body = ProductList.parse(await getJson(`/products?ids=${[...some, 'no-such-id'].join(',')}&limit=100`));
    expect(body.products.map((p) => p.id).sort()).toEqual([...some].sort());
    const tooMany = await t.call(`/products?ids=${Array.from({ length: 101 }, (_, i) => `p${i}`).join(',')}`);
    expect(tooMany.status).toBe(400);
  });
});

describe('GET /products?category=a,b', () => {
  it('answers the products of several categories at once', async () => {
    const both = ProductList.parse(await getJson('/products?category=Books,toys&limit=500'));
    expect(new Set(both.products.map((p) => p.category))).toEqual(new Set(['Books', 'Toys']));
  });
});

describe('PUT /seller/products/{id}', () => {
  const login = async (email: string) => {
    const res = await t.call('/auth/login', { method: 'POST', json: { email, password: 'yaadmarket-demo' } });
    return { authorization: `Bearer ${/token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1]}` };
  };

  it("lets a seller change its own product's price and stock, and marks the site stale", async () => {
    const { getCatalogVersion } = await import('../../src/server/services/catalog-version');
    const product = ProductList.parse(await getJson('/products?storeId=negril-gems&limit=1')).products[0];
    const before = await getCatalogVersion(t.database.db);
    const headers = await login('negril-gems@sellers.yaad.test');
    const res = await t.call(`/seller/products/${product.id}`, {
      method: 'PUT',
      headers,
      json: { price: 12.34, stock: 7 },
    });
    expect(res.status).toBe(200);
    expect(Product.parse(await res.json())).toMatchObject({ id: product.id, price: 12.34, stock: 7 });
    expect(await getCatalogVersion(t.database.db)).not.toBe(before);
  });

  it("refuses another seller's product, a guest, and bad values, changing nothing", async () => {
    const product = ProductList.parse(await getJson('/products?storeId=negril-gems&limit=1')).products[0];
    const other = await login('yaad-flavours@sellers.yaad.test');
    expect(
      (await t.call(`/seller/products/${product.id}`, { method: 'PUT', headers: other, json: { stock: 1 } })).status,
    ).toBe(404); // another store's product is not found, as an unknown one (docs/decisions/027)
    expect((await t.call(`/seller/products/${product.id}`, { method: 'PUT', json: { stock: 1 } })).status).toBe(401);
    const owner = await login('negril-gems@sellers.yaad.test');
    const bad = await t.call(`/seller/products/${product.id}`, { method: 'PUT', headers: owner, json: { stock: -3 } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('Stock cannot be below 0');
    expect((await t.call(`/seller/products/${product.id}`, { method: 'PUT', headers: owner, json: {} })).status).toBe(
      400,
    );
    expect(Product.parse(await getJson(`/products/${product.id}`)).stock).toBe(product.stock);
  });
});
