import { and, asc, count, eq, inArray, isNull, lte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SellerDashboard } from '../../../src/lib/contract/seller-orders';
import { MESSAGES } from '../../../src/lib/messages';
import { reviewerName } from '../../../src/lib/ratings';
import {
  orderParts,
  orders,
  productReviews,
  products,
  productVariants,
  reviewReplies,
} from '../../../src/server/db/schema';
import { sellerDashboard } from '../../../src/server/services/seller-dashboard';
import { sellerOf } from '../../../src/server/services/sellers';
import {
  A,
  a,
  buyer,
  call,
  D,
  deliver,
  openOrderScene,
  placeOne,
  sellerA,
  sellerB,
  sellerD,
  t,
} from '../../fixtures/order-scene';
import { setProduct, type Who } from '../../fixtures/orders';

/*
 * The seller dashboard: figures checked against orders placed at known instants either side of
 * Jamaica's midnights (America/Jamaica, UTC−5: midnight there is 05:00 UTC), money to the cent.
 * The day is fixed (`now`) through the service, far from the real clock, so orders other tests
 * place today cannot fall in it; the route is the same service with the real clock.
 */

openOrderScene();

/** The seller an account is, as the route's guard resolves it. */
async function theSeller(userId: string) {
  const seller = await sellerOf(t.database.db, userId);
  if (!seller) throw new Error(`${userId} owns no store`);
  return seller;
}

const dashboard = async (who: Who) => {
  const res = await call(who, 'GET', '/seller/dashboard');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SellerDashboard.parse(res.body);
};

/** Places an order (A's part 41.49, B's 55.99) and moves it to the instant `at`. */
async function orderAt(at: string): Promise<string> {
  const { order } = await placeOne(buyer);
  const when = new Date(at);
  await t.database.db.update(orders).set({ createdAt: when }).where(eq(orders.id, order.id));
  await t.database.db.update(orderParts).set({ createdAt: when }).where(eq(orderParts.orderId, order.id));
  return order.id;
}

const partOf = async (orderId: string, storeId: string) =>
  (
    await t.database.db
      .select({ id: orderParts.id })
      .from(orderParts)
      .where(and(eq(orderParts.orderId, orderId), eq(orderParts.storeId, storeId)))
  )[0].id;

/** Products of a store at or under the Low Stock badge's 5 units, lowest first (as the rule reads in SQL). */
/** The store's variants at 5 or fewer (a product without options is its one variant, with the product's id). */
const lowOf = (storeId: string) =>
  t.database.db
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.storeId, storeId), lte(productVariants.stock, 5)))
    .orderBy(asc(productVariants.stock), asc(products.name), asc(productVariants.position), asc(productVariants.id));

describe('GET /seller/dashboard', () => {
  it('a new seller sees zeros, 30 empty days, nothing waiting, and its own low stock', async () => {
    const d = await dashboard(sellerD);
    expect(d.timeZone).toBe('America/Jamaica');
    expect(d.figures).toEqual({ today: { orders: 0, sales: 0 }, month: { orders: 0, sales: 0 } });
    expect(d.daily).toHaveLength(30);
    expect(d.daily.at(-1)?.day).toBe(d.today);
    expect(d.daily.every((x) => x.orders === 0 && x.sales === 0)).toBe(true);
    expect(d.waiting).toEqual({ counts: { pending: 0, processing: 0 }, parts: [] });
    const low = await lowOf(D);
    expect(d.lowStock.threshold).toBe(5);
    expect(d.lowStock.total).toBe(low.length);
    expect(d.lowStock.products.map((p) => p.id)).toEqual(low.slice(0, 10).map((p) => p.id));
  });

  it('answers 401 signed out and 403 for a buyer', async () => {
    expect((await call(null, 'GET', '/seller/dashboard')).status).toBe(401);
    const res = await call(buyer, 'GET', '/seller/dashboard');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.sellerOrders.notSeller);
  });

  it('today counts from Jamaica’s midnight; the month from the 1st there; cancelled parts are not sales', async () => {
    const now = new Date('2026-03-15T17:00:00Z'); // 12:00 noon, 15 March, in Jamaica
    await orderAt('2026-03-15T04:59:59Z'); // 23:59:59 on 14 March in Jamaica
    await orderAt('2026-03-15T05:00:00Z'); // midnight starting 15 March
    await orderAt('2026-03-01T04:59:59.999Z'); // the last moment of 28 February
    await orderAt('2026-03-01T05:00:00Z'); // the first moment of 1 March
    await orderAt('2026-02-14T04:59:59Z'); // 13 February: before the 30 days
    await orderAt('2026-03-15T21:00:00Z'); // later today: after `now`, still today
    const cancelled = await orderAt('2026-03-15T16:00:00Z');
    const res = await call(sellerA, 'POST', `/seller/orders/${await partOf(cancelled, A)}/cancel`, {
      reason: 'Out of beans',
    });
    expect(res.status).toBe(200);

    const d = await sellerDashboard(t.database.db, await theSeller(sellerA.id), now);
    expect(d.today).toBe('2026-03-15');
    expect(d.figures.today).toEqual({ orders: 2, sales: 82.98 });
    expect(d.figures.month).toEqual({ orders: 4, sales: 165.96 }); // 1, 14, 15, 15 March
    expect(d.daily).toHaveLength(30);
    expect(d.daily[0].day).toBe('2026-02-14');
    expect(d.daily.at(-1)?.day).toBe('2026-03-15');
    const sold = d.daily.filter((x) => x.orders > 0);
    expect(sold).toEqual([
      { day: '2026-02-28', orders: 1, sales: 41.49 },
      { day: '2026-03-01', orders: 1, sales: 41.49 },
      { day: '2026-03-14', orders: 1, sales: 41.49 },
      { day: '2026-03-15', orders: 2, sales: 82.98 },
    ]);

    // Seller B's part of the cancelled order was not cancelled: B's day has three.
    const forB = await sellerDashboard(t.database.db, await theSeller(sellerB.id), now);
    expect(forB.figures.today).toEqual({ orders: 3, sales: 167.97 });
    expect(forB.figures.month).toEqual({ orders: 5, sales: 279.95 });
    // The 30 days' sum is exact to the cent: 6 parts of 55.99.
    const sumCents = forB.daily.reduce((n, x) => n + Math.round(x.sales * 100), 0);
    expect(sumCents).toBe(6 * 5599);
  });

  it('over a month boundary the month restarts on the 1st; the 30 days still reach back', async () => {
    // 1 March 00:30 in Jamaica: today is the 1st, so the month is one day long.
    const d = await sellerDashboard(t.database.db, await theSeller(sellerA.id), new Date('2026-03-01T05:30:00Z'));
    expect(d.today).toBe('2026-03-01');
    expect(d.figures.today).toEqual({ orders: 1, sales: 41.49 });
    expect(d.figures.month).toEqual({ orders: 1, sales: 41.49 });
    expect(d.daily[0].day).toBe('2026-01-31');
    expect(d.daily.filter((x) => x.orders > 0).map((x) => x.day)).toEqual(['2026-02-13', '2026-02-28', '2026-03-01']);
  });

  it('lists the parts waiting (pending to accept, processing to ship), oldest first, and low stock', async () => {
    const before = await dashboard(sellerA);
    const { order } = await placeOne(buyer);
    const partId = await partOf(order.id, A);
    let d = await dashboard(sellerA);
    expect(d.waiting.counts.pending).toBe(before.waiting.counts.pending + 1);
    await call(sellerA, 'POST', `/seller/orders/${partId}/accept`);
    d = await dashboard(sellerA);
    expect(d.waiting.counts.processing).toBe(before.waiting.counts.processing + 1);
    const placed = d.waiting.parts.map((p) => p.placedAt);
    expect([...placed].sort()).toEqual(placed);
    expect(d.waiting.parts.every((p) => p.status === 'pending' || p.status === 'processing')).toBe(true);
    // Seller B never sees A's parts.
    const forB = await dashboard(sellerB);
    expect(forB.waiting.parts.some((p) => p.partId === partId)).toBe(false);

    await setProduct(t.database.db, a.id, { stock: 0 });
    d = await dashboard(sellerA);
    const low = await lowOf(A);
    expect(d.lowStock.total).toBe(low.length);
    expect(low.find((p) => p.id === a.id)).toEqual({ id: a.id, stock: 0 });
    expect(d.lowStock.products.map((p) => [p.id, p.stock])).toEqual(low.slice(0, 10).map((p) => [p.id, p.stock]));
    expect(d.lowStock.products[0].stock).toBe(0);
    const ids = d.lowStock.products.map((p) => p.id);
    const stores = await t.database.db
      .select({ storeId: products.storeId })
      .from(products)
      .where(inArray(products.id, ids));
    expect(new Set(stores.map((s) => s.storeId))).toEqual(new Set([A]));
    expect((await dashboard(sellerB)).lowStock.products.some((p) => p.id === a.id)).toBe(false);
  });
});

describe('reviews on the dashboard', () => {
  it("shows the newest reviews of the seller's own products and how many await its reply", async () => {
    const db = t.database.db;
    const before = await dashboard(sellerA);
    // What the figure counts, read here from the tables: A's products' visible reviews without a reply.
    const [{ n }] = await db
      .select({ n: count() })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .leftJoin(reviewReplies, eq(reviewReplies.reviewId, productReviews.id))
      .where(and(eq(products.storeId, A), isNull(productReviews.hiddenAt), isNull(reviewReplies.reviewId)));
    expect(before.reviews.unanswered).toBe(n);

    const { order } = await placeOne(buyer);
    await deliver(sellerA, order.id);
    const written = await call(buyer, 'POST', `/products/${a.id}/reviews`, { rating: 3, title: 'Good beans' });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const id = (written.body as { id: string }).id;
    let d = await dashboard(sellerA);
    expect(d.reviews.unanswered).toBe(n + 1);
    expect(d.reviews.latest.length).toBeLessThanOrEqual(5);
    expect(d.reviews.latest[0]).toEqual({
      id,
      productId: a.id,
      productName: a.name,
      rating: 3,
      title: 'Good beans',
      authorName: reviewerName('Shanice Brown'),
      createdAt: expect.any(String),
      replied: false,
    });
    // Another seller never sees it.
    expect((await dashboard(sellerB)).reviews.latest.some((r) => r.id === id)).toBe(false);

    expect((await call(sellerA, 'PUT', `/reviews/${id}/reply`, { body: 'Thank you!' })).status).toBe(200);
    d = await dashboard(sellerA);
    expect(d.reviews.unanswered).toBe(n);
    expect(d.reviews.latest[0]).toMatchObject({ id, replied: true });

    // A hidden review is gone for the seller too.
    await db.update(productReviews).set({ hiddenAt: new Date() }).where(eq(productReviews.id, id));
    expect((await dashboard(sellerA)).reviews.latest.some((r) => r.id === id)).toBe(false);
  });
});
