import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../fixtures/app';
import { caller, fillCart, KINGSTON_ADDRESS, productOf, signIn, stockOf } from '../fixtures/orders';

/**
 * Requests that race one another. Run with `npm run test:pg -- tests/api/races.test.ts`: only
 * PostgreSQL's pool runs them truly at once (PGlite has one connection and takes them in turn).
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
});
afterAll(() => t?.close());

describe('two users changing to the same e-mail at once (issue 12 #12)', () => {
  it('both wait for their verification links; following both at once, one wins, the other is the 409 "This email is already registered." (20 rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const one = await signIn(t.database.db, `race-a-${round}@yaad.test`, 'Racer One');
      const two = await signIn(t.database.db, `race-b-${round}@yaad.test`, 'Racer Two');
      const email = `wanted-${round}@yaad.test`;
      const asked = await Promise.all(
        [one, two].map((who) => call(who, 'PUT', '/users/profile', { name: 'Racer', email })),
      );
      // A new address replaces the old one only when its link is followed (issue 15).
      expect(asked.map((a) => a.status)).toEqual([200, 200]);
      const links = await t.database.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'verify_email')));
      const tokens = links.map((l) => /#token=([\w-]{43})/.exec(l.text)?.[1]);
      expect(tokens).toHaveLength(2);
      const answers = await Promise.all(tokens.map((token) => call(null, 'POST', '/auth/verify-email', { token })));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409]);
      const lost = answers.find((a) => a.status === 409);
      expect(lost?.body).toMatchObject({
        message: 'This email is already registered.',
        code: 'conflict',
        errors: { email: 'This email is already registered.' },
      });
      const holders = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      expect(holders).toHaveLength(1);
    }
  });
});

describe('identical place-order requests without an Idempotency-Key (issue 12 #14)', () => {
  it('5 sent at once make one order; the others get it back (200, replayed)', async () => {
    const db = t.database.db;
    const A = 'blue-mountain-roasters';
    const item = await productOf(db, A, { priceCents: 800, stock: 50 }, 1);
    const buyer = await signIn(db, 'double-click@yaad.test', 'Double Click');
    await fillCart(db, buyer.id, [{ productId: item.id, quantity: 3 }]);
    const body = {
      items: [{ productId: item.id, quantity: 3 }],
      shippingAddress: { ...KINGSTON_ADDRESS, state: 'St. Andrew' },
      paymentMethod: 'cash_on_delivery',
      shippingSelections: [{ sellerId: A, shippingRateId: `${A}--zipmail` }],
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(buyer, 'POST', '/orders/place', body)));
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body.order?.id ?? a.body))).toEqual(
      [200, 200, 200, 200, 201],
    );
    expect(new Set(answers.map((a) => a.body.order.id)).size).toBe(1);
    expect(answers.filter((a) => a.body.replayed)).toHaveLength(4);
    const mine = await db.select({ id: orders.id }).from(orders).where(eq(orders.buyerId, buyer.id));
    expect(mine).toHaveLength(1);
    expect(await stockOf(db, item.id)).toBe(47);
  });

  it('a different request at the same moment is its own order', async () => {
    const db = t.database.db;
    const A = 'blue-mountain-roasters';
    const item = await productOf(db, A, { priceCents: 800, stock: 50 }, 2);
    const buyer = await signIn(db, 'two-orders@yaad.test', 'Two Orders');
    await fillCart(db, buyer.id, [{ productId: item.id, quantity: 1 }]);
    const body = (customerNotes: string) => ({
      items: [{ productId: item.id, quantity: 1 }],
      shippingAddress: { ...KINGSTON_ADDRESS, state: 'St. Andrew' },
      paymentMethod: 'cash_on_delivery',
      shippingSelections: [{ sellerId: A, shippingRateId: `${A}--zipmail` }],
      customerNotes,
    });
    const answers = await Promise.all([
      call(buyer, 'POST', '/orders/place', body('gate code 12')),
      call(buyer, 'POST', '/orders/place', body('leave with neighbour')),
    ]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(await stockOf(db, item.id)).toBe(48);
  });
});
