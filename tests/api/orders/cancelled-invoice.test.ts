import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Invoice, InvoiceAnswer } from '../../../src/lib/contract/orders';
import { formatCents } from '../../../src/lib/money';
import { amountsDuePerPart } from '../../../src/lib/pricing';
import { orderParts } from '../../../src/server/db/schema';
import { SAMPLE_BANK } from '../../../src/server/env';
import { A, B, buyer, call, openOrderScene, placeOne, sellerA, sellerB, t } from '../../fixtures/order-scene';
import type { Who } from '../../fixtures/orders';
import { pdfText } from '../../fixtures/pdf-text';

/*
 * A cancelled order's invoice (issue 24 #11) says it is cancelled and asks for nothing: no "Not yet
 * paid", no bank details, no reference to quote. A partly cancelled one lists the cancelled part as
 * cancelled and not charged, and asks only for the rest. Read back from the real PDF.
 */

openOrderScene();

const invoiceOf = async (who: Who, orderId: string): Promise<Invoice> =>
  InvoiceAnswer.parse((await call(who, 'GET', `/orders/${orderId}/invoice`)).body).invoice;

async function pdfOf(who: Who, orderId: string): Promise<string> {
  const res = await t.call(`/invoice/invoice-pdf/${orderId}`, { headers: { authorization: `Bearer ${who.token}` } });
  expect(res.status).toBe(200);
  // One line per row, spaces squeezed: a row reads "Amount due US$0.00" whatever the layout's gaps.
  return pdfText(Buffer.from(await res.arrayBuffer())).replace(/[ \t]+/g, ' ');
}

/** Each part's amount (items, shipping, its share of the tax), in the invoice's part order. */
const amounts = (invoice: Invoice) =>
  amountsDuePerPart(
    Math.round(invoice.tax * 100),
    invoice.sellers.map((s) => ({
      subtotalCents: Math.round(s.subtotal * 100),
      shippingCents: Math.round(s.shippingCost * 100),
    })),
  );

async function partOf(orderId: string, storeId: string): Promise<string> {
  const [part] = await t.database.db
    .select({ id: orderParts.id })
    .from(orderParts)
    .where(and(eq(orderParts.orderId, orderId), eq(orderParts.storeId, storeId)));
  return part.id;
}

describe('the invoice of a cancelled order', () => {
  it('says it is cancelled and that nothing is to be paid: no bank details, no reference', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'bank_transfer' });
    expect((await call(buyer, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(200);

    const invoice = await invoiceOf(buyer, order.id);
    expect(invoice).toMatchObject({
      status: 'cancelled',
      total: order.totalAmount,
      cancelledAmount: order.totalAmount,
      payable: 0,
    });

    const text = await pdfOf(buyer, order.id);
    for (const expected of [
      'CANCELLED',
      'This order was cancelled. Nothing is to be paid.',
      'Cancelled: nothing to pay',
      'Amount due US$0.00',
    ])
      expect(text, expected).toContain(expected);
    for (const absent of ['Not yet paid', 'Pay by bank transfer', 'quote', 'reference', SAMPLE_BANK.accountNumber])
      expect(text, absent).not.toContain(absent);
  });

  it('partly cancelled: the cancelled part reads cancelled and is not counted; only the rest is asked for', async () => {
    // Cash on delivery: a seller sees (and may cancel) its part at once; a bank-transfer order only once paid.
    const { order } = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    const cancel = await call(sellerB, 'POST', `/seller/orders/${await partOf(order.id, B)}/cancel`, {
      reason: 'The last one was sold in the shop.',
    });
    expect(cancel.status).toBe(200);

    const invoice = await invoiceOf(buyer, order.id);
    const [dueA, dueB] = amounts(invoice);
    expect(invoice.sellers.map((s) => [s.sellerId, s.status])).toEqual([
      [A, 'pending'],
      [B, 'cancelled'],
    ]);
    expect(Math.round(invoice.cancelledAmount * 100)).toBe(dueB);
    expect(Math.round(invoice.payable * 100)).toBe(dueA);
    expect(Math.round(invoice.total * 100)).toBe(dueA + dueB);

    const text = await pdfOf(buyer, order.id);
    for (const expected of [
      'Not yet paid',
      'Cash on delivery',
      'Half Way Tree Electronics subtotal (cancelled, not charged)',
      'Reason: The last one was sold in the shop.',
      `Cancelled, not charged -${formatCents(dueB)}`,
      `Amount due ${formatCents(dueA)}`,
      `Total ${formatCents(dueA + dueB)}`,
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('This order was cancelled');

    // The cancelled seller's own invoice asks for nothing; the other seller's is a plain bill.
    const theirs = await pdfOf(sellerB, order.id);
    expect(theirs).toContain('Your part of this order was cancelled. Nothing is to be paid for it.');
    expect(theirs).toContain('Amount due US$0.00');
    expect(theirs).not.toContain('Not yet paid');
    const other = await pdfOf(sellerA, order.id);
    expect(other).toContain('Not yet paid');
    expect(other).not.toContain('cancelled');
  });

  it('an order not cancelled reads as before: no cancelled row, the total is what is due', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'bank_transfer' });
    const invoice = await invoiceOf(buyer, order.id);
    expect(invoice).toMatchObject({ cancelledAmount: 0, payable: order.totalAmount });
    const text = await pdfOf(buyer, order.id);
    expect(text).not.toMatch(/cancel/i);
    expect(text).not.toContain('Amount due');
    expect(text).toContain(`Total ${formatCents(Math.round(order.totalAmount * 100))}`);
  });
});
