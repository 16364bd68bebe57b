import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Cart } from '../../src/lib/contract/cart';
import {
  CancelAnswer,
  InvoiceAnswer,
  MyOrders,
  OrderAnswer,
  PlaceOrderAnswer,
  SellerOrderAnswer,
  SellerOrders,
} from '../../src/lib/contract/orders';
import { MESSAGES } from '../../src/lib/messages';
import { idempotencyKeys, orderLines, orderParts, orders, products } from '../../src/server/db/schema';
import { newOrderNumber } from '../../src/server/services/orders';
import { createTestApp, type TestApp } from '../fixtures/app';
import {
  caller,
  fillCart,
  KINGSTON_ADDRESS,
  productOf,
  setProduct,
  signIn,
  signInSeller,
  stockOf,
  type Who,
} from '../fixtures/orders';

const C = MESSAGES.checkout;
const O = MESSAGES.orders;
let t: TestApp;
let call: ReturnType<typeof caller>;
let buyer: Who;
let stranger: Who;
let sellerA: Who;
let sellerB: Who;
let sellerD: Who;
const A = 'blue-mountain-roasters';
const B = 'half-way-tree-electronics';
const D = 'negril-gems';
let a: { id: string; name: string };
let a2: { id: string; name: string };
let b: { id: string; name: string };

const address = { ...KINGSTON_ADDRESS, state: 'St. Andrew' };
const selections = [
  { sellerId: A, shippingRateId: `${A}--zipmail` }, // 6.50
  { sellerId: B, shippingRateId: `${B}--bike-courier` }, // 6.00
];
const request = (over: Record<string, unknown> = {}) => ({
  items: [
    { productId: a.id, quantity: 2 },
    { productId: a2.id, quantity: 1 },
    { productId: b.id, quantity: 1 },
  ],
  shippingAddress: address,
  paymentMethod: 'cash_on_delivery',
  shippingSelections: selections,
  customerNotes: 'Call when you reach the gate, please.',
  ...over,
});

async function placeOne(who: Who = buyer, over: Record<string, unknown> = {}, key?: string) {
  await fillCart(t.database.db, who.id, [
    { productId: a.id, quantity: 2 },
    { productId: a2.id, quantity: 1 },
    { productId: b.id, quantity: 1 },
  ]);
  const res = await call(who, 'POST', '/orders/place', request(over), key ? { 'Idempotency-Key': key } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return PlaceOrderAnswer.parse(res.body);
}

const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0].n;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  const db = t.database.db;
  buyer = await signIn(db, 'orders-buyer@yaad.test', 'Shanice Brown');
  stranger = await signIn(db, 'orders-stranger@yaad.test', 'Other Shopper');
  sellerA = await signInSeller(db, A);
  sellerB = await signInSeller(db, B);
  sellerD = await signInSeller(db, D);
  a = await productOf(db, A, { priceCents: 1_250, stock: 50 });
  a2 = await productOf(db, A, { priceCents: 999, stock: 50 }, 1);
  b = await productOf(db, B, { priceCents: 4_999, stock: 50 });
});
afterAll(() => t?.close());

beforeEach(async () => {
  const db = t.database.db;
  await setProduct(db, a.id, { priceCents: 1_250, stock: 50 });
  await setProduct(db, a2.id, { priceCents: 999, stock: 50 });
  await setProduct(db, b.id, { priceCents: 4_999, stock: 50 });
});

describe('order numbers', () => {
  it('look like YM-2611-4F7K2Q and are unique', () => {
    const numbers = new Set(Array.from({ length: 5_000 }, () => newOrderNumber(new Date(Date.UTC(2026, 10, 22)))));
    expect(numbers.size).toBe(5_000);
    for (const n of numbers) expect(n).toMatch(/^YM-2611-[0-9A-HJKMNP-TV-Z]{6}$/);
  });
});

describe('POST /orders/place', () => {
  it('answers 401 signed out', async () => {
    const res = await call(null, 'POST', '/orders/place', request());
    expect(res.status).toBe(401);
  });

  it.each([
    [{ items: [] }, C.noItems],
    [{ items: [{ quantity: 1 }] }, C.itemProductId(1)],
    [
      {
        items: [
          { productId: 'x', quantity: 1 },
          { productId: 'y', quantity: 0 },
        ],
      },
      C.itemQuantity(2),
    ],
    [{ shippingAddress: { ...address, name: '' } }, C.addressField('name')],
    [{ shippingAddress: { ...address, street: undefined } }, C.addressField('street')],
    [{ shippingAddress: { ...address, state: '' } }, C.addressField('state')],
    [{ shippingAddress: { ...address, country: ' ' } }, C.addressField('country')],
    [{ shippingAddress: null }, C.addressField('name')],
    [{ paymentMethod: 'bitcoin' }, C.paymentMethod],
    [{ paymentMethod: undefined }, C.paymentMethod],
    [{ shippingSelections: [] }, C.selectionsRequired],
  ])('refuses %j with the spec text', async (over, message) => {
    const before = await orderCount();
    const res = await call(buyer, 'POST', '/orders/place', request(over));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await orderCount()).toBe(before);
  });

  it('refuses a parish outside Jamaica, a seller without a selection and a rate that does not serve the parish', async () => {
    let res = await call(
      buyer,
      'POST',
      '/orders/place',
      request({ shippingAddress: { ...address, parish: 'Nassau' } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/parish must be one of/);
    res = await call(buyer, 'POST', '/orders/place', request({ shippingSelections: [selections[0]] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(C.selectionsRequired);
    res = await call(
      buyer,
      'POST',
      '/orders/place',
      request({ shippingAddress: { ...address, parish: 'St. James', state: 'St. James' } }),
    );
    expect(res.status).toBe(400); // the bike couriers only ride in Kingston and St. Andrew
    expect(res.body.message).toBe(C.rateUnavailable);
    res = await call(
      buyer,
      'POST',
      '/orders/place',
      request({ shippingSelections: [selections[0], { sellerId: B, shippingRateId: `${A}--zipmail` }] }),
    );
    expect(res.status).toBe(400);
  });

  it('creates one order with one part per seller, takes the stock, clears the cart', async () => {
    const placed = await placeOne();
    const { order } = placed;
    expect(placed).toMatchObject({ success: true, message: C.placed, replayed: false });
    expect(placed.invoiceUrl).toBe(`/api/v1/invoice/invoice-pdf/${order.id}`);
    expect(order.orderNumber).toMatch(/^YM-\d{4}-[0-9A-Z]{6}$/);
    expect(order).toMatchObject({
      status: 'pending',
      cancellable: true,
      paymentMethod: 'cash_on_delivery',
      paymentStatus: 'unpaid',
      customerNotes: 'Call when you reach the gate, please.',
      totalItems: 4,
      buyer: { id: buyer.id, name: 'Shanice Brown', email: buyer.email },
    });
    expect(order.shippingAddress).toMatchObject({
      name: 'Tanisha Campbell',
      parish: 'St. Andrew',
      phone: '876-555-0199',
    });
    expect(order.sellers.map((s) => [s.sellerId, s.status, s.trackingNumber])).toEqual([
      [A, 'pending', null],
      [B, 'pending', null],
    ]);
    const [pa, pb] = order.sellers;
    expect(pa).toMatchObject({ storeName: 'Blue Mountain Roasters', subtotal: 34.99, shippingCost: 6.5, total: 41.49 });
    expect(pa.shipping).toMatchObject({
      rateId: `${A}--zipmail`,
      provider: 'Zipmail',
      method: 'Door to door',
      cost: 6.5,
    });
    expect(pa.items.map((i) => [i.productId, i.quantity, i.price, i.lineTotal])).toEqual([
      [a.id, 2, 12.5, 25],
      [a2.id, 1, 9.99, 9.99],
    ]);
    expect(pb).toMatchObject({ subtotal: 49.99, shippingCost: 6, total: 55.99 });
    // 84.98 subtotal; tax round(8498 × 0.07 = 594.86) = 5.95; shipping 12.50
    expect(order).toMatchObject({ subtotal: 84.98, shippingCost: 12.5, tax: 5.95 });
    expect(Math.round(order.totalAmount * 100)).toBe(8_498 + 1_250 + 595);
    expect(order.total).toBe(order.totalAmount);
    const sumParts = order.sellers.reduce((n, s) => n + Math.round(s.total * 100), 0);
    expect(sumParts + Math.round(order.tax * 100)).toBe(Math.round(order.totalAmount * 100));

    expect(await stockOf(t.database.db, a.id)).toBe(48);
    expect(await stockOf(t.database.db, a2.id)).toBe(49);
    expect(await stockOf(t.database.db, b.id)).toBe(49);
    const cart = Cart.parse((await call(buyer, 'GET', '/cart')).body);
    expect(cart.items).toEqual([]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.totalCents).toBe(row.subtotalCents + row.shippingCents + row.taxCents);
  });

  it('ships a seller free when its subtotal reaches the threshold', async () => {
    await fillCart(t.database.db, buyer.id, [{ productId: a.id, quantity: 6 }]);
    const res = await call(
      buyer,
      'POST',
      '/orders/place',
      request({ items: [{ productId: a.id, quantity: 6 }], shippingSelections: [selections[0]] }),
    );
    expect(res.status).toBe(201);
    const { order } = PlaceOrderAnswer.parse(res.body);
    expect(order.sellers[0]).toMatchObject({ subtotal: 75, shippingCost: 0 });
    expect(order.shippingCost).toBe(0);
  });

  it('refuses more than the stock with the spec text and writes nothing', async () => {
    await setProduct(t.database.db, b.id, { stock: 0 });
    const before = await orderCount();
    const res = await call(buyer, 'POST', '/orders/place', request());
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'insufficient_stock',
      message: `Insufficient stock for "${b.name}". Available: 0`,
    });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(t.database.db, a.id)).toBe(50); // the other lines were not taken either
  });

  it('adds up repeated lines of one product against its stock', async () => {
    await setProduct(t.database.db, a.id, { stock: 3 });
    const res = await call(
      buyer,
      'POST',
      '/orders/place',
      request({
        items: [
          { productId: a.id, quantity: 2 },
          { productId: a.id, quantity: 2 },
        ],
        shippingSelections: [selections[0]],
      }),
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.cart.insufficientStock(a.name, 3));
  });

  it('refuses a product that is gone, and a price that changed since the cart', async () => {
    let res = await call(
      buyer,
      'POST',
      '/orders/place',
      request({ items: [{ productId: 'no-such-product', quantity: 1 }] }),
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MESSAGES.cart.unavailable('no-such-product'));
    await fillCart(t.database.db, buyer.id, [{ productId: b.id, quantity: 1 }]);
    await setProduct(t.database.db, b.id, { priceCents: 5_999 });
    res = await call(buyer, 'POST', '/orders/place', request());
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'price_changed', message: MESSAGES.cart.priceChanged(b.name) });
  });

  it('records every payment method, all unpaid (no gateway)', async () => {
    for (const method of ['credit_card', 'debit_card', 'paypal', 'bank_transfer']) {
      const { order } = await placeOne(buyer, { paymentMethod: method });
      expect(order).toMatchObject({ paymentMethod: method, paymentStatus: 'unpaid' });
    }
  });
});

describe('Idempotency-Key', () => {
  it('returns the first order for a retried submission and never creates a second', async () => {
    const key = `retry-${crypto.randomUUID()}`;
    const first = await placeOne(buyer, {}, key);
    const before = await orderCount();
    const again = await call(buyer, 'POST', '/orders/place', request(), { 'Idempotency-Key': key });
    expect(again.status).toBe(200);
    const replay = PlaceOrderAnswer.parse(again.body);
    expect(replay.replayed).toBe(true);
    expect(replay.order.id).toBe(first.order.id);
    expect(replay.order.orderNumber).toBe(first.order.orderNumber);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(t.database.db, a.id)).toBe(48); // taken once
  });

  it('answers 409 for the same key with another body, 400 for a malformed key', async () => {
    const key = `retry-${crypto.randomUUID()}`;
    await placeOne(buyer, {}, key);
    const other = await call(buyer, 'POST', '/orders/place', request({ customerNotes: 'changed' }), {
      'Idempotency-Key': key,
    });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(O.keyReused);
    const bad = await call(buyer, 'POST', '/orders/place', request(), { 'Idempotency-Key': 'short' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(O.badKey);
  });

  it('keys are per shopper, and a failed attempt frees its key', async () => {
    const key = `shared-${crypto.randomUUID()}`;
    await setProduct(t.database.db, b.id, { stock: 0 });
    const failed = await call(buyer, 'POST', '/orders/place', request(), { 'Idempotency-Key': key });
    expect(failed.status).toBe(409);
    const rows = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(rows).toHaveLength(0);
    await setProduct(t.database.db, b.id, { stock: 50 });
    const mine = await placeOne(buyer, {}, key);
    const theirs = await placeOne(stranger, {}, key);
    expect(theirs.order.id).not.toBe(mine.order.id);
  });

  it('two submissions with one key at once make one order', async () => {
    const key = `double-${crypto.randomUUID()}`;
    await fillCart(t.database.db, buyer.id, [{ productId: a.id, quantity: 1 }]);
    const body = request({ items: [{ productId: a.id, quantity: 1 }], shippingSelections: [selections[0]] });
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(buyer, 'POST', '/orders/place', body, { 'Idempotency-Key': key })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.body.order.id)).size).toBe(1);
    expect(await stockOf(t.database.db, a.id)).toBe(49);
  });
});

describe('reading orders', () => {
  it('GET /orders/my-orders lists only the shopper’s orders, newest first', async () => {
    const first = await placeOne(buyer);
    const second = await placeOne(buyer);
    const mine = MyOrders.parse((await call(buyer, 'GET', '/orders/my-orders')).body);
    expect(mine.success).toBe(true);
    expect(mine.data[0].id).toBe(second.order.id);
    expect(mine.data[1].id).toBe(first.order.id);
    expect(mine.data.every((o) => o.buyer.id === buyer.id)).toBe(true);
    const theirs = MyOrders.parse((await call(stranger, 'GET', '/orders/my-orders')).body);
    expect(theirs.data.some((o) => o.id === first.order.id)).toBe(false);
    expect((await call(null, 'GET', '/orders/my-orders')).status).toBe(401);
  });

  it('GET /orders/{id}: the buyer reads it; another shopper gets 403; unknown is 404', async () => {
    const { order } = await placeOne(buyer);
    const mine = await call(buyer, 'GET', `/orders/${order.id}`);
    expect(mine.status).toBe(200);
    expect(OrderAnswer.parse(mine.body).order).toEqual(order);
    const theirs = await call(stranger, 'GET', `/orders/${order.id}`);
    expect(theirs.status).toBe(403);
    expect(theirs.body).toMatchObject({ code: 'forbidden', message: O.accessDeniedDetail });
    expect(JSON.stringify(theirs.body)).not.toContain(order.orderNumber);
    const seller = await call(sellerA, 'GET', `/orders/${order.id}`);
    expect(seller.status).toBe(403);
    const missing = await call(buyer, 'GET', '/orders/00000000-0000-0000-0000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(O.notFound);
    expect((await call(null, 'GET', `/orders/${order.id}`)).status).toBe(401);
  });
});

describe('DELETE /orders/cancel/{id}', () => {
  it('cancels a pending order and gives the stock back', async () => {
    const { order } = await placeOne(buyer);
    expect(await stockOf(t.database.db, a.id)).toBe(48);
    const res = await call(buyer, 'DELETE', `/orders/cancel/${order.id}`);
    expect(res.status).toBe(200);
    const answer = CancelAnswer.parse(res.body);
    expect(answer.message).toBe(O.cancelled);
    expect(answer.order.status).toBe('cancelled');
    expect(answer.order.cancellable).toBe(false);
    expect(answer.order.sellers.every((s) => s.status === 'cancelled')).toBe(true);
    expect(await stockOf(t.database.db, a.id)).toBe(50);
    expect(await stockOf(t.database.db, a2.id)).toBe(50);
    expect(await stockOf(t.database.db, b.id)).toBe(50);
    const again = await call(buyer, 'DELETE', `/orders/cancel/${order.id}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(O.notCancellable);
    expect(await stockOf(t.database.db, a.id)).toBe(50);
  });

  it('cancels while processing, not once a part has shipped', async () => {
    const processing = await placeOne(buyer);
    await call(sellerA, 'PUT', `/orders/update-status/${processing.order.id}`, { status: 'processing' });
    expect((await call(buyer, 'DELETE', `/orders/cancel/${processing.order.id}`)).status).toBe(200);

    const shipped = await placeOne(buyer);
    await call(sellerA, 'PUT', `/orders/update-status/${shipped.order.id}`, { status: 'processing' });
    await call(sellerA, 'PUT', `/orders/update-status/${shipped.order.id}`, { status: 'shipped' });
    const res = await call(buyer, 'DELETE', `/orders/cancel/${shipped.order.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(O.notCancellable);
    const order = OrderAnswer.parse((await call(buyer, 'GET', `/orders/${shipped.order.id}`)).body).order;
    expect(order.status).toBe('processing');
    expect(order.cancellable).toBe(false);
  });

  it("refuses another shopper's order (403) and an unknown one (404), changing nothing", async () => {
    const { order } = await placeOne(buyer);
    const res = await call(stranger, 'DELETE', `/orders/cancel/${order.id}`);
    expect(res.status).toBe(403);
    expect((await call(sellerA, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(403);
    expect((await call(buyer, 'DELETE', '/orders/cancel/nope')).status).toBe(404);
    const still = OrderAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}`)).body).order;
    expect(still.status).toBe('pending');
    expect(await stockOf(t.database.db, a.id)).toBe(48);
  });
});

describe('sellers', () => {
  it('GET /orders/seller lists only the parts with this seller’s products', async () => {
    const { order } = await placeOne(buyer);
    const listA = SellerOrders.parse((await call(sellerA, 'GET', '/orders/seller')).body);
    const seenA = listA.orders.find((o) => o.id === order.id);
    expect(seenA?.parts.map((p) => p.sellerId)).toEqual([A]);
    expect(seenA?.parts[0].items.every((i) => i.sellerId === A)).toBe(true);
    expect(seenA).toMatchObject({ subtotal: 34.99, shippingCost: 6.5, total: 41.49, buyer: { name: 'Shanice Brown' } });
    expect(JSON.stringify(seenA)).not.toContain(b.id);
    expect(listA.orders.every((o) => o.parts.every((p) => p.sellerId === A))).toBe(true);
    const listB = SellerOrders.parse((await call(sellerB, 'GET', '/orders/seller')).body);
    expect(listB.orders.find((o) => o.id === order.id)?.parts.map((p) => p.sellerId)).toEqual([B]);
    const listD = SellerOrders.parse((await call(sellerD, 'GET', '/orders/seller')).body);
    expect(listD.orders.some((o) => o.id === order.id)).toBe(false);
    const shopper = await call(buyer, 'GET', '/orders/seller');
    expect(shopper.status).toBe(403);
    expect(shopper.body.message).toBe(O.notSeller);
  });

  it('GET /orders/{id}/seller-view shows the seller its own part; others get 403', async () => {
    const { order } = await placeOne(buyer);
    const view = await call(sellerB, 'GET', `/orders/${order.id}/seller-view`);
    expect(view.status).toBe(200);
    const seen = SellerOrderAnswer.parse(view.body).order;
    expect(seen.parts.map((p) => p.sellerId)).toEqual([B]);
    expect(seen.nextStatuses[seen.parts[0].partId]).toEqual(['processing', 'cancelled']);
    expect(seen.shippingAddress.street).toBe('14 Hope Road');
    expect((await call(sellerD, 'GET', `/orders/${order.id}/seller-view`)).status).toBe(403);
    expect((await call(buyer, 'GET', `/orders/${order.id}/seller-view`)).status).toBe(403);
    expect((await call(sellerA, 'GET', '/orders/nope/seller-view')).status).toBe(404);
  });

  it('PUT /orders/update-status/{id} follows the transition table on the seller’s own part', async () => {
    const { order } = await placeOne(buyer);
    const put = (who: Who, body: unknown) => call(who, 'PUT', `/orders/update-status/${order.id}`, body);
    const status = async () => OrderAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}`)).body).order;

    let res = await put(sellerA, { status: 'shipped' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(O.badTransition('pending', 'shipped'));
    expect((await put(sellerA, { status: 'unknown' })).status).toBe(400);

    res = await put(sellerA, { status: 'processing' });
    expect(res.status).toBe(200);
    expect(SellerOrderAnswer.parse(res.body).order.parts[0].status).toBe('processing');
    let now = await status();
    expect(now.status).toBe('processing'); // A processing, B pending
    expect(now.sellers.map((s) => s.status)).toEqual(['processing', 'pending']);

    res = await put(sellerA, { status: 'shipped', trackingNumber: 'ZM-778812' });
    expect(SellerOrderAnswer.parse(res.body).order.parts[0]).toMatchObject({
      status: 'shipped',
      trackingNumber: 'ZM-778812',
    });
    res = await put(sellerA, { status: 'shipped', trackingNumber: 'ZM-778813' });
    expect(res.status).toBe(200);
    expect(SellerOrderAnswer.parse(res.body).order.parts[0].trackingNumber).toBe('ZM-778813');
    expect((await status()).status).toBe('processing'); // A shipped, B pending

    await put(sellerB, { status: 'processing' });
    await put(sellerB, { status: 'shipped' });
    now = await status();
    expect(now.status).toBe('shipped');
    expect(now.sellers[0].trackingNumber).toBe('ZM-778813');
    expect(now.sellers[1].trackingNumber).toBeNull();

    await put(sellerA, { status: 'delivered' });
    expect((await status()).status).toBe('shipped');
    await put(sellerB, { status: 'delivered' });
    expect((await status()).status).toBe('delivered');
    res = await put(sellerA, { status: 'cancelled' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(O.badTransition('delivered', 'cancelled'));
  });

  it('a seller cancelling its part gives back only that part’s stock; the order follows the other part', async () => {
    const { order } = await placeOne(buyer);
    const res = await call(sellerB, 'PUT', `/orders/update-status/${order.id}`, { status: 'cancelled' });
    expect(res.status).toBe(200);
    expect(await stockOf(t.database.db, b.id)).toBe(50);
    expect(await stockOf(t.database.db, a.id)).toBe(48);
    const now = OrderAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}`)).body).order;
    expect(now.status).toBe('pending');
    expect(now.sellers.map((s) => s.status)).toEqual(['pending', 'cancelled']);
    await call(sellerA, 'PUT', `/orders/update-status/${order.id}`, { status: 'cancelled' });
    const after = OrderAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}`)).body).order;
    expect(after.status).toBe('cancelled');
    expect(await stockOf(t.database.db, a.id)).toBe(50);
  });

  it('records a payment; refuses anyone who is not a seller of the order', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'bank_transfer' });
    const res = await call(sellerA, 'PUT', `/orders/update-status/${order.id}`, {
      status: 'pending',
      paymentReceived: true,
    });
    expect(res.status).toBe(200);
    // Seller A's part is paid; seller B's is not, so the order is not (issue 12 #9).
    const seen = SellerOrderAnswer.parse(res.body).order;
    expect(seen.parts.map((p) => [p.sellerId, p.paymentStatus])).toEqual([[A, 'paid']]);
    for (const who of [sellerD, buyer, stranger]) {
      const refused = await call(who, 'PUT', `/orders/update-status/${order.id}`, { status: 'processing' });
      expect(refused.status).toBe(403);
    }
    expect((await call(sellerA, 'PUT', '/orders/update-status/nope', { status: 'processing' })).status).toBe(404);
    expect((await call(null, 'PUT', `/orders/update-status/${order.id}`, { status: 'processing' })).status).toBe(401);
    const parts = await t.database.db.select().from(orderParts).where(eq(orderParts.orderId, order.id));
    expect(parts.every((p) => p.status === 'pending')).toBe(true);
  });
});

describe('payment is per seller part (issue 12 #9)', () => {
  it('one seller recording a payment pays its part only; the order and invoice say Paid when every part is', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'bank_transfer' });
    expect(order.sellers.map((p) => p.sellerId).sort()).toEqual([A, B].sort());
    const pay = (who: Who) =>
      call(who, 'PUT', `/orders/update-status/${order.id}`, { status: 'pending', paymentReceived: true });
    const paidBy = async () => {
      const o = OrderAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}`)).body).order;
      const invoice = InvoiceAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}/invoice`)).body).invoice;
      return {
        order: o.paymentStatus,
        invoice: invoice.paymentStatus,
        parts: Object.fromEntries(o.sellers.map((p) => [p.sellerId, p.paymentStatus])),
      };
    };

    expect((await pay(sellerA)).status).toBe(200);
    expect(await paidBy()).toEqual({ order: 'unpaid', invoice: 'unpaid', parts: { [A]: 'paid', [B]: 'unpaid' } });
    // Seller A's own invoice covers its part only, and that part is paid.
    const aInvoice = InvoiceAnswer.parse((await call(sellerA, 'GET', `/orders/${order.id}/invoice`)).body).invoice;
    expect(aInvoice.paymentStatus).toBe('paid');
    const bInvoice = InvoiceAnswer.parse((await call(sellerB, 'GET', `/orders/${order.id}/invoice`)).body).invoice;
    expect(bInvoice.paymentStatus).toBe('unpaid');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.paymentStatus).toBe('unpaid');

    expect((await pay(sellerB)).status).toBe(200);
    expect(await paidBy()).toEqual({ order: 'paid', invoice: 'paid', parts: { [A]: 'paid', [B]: 'paid' } });
  });

  it('a cancelled part needs no payment: the rest paid makes the order paid', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'bank_transfer' });
    await call(sellerB, 'PUT', `/orders/update-status/${order.id}`, { status: 'cancelled' });
    await call(sellerA, 'PUT', `/orders/update-status/${order.id}`, { status: 'pending', paymentReceived: true });
    const o = OrderAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}`)).body).order;
    expect(o.paymentStatus).toBe('paid');
  });
});

describe('invoices', () => {
  it('GET /orders/{id}/invoice: the whole order for the buyer, its own part for a seller', async () => {
    const { order } = await placeOne(buyer);
    const mine = InvoiceAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}/invoice`)).body).invoice;
    expect(mine).toMatchObject({
      scope: 'buyer',
      orderNumber: order.orderNumber,
      invoiceNumber: `INV-${order.orderNumber.slice(3)}`,
      subtotal: 84.98,
      shippingCost: 12.5,
      tax: 5.95,
      total: order.totalAmount,
      paymentMethod: 'cash_on_delivery',
      paymentStatus: 'unpaid',
    });
    expect(mine.shop.name).toBe('Yaad Market');
    expect(mine.sellers.map((s) => s.sellerId)).toEqual([A, B]);
    expect(mine.sellers.reduce((n, s) => n + Math.round(s.tax * 100), 0)).toBe(595);
    expect(mine.sellers[0].email).toBe(`hello@${A}.yaad.test`);

    const theirs = InvoiceAnswer.parse((await call(sellerA, 'GET', `/orders/${order.id}/invoice`)).body).invoice;
    expect(theirs.scope).toBe('seller');
    expect(theirs.sellers.map((s) => s.sellerId)).toEqual([A]);
    expect(theirs).toMatchObject({ subtotal: 34.99, shippingCost: 6.5, tax: mine.sellers[0].tax });
    expect(Math.round(theirs.total * 100)).toBe(3_499 + 650 + Math.round(mine.sellers[0].tax * 100));

    const denied = await call(stranger, 'GET', `/orders/${order.id}/invoice`);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(MESSAGES.invoice.accessDenied);
    expect((await call(sellerD, 'GET', `/orders/${order.id}/invoice`)).status).toBe(403);
    const missing = await call(buyer, 'GET', '/orders/nope/invoice');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MESSAGES.invoice.notFound);
  });

  it('GET /invoice/invoice-pdf/{orderId}: a real PDF, private, with everything on it', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'bank_transfer' });
    const res = await t.call(`/invoice/invoice-pdf/${order.id}`, {
      headers: { authorization: `Bearer ${buyer.token}`, accept: 'application/pdf' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toContain('private');
    expect(res.headers.get('cache-control')).toContain('no-store');
    expect(res.headers.get('content-disposition')).toContain(`invoice-${order.orderNumber}.pdf`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.length).toBeGreaterThan(1_000);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(res.headers.get('content-length'))).toBe(pdf.length);
    const text = pdfText(pdf);
    for (const expected of [
      'Yaad Market',
      'INVOICE',
      order.orderNumber,
      'Shanice Brown',
      'Tanisha Campbell',
      '14 Hope Road',
      'St. Andrew',
      'Jamaica',
      'Bank transfer',
      'Sold and shipped by Blue Mountain Roasters',
      'Sold and shipped by Half Way Tree Electronics',
      a.name.slice(0, 20),
      b.name.slice(0, 20),
      'Zipmail',
      'Bike courier',
      'Subtotal',
      '$84.98',
      'Tax',
      '$5.95',
      'Total',
      `$${order.totalAmount.toFixed(2)}`,
      'Call when you reach the gate',
      'Page 1 of 1',
    ])
      expect(text, expected).toContain(expected);
  });

  it('the PDF of a seller shows only its part; strangers and signed-out callers are refused', async () => {
    const { order } = await placeOne(buyer);
    const res = await t.call(`/invoice/invoice-pdf/${order.id}`, {
      headers: { authorization: `Bearer ${sellerB.token}` },
    });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain('Half Way Tree Electronics');
    expect(text).not.toContain('Blue Mountain Roasters');
    expect(text).toContain('Tax (your share)');
    for (const [who, status] of [
      [stranger, 403],
      [sellerD, 403],
      [null, 401],
    ] as const) {
      const refused = await t.call(`/invoice/invoice-pdf/${order.id}`, {
        headers: who ? { authorization: `Bearer ${who.token}` } : {},
      });
      expect(refused.status).toBe(status);
      expect(refused.headers.get('content-type')).toContain('json');
    }
    expect(
      (await t.call('/invoice/invoice-pdf/nope', { headers: { authorization: `Bearer ${buyer.token}` } })).status,
    ).toBe(404);
  });

  it('a long order flows over pages', async () => {
    const many = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.storeId, B))
      .limit(30);
    for (const p of many) await setProduct(t.database.db, p.id, { stock: 10 });
    const items = many.map((p) => ({ productId: p.id, quantity: 1 }));
    await fillCart(t.database.db, buyer.id, items);
    const placed = await call(buyer, 'POST', '/orders/place', request({ items, shippingSelections: [selections[1]] }));
    expect(placed.status).toBe(201);
    const id = placed.body.order.id;
    const res = await t.call(`/invoice/invoice-pdf/${id}`, { headers: { authorization: `Bearer ${buyer.token}` } });
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toMatch(/Page 2 of \d/);
    const lines = await t.database.db.select({ n: count() }).from(orderLines).where(eq(orderLines.orderId, id));
    expect(lines[0].n).toBe(many.length);
  });
});

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'yaad-invoice-'));
  try {
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
