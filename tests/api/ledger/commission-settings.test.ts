import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CommissionRates } from '../../../src/lib/contract/commission';
import { commissionRates, operatorActions, orderLines, orderParts, products } from '../../../src/server/db/schema';
import { A, B, b, buyer, call, openOrderScene, placeOne, t } from '../../fixtures/order-scene';
import { signInOperator, type Who } from '../../fixtures/orders';

/*
 * Commission settings through the API (issue 27 #6, docs/decisions/040): the marketplace's rate
 * as configured and every store and category rate; setting, replacing and removing one, each in
 * the operator action log; bad rates, an unknown store or category refused with nothing changed;
 * a change applies only to orders placed after it (the rates frozen on order lines). PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */

openOrderScene({ config: { COMMISSION_RATE: '0.12' } });

const db = () => t.database.db;
const PATH = '/admin/commission-rates';
let operator: Who;
let categoryOfB: string;

beforeAll(async () => {
  operator = await signInOperator(db(), 'commission-operator@yaad.test', 'Cam Operator');
  [{ category: categoryOfB }] = await db()
    .select({ category: products.category })
    .from(products)
    .where(eq(products.id, b.id));
});
beforeEach(async () => {
  await db().delete(commissionRates);
});

const rates = async () => {
  const res = await call(operator, 'GET', PATH);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CommissionRates.parse(res.body);
};
const rows = () => db().select().from(commissionRates);
const logged = () => db().select().from(operatorActions);
/** The commission frozen on a store's part of an order, and its lines' rates. */
const frozenOf = async (orderId: string, store: string) => {
  const [mine] = await db()
    .select({ id: orderParts.id, commission: orderParts.commissionCents })
    .from(orderParts)
    .where(and(eq(orderParts.orderId, orderId), eq(orderParts.storeId, store)));
  const lines = await db()
    .select({ bp: orderLines.commissionBasisPoints })
    .from(orderLines)
    .where(eq(orderLines.partId, mine.id));
  return { commission: mine.commission, lines: lines.map((l) => l.bp) };
};

describe('commission settings', () => {
  it('lists the marketplace’s rate as configured, and no other rate at first; only operators', async () => {
    const listed = await rates();
    expect(listed.marketplace).toEqual({ basisPoints: 1_200, gctBasisPoints: 0 });
    expect(listed.rates).toEqual([]);
    expect(listed.stores.map((s) => s.id)).toEqual(expect.arrayContaining([A, B]));
    expect((await call(buyer, 'GET', PATH)).status).toBe(403);
    expect((await call(null, 'GET', PATH)).status).toBe(401);
  });

  it('sets a store’s and a category’s rate, replaces one, and logs each with what applied before', async () => {
    let res = await call(operator, 'PUT', PATH, { storeId: B, basisPoints: 800 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    res = await call(operator, 'PUT', PATH, { category: categoryOfB.toUpperCase(), basisPoints: 1_500 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    res = await call(operator, 'PUT', PATH, { storeId: B, basisPoints: 750 });
    const listed = CommissionRates.parse(res.body);
    // Categories first, then stores; the category by its own name however it was typed.
    expect(listed.rates.map((r) => [r.storeId, r.category, r.basisPoints])).toEqual([
      [null, categoryOfB, 1_500],
      [B, null, 750],
    ]);
    expect(listed.rates[1].storeName).toBeTruthy();
    expect(await rates()).toEqual(listed);
    const log = (await logged()).filter((l) => l.action === 'commission_rate_set');
    expect(log.map((l) => [l.targetType, l.targetId, l.fromStatus, l.toStatus])).toEqual(
      expect.arrayContaining([
        ['store', B, null, '8%'],
        ['category', categoryOfB, null, '15%'],
        ['store', B, '8%', '7.5%'],
      ]),
    );
    expect(log.find((l) => l.toStatus === '15%')?.reason).toContain('was 12%, inherited');
    expect(log.every((l) => l.operatorEmail === operator.email)).toBe(true);
  });

  it('refuses bad rates, no store or category, an unknown store or category: nothing changes', async () => {
    await call(operator, 'PUT', PATH, { storeId: B, basisPoints: 800 });
    const before = { rates: await rows(), log: (await logged()).length };
    const rateError = 'Rate must be whole basis points from 0 (0%) to 10,000 (100%)';
    for (const basisPoints of [-1, 10_001, 8.5, '800', null])
      expect(await call(operator, 'PUT', PATH, { storeId: B, basisPoints })).toMatchObject({
        status: 400,
        body: { code: 'validation_failed', errors: { basisPoints: rateError } },
      });
    expect(await call(operator, 'PUT', PATH, { basisPoints: 800 })).toMatchObject({
      status: 400,
      body: { errors: { storeId: 'Choose a store, a category, or both' } },
    });
    expect(await call(operator, 'PUT', PATH, { storeId: 'no-such-store', basisPoints: 800 })).toMatchObject({
      status: 404,
      body: { code: 'not_found', message: 'No such store' },
    });
    expect(await call(operator, 'PUT', PATH, { category: 'Spaceships', basisPoints: 800 })).toMatchObject({
      status: 404,
      body: { code: 'not_found', message: 'No such category' },
    });
    expect(await call(operator, 'DELETE', `${PATH}?storeId=${A}`)).toMatchObject({
      status: 404,
      body: { message: 'No such commission rate: nothing was removed' },
    });
    expect((await call(operator, 'DELETE', PATH)).status).toBe(400);
    expect((await call(buyer, 'PUT', PATH, { storeId: B, basisPoints: 100 })).status).toBe(403);
    expect(await rows()).toEqual(before.rates);
    expect((await logged()).length).toBe(before.log);
  });

  it('removes a rate: lines fall back to the next most specific; logged', async () => {
    await call(operator, 'PUT', PATH, { category: categoryOfB, basisPoints: 1_500 });
    await call(operator, 'PUT', PATH, { storeId: B, category: categoryOfB, basisPoints: 300 });
    const res = await call(operator, 'DELETE', `${PATH}?storeId=${B}&category=${encodeURIComponent(categoryOfB)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(CommissionRates.parse(res.body).rates.map((r) => [r.storeId, r.basisPoints])).toEqual([[null, 1_500]]);
    const [removed] = (await logged()).filter((l) => l.action === 'commission_rate_removed');
    expect(removed).toMatchObject({ targetType: 'store', targetId: B, fromStatus: '3%', toStatus: 'removed' });
    // B's products in that category now fall back to the category's 15%.
    expect(removed.reason).toContain('now 15%');
    const { order } = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    expect((await frozenOf(order.id, B)).lines).toEqual([1_500]);
  });

  it('a change applies only to orders placed after it: the rates frozen on earlier orders stay', async () => {
    const before = (await placeOne(buyer, { paymentMethod: 'cash_on_delivery' })).order;
    // 49.99 at the marketplace's 12%: 5.9988 → 6.00.
    expect(await frozenOf(before.id, B)).toEqual({ commission: 600, lines: [1_200] });
    expect((await call(operator, 'PUT', PATH, { storeId: B, basisPoints: 500 })).status).toBe(200);
    const after = (await placeOne(buyer, { paymentMethod: 'cash_on_delivery' })).order;
    // 49.99 at 5%: 2.4995 → 2.50.
    expect(await frozenOf(after.id, B)).toEqual({ commission: 250, lines: [500] });
    expect(await frozenOf(before.id, B)).toEqual({ commission: 600, lines: [1_200] });
    // Removed again: the next order is back at 12%; the one placed at 5% keeps it.
    expect((await call(operator, 'DELETE', `${PATH}?storeId=${B}`)).status).toBe(200);
    const later = (await placeOne(buyer, { paymentMethod: 'cash_on_delivery' })).order;
    expect(await frozenOf(later.id, B)).toEqual({ commission: 600, lines: [1_200] });
    expect(await frozenOf(after.id, B)).toEqual({ commission: 250, lines: [500] });
  });
});
