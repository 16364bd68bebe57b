import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { InvoiceAnswer } from '../../../src/lib/contract/orders';
import { MESSAGES } from '../../../src/lib/messages';
import { orderLines, products } from '../../../src/server/db/schema';
import { SAMPLE_BANK } from '../../../src/server/env';
import {
  A,
  a,
  B,
  b,
  buyer,
  call,
  openOrderScene,
  placeOne,
  request,
  selections,
  sellerA,
  sellerB,
  sellerD,
  stranger,
  t,
} from '../../fixtures/order-scene';
import { fillCart, setProduct } from '../../fixtures/orders';
import { pdfText } from '../../fixtures/pdf-text';

/* Invoices: the JSON for buyer and seller, and the PDF. */

openOrderScene();

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
      'US$84.98',
      'GCT',
      // Each seller's own GCT (decision 044), the spec's 7% on every part here (TAX_MODE spec).
      'GCT (7%)',
      'US$5.95',
      'Total',
      `US$${order.totalAmount.toFixed(2)}`,
      'Call when you reach the gate',
      'Page 1 of 1',
      // Where to pay: the marketplace's one account (docs/decisions/034).
      SAMPLE_BANK.accountNumber,
      SAMPLE_BANK.accountName,
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
    expect(text).toContain('GCT (your part)');
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
