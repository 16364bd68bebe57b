import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions';
import { products, users } from '../../src/server/db/schema';
import { DEMO_BUYER_EMAIL } from '../../src/server/db/seed/sample-catalog';
import { CATALOG_CACHE_CONTROL } from '../../src/server/http/catalog-cache';
import { createTestApp, type TestApp } from '../fixtures/app';

let t: TestApp;
let productId: string;
let storeId: string;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const [p] = await t.database.db.select({ id: products.id, storeId: products.storeId }).from(products).limit(1);
  productId = p.id;
  storeId = p.storeId as string;
  const [buyer] = await t.database.db.select().from(users).where(eq(users.email, DEMO_BUYER_EMAIL));
  token = (await createSession(t.database.db, buyer.id, 30)).token;
});
afterAll(() => t.close());

describe('catalogue reads are cacheable by a CDN and revalidated by ETag', () => {
  it.each([
    ['a product', () => `/products/${productId}`],
    ['a category page of products', () => '/products?category=Electronics&limit=24'],
    ['a store', () => `/seller/stores/${storeId}`],
    ["a store's products", () => `/seller/stores/${storeId}/products`],
  ])('%s: public with s-maxage, an ETag, and 304 when it has not changed', async (_what, path) => {
    const first = await t.call(path());
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(CATALOG_CACHE_CONTROL);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/".+"$/);
    const again = await t.call(path(), { headers: { 'If-None-Match': tag as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('cache-control')).toBe(CATALOG_CACHE_CONTROL);
  });

  it('a change of stock is a new ETag at once (the answer is hashed, not dated)', async () => {
    const first = await t.call(`/products/${productId}`);
    const tag = first.headers.get('etag') as string;
    await t.database.db.update(products).set({ stock: 3 }).where(eq(products.id, productId));
    const after = await t.call(`/products/${productId}`, { headers: { 'If-None-Match': tag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
  });

  it('a missing product is not kept by a shared cache', async () => {
    const res = await t.call('/products/no-such-product');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('nothing personal is ever cacheable', () => {
  it.each(['/cart', '/orders/my-orders', '/users/profile', '/users/addresses'])('%s answers no-store', async (path) => {
    const res = await t.call(path, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
  });
});
