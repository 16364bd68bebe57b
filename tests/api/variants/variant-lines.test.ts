/**
 * Lines are variants (issue 30 #3, docs/decisions/052): a cart line and an order line are one
 * variant of a product, priced and stocked as that variant; a product with options named without
 * one, or with a variant that is not its own, is refused and nothing is written. The product's
 * stock stays the sum of its variants' through takes and give-backs. On PGlite and PostgreSQL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductVariant } from '../../../src/lib/contract/catalog';
import { MESSAGES } from '../../../src/lib/messages';
import { cartLines, mailOutbox, orderLines, orders, products, productVariants } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/http/logger';
import { powerTranzProvider } from '../../../src/server/payments/powertranz';
import { sweepExpiredHolds } from '../../../src/server/services/payments/hold';
import { createTestApp, type TestApp } from '../../fixtures/app';
import {
  caller,
  fillCart,
  KINGSTON_ADDRESS,
  productOf,
  signIn,
  signInSeller,
  stockOf,
  type Who,
} from '../../fixtures/orders';
import { pdfText } from '../../fixtures/pdf-text';
import { setGrid } from '../../fixtures/variants-door';

const A = 'blue-mountain-roasters';
const address = { ...KINGSTON_ADDRESS, state: 'St. Andrew' };
const rateA = { sellerId: A, shippingRateId: `${A}--zipmail` };
const OPTIONS = [
  { name: 'Size', values: ['9', '10', '11'] },
  { name: 'Colour', values: ['Brown', 'Black'] },
];

let t: TestApp;
let call: ReturnType<typeof caller>;
let boots: { id: string; name: string };
let v: Record<string, ProductVariant>;
let other: { id: string };
let otherVariant: ProductVariant;

const variantStock = async (id: string) =>
  (
    await t.database.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, id))
  )[0].stock;
const sumOfVariants = async (productId: string) =>
  (
    await t.database.db
      .select({ n: sql<number>`coalesce(sum(${productVariants.stock}), 0)::int` })
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
  )[0].n;
const linesOf = (who: Who) => t.database.db.select().from(cartLines).where(eq(cartLines.userId, who.id));

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  const db = t.database.db;
  const p = await productOf(db, A, { priceCents: 7_500, stock: 1 }, 0);
  await db.update(products).set({ name: 'Leather Desert Boots' }).where(eq(products.id, p.id));
  boots = { id: p.id, name: 'Leather Desert Boots' };
  const seller = await signInSeller(db, A);
  const given = await setGrid(t, seller, boots.id, OPTIONS, [
    { values: ['9', 'Brown'], sku: 'LINES-9-BR', price: 75, stock: 5 },
    { values: ['10', 'Brown'], sku: 'LINES-10-BR', price: 89.99, stock: 3 },
    { values: ['10', 'Black'], sku: 'LINES-10-BL', price: 75, stock: 4 },
    { values: ['11', 'Black'], sku: 'LINES-11-BL', price: 75, stock: 0 },
  ]);
  v = Object.fromEntries(given.map((g) => [g.options.join('/'), g]));
  const q = await productOf(db, A, { priceCents: 2_000, stock: 6 }, 1);
  other = q;
  [otherVariant] = await setGrid(
    t,
    seller,
    q.id,
    [{ name: 'Size', values: ['S'] }],
    [{ values: ['S'], sku: 'LINES-OTHER-S', price: 20, stock: 6 }],
  );
});
afterAll(() => t?.close());

describe('a cart line is a variant', () => {
  it('adds, updates and removes one variant, at its own price, beside another variant of the product', async () => {
    const buyer = await signIn(t.database.db, 'variant-cart@yaad.test');
    let res = await call(buyer, 'POST', '/cart/add', { productId: boots.id, variantId: v['10/Brown'].id, quantity: 2 });
    expect(res.status).toBe(200);
    res = await call(buyer, 'POST', '/cart/add', { productId: boots.id, variantId: v['9/Brown'].id });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { variantId: string; quantity: number }) => [i.variantId, i.quantity])).toEqual([
      [v['10/Brown'].id, 2],
      [v['9/Brown'].id, 1],
    ]);
    expect(res.body.items[0].variant).toMatchObject({ label: 'Size 10, Brown', price: 89.99, stock: 3 });
    expect(res.body.items[0].addedPrice).toBe(89.99);
    expect(res.body.items[1].variant).toMatchObject({ label: 'Size 9, Brown', price: 75 });
    expect(res.body.subtotal).toBe(2 * 89.99 + 75);

    res = await call(buyer, 'PUT', '/cart/update', { productId: boots.id, variantId: v['9/Brown'].id, quantity: 4 });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { quantity: number }) => i.quantity)).toEqual([2, 4]);

    res = await call(buyer, 'PUT', '/cart/update', { productId: boots.id, variantId: v['10/Brown'].id, quantity: 4 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.cart.insufficientStock('Leather Desert Boots (Size 10, Brown)', 3));

    res = await call(buyer, 'DELETE', '/cart/remove', { productId: boots.id, variantId: v['9/Brown'].id });
    expect(res.status).toBe(200);
    expect((await linesOf(buyer)).map((l) => [l.variantId, l.quantity])).toEqual([[v['10/Brown'].id, 2]]);
  });

  it('a spec-written add of a product without options is its sole variant, and its line says so', async () => {
    const buyer = await signIn(t.database.db, 'variant-plain@yaad.test');
    const plain = await productOf(t.database.db, A, { priceCents: 1_200, stock: 9 }, 2);
    const res = await call(buyer, 'POST', '/cart/add', { productId: plain.id, quantity: 2 });
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ variantId: plain.id, variant: null, quantity: 2 });
    expect((await linesOf(buyer))[0]).toMatchObject({ productId: plain.id, variantId: plain.id });
  });

  it('refuses a missing variantId (400), a combination that does not exist and another product’s variant (404), a sold-out variant (409): nothing written', async () => {
    const buyer = await signIn(t.database.db, 'variant-refused@yaad.test');
    let res = await call(buyer, 'POST', '/cart/add', { productId: boots.id, quantity: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'variant_required', message: 'Choose a Size and Colour' });
    res = await call(buyer, 'POST', '/cart/add', { productId: boots.id, variantId: `${boots.id}~9-black` });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('variant_not_found');
    res = await call(buyer, 'POST', '/cart/add', { productId: boots.id, variantId: otherVariant.id });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('variant_not_found');
    res = await call(buyer, 'POST', '/cart/add', { productId: boots.id, variantId: v['11/Black'].id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.cart.insufficientStock('Leather Desert Boots (Size 11, Black)', 0));
    res = await call(buyer, 'POST', '/cart/add', { productId: other.id, quantity: 1 });
    expect(res.body.message).toBe('Choose a size');
    expect(await linesOf(buyer)).toEqual([]);
  });

  it('merges a guest cart by variant and validates each variant against its own stock and price', async () => {
    const buyer = await signIn(t.database.db, 'variant-sync@yaad.test');
    let res = await call(buyer, 'POST', '/cart/sync', {
      items: [
        { productId: boots.id, variantId: v['10/Black'].id, quantity: 9 },
        { productId: boots.id, quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.merged).toBe(4);
    expect(res.body.notices).toEqual([
      MESSAGES.cart.insufficientStock('Leather Desert Boots (Size 10, Black)', 4),
      'Leather Desert Boots: Choose a Size and Colour',
    ]);
    res = await call(null, 'POST', '/cart/validate', {
      items: [
        { productId: boots.id, variantId: v['10/Brown'].id, quantity: 1, price: 75 },
        { productId: boots.id, variantId: otherVariant.id, quantity: 1 },
      ],
    });
    expect(res.body.items[0]).toMatchObject({
      variantId: v['10/Brown'].id,
      name: 'Leather Desert Boots (Size 10, Brown)',
      available: 3,
      price: 89.99,
      reason: 'price_changed',
    });
    expect(res.body.items[1]).toMatchObject({ reason: 'unavailable' });
  });
});

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
      await Promise.all(Object.values(v).map(async (g) => [g.id, await variantStock(g.id)])),
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
      expect(await variantStock(g.id)).toBe(before[g.id] - (g.id === v['10/Brown'].id ? 2 : 0));
    expect(await stockOf(db, boots.id)).toBe(await sumOfVariants(boots.id));
    expect(await linesOf(buyer)).toEqual([]);
    const [row] = await db.select().from(orderLines).where(eq(orderLines.orderId, res.body.order.id));
    expect(row).toMatchObject({ variantId: v['10/Brown'].id, variantLabel: 'Size 10, Brown', unitPriceCents: 8_999 });

    const cancelled = await call(buyer, 'DELETE', `/orders/cancel/${res.body.order.id}`);
    expect(cancelled.status).toBe(200);
    expect(await variantStock(v['10/Brown'].id)).toBe(before[v['10/Brown'].id]);
    expect(await stockOf(db, boots.id)).toBe(await sumOfVariants(boots.id));
  });

  it('gives a card order’s held variant back when its hold ends unpaid', async () => {
    const db = t.database.db;
    const buyer = await signIn(db, 'variant-hold@yaad.test');
    const before = await variantStock(v['9/Brown'].id);
    const sibling = await variantStock(v['10/Black'].id);
    const res = await place(buyer, [{ productId: boots.id, variantId: v['9/Brown'].id, quantity: 2 }], 'credit_card');
    expect(res.status).toBe(201);
    expect(await variantStock(v['9/Brown'].id)).toBe(before - 2);
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
    expect(await variantStock(v['9/Brown'].id)).toBe(before);
    expect(await variantStock(v['10/Black'].id)).toBe(sibling);
    expect(await stockOf(db, boots.id)).toBe(await sumOfVariants(boots.id));
  });

  it('restocks a returned unit to the variant it was sold as', async () => {
    const db = t.database.db;
    const buyer = await signIn(db, 'variant-return@yaad.test');
    const seller = await signInSeller(db, A);
    const black = v['10/Black'].id;
    const before = await variantStock(black);
    const placed = await place(buyer, [{ productId: boots.id, variantId: black, quantity: 1 }]);
    expect(placed.status).toBe(201);
    const orderId = placed.body.order.id as string;
    const partId = placed.body.order.sellers[0].partId as string;
    const lineId = placed.body.order.items[0].id as string;
    for (const status of ['processing', 'shipped', 'delivered'])
      expect((await call(seller, 'PUT', `/orders/update-status/${orderId}`, { status })).status).toBe(200);
    expect((await call(seller, 'POST', `/seller/orders/${partId}/payment`)).status).toBe(200);
    expect(await variantStock(black)).toBe(before - 1);
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
    expect(await variantStock(black)).toBe(before);
    expect(await stockOf(db, boots.id)).toBe(await sumOfVariants(boots.id));
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
    expect(await variantStock(v['10/Brown'].id)).toBe(3);
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
    expect(await stockOf(db, boots.id)).toBe(await sumOfVariants(boots.id));
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
