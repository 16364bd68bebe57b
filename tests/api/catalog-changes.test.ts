/**
 * "The catalogue changed", told once (docs/decisions/030): a change made through one request is
 * what a guest's very next read gets, even with answers kept for a minute; a request that changes
 * no catalogue answer (a cart add, a sign-in) forgets nothing; and a change forgets only the kept
 * answers it touches. Kept answers are told apart from fresh ones by a row changed behind the
 * API's back (as another process would, unannounced): a kept answer still shows the old value.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products, productReviews as reviews } from '../../src/server/db/schema';
import { DEMO_BUYER_EMAIL, DEMO_OPERATOR_EMAIL, DEMO_PASSWORD } from '../../src/server/db/seed/sample-catalog';
import { forgetCatalogAnswers, keptCatalogAnswers } from '../../src/server/http/catalog-cache';
import { createTestApp, type TestApp } from '../fixtures/app';
import { caller, fillCart, KINGSTON_ADDRESS, signIn, signInSeller, type Who } from '../fixtures/orders';

const A = 'blue-mountain-roasters';
const B = 'half-way-tree-electronics';

let t: TestApp;
let call: ReturnType<typeof caller>;
let sellerA: Who;
let buyer: Who;
let operator: Who;
/** Two products of store A, one of store B. */
let a1: string;
let a2: string;
let b1: string;

type Product = { name: string; stock: number; reviewCount: number; store: { name: string } };
/** A guest's read: the one a kept answer serves. */
const guest = async (path: string) => {
  const res = await t.call(path);
  return { status: res.status, body: res.status === 200 ? await res.json() : undefined };
};
const product = async (id: string) => (await guest(`/products/${id}`)).body as Product;
/** Changes a row behind the API's back: only a read that reaches the database sees it. */
const behindTheBack = (id: string, stock: number) =>
  t.database.db.update(products).set({ stock }).where(eq(products.id, id));

beforeAll(async () => {
  // Kept for a minute: within a test, an answer is fresh only if a change forgot it.
  t = await createTestApp({ seed: true, config: { CATALOG_CACHE_MS: '60000' } });
  call = caller(t);
  const db = t.database.db;
  sellerA = await signInSeller(db, A);
  buyer = await signIn(db, DEMO_BUYER_EMAIL);
  operator = await signIn(db, DEMO_OPERATOR_EMAIL);
  const ofStore = async (store: string) =>
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.storeId, store), isNull(products.archivedAt)))
        .orderBy(products.id)
        .limit(2)
    ).map((p) => p.id);
  [a1, a2] = await ofStore(A);
  [b1] = await ofStore(B);
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  for (const id of [a1, a2, b1]) await behindTheBack(id, 40);
  forgetCatalogAnswers();
});

describe('a change made through one request is what the next guest reads', () => {
  it('a product edit: its answer and the lists it is on', async () => {
    const list = `/products?storeId=${A}&limit=100`;
    expect((await product(a1)).name).not.toBe('Kept Nowhere Coffee');
    await guest(list);
    const res = await call(sellerA, 'PUT', `/seller/products/${a1}`, { name: 'Kept Nowhere Coffee' });
    expect(res.status).toBe(200);
    expect((await product(a1)).name).toBe('Kept Nowhere Coffee');
    const listed = (await guest(list)).body as { products: { id: string; name: string }[] };
    expect(listed.products.find((p) => p.id === a1)?.name).toBe('Kept Nowhere Coffee');
  });

  it('stock to zero (a publish), and a count that crosses nothing (no publish)', async () => {
    expect((await product(a1)).stock).toBe(40);
    expect((await call(sellerA, 'PUT', `/seller/products/${a1}`, { stock: 0 })).status).toBe(200);
    expect((await product(a1)).stock).toBe(0);
    expect((await call(sellerA, 'PUT', `/seller/products/${a1}`, { stock: 7 })).status).toBe(200);
    expect((await call(sellerA, 'PUT', `/seller/products/${a1}`, { stock: 6 })).status).toBe(200);
    expect((await product(a1)).stock).toBe(6);
  });

  it('an order takes stock: the product answers show the count at once', async () => {
    expect((await product(a2)).stock).toBe(40);
    await fillCart(t.database.db, buyer.id, [{ productId: a2, quantity: 3 }]);
    const placed = await call(buyer, 'POST', '/orders/place', {
      items: [{ productId: a2, quantity: 3 }],
      shippingAddress: { ...KINGSTON_ADDRESS, state: 'St. Andrew' },
      paymentMethod: 'cash_on_delivery',
      shippingSelections: [{ sellerId: A, shippingRateId: `${A}--zipmail` }],
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect((await product(a2)).stock).toBe(37);
  });

  it('a store suspended: its products and its page are gone for the next guest', async () => {
    expect((await guest(`/products/${b1}`)).status).toBe(200);
    expect((await guest(`/seller/stores/${B}`)).status).toBe(200);
    const suspend = await call(operator, 'POST', `/admin/stores/${B}/suspend`, { reason: 'Orders were not sent.' });
    expect(suspend.status).toBe(200);
    try {
      expect((await guest(`/products/${b1}`)).status).toBe(404);
      expect((await guest(`/seller/stores/${B}`)).status).toBe(404);
    } finally {
      expect((await call(operator, 'POST', `/admin/stores/${B}/reinstate`)).status).toBe(200);
    }
    expect((await guest(`/products/${b1}`)).status).toBe(200);
  });

  it('a review hidden: the product answer counts one review fewer', async () => {
    const [review] = await t.database.db
      .select({ id: reviews.id, productId: reviews.productId })
      .from(reviews)
      .where(isNull(reviews.hiddenAt))
      .limit(1);
    const before = (await product(review.productId)).reviewCount;
    expect(before).toBeGreaterThan(0);
    const hidden = await call(operator, 'POST', `/admin/reviews/${review.id}/hide`, { reason: 'Off topic.' });
    expect(hidden.status).toBe(200);
    expect((await product(review.productId)).reviewCount).toBe(before - 1);
  });
});

describe('what a change forgets', () => {
  it('a cart add and a sign-in forget nothing', async () => {
    await product(a1);
    await guest('/products?limit=24');
    const kept = keptCatalogAnswers();
    await behindTheBack(a1, 11);
    expect((await call(buyer, 'POST', '/cart/add', { productId: a1, quantity: 1 })).status).toBeLessThan(400);
    const login = await t.call('/auth/login', {
      method: 'POST',
      json: { email: DEMO_BUYER_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(keptCatalogAnswers()).toBe(kept);
    expect((await product(a1)).stock).toBe(40);
  });

  it("a product's change keeps another product's answer and forgets the lists", async () => {
    await product(a2);
    await guest('/products?limit=24');
    await behindTheBack(a2, 12);
    expect((await call(sellerA, 'PUT', `/seller/products/${a1}`, { name: 'Only This One' })).status).toBe(200);
    // Another product: still the kept answer.
    expect((await product(a2)).stock).toBe(40);
    // The list was read again: it shows what the database has.
    const listed = (await guest(`/products?ids=${a2}`)).body as { products: { stock: number }[] };
    expect(listed.products[0].stock).toBe(12);
  });

  it("a store's change forgets its products' answers and keeps another store's", async () => {
    await product(a1);
    await product(b1);
    await behindTheBack(a1, 13);
    await behindTheBack(b1, 14);
    const edit = await call(sellerA, 'PUT', '/seller/store', { description: 'Roasted on the hill, every week.' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect((await product(a1)).stock).toBe(13);
    expect((await product(b1)).stock).toBe(40);
  });

  it('a refused change forgets nothing', async () => {
    await product(a1);
    await behindTheBack(a1, 15);
    const refused = await call(sellerA, 'PUT', `/seller/products/${a1}`, { compareAtPrice: 0.01 });
    expect(refused.status).toBe(400);
    expect((await product(a1)).stock).toBe(40);
  });
});
