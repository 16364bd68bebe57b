import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PlaceOrderAnswer } from '../../../src/lib/contract/orders';
import { MESSAGES } from '../../../src/lib/messages';
import { idempotencyKeys } from '../../../src/server/db/schema';
import {
  a,
  b,
  buyer,
  call,
  openOrderScene,
  orderCount,
  placeOne,
  request,
  selections,
  stranger,
  t,
} from '../../fixtures/order-scene';
import { fillCart, setProduct, stockOf } from '../../fixtures/orders';

/* Retried submissions (Idempotency-Key) never make a second order. */

openOrderScene();

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
    expect(other.body.message).toBe(MESSAGES.orders.keyReused);
    const bad = await call(buyer, 'POST', '/orders/place', request(), { 'Idempotency-Key': 'short' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MESSAGES.orders.badKey);
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
