import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cart } from '../../src/lib/contract/cart';
import { InvoiceAnswer, OrderAnswer, PlaceOrderAnswer } from '../../src/lib/contract/orders';
import { orders } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../fixtures/app';
import { caller, KINGSTON_ADDRESS, productOf, signIn, signInSeller, type Who } from '../fixtures/orders';
import { pdfText } from '../fixtures/pdf-text';

/*
 * Issue 12 #11: cents were 32-bit columns, so an order above $21,474,836.47 answered 500 after
 * the cart and /checkout/prepare had accepted it. Every amount the contract allows must go
 * through: the largest price ($1,000,000) times quantities and lines (run on PGlite and, with
 * `npm run test:pg`, on PostgreSQL).
 */
const A = 'blue-mountain-roasters';
const B = 'half-way-tree-electronics';
let t: TestApp;
let call: ReturnType<typeof caller>;
let buyer: Who;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  buyer = await signIn(t.database.db, 'big-spender@yaad.test', 'Big Spender');
});
afterAll(() => t?.close());

describe('orders above $21,474,836.47', () => {
  it('a $1,000,000 product × 25 from one seller and × 30 from another: cart, prepare, place, read, invoice', async () => {
    const db = t.database.db;
    // The seller sets the highest price the contract allows, through the API.
    const a = await productOf(db, A, { priceCents: 100, stock: 100 });
    const b = await productOf(db, B, { priceCents: 100, stock: 100 });
    for (const [store, p] of [
      [A, a],
      [B, b],
    ] as const) {
      const seller = await signInSeller(db, store);
      const res = await call(seller, 'PUT', `/seller/products/${p.id}`, { price: 1_000_000 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await call(buyer, 'POST', '/cart/add', { productId: a.id, quantity: 25 })).status).toBe(200);
    const cartRes = await call(buyer, 'POST', '/cart/add', { productId: b.id, quantity: 30 });
    expect(cartRes.status).toBe(200);
    expect(Cart.parse(cartRes.body).subtotal).toBe(55_000_000);

    expect((await call(buyer, 'POST', '/cart/shipping-address', KINGSTON_ADDRESS)).status).toBe(200);
    for (const store of [A, B])
      expect(
        (await call(buyer, 'POST', '/cart/select-shipping', { sellerId: store, shippingRateId: `${store}--zipmail` }))
          .status,
      ).toBe(200);
    const prepared = await call(buyer, 'POST', '/checkout/prepare');
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);

    const placed = await call(buyer, 'POST', '/orders/place', {
      ...prepared.body.checkoutData,
      paymentMethod: 'bank_transfer',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { order } = PlaceOrderAnswer.parse(placed.body);
    expect(order.subtotal).toBe(55_000_000);
    expect(order.tax).toBe(3_850_000); // 7%
    expect(order.totalAmount).toBe(55_000_000 + order.shippingCost + 3_850_000);

    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.totalCents).toBe(Math.round(order.totalAmount * 100));
    expect(typeof row.totalCents).toBe('number');
    const read = OrderAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}`)).body).order;
    expect(read.totalAmount).toBe(order.totalAmount);
    expect(read.sellers.map((p) => p.subtotal).sort()).toEqual([25_000_000, 30_000_000]);
    const invoice = InvoiceAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}/invoice`)).body).invoice;
    expect(invoice.total).toBe(order.totalAmount);
    const pdf = await t.call(`/invoice/invoice-pdf/${order.id}`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(pdf.status).toBe(200);
    // Each amount, its currency named, on one line of the PDF: the unit price and the line total.
    const lines = pdfText(Buffer.from(await pdf.arrayBuffer())).split('\n');
    const line = lines.find((l) => l.trim().startsWith(a.name)) ?? '';
    expect(line).toMatch(/ 25 +US\$1,000,000\.00 +US\$25,000,000\.00$/);
    expect(lines.some((l) => / Total +US\$58,\d{3},\d{3}\.\d{2}$/.test(l))).toBe(true);
  });

  it('the largest cart the contract allows prices exactly (tax in integers, no float drift)', async () => {
    const { taxOn } = await import('../../src/lib/pricing');
    // 200 lines × 10,000 units × $1,000,000: 2e14 cents; × 700 basis points is past 2^53.
    expect(taxOn(200_000_000_000_000, 0.07)).toBe(14_000_000_000_000);
    // Half a cent exactly rounds up: 200,000,000,000,150 × 7% = 14,000,000,000,010.5 → …011.
    expect(taxOn(200_000_000_000_150, 0.07)).toBe(14_000_000_000_011);
  });
});
