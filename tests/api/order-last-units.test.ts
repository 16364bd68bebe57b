import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages';
import { orderLines } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../fixtures/app';
import { caller, fillCart, KINGSTON_ADDRESS, productOf, signIn, stockOf, type Who } from '../fixtures/orders';

/*
 * Buying exactly the units that are left, on whichever database the run uses: the PostgreSQL
 * race (order-race.test.ts) only runs in the PostgreSQL pass, so this keeps an off-by-one in the
 * stock check from passing `npm test` on PGlite.
 */
const A = 'blue-mountain-roasters';
const address = { ...KINGSTON_ADDRESS, state: 'St. Andrew' };

let t: TestApp;
let call: ReturnType<typeof caller>;
let buyer: Who;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  buyer = await signIn(t.database.db, 'last-units@yaad.test', 'Last Units');
});
afterAll(() => t?.close());

const place = async (productId: string, quantity: number) => {
  await fillCart(t.database.db, buyer.id, [{ productId, quantity }]);
  return call(buyer, 'POST', '/orders/place', {
    items: [{ productId, quantity }],
    shippingAddress: address,
    paymentMethod: 'cash_on_delivery',
    shippingSelections: [{ sellerId: A, shippingRateId: `${A}--zipmail` }],
  });
};
const sold = async (productId: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
      .from(orderLines)
      .where(eq(orderLines.productId, productId))
  )[0].n;

describe('the last units of a product', () => {
  it('sells exactly what is left, refusing one more before and after', async () => {
    const last = await productOf(t.database.db, A, { priceCents: 2_000, stock: 3 });

    const tooMany = await place(last.id, 4);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({
      code: 'insufficient_stock',
      message: MESSAGES.cart.insufficientStock(last.name, 3),
    });
    expect(await stockOf(t.database.db, last.id)).toBe(3);

    const exactly = await place(last.id, 3);
    expect(exactly.status, JSON.stringify(exactly.body)).toBe(201);
    expect(await stockOf(t.database.db, last.id)).toBe(0);
    expect(await sold(last.id)).toBe(3);

    const oneMore = await place(last.id, 1);
    expect(oneMore.status).toBe(409);
    expect(oneMore.body).toEqual({
      code: 'insufficient_stock',
      message: MESSAGES.cart.insufficientStock(last.name, 0),
    });
    expect(await stockOf(t.database.db, last.id)).toBe(0);
    expect(await sold(last.id)).toBe(3);
  });
});
