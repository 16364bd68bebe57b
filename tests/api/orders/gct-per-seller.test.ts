/**
 * Tax per seller (issue 29 #2, docs/decisions/044) under Jamaica's rule (TAX_MODE gct, 15%): GCT
 * only on the part of a GCT-registered seller, none on an unregistered one's, at checkout, on the
 * order, its invoice and the seller's view; a cancelled part is refunded its items, shipping and
 * its own tax (none for the unregistered seller), and the refunds add up to what was paid. On
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckoutSummary } from '../../../src/lib/contract/checkout';
import { InvoiceAnswer } from '../../../src/lib/contract/orders';
import { orderParts, orders, stores } from '../../../src/server/db/schema';
import { attemptsOf, buyerOrder, openCardScene, paidCardOrder } from '../../fixtures/card-payments';
import { A, a, a2, B, b, buyer, call, placeOne, selections, sellerA, sellerB, t } from '../../fixtures/order-scene';
import { fillCart, KINGSTON_ADDRESS } from '../../fixtures/orders';
import { pdfText } from '../../fixtures/pdf-text';

openCardScene({ TAX_MODE: 'gct' });

// A's items: 2 × 12.50 + 9.99 = 34.99, shipping 6.50; B's: 49.99, shipping 6.00.
const A_SUBTOTAL = 3_499;
const B_SUBTOTAL = 4_999;
const A_GCT = 525; // 15% of 34.99 = 524.85 → 525

beforeAll(async () => {
  await t.database.db
    .update(stores)
    .set({ trn: '123456789', gctRegistered: true, gctNumber: 'GCT-0042' })
    .where(eq(stores.id, A));
});

describe('GCT only on a registered seller’s part', () => {
  it('checkout says each seller’s GCT: 15% of the registered seller’s items, none for the other', async () => {
    await fillCart(t.database.db, buyer.id, [
      { productId: a.id, quantity: 2 },
      { productId: a2.id, quantity: 1 },
      { productId: b.id, quantity: 1 },
    ]);
    expect((await call(buyer, 'POST', '/cart/shipping-address', KINGSTON_ADDRESS)).status).toBe(200);
    for (const s of selections) expect((await call(buyer, 'POST', '/cart/select-shipping', s)).status).toBe(200);
    const res = await call(buyer, 'GET', '/checkout/summary');
    expect(res.status).toBe(200);
    const summary = CheckoutSummary.parse(res.body);
    expect(summary.taxMode).toBe('gct');
    expect(summary.taxRate).toBe(0.15);
    expect([summary.sellerGroups[A].tax, summary.sellerGroups[A].taxRate]).toEqual([5.25, 0.15]);
    expect([summary.sellerGroups[B].tax, summary.sellerGroups[B].taxRate]).toEqual([0, 0]);
    expect(summary.tax).toBe(5.25);
    expect(summary.totalAmount).toBe((A_SUBTOTAL + 650 + A_GCT + B_SUBTOTAL + 600) / 100);
  });

  it('the order keeps each part’s GCT and rate; the invoice and the seller’s view show them', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    const partOf = (id: string) => order.sellers.find((s) => s.sellerId === id);
    expect([partOf(A)?.tax, partOf(A)?.taxRate]).toEqual([5.25, 0.15]);
    expect([partOf(B)?.tax, partOf(B)?.taxRate]).toEqual([0, 0]);
    expect(order.tax).toBe(5.25);
    expect(order.totalAmount).toBe((A_SUBTOTAL + 650 + A_GCT + B_SUBTOTAL + 600) / 100);
    const rows = await t.database.db
      .select({ storeId: orderParts.storeId, taxCents: orderParts.taxCents, bp: orderParts.taxBasisPoints })
      .from(orderParts)
      .where(eq(orderParts.orderId, order.id));
    expect(rows.sort((x, y) => x.storeId.localeCompare(y.storeId))).toEqual([
      { storeId: A, taxCents: A_GCT, bp: 1_500 },
      { storeId: B, taxCents: 0, bp: 0 },
    ]);
    const [{ taxCents }] = await t.database.db
      .select({ taxCents: orders.taxCents })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(taxCents).toBe(A_GCT);

    const buyerInvoice = InvoiceAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}/invoice`)).body).invoice;
    expect(buyerInvoice.sellers.map((s) => [s.sellerId, s.tax])).toEqual(
      expect.arrayContaining([
        [A, 5.25],
        [B, 0],
      ]),
    );
    expect(buyerInvoice.tax).toBe(5.25);
    const bInvoice = InvoiceAnswer.parse((await call(sellerB, 'GET', `/orders/${order.id}/invoice`)).body).invoice;
    expect([bInvoice.tax, bInvoice.total]).toEqual([0, (B_SUBTOTAL + 600) / 100]);
    const aInvoice = InvoiceAnswer.parse((await call(sellerA, 'GET', `/orders/${order.id}/invoice`)).body).invoice;
    expect([aInvoice.tax, aInvoice.total]).toEqual([5.25, (A_SUBTOTAL + 650 + A_GCT) / 100]);

    // The PDF, as a reader sees it: each seller's GCT, or that it charges none.
    const res = await t.call(`/invoice/invoice-pdf/${order.id}`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(res.status).toBe(200);
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toMatch(/GCT \(15%\)\s+US\$5\.25/);
    expect(text).toContain('No GCT: seller not registered');
    expect(text).toMatch(/GCT\s+US\$5\.25/);
  });

  it('a cancelled card-paid part is refunded its own GCT, none for the unregistered seller; the refunds make up what was paid', async () => {
    const order = await paidCardOrder();
    const [attempt] = await attemptsOf(order.id);
    const partOf = (store: string) => order.sellers.find((s) => s.sellerId === store)?.partId as string;
    const cancel = (who: typeof sellerA, part: string) =>
      call(who, 'POST', `/seller/orders/${part}/cancel`, { reason: 'Sold out in the shop, sorry.' });
    expect((await cancel(sellerB, partOf(B))).status).toBe(200);
    const [afterB] = await attemptsOf(order.id);
    expect(afterB.refundedCents).toBe(B_SUBTOTAL + 600);
    expect((await cancel(sellerA, partOf(A))).status).toBe(200);
    const [afterA] = await attemptsOf(order.id);
    expect(attempt.amountCents).toBe(A_SUBTOTAL + 650 + A_GCT + B_SUBTOTAL + 600);
    expect(afterA).toMatchObject({ status: 'refunded', refundedCents: attempt.amountCents });
    expect((await buyerOrder(order.id)).status).toBe('cancelled');
  });
});
