/**
 * An order line is a variant (issue 30 #3, docs/decisions/052): it takes that variant's stock only
 * and gives it back on cancel, hold expiry and return, the product's stock staying the sum of its
 * variants'; a line without its variant, or with another product's, is refused and no order is
 * made; the variant bought is named on the order's documents, mail and review. On PGlite and
 * PostgreSQL. Carts: cart-variant-lines.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductVariant } from '../../../src/lib/contract/catalog';
import { MESSAGES } from '../../../src/lib/messages';
import { mailOutbox, orderLines, orders, products } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/http/logger';
import { powerTranzProvider } from '../../../src/server/payments/powertranz';
import { sweepExpiredHolds } from '../../../src/server/services/payments/hold';
import type { TestApp } from '../../fixtures/app';
import { type caller, fillCart, signIn, signInSeller, stockOf, type Who } from '../../fixtures/orders';
import { pdfText } from '../../fixtures/pdf-text';
import { A, address, bootsScene, linesOf, rateA, sumOfVariants, variantStock } from '../../fixtures/variant-boots';

let t: TestApp;
let call: ReturnType<typeof caller>;
let boots: { id: string; name: string };
let v: Record<string, ProductVariant>;
let otherVariant: ProductVariant;

beforeAll(async () => {
  ({ t, call, boots, v, otherVariant } = await bootsScene());
});
afterAll(() => t?.close());

describe('an order line is a variant', () => {
  const place = (who: Who, items: unknown[], method = 'cash_on_delivery') =>
    call(who, 'POST', '/orders/place', {
      items,
      shippingAddress: address,
      paymentMethod: method,
      shippingSelections: [rateA],
    });

  it('takes the stock of that variant only, keeps the product the sum, and gives it back to it on cancel', async () => {
    const db = t.database.db;
    const buyer = await signIn(db, 'variant-order@yaad.test');
    const before = Object.fromEntries(
      await Promise.all(Object.values(v).map(async (g) => [g.id, await variantStock(t, g.id)])),
    );
    const item = { productId: boots.id, variantId: v['10/Brown'].id, quantity: 2 };
    await fillCart(db, buyer.id, [item]);
    const res = await place(buyer, [item]);
    expect(res.status).toBe(201);
    const line = res.body.order.items[0];
    expect(line).toMatchObject({
      variantId: v['10/Brown'].id,
      variantLabel: 'Size 10, Brown',
      price: 89.99,
      quantity: 2,
    });
    for (const g of Object.values(v))
      expect(await variantStock(t, g.id)).toBe(before[g.id] - (g.id === v['10/Brown'].id ? 2 : 0));
    expect(await stockOf(db, boots.id)).toBe(await sumOfVariants(t, boots.id));
    expect(await linesOf(t, buyer)).toEqual([]);
    const [row] = await db.select().from(orderLines).where(eq(orderLines.orderId, res.body.order.id));
    expect(row).toMatchObject({ variantId: v['10/Brown'].id, variantLabel: 'Size 10, Brown', unitPriceCents: 8_999 });

    const cancelled = await call(buyer, 'DELETE', `/orders/cancel/${res.body.order.id}`);
    expect(cancelled.status).toBe(200);
    expect(await variantStock(t, v['10/Brown'].id)).toBe(before[v['10/Brown'].id]);
    expect(await stockOf(db, boots.id)).toBe(await sumOfVariants(t, boots.id));
  });

  it('gives a card order’s held variant back when its hold ends unpaid', async () => {
    const db = t.database.db;
    const buyer = await signIn(db, 'variant-hold@yaad.test');
    const before = await variantStock(t, v['9/Brown'].id);
    const sibling = await variantStock(t, v['10/Black'].id);
    const res = await place(buyer, [{ productId: boots.id, variantId: v['9/Brown'].id, quantity: 2 }], 'credit_card');
    expect(res.status).toBe(201);
    expect(await variantStock(t, v['9/Brown'].id)).toBe(before - 2);
    // Nothing listens on port 9: the gateway is never reached, the order stays unpaid.
    const gateway = powerTranzProvider({
      name: 'test',
      apiUrl: 'http://127.0.0.1:9',
      powerTranzId: 'unreachable',
      powerTranzPassword: 'unreachable',
      pageSet: 'PTZ/None',
      pageName: 'None',
    });
    const swept = await sweepExpiredHolds(db, gateway, {
      now: new Date(Date.now() + 31 * 60_000),
      holdMinutes: 30,
      log: createLogger('silent'),
    });
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(await variantStock(t, v['9/Brown'].id)).toBe(before);
    expect(await variantStock(t, v['10/Black'].id)).toBe(sibling);
    expect(await stockOf(db, boots.id)).toBe(await sumOfVariants(t, boots.id));
  });

  it('restocks a returned unit to the variant it was sold as', async () => {
    const db = t.database.db;
    const buyer = await signIn(db, 'variant-return@yaad.test');
    const seller = await signInSeller(db, A);
    const black = v['10/Black'].id;
    const before = await variantStock(t, black);
    const placed = await place(buyer, [{ productId: boots.id, variantId: black, quantity: 1 }]);
    expect(placed.status).toBe(201);
    const orderId = placed.body.order.id as string;
    const partId = placed.body.order.sellers[0].partId as string;
    const lineId = placed.body.order.items[0].id as string;
    for (const status of ['processing', 'shipped', 'delivered'])
      expect((await call(seller, 'PUT', `/orders/update-status/${orderId}`, { status })).status).toBe(200);
    expect((await call(seller, 'POST', `/seller/orders/${partId}/payment`)).status).toBe(200);
    expect(await variantStock(t, black)).toBe(before - 1);
    const asked = await call(buyer, 'POST', '/returns', {
      partId,
      lines: [{ lineId, quantity: 1 }],
      reason: 'damaged',
      note: 'The sole came off.',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const requestId = asked.body.request.id as string;
    expect(asked.body.request.lines[0].productName).toBe('Leather Desert Boots (Size 10, Black)');
    const accepted = await call(seller, 'POST', `/seller/returns/${requestId}/accept`, {
      instructions: 'knutsford_depot',
    });
    expect(accepted.status).toBe(200);
    const received = await call(seller, 'POST', `/seller/returns/${requestId}/receive`, { restockLineIds: [lineId] });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(await variantStock(t, black)).toBe(before);
    expect(await stockOf(db, boots.id)).toBe(await sumOfVariants(t, boots.id));
  });

  it('refuses a missing variantId (400), a variant not of the product (404) and more than the variant has (409): no order', async () => {
    const db = t.database.db;
    const buyer = await signIn(db, 'variant-order-refused@yaad.test');
    let res = await place(buyer, [{ productId: boots.id, quantity: 1 }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'variant_required', message: 'Choose a Size and Colour' });
    res = await place(buyer, [{ productId: boots.id, variantId: otherVariant.id, quantity: 1 }]);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('variant_not_found');
    res = await place(buyer, [{ productId: boots.id, variantId: v['10/Brown'].id, quantity: 4 }]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.cart.insufficientStock('Leather Desert Boots (Size 10, Brown)', 3));
    expect(res.body.errors).toEqual({ [v['10/Brown'].id]: res.body.message });
    const mine = await db.select().from(orders).where(eq(orders.buyerId, buyer.id));
    expect(mine).toEqual([]);
    expect(await variantStock(t, v['10/Brown'].id)).toBe(3);
  });

  it('two lines of two variants of one product: each at its price and stock, the product sum moved by both', async () => {
    const db = t.database.db;
    const buyer = await signIn(db, 'variant-two@yaad.test');
    const sumBefore = await stockOf(db, boots.id);
    const [sales] = await db.select({ n: products.salesCount }).from(products).where(eq(products.id, boots.id));
    const res = await place(buyer, [
      { productId: boots.id, variantId: v['9/Brown'].id, quantity: 1 },
      { productId: boots.id, variantId: v['10/Black'].id, quantity: 2 },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.order.subtotal).toBe(75 + 2 * 75);
    expect(await stockOf(db, boots.id)).toBe(sumBefore - 3);
    expect(await stockOf(db, boots.id)).toBe(await sumOfVariants(t, boots.id));
    const [after] = await db.select({ n: products.salesCount }).from(products).where(eq(products.id, boots.id));
    expect(after.n - sales.n).toBe(3);
    const rows = await db
      .select({ label: orderLines.variantLabel })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, res.body.order.id)));
    expect(rows.map((r) => r.label).sort()).toEqual(['Size 10, Black', 'Size 9, Brown']);
  });

  it('names the variant bought on the order, its invoice and tax invoice PDFs, the packing slip, the order mail and the buyer’s review', async () => {
    const db = t.database.db;
    const buyer = await signIn(db, 'variant-documents@yaad.test');
    const res = await place(buyer, [{ productId: boots.id, variantId: v['10/Brown'].id, quantity: 1 }]);
    expect(res.status).toBe(201);
    const orderId = res.body.order.id as string;
    const named = 'Leather Desert Boots (Size 10, Brown)';
    const pdf = async (path: string, who: Who) => {
      const answer = await t.call(path, { headers: { authorization: `Bearer ${who.token}` } });
      expect(answer.status).toBe(200);
      // pdftotext lays a long name out over a line or two: read it as one run of words.
      return pdfText(Buffer.from(await answer.arrayBuffer())).replace(/\s+/g, ' ');
    };
    expect(await pdf(`/invoice/invoice-pdf/${orderId}`, buyer)).toContain(named);
    const receipt = await call(buyer, 'GET', `/orders/${orderId}/invoice`);
    const [document] = receipt.body.invoice.taxDocuments;
    expect(await pdf(`/invoice/tax-documents/${document.id}`, buyer)).toContain(named);
    const seller = await signInSeller(db, A);
    const part = await call(seller, 'GET', `/seller/orders/${res.body.order.sellers[0].partId}`);
    expect(part.body.part.items[0]).toMatchObject({
      variantLabel: 'Size 10, Brown',
      sku: expect.stringContaining('10'),
    });
    expect(await pdf(`/seller/orders/${res.body.order.sellers[0].partId}/packing-slip`, seller)).toContain(named);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails.some((m) => m.text.includes(named))).toBe(true);

    // Delivered, the buyer's review of the product says which variant they bought.
    for (const status of ['processing', 'shipped', 'delivered'])
      expect((await call(seller, 'PUT', `/orders/update-status/${orderId}`, { status })).status).toBe(200);
    const review = await call(buyer, 'POST', `/products/${boots.id}/reviews`, { rating: 5, title: 'True to size' });
    expect(review.status).toBe(201);
    expect(review.body).toMatchObject({ variant: 'Size 10, Brown', verifiedPurchase: true });
  });
});
