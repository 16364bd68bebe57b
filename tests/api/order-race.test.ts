import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/lib/messages';
import { createSession } from '../../src/server/auth/sessions';
import { orderLines, orders, products, productVariants, users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../fixtures/app';
import { gatedSuiteRuns } from '../fixtures/gated';
import { caller, fillCart, KINGSTON_ADDRESS, productOf, signInSeller, stockOf, type Who } from '../fixtures/orders';
import { setGrid } from '../fixtures/variants-door';

/*
 * Concurrency on a real PostgreSQL server (TEST_DATABASE_URL, `npm run test:pg`). PGlite runs one
 * transaction at a time, so these races would pass there without testing anything: skipped.
 */
const onPostgres = gatedSuiteRuns('postgres', Boolean(process.env.TEST_DATABASE_URL), 'TEST_DATABASE_URL');
const A = 'blue-mountain-roasters';
const B = 'half-way-tree-electronics';
const address = { ...KINGSTON_ADDRESS, state: 'St. Andrew' };
const rateA = { sellerId: A, shippingRateId: `${A}--zipmail` };
const rateB = { sellerId: B, shippingRateId: `${B}--zipmail` };

let t: TestApp;
let call: ReturnType<typeof caller>;
let buyers: Who[];

async function makeBuyers(n: number): Promise<Who[]> {
  const db = t.database.db;
  const rows = await db
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ name: `Racer ${i}`, email: `racer-${i}@yaad.test` })))
    .returning({ id: users.id, email: users.email });
  return Promise.all(rows.map(async (u) => ({ ...u, token: (await createSession(db, u.id, 30)).token })));
}

describe.skipIf(!onPostgres)(
  'races on PostgreSQL (skipped without TEST_DATABASE_URL: PGlite is single-connection)',
  () => {
    beforeAll(async () => {
      t = await createTestApp({ seed: true });
      call = caller(t);
      buyers = await makeBuyers(100);
    });
    afterAll(() => t?.close());

    it('100 buyers, the last 10 units: exactly 10 sold, stock 0, every other answer the stock message', async () => {
      const db = t.database.db;
      const last = await productOf(db, A, { priceCents: 1_500, stock: 10 });
      const [{ sales: salesBefore }] = await db
        .select({ sales: products.salesCount })
        .from(products)
        .where(eq(products.id, last.id));
      await Promise.all(buyers.map((b) => fillCart(db, b.id, [{ productId: last.id, quantity: 1 }])));
      const body = {
        items: [{ productId: last.id, quantity: 1 }],
        shippingAddress: address,
        paymentMethod: 'credit_card',
        shippingSelections: [rateA],
      };
      const answers = await Promise.all(buyers.map((b) => call(b, 'POST', '/orders/place', body)));
      const won = answers.filter((r) => r.status === 201);
      const lost = answers.filter((r) => r.status !== 201);
      expect(won).toHaveLength(10);
      expect(lost).toHaveLength(90);
      for (const r of lost) {
        expect(r.status).toBe(409);
        // The refusal also lists the line's problem by product id (decision 010).
        const message = MESSAGES.cart.insufficientStock(last.name, 0);
        expect(r.body).toEqual({
          code: 'insufficient_stock',
          message,
          errors: { [last.id]: message },
          reasons: { [last.id]: 'insufficient_stock' },
        });
      }
      expect(await stockOf(db, last.id)).toBe(0);
      const [{ sold }] = await db
        .select({ sold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
        .from(orderLines)
        .where(eq(orderLines.productId, last.id));
      expect(sold).toBe(10);
      const [{ sales }] = await db
        .select({ sales: products.salesCount })
        .from(products)
        .where(eq(products.id, last.id));
      expect(sales - salesBefore).toBe(10);
      const winners = new Set(won.map((r) => r.body.order.buyer.id));
      expect(winners.size).toBe(10);
    });

    it('the last unit of one variant (issue 30): two buyers, exactly one order; its sibling variant sells beside it', async () => {
      const db = t.database.db;
      const boots = await productOf(db, B, { priceCents: 7_500, stock: 0 }, 1);
      await db.update(products).set({ name: 'Leather Desert Boots' }).where(eq(products.id, boots.id));
      const [brown10, black10] = await setGrid(
        t,
        await signInSeller(db, B),
        boots.id,
        [
          { name: 'Size', values: ['10'] },
          { name: 'Colour', values: ['Brown', 'Black'] },
        ],
        [
          { values: ['10', 'Brown'], sku: 'RACE-10-BR', price: 89.99, stock: 1 },
          { values: ['10', 'Black'], sku: 'RACE-10-BL', price: 75, stock: 5 },
        ],
      );
      const [first, second, third] = buyers.slice(40, 43);
      const last = { productId: boots.id, variantId: brown10.id, quantity: 1 };
      const sibling = { productId: boots.id, variantId: black10.id, quantity: 1 };
      await Promise.all([first, second].map((b) => fillCart(db, b.id, [last])));
      await fillCart(db, third.id, [sibling]);
      const order = (items: unknown[]) => ({
        items,
        shippingAddress: address,
        paymentMethod: 'cash_on_delivery',
        shippingSelections: [rateB],
      });
      const answers = await Promise.all([
        call(first, 'POST', '/orders/place', order([last])),
        call(second, 'POST', '/orders/place', order([last])),
        call(third, 'POST', '/orders/place', order([sibling])),
      ]);
      const [a, b, c] = answers;
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      const lost = a.status === 409 ? a : b;
      expect(lost.body.message).toBe(MESSAGES.cart.insufficientStock('Leather Desert Boots (Size 10, Brown)', 0));
      expect(c.status).toBe(201);
      const stock = await db
        .select({ id: productVariants.id, stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, boots.id));
      expect(Object.fromEntries(stock.map((r) => [r.id, r.stock]))).toEqual({ [brown10.id]: 0, [black10.id]: 4 });
      expect(await stockOf(db, boots.id)).toBe(4);
      const [{ sold }] = await db
        .select({ sold: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
        .from(orderLines)
        .where(eq(orderLines.variantId, brown10.id));
      expect(sold).toBe(1);
    });

    it('cancels giving a variant back while orders take it never deadlock; its sibling untouched, the product the sum', async () => {
      const db = t.database.db;
      const boots = await productOf(db, B, { priceCents: 7_500, stock: 0 }, 2);
      const [nine, ten] = await setGrid(
        t,
        await signInSeller(db, B),
        boots.id,
        [{ name: 'Size', values: ['9', '10'] }],
        [
          { values: ['9'], sku: 'CANCEL-9', price: 75, stock: 20 },
          { values: ['10'], sku: 'CANCEL-10', price: 75, stock: 20 },
        ],
      );
      const order = (variantId: string) => ({
        items: [{ productId: boots.id, variantId, quantity: 1 }],
        shippingAddress: address,
        paymentMethod: 'cash_on_delivery',
        shippingSelections: [rateB],
      });
      const racers = buyers.slice(50, 70);
      const placed = await Promise.all(
        racers.slice(0, 10).map((b) => call(b, 'POST', '/orders/place', order(nine.id))),
      );
      expect(placed.map((r) => r.status)).toEqual(Array(10).fill(201));
      const answers = await Promise.all([
        ...placed.map((r, i) => call(racers[i], 'DELETE', `/orders/cancel/${r.body.order.id}`)),
        ...racers.slice(10).map((b) => call(b, 'POST', '/orders/place', order(nine.id))),
      ]);
      expect(answers.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(200));
      expect(answers.slice(10).map((r) => r.status)).toEqual(Array(10).fill(201));
      const stock = await db
        .select({ id: productVariants.id, stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, boots.id));
      expect(Object.fromEntries(stock.map((r) => [r.id, r.stock]))).toEqual({ [nine.id]: 10, [ten.id]: 20 });
      expect(await stockOf(db, boots.id)).toBe(30);
    });

    it('orders for two products named in opposite orders never deadlock: 25 + 25 units, 25 orders', async () => {
      const db = t.database.db;
      const p = await productOf(db, A, { priceCents: 1_000, stock: 25 }, 1);
      const q = await productOf(db, B, { priceCents: 2_000, stock: 25 });
      const racers = buyers.slice(0, 60);
      await Promise.all(
        racers.map((b) =>
          fillCart(db, b.id, [
            { productId: p.id, quantity: 1 },
            { productId: q.id, quantity: 1 },
          ]),
        ),
      );
      const answers = await Promise.all(
        racers.map((b, i) =>
          call(b, 'POST', '/orders/place', {
            items:
              i % 2
                ? [
                    { productId: p.id, quantity: 1 },
                    { productId: q.id, quantity: 1 },
                  ]
                : [
                    { productId: q.id, quantity: 1 },
                    { productId: p.id, quantity: 1 },
                  ],
            shippingAddress: address,
            paymentMethod: 'bank_transfer',
            shippingSelections: [rateA, rateB],
          }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(25);
      expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
      expect(await stockOf(db, p.id)).toBe(0);
      expect(await stockOf(db, q.id)).toBe(0);
      const placed = answers.filter((r) => r.status === 201).map((r) => r.body.order.id as string);
      const parts = await db.select({ id: orders.id }).from(orders).where(inArray(orders.id, placed));
      expect(parts).toHaveLength(25);
    });

    it('one Idempotency-Key sent 20 times at once makes one order', async () => {
      const db = t.database.db;
      const item = await productOf(db, A, { priceCents: 700, stock: 100 }, 2);
      const buyer = buyers[99];
      await fillCart(db, buyer.id, [{ productId: item.id, quantity: 2 }]);
      const body = {
        items: [{ productId: item.id, quantity: 2 }],
        shippingAddress: address,
        paymentMethod: 'debit_card',
        shippingSelections: [rateA],
      };
      const key = `race-${crypto.randomUUID()}`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => call(buyer, 'POST', '/orders/place', body, { 'Idempotency-Key': key })),
      );
      expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
      expect(answers.filter((r) => r.status === 200)).toHaveLength(19);
      expect(new Set(answers.map((r) => r.body.order.id)).size).toBe(1);
      expect(await stockOf(db, item.id)).toBe(98);
      const mine = await db.select({ id: orders.id }).from(orders).where(eq(orders.buyerId, buyer.id));
      expect(mine).toHaveLength(1);
    });

    it('a buyer cancelling while the seller ships: exactly one wins and the stock ledger holds', async () => {
      const db = t.database.db;
      const item = await productOf(db, A, { priceCents: 900, stock: 40 }, 3);
      const seller = await signInSeller(db, A);
      const racers = buyers.slice(0, 20);
      await Promise.all(racers.map((b) => fillCart(db, b.id, [{ productId: item.id, quantity: 2 }])));
      const placed = await Promise.all(
        racers.map((b) =>
          call(b, 'POST', '/orders/place', {
            items: [{ productId: item.id, quantity: 2 }],
            shippingAddress: address,
            paymentMethod: 'cash_on_delivery',
            shippingSelections: [rateA],
          }),
        ),
      );
      expect(placed.every((r) => r.status === 201)).toBe(true);
      expect(await stockOf(db, item.id)).toBe(0);
      const ids = placed.map((r) => r.body.order.id as string);
      for (const id of ids) await call(seller, 'PUT', `/orders/update-status/${id}`, { status: 'processing' });
      const results = await Promise.all(
        ids.map((id, i) =>
          Promise.all([
            call(racers[i], 'DELETE', `/orders/cancel/${id}`),
            call(seller, 'PUT', `/orders/update-status/${id}`, { status: 'shipped', trackingNumber: `T-${i}` }),
          ]),
        ),
      );
      let cancelled = 0;
      for (const [cancel, ship] of results) {
        expect([cancel.status, ship.status].sort()).toEqual([200, 409]);
        if (cancel.status === 200) cancelled += 1;
      }
      expect(await stockOf(db, item.id)).toBe(cancelled * 2);
      const final = await db.select({ status: orders.status }).from(orders).where(inArray(orders.id, ids));
      expect(final.filter((o) => o.status === 'cancelled')).toHaveLength(cancelled);
      expect(final.filter((o) => o.status === 'shipped')).toHaveLength(20 - cancelled);
    });
  },
);
