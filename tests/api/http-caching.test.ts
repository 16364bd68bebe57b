import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/auth/sessions';
import { products, users } from '../../src/server/db/schema';
import { DEMO_BUYER_EMAIL } from '../../src/server/db/seed/sample-catalog';
import { seedSampleData } from '../../src/server/db/seed/seed';
import {
  CATALOG_CACHE_CONTROL,
  CATALOG_CDN_CACHE_CONTROL,
  forgetCatalogAnswers,
  keptAnswerListener,
  keptCatalogAnswers,
} from '../../src/server/http/catalog-cache';
import { keepConnectionsOpen } from '../../src/server/http/keep-alive';
import { createLogger } from '../../src/server/http/logger';
import { PUBLISHER_AGENT } from '../../src/server/http/publisher-agent';
import { securityHeaderValues } from '../../src/server/http/security-headers';
import { createServerApp } from '../../src/server/server';
import { createTestApp, type TestApp, testConfig } from '../fixtures/app';
import { openTestDatabase } from '../fixtures/database';
import { as, signInSeller } from '../fixtures/orders';

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
    expect(first.headers.get('cdn-cache-control')).toBe(CATALOG_CDN_CACHE_CONTROL);
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/".+"$/);
    const again = await t.call(path(), { headers: { 'If-None-Match': tag as string } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('cache-control')).toBe(CATALOG_CACHE_CONTROL);
    expect(again.headers.get('cdn-cache-control')).toBe(CATALOG_CDN_CACHE_CONTROL);
  });

  it('lets a CDN serve an answer stale while it asks again, and never a browser', () => {
    // A browser reads Cache-Control only: there an answer is stale at once and asked again.
    expect(CATALOG_CACHE_CONTROL).toMatch(/max-age=0/);
    expect(CATALOG_CACHE_CONTROL).not.toMatch(/stale-while-revalidate|stale-if-error|immutable/);
    expect(CATALOG_CDN_CACHE_CONTROL).toMatch(/stale-while-revalidate=\d+/);
  });

  it('a change of stock is a new ETag at once (the answer is hashed, not dated)', async () => {
    const first = await t.call(`/products/${productId}`);
    const tag = first.headers.get('etag') as string;
    // The seller changes the stock through this instance (as an order does), answers kept or not.
    const seller = await signInSeller(t.database.db, storeId);
    const changed = await t.call(`/seller/products/${productId}`, {
      method: 'PUT',
      headers: as(seller),
      json: { stock: 3 },
    });
    expect(changed.status).toBe(200);
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

describe('catalogue answers kept in memory (CATALOG_CACHE_MS)', () => {
  let kept: TestApp;
  beforeAll(async () => {
    kept = await createTestApp({ seed: true, config: { CATALOG_CACHE_MS: '60000' } });
  });
  afterAll(() => kept.close());

  it('serves a repeated read from memory until a change to it is made', async () => {
    const [p] = await kept.database.db.select().from(products).where(eq(products.id, productId));
    const read = async (headers: Record<string, string> = {}) =>
      (await (await kept.call(`/products/${productId}`, { headers })).json()) as { stock: number };
    expect((await read()).stock).toBe(p.stock);
    // A row changed behind the API's back (another instance): the kept answer still stands.
    await kept.database.db
      .update(products)
      .set({ stock: p.stock + 7 })
      .where(eq(products.id, productId));
    expect((await read()).stock).toBe(p.stock);
    // The publisher never renders from a kept answer.
    expect((await read({ 'user-agent': PUBLISHER_AGENT })).stock).toBe(p.stock + 7);
    // A change that is not the catalogue's (a cart add) forgets nothing (docs/decisions/030).
    const [buyer] = await kept.database.db.select().from(users).where(eq(users.email, DEMO_BUYER_EMAIL));
    const session = await createSession(kept.database.db, buyer.id, 30);
    const added = await kept.call('/cart/add', {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
      json: { productId, quantity: 1 },
    });
    expect(added.status).toBeLessThan(400);
    expect(keptCatalogAnswers()).toBe(1);
    expect((await read()).stock).toBe(p.stock);
    // A change of this product made through the API forgets its answer.
    const seller = await signInSeller(kept.database.db, storeId);
    const edited = await kept.call(`/products/${productId}`.replace('/products', '/seller/products'), {
      method: 'PUT',
      headers: as(seller),
      json: { stock: p.stock + 8 },
    });
    expect(edited.status).toBe(200);
    expect(keptCatalogAnswers()).toBe(0);
    expect((await read()).stock).toBe(p.stock + 8);
  });
});

describe('reads that know their reader are never kept or shared', () => {
  let kept: TestApp;
  beforeAll(async () => {
    kept = await createTestApp({ seed: true, config: { CATALOG_CACHE_MS: '60000' } });
  });
  afterAll(() => kept.close());

  it("a product's reviews (which say which one is yours) answer no-store and are not kept", async () => {
    const [buyer] = await kept.database.db.select().from(users).where(eq(users.email, DEMO_BUYER_EMAIL));
    const session = await createSession(kept.database.db, buyer.id, 30);
    const before = keptCatalogAnswers();
    const res = await kept.call(`/products/${productId}/reviews`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(keptCatalogAnswers()).toBe(before);
  });

  it('a signed-in reader of a product is answered fresh, not from what was kept for others', async () => {
    const [buyer] = await kept.database.db.select().from(users).where(eq(users.email, DEMO_BUYER_EMAIL));
    const session = await createSession(kept.database.db, buyer.id, 30);
    const anonymous = await kept.call(`/products/${productId}`);
    expect(anonymous.headers.get('cache-control')).toBe(CATALOG_CACHE_CONTROL);
    const signedIn = await kept.call(`/products/${productId}`, {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
  });
});

describe("kept catalogue answers on Node's server, ahead of Hono (keptAnswerListener)", () => {
  it('answer with the API’s status, headers and bytes; a signed-in reader, a change and the publisher go to the API', async () => {
    const database = await openTestDatabase();
    await seedSampleData(database.db, { demoAccounts: true });
    const config = testConfig({ CATALOG_CACHE_MS: '60000' });
    const app = createServerApp({ config, database, log: createLogger('silent') });
    const hono = getRequestListener(app.fetch);
    const kept = keptAnswerListener(await securityHeaderValues());
    let fromMemory = 0;
    // Built as createShopServer builds the shop's (kept answers first, idle connections kept 65 s).
    const server = keepConnectionsOpen(
      createServer((req, res) => {
        if (kept(req, res)) fromMemory += 1;
        else void hono(req, res);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const get = (p: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}${p}`, { headers });
    try {
      forgetCatalogAnswers();
      const [p] = await database.db.select({ id: products.id }).from(products).limit(1);
      for (const path of [`/api/v1/products/${p.id}`, '/api/v1/products?category=Electronics&limit=24']) {
        const first = await get(path);
        expect(fromMemory).toBe(0);
        const again = await get(path);
        expect(fromMemory).toBe(1);
        expect(again.status).toBe(first.status);
        const ignored = new Set(['x-request-id', 'date', 'connection', 'keep-alive']);
        const names = (r: Response) => [...r.headers.keys()].filter((n) => !ignored.has(n)).sort();
        expect(names(again)).toEqual(names(first));
        for (const name of names(first)) expect(again.headers.get(name), name).toBe(first.headers.get(name));
        expect(again.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
        expect(await again.text()).toBe(await first.text());
        // Revalidation by ETag, and the caller's own request id kept.
        const tagged = await get(path, {
          'if-none-match': first.headers.get('etag') as string,
          'x-request-id': 'abc-1',
        });
        expect(tagged.status).toBe(304);
        expect(tagged.headers.get('x-request-id')).toBe('abc-1');
        expect(fromMemory).toBe(2);
        fromMemory = 0;
      }
      const path = `/api/v1/products/${p.id}`;
      await get(path, { cookie: 'token=whatever' });
      await get(path, { authorization: 'Bearer whatever' });
      await get(path, { 'user-agent': PUBLISHER_AGENT });
      expect(fromMemory).toBe(0);
      forgetCatalogAnswers();
      await get(path);
      expect(fromMemory).toBe(0);
    } finally {
      server.close();
      await database.close();
    }
  });
});
