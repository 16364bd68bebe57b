import { and, eq, inArray, isNotNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Cart, CartSyncResult, CartValidation } from '../../src/lib/contract/cart';
import { MESSAGES } from '../../src/lib/messages';
import { createSession } from '../../src/server/auth/sessions';
import { cartLines, carts, products, stores, users } from '../../src/server/db/schema';
import { DEMO_BUYER_EMAIL, DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed/sample-catalog';
import { createTestApp, type TestApp } from '../fixtures/app';

let t: TestApp;
let buyer: { id: string; token: string };
let other: { id: string; token: string };
/** Three products the tests own: stock and price set per test. */
let a: { id: string; name: string };
let b: { id: string; name: string };
let c: { id: string; name: string };

const as = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });

async function call(who: { token: string } | null, method: string, path: string, json?: unknown) {
  const res = await t.call(path, { method, json, headers: who ? as(who) : {} });
  return { status: res.status, body: await res.json() };
}

async function setProduct(id: string, values: { stock?: number; priceCents?: number }) {
  await t.database.db.update(products).set(values).where(eq(products.id, id));
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const db = t.database.db;
  const [demo] = await db.select().from(users).where(eq(users.email, DEMO_BUYER_EMAIL));
  const [second] = await db.insert(users).values({ name: 'Devon Brown', email: 'devon@yaad.test' }).returning();
  buyer = { id: demo.id, token: (await createSession(db, demo.id, 30)).token };
  other = { id: second.id, token: (await createSession(db, second.id, 30)).token };
  const picks = await db.select({ id: products.id, name: products.name }).from(products).orderBy(products.id).limit(3);
  [a, b, c] = picks;
});
afterAll(() => t?.close());

beforeEach(async () => {
  await t.database.db.delete(cartLines);
  await setProduct(a.id, { stock: 5, priceCents: 1250 });
  await setProduct(b.id, { stock: 2, priceCents: 399 });
  await setProduct(c.id, { stock: 0, priceCents: 10000 });
});

describe('signed-out calls', () => {
  it.each([
    ['GET', '/cart', undefined],
    ['POST', '/cart/add', { productId: 'x', quantity: 1 }],
    ['PUT', '/cart/update', { productId: 'x', quantity: 1 }],
    ['DELETE', '/cart/remove', { productId: 'x' }],
    ['DELETE', '/cart/clear', undefined],
    ['POST', '/cart/sync', { items: [] }],
    ['POST', '/cart/refresh', undefined],
    ['POST', '/cart/validate', {}],
  ])('%s %s answers 401', async (method, path, json) => {
    const res = await call(null, method, path, json);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });
});

describe('GET /cart', () => {
  it('answers an empty cart for a new shopper', async () => {
    const res = await call(buyer, 'GET', '/cart');
    expect(res.status).toBe(200);
    expect(Cart.parse(res.body)).toEqual({ items: [], totalItems: 0, subtotal: 0 });
  });
});

describe('POST /cart/add', () => {
  it('adds, then adds more to the same line; totals in dollars', async () => {
    await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 2 });
    const res = await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 1 });
    expect(res.status).toBe(200);
    const cart = Cart.parse(res.body);
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({ quantity: 3, addedPrice: 12.5 });
    expect(cart.items[0].product).toMatchObject({ id: a.id, name: a.name, price: 12.5, stock: 5 });
    expect(cart.totalItems).toBe(3);
    expect(cart.subtotal).toBe(37.5);
  });

  it('adding more keeps the price first seen, so "Price changed" still shows (issue 12 #15)', async () => {
    await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 1 });
    await setProduct(a.id, { priceCents: 1400 });
    const cart = Cart.parse((await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 1 })).body);
    expect(cart.items[0]).toMatchObject({ quantity: 2, addedPrice: 12.5, product: { price: 14 } });
    const check = CartValidation.parse((await call(buyer, 'POST', '/cart/validate', {})).body);
    expect(check.valid).toBe(false);
    expect(check.errors).toEqual([MESSAGES.cart.priceChanged(a.name)]);
  });

  it('a refused first add leaves no cart behind (found by the fuzzer)', async () => {
    await t.database.db.delete(carts).where(eq(carts.userId, other.id));
    const res = await call(other, 'POST', '/cart/add', { productId: 'no-such-product', quantity: 1 });
    expect(res.status).toBe(404);
    expect(await t.database.db.select().from(carts).where(eq(carts.userId, other.id))).toEqual([]);
  });

  it("carries the spec's cart item fields: the product's image and its store's e-mail (§3)", async () => {
    await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 1 });
    const body = (await call(buyer, 'GET', '/cart')).body as {
      items: { product: { image: string | null; images: string[]; store: { id: string; email: string | null } } }[];
    };
    const [row] = await t.database.db
      .select({ images: products.images, storeId: products.storeId })
      .from(products)
      .where(eq(products.id, a.id));
    const [store] = await t.database.db
      .select()
      .from(stores)
      .where(eq(stores.id, row.storeId as string));
    const { product } = body.items[0];
    expect(product.image).toBe(row.images[0] ?? null);
    expect(product.store.email).toBe(store.email);
    expect(store.email).toMatch(/@/);
  });

  it('defaults to one unit and keeps lines in the order they were added', async () => {
    await call(buyer, 'POST', '/cart/add', { productId: b.id });
    const cart = Cart.parse((await call(buyer, 'POST', '/cart/add', { productId: a.id })).body);
    expect(cart.items.map((i) => [i.product.id, i.quantity])).toEqual([
      [b.id, 1],
      [a.id, 1],
    ]);
    expect(cart.subtotal).toBe(16.49);
  });

  it('refuses to go beyond the stock with 409 and changes nothing', async () => {
    await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 4 });
    const res = await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 2 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'insufficient_stock', message: MESSAGES.cart.insufficientStock(a.name, 5) });
    expect(res.body.message).toBe(`Insufficient stock for "${a.name}". Available: 5`);
    const cart = Cart.parse((await call(buyer, 'GET', '/cart')).body);
    expect(cart.items[0].quantity).toBe(4);
  });

  it('allows exactly the stock', async () => {
    const res = await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 5 });
    expect(res.status).toBe(200);
    expect(Cart.parse(res.body).totalItems).toBe(5);
  });

  it('refuses an out-of-stock product with Available: 0', async () => {
    const res = await call(buyer, 'POST', '/cart/add', { productId: c.id, quantity: 1 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Insufficient stock for "${c.name}". Available: 0`);
    expect(Cart.parse((await call(buyer, 'GET', '/cart')).body).items).toEqual([]);
  });

  it('answers 404 for a product that does not exist', async () => {
    const res = await call(buyer, 'POST', '/cart/add', { productId: 'no-such-product', quantity: 1 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'not_found', message: 'Product "no-such-product" is no longer available' });
  });

  it.each([
    [{ productId: 'p', quantity: 0 }, 'quantity'],
    [{ productId: 'p', quantity: -2 }, 'quantity'],
    [{ productId: 'p', quantity: 1.5 }, 'quantity'],
    [{ productId: 'p', quantity: '2' }, 'quantity'],
    [{ productId: '', quantity: 1 }, 'productId'],
    [{ quantity: 1 }, 'productId'],
  ])('answers 400 for %j', async (json, field) => {
    const res = await call(buyer, 'POST', '/cart/add', json);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(Object.keys(res.body.errors)).toContain(field);
  });

  it('keeps shoppers apart', async () => {
    await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 2 });
    const theirs = Cart.parse((await call(other, 'GET', '/cart')).body);
    expect(theirs.items).toEqual([]);
    await call(other, 'POST', '/cart/add', { productId: a.id, quantity: 3 });
    expect(Cart.parse((await call(buyer, 'GET', '/cart')).body).totalItems).toBe(2);
    expect(Cart.parse((await call(other, 'GET', '/cart')).body).totalItems).toBe(3);
  });

  it('never lets concurrent adds pass the stock', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 1 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
    expect(Cart.parse((await call(buyer, 'GET', '/cart')).body).totalItems).toBe(5);
  });
});

describe('PUT /cart/update', () => {
  beforeEach(async () => {
    await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 2 });
    await call(buyer, 'POST', '/cart/add', { productId: b.id, quantity: 1 });
  });

  it('sets the quantity', async () => {
    const res = await call(buyer, 'PUT', '/cart/update', { productId: a.id, quantity: 4 });
    expect(res.status).toBe(200);
    const cart = Cart.parse(res.body);
    expect(cart.items.find((i) => i.product.id === a.id)?.quantity).toBe(4);
    expect(cart.totalItems).toBe(5);
  });

  it.each([0, -1])('removes the line at quantity %i', async (quantity) => {
    const res = await call(buyer, 'PUT', '/cart/update', { productId: a.id, quantity });
    expect(res.status).toBe(200);
    expect(Cart.parse(res.body).items.map((i) => i.product.id)).toEqual([b.id]);
  });

  it('refuses more than the stock with 409 and changes nothing', async () => {
    const res = await call(buyer, 'PUT', '/cart/update', { productId: b.id, quantity: 3 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'insufficient_stock', message: MESSAGES.cart.insufficientStock(b.name, 2) });
    expect(
      Cart.parse((await call(buyer, 'GET', '/cart')).body).items.find((i) => i.product.id === b.id)?.quantity,
    ).toBe(1);
  });

  it('answers 404 for a line not in the cart, and for an unknown product', async () => {
    const missing = await call(buyer, 'PUT', '/cart/update', { productId: c.id, quantity: 1 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(`"${c.name}" is not in your cart`);
    const unknown = await call(buyer, 'PUT', '/cart/update', { productId: 'no-such-product', quantity: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Product "no-such-product" is no longer available');
  });

  it('answers 400 for a fractional quantity', async () => {
    const res = await call(buyer, 'PUT', '/cart/update', { productId: a.id, quantity: 2.5 });
    expect(res.status).toBe(400);
    expect(res.body.errors.quantity).toBe('quantity must be a whole number');
  });
});

describe('DELETE /cart/remove and /cart/clear', () => {
  beforeEach(async () => {
    await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 2 });
    await call(buyer, 'POST', '/cart/add', { productId: b.id, quantity: 1 });
    await call(other, 'POST', '/cart/add', { productId: a.id, quantity: 1 });
  });

  it('removes one line; removing it again is harmless', async () => {
    const res = await call(buyer, 'DELETE', '/cart/remove', { productId: a.id });
    expect(res.status).toBe(200);
    expect(Cart.parse(res.body).items.map((i) => i.product.id)).toEqual([b.id]);
    const again = await call(buyer, 'DELETE', '/cart/remove', { productId: a.id });
    expect(again.status).toBe(200);
    expect(Cart.parse(again.body).totalItems).toBe(1);
  });

  it('answers 400 without a productId', async () => {
    const res = await call(buyer, 'DELETE', '/cart/remove', {});
    expect(res.status).toBe(400);
    expect(res.body.errors.productId).toBeDefined();
  });

  it("clears only the shopper's own cart", async () => {
    const res = await call(buyer, 'DELETE', '/cart/clear');
    expect(res.status).toBe(200);
    expect(Cart.parse(res.body)).toEqual({ items: [], totalItems: 0, subtotal: 0 });
    expect(Cart.parse((await call(other, 'GET', '/cart')).body).totalItems).toBe(1);
  });
});

describe('POST /cart/sync', () => {
  it('merges a guest cart: quantities added, capped at stock, gone and sold-out lines reported', async () => {
    await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 3 });
    const res = await call(buyer, 'POST', '/cart/sync', {
      items: [
        { productId: a.id, quantity: 1 },
        { productId: a.id, quantity: 3 },
        { productId: b.id, quantity: 1 },
        { productId: c.id, quantity: 1 },
        { productId: 'gone-product', quantity: 2 },
      ],
    });
    expect(res.status).toBe(200);
    const result = CartSyncResult.parse(res.body);
    expect(result.items.map((i) => [i.product.id, i.quantity])).toEqual([
      [a.id, 5],
      [b.id, 1],
    ]);
    expect(result.totalItems).toBe(6);
    expect(result.merged).toBe(3);
    expect(result.notices).toEqual([
      MESSAGES.cart.insufficientStock(a.name, 5),
      MESSAGES.cart.insufficientStock(c.name, 0),
      MESSAGES.cart.unavailable('gone-product'),
    ]);
  });

  it('with nothing to merge answers the server cart as it is', async () => {
    await call(buyer, 'POST', '/cart/add', { productId: b.id, quantity: 2 });
    const result = CartSyncResult.parse((await call(buyer, 'POST', '/cart/sync', { items: [] })).body);
    expect(result).toMatchObject({ totalItems: 2, merged: 0, notices: [] });
  });

  it('answers 400 for a bad line', async () => {
    const res = await call(buyer, 'POST', '/cart/sync', { items: [{ productId: a.id, quantity: 0 }] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });
});

describe('POST /cart/validate', () => {
  it('says "Cart is empty" for an empty guest cart and an empty server cart', async () => {
    for (const [who, json] of [
      [null, { items: [] }],
      [buyer, {}],
    ] as const) {
      const res = await call(who, 'POST', '/cart/validate', json);
      expect(res.status).toBe(200);
      expect(CartValidation.parse(res.body)).toEqual({ valid: false, errors: ['Cart is empty'], items: [] });
    }
  });

  it('passes a guest cart that matches stock and price', async () => {
    const res = await call(null, 'POST', '/cart/validate', {
      items: [
        { productId: a.id, quantity: 5, price: 12.5 },
        { productId: b.id, quantity: 1 },
      ],
    });
    const v = CartValidation.parse(res.body);
    expect(v.valid).toBe(true);
    expect(v.errors).toEqual([]);
    expect(v.items[0]).toEqual({
      productId: a.id,
      variantId: a.id,
      name: a.name,
      quantity: 5,
      available: 5,
      price: 12.5,
    });
  });

  it('gives each spec §5 text for a guest cart', async () => {
    const res = await call(null, 'POST', '/cart/validate', {
      items: [
        { productId: 'gone-product', name: 'Old Rum Cake', quantity: 1, price: 9 },
        { productId: a.id, quantity: 6, price: 12.5 },
        { productId: b.id, quantity: 1, price: 3.5 },
        { productId: c.id, quantity: 1 },
      ],
    });
    const v = CartValidation.parse(res.body);
    expect(v.valid).toBe(false);
    expect(v.errors).toEqual([
      'Product "Old Rum Cake" is no longer available',
      `Insufficient stock for "${a.name}". Available: 5`,
      `Price changed for "${b.name}". Please refresh your cart`,
      `Insufficient stock for "${c.name}". Available: 0`,
    ]);
    expect(v.items.map((i) => i.reason)).toEqual([
      'unavailable',
      'insufficient_stock',
      'price_changed',
      'insufficient_stock',
    ]);
    expect(v.items[2]).toMatchObject({ available: 2, price: 3.99 });
  });

  it("checks the server cart against today's stock and the price the shopper last saw; /refresh accepts new prices", async () => {
    await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 4 });
    await call(buyer, 'POST', '/cart/add', { productId: b.id, quantity: 2 });
    expect(CartValidation.parse((await call(buyer, 'POST', '/cart/validate', {})).body).valid).toBe(true);

    await setProduct(a.id, { stock: 3 });
    await setProduct(b.id, { priceCents: 450 });
    const v = CartValidation.parse((await call(buyer, 'POST', '/cart/validate', {})).body);
    expect(v.errors).toEqual([
      `Insufficient stock for "${a.name}". Available: 3`,
      `Price changed for "${b.name}". Please refresh your cart`,
    ]);
    expect(v.items.map((i) => i.reason)).toEqual(['insufficient_stock', 'price_changed']);

    const refreshed = Cart.parse((await call(buyer, 'POST', '/cart/refresh')).body);
    expect(refreshed.items.find((i) => i.product.id === b.id)).toMatchObject({ addedPrice: 4.5 });
    await call(buyer, 'PUT', '/cart/update', { productId: a.id, quantity: 3 });
    expect(CartValidation.parse((await call(buyer, 'POST', '/cart/validate', {})).body)).toMatchObject({
      valid: true,
      errors: [],
    });
  });

  it('answers 400 for a bad body', async () => {
    const res = await call(null, 'POST', '/cart/validate', { items: [{ productId: a.id, quantity: -1 }] });
    expect(res.status).toBe(400);
  });
});

describe('a store that closes after its products were put in a cart', () => {
  it('lists its lines as unavailable, leaves them out of the subtotal, refuses them at validation and update; reinstated, they count again', async () => {
    const db = t.database.db;
    const theirs = await db
      .select({ storeId: products.storeId })
      .from(products)
      .where(and(inArray(products.id, [a.id, b.id, c.id]), isNotNull(products.storeId)));
    // A product of a store none of the other tests' products belong to: suspending it touches none of theirs.
    const [d] = await db
      .select({ id: products.id, name: products.name, storeId: products.storeId })
      .from(products)
      .where(
        and(isNotNull(products.storeId), notInArray(products.storeId, [...theirs.map((r) => r.storeId as string), ''])),
      )
      .orderBy(products.id)
      .limit(1);
    await setProduct(d.id, { stock: 9, priceCents: 2000 });
    const [opUser] = await db.select().from(users).where(eq(users.email, DEMO_OPERATOR_EMAIL));
    const operator = { token: (await createSession(db, opUser.id, 30)).token };

    await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 2 });
    await call(buyer, 'POST', '/cart/add', { productId: d.id, quantity: 1 });
    const before = Cart.parse((await call(buyer, 'GET', '/cart')).body);
    expect(before.items.map((i) => i.available)).toEqual([true, true]);
    expect(before.subtotal).toBe(45);

    const suspended = await call(operator, 'POST', `/admin/stores/${d.storeId}/suspend`, { reason: 'Orders not sent' });
    expect(suspended.status).toBe(200);
    try {
      const after = Cart.parse((await call(buyer, 'GET', '/cart')).body);
      // Still listed (the shopper sees what happened and removes it), not priced.
      expect(after.items.map((i) => [i.product.id, i.available])).toEqual([
        [a.id, true],
        [d.id, false],
      ]);
      expect(after.subtotal).toBe(25);
      // The guest cart's look-up by ids answers without it: the guest cart marks it the same way.
      const byIds = await call(null, 'GET', `/products?ids=${a.id},${d.id}`);
      expect(byIds.body.products.map((p: { id: string }) => p.id)).toEqual([a.id]);
      // Checkout's check refuses it, as before.
      const v = CartValidation.parse((await call(buyer, 'POST', '/cart/validate', {})).body);
      expect(v.valid).toBe(false);
      expect(v.items.find((i) => i.productId === d.id)).toMatchObject({
        reason: 'unavailable',
        // Named as the shopper knows it, not by its id.
        error: MESSAGES.cart.unavailable(d.name),
      });
      // Its quantity cannot be changed; it can be removed.
      const update = await call(buyer, 'PUT', '/cart/update', { productId: d.id, quantity: 2 });
      expect(update.status).toBe(404);
      expect(update.body.message).toBe(MESSAGES.cart.unavailable(d.id));
      expect((await call(buyer, 'POST', '/cart/add', { productId: d.id, quantity: 1 })).status).toBe(404);
      const line = await db
        .select()
        .from(cartLines)
        .where(and(eq(cartLines.userId, buyer.id), eq(cartLines.productId, d.id)));
      expect(line[0].quantity).toBe(1);
    } finally {
      expect((await call(operator, 'POST', `/admin/stores/${d.storeId}/reinstate`)).status).toBe(200);
    }
    const back = Cart.parse((await call(buyer, 'GET', '/cart')).body);
    expect(back.items.map((i) => i.available)).toEqual([true, true]);
    expect(back.subtotal).toBe(45);
  });

  it('shows an archived product the same way', async () => {
    await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 1 });
    await call(buyer, 'POST', '/cart/add', { productId: b.id, quantity: 1 });
    await t.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, b.id));
    try {
      const cart = Cart.parse((await call(buyer, 'GET', '/cart')).body);
      expect(cart.items.map((i) => i.available)).toEqual([true, false]);
      expect(cart.subtotal).toBe(12.5);
    } finally {
      await t.database.db.update(products).set({ archivedAt: null }).where(eq(products.id, b.id));
    }
  });
});

describe('cross-site and body rules', () => {
  it('refuses a cross-site add', async () => {
    const res = await t.call('/cart/add', {
      method: 'POST',
      json: { productId: a.id, quantity: 1 },
      headers: { ...as(buyer), origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});
