/**
 * A business buyer's TRN (issue 29, docs/decisions/049) on the real API, a real database and the
 * real PDF (read back with pdftotext): given at checkout it is kept on the order, frozen on each
 * seller's tax invoice and on a credit note for that part, printed in the PDF's customer block and
 * in the seller's month as CSV; a bad one is refused with 400 and nothing is written; left out, the
 * order and its documents are as before.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { OrderAnswer } from '../../../src/lib/contract/orders';
import { shopMonth } from '../../../src/lib/shop-time';
import { orders, stores, taxDocuments } from '../../../src/server/db/schema';
import {
  A,
  B,
  buyer,
  call,
  openOrderScene,
  orderCount,
  placeOne,
  request,
  sellerB,
  t,
} from '../../fixtures/order-scene';
import { fillCart, type Who } from '../../fixtures/orders';
import { pdfText } from '../../fixtures/pdf-text';

openOrderScene({ config: { TAX_MODE: 'gct' } });

beforeAll(async () => {
  await t.database.db
    .update(stores)
    .set({ trn: '123456789', gctRegistered: true, gctNumber: 'GCT-0042' })
    .where(eq(stores.id, A));
});

const BUSINESS = { trn: '234 567 890', businessName: '  Brown Hardware Ltd  ' };

const documentsOf = (orderId: string) =>
  t.database.db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(asc(taxDocuments.storeId), asc(taxDocuments.number));

async function pdfOf(documentId: string, who: Who) {
  const res = await t.call(`/invoice/tax-documents/${documentId}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(res.status).toBe(200);
  return pdfText(Buffer.from(await res.arrayBuffer()));
}

async function csvOf(who: Who) {
  const res = await t.call(`/seller/tax-documents/${shopMonth(new Date())}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(res.status).toBe(200);
  return (await res.text()).trim().split('\n');
}

describe('a business buyer’s TRN', () => {
  it('is kept on the order as nine digits, with the business name, and shown to the buyer', async () => {
    const { order } = await placeOne(buyer, { buyerTaxId: BUSINESS });
    expect(order.buyerTaxId).toEqual({ trn: '234567890', businessName: 'Brown Hardware Ltd' });
    const read = OrderAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}`)).body).order;
    expect(read.buyerTaxId).toEqual({ trn: '234567890', businessName: 'Brown Hardware Ltd' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ buyerTrn: '234567890', buyerBusinessName: 'Brown Hardware Ltd' });
  });

  it('is frozen on each seller’s invoice and printed in its customer block, formatted as the supplier’s', async () => {
    const { order } = await placeOne(buyer, { buyerTaxId: BUSINESS });
    const docs = await documentsOf(order.id);
    expect(docs.map((d) => [d.storeId, d.kind, d.customerTrn, d.customerBusinessName])).toEqual([
      [A, 'invoice', '234567890', 'Brown Hardware Ltd'],
      [B, 'invoice', '234567890', 'Brown Hardware Ltd'],
    ]);
    // Frozen: the order's copy changing later (it never does through the API) leaves the invoice as issued.
    await t.database.db.update(orders).set({ buyerTrn: '345678901' }).where(eq(orders.id, order.id));
    const text = await pdfOf(docs[0].id, buyer);
    for (const field of ['TAX INVOICE', 'Customer', 'Brown Hardware Ltd', 'Shanice Brown', 'Customer TRN: 234-567-890'])
      expect(text, field).toContain(field);
    expect(text).not.toContain('345-678-901');
    // The supplier's TRN is written the same way.
    expect(text).toContain('TRN 123-456-789');
  });

  it('is copied onto the credit note for a cancelled part, and printed there', async () => {
    const { order } = await placeOne(buyer, { buyerTaxId: { trn: '456-789-012' } });
    const partB = order.sellers.find((s) => s.sellerId === B)?.partId as string;
    const cancel = await call(sellerB, 'POST', `/seller/orders/${partB}/cancel`, { reason: 'Sold out, sorry.' });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const note = (await documentsOf(order.id)).find((d) => d.kind === 'credit_note');
    expect(note).toMatchObject({ storeId: B, customerTrn: '456789012', customerBusinessName: null });
    const text = await pdfOf(note?.id as string, buyer);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('Customer TRN: 456-789-012');

    // The seller's month as CSV: the customer's TRN beside the customer, the invoice's and the note's.
    const rows = await csvOf(sellerB);
    expect(rows[0]).toBe('number,date,kind,customer,customer_trn,order,net,gct,total');
    const ofOrder = rows.filter((r) => r.includes(order.orderNumber));
    expect(ofOrder).toHaveLength(2);
    expect(ofOrder[0]).toMatch(/^TI-\d{6},[\d-]+,invoice,Shanice Brown,456-789-012,YM-/);
    expect(ofOrder[1]).toMatch(/^CN-\d{6},[\d-]+,credit note,Shanice Brown,456-789-012,YM-.*,-55\.99,0\.00,-55\.99$/);
  });

  it('left out, the order, its invoices, their PDF and the CSV carry none', async () => {
    const { order } = await placeOne(buyer);
    expect(order.buyerTaxId).toBeNull();
    const docs = await documentsOf(order.id);
    expect(docs.map((d) => [d.customerTrn, d.customerBusinessName])).toEqual([
      [null, null],
      [null, null],
    ]);
    const text = await pdfOf(docs[0].id, buyer);
    expect(text).toContain('Shanice Brown');
    expect(text).not.toContain('Customer TRN');
    const row = (await csvOf(sellerB)).find((r) => r.includes(order.orderNumber));
    expect(row).toMatch(/,invoice,Shanice Brown,,YM-/);
    // A null buyerTaxId is the same as none.
    expect((await placeOne(buyer, { buyerTaxId: null })).order.buyerTaxId).toBeNull();
  });

  it('a bad TRN is refused with 400 naming the field, and nothing is written', async () => {
    await fillCart(t.database.db, buyer.id, [{ productId: request().items[0].productId, quantity: 2 }]);
    const before = await orderCount();
    const documentsBefore = (await t.database.db.select().from(taxDocuments)).length;
    const cases: [unknown, string][] = [
      [{ trn: '12345678' }, 'Business TRN must be nine digits, like 123-456-789'],
      [{ trn: '123-456-78x' }, 'Business TRN must be nine digits, like 123-456-789'],
      [{ trn: '111-111-111' }, 'Business TRN must be nine digits, like 123-456-789'],
      [{ trn: '   ' }, "Business TRN is required: enter the business's nine digits, like 123-456-789"],
      [{ businessName: 'Brown Hardware Ltd' }, "Business TRN: enter the business's nine-digit TRN, like 123-456-789"],
      [{ trn: 123456789 }, "Business TRN: enter the business's nine-digit TRN, like 123-456-789"],
      [
        { trn: '234567890', businessName: 'Brown\nHardware' },
        "Business name can't contain line breaks or control characters",
      ],
      [
        { trn: '234567890', businessName: 'x'.repeat(121) },
        'Business name can have at most 120 characters: shorten it',
      ],
    ];
    for (const [buyerTaxId, message] of cases) {
      const res = await call(buyer, 'POST', '/orders/place', request({ buyerTaxId }));
      expect(res.status, JSON.stringify(buyerTaxId)).toBe(400);
      const body = res.body as { code: string; message: string; errors: Record<string, string> };
      expect(body.code).toBe('validation_failed');
      expect(Object.values(body.errors), JSON.stringify(buyerTaxId)).toContain(message);
    }
    expect(await orderCount()).toBe(before);
    expect((await t.database.db.select().from(taxDocuments)).length).toBe(documentsBefore);
  });

  it('the database refuses a TRN that is not nine digits, and a business name without a TRN', async () => {
    const { order } = await placeOne(buyer);
    await expect(
      t.database.db.update(orders).set({ buyerTrn: '12345' }).where(eq(orders.id, order.id)),
    ).rejects.toThrow();
    await expect(
      t.database.db.update(orders).set({ buyerBusinessName: 'No TRN Ltd' }).where(eq(orders.id, order.id)),
    ).rejects.toThrow();
    await expect(
      t.database.db.update(taxDocuments).set({ customerTrn: '1234567890' }).where(eq(taxDocuments.orderId, order.id)),
    ).rejects.toThrow();
  });
});
