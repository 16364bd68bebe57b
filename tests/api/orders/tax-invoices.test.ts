/**
 * Each seller's tax invoices (issue 29 #3, docs/decisions/045) on the real API, a real database and
 * the real PDF (read back with pdftotext): a two-seller order, one GCT-registered seller and one
 * not, gives two invoices numbered in their sellers' own sequences, with every field a Jamaican tax
 * invoice carries; a cancelled part gets a credit note in the same sequence, its invoice kept; the
 * buyer's receipt lists them; only the buyer and the document's seller may read one. On PostgreSQL
 * (TEST_DATABASE_URL), 50 orders placed at once leave no gap and no duplicate in any sequence.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvoiceAnswer } from '../../../src/lib/contract/orders';
import { shopMonth } from '../../../src/lib/shop-time';
import { createSession } from '../../../src/server/auth/sessions';
import { stores, taxDocuments, users } from '../../../src/server/db/schema';
import { createLogger } from '../../../src/server/http/logger';
import { powerTranzProvider } from '../../../src/server/payments/powertranz';
import { PaymentHoldSweeper } from '../../../src/server/services/payments';
import { creditCancelledParts, creditReturnRefund } from '../../../src/server/services/tax-documents/issue';
import { gatedSuiteRuns } from '../../fixtures/gated';
import {
  A,
  a,
  a2,
  B,
  b,
  buyer,
  call,
  openOrderScene,
  placeOne,
  request,
  sellerA,
  sellerB,
  stranger,
  t,
} from '../../fixtures/order-scene';
import { fillCart, type Who } from '../../fixtures/orders';
import { pdfText } from '../../fixtures/pdf-text';

/** A gateway nobody answers (as the scene's): the sweeper only expires the hold here. */
const UNREACHABLE = powerTranzProvider({
  name: 'test',
  apiUrl: 'http://127.0.0.1:9',
  powerTranzId: 'unreachable',
  powerTranzPassword: 'unreachable',
  pageSet: 'PTZ/None',
  pageName: 'None',
});

const onPostgres = gatedSuiteRuns('postgres', Boolean(process.env.TEST_DATABASE_URL), 'TEST_DATABASE_URL');

openOrderScene({ config: { TAX_MODE: 'gct' } });

beforeAll(async () => {
  await t.database.db
    .update(stores)
    .set({ trn: '123456789', gctRegistered: true, gctNumber: 'GCT-0042' })
    .where(eq(stores.id, A));
  await t.database.db.update(stores).set({ trn: '987654321' }).where(eq(stores.id, B));
});

const documentsOf = (storeId: string) =>
  t.database.db.select().from(taxDocuments).where(eq(taxDocuments.storeId, storeId)).orderBy(asc(taxDocuments.number));

async function pdfOf(documentId: string, who: Who) {
  const res = await t.call(`/invoice/tax-documents/${documentId}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  return { status: res.status, text: res.status === 200 ? pdfText(Buffer.from(await res.arrayBuffer())) : '' };
}

describe('a seller’s tax invoices', () => {
  it('a two-seller order: one invoice per seller, each first in its own sequence, GCT only on the registered one', async () => {
    const { order } = await placeOne(buyer);
    const receipt = InvoiceAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}/invoice`)).body).invoice;
    const byStore = new Map(receipt.taxDocuments.map((d) => [d.sellerId, d]));
    expect(receipt.taxDocuments).toHaveLength(2);
    expect(byStore.get(A)).toMatchObject({
      kind: 'invoice',
      number: 'TI-000001',
      title: 'Tax Invoice',
      net: 34.99 + 6.5,
      gct: 5.25,
    });
    expect(byStore.get(A)?.total).toBe(46.74);
    expect(byStore.get(B)).toMatchObject({
      kind: 'invoice',
      number: 'TI-000001',
      title: 'Invoice',
      net: 49.99 + 6,
      gct: 0,
      total: 55.99,
    });

    // The second order: the next number of each seller's own sequence.
    const second = await placeOne(buyer);
    expect((await documentsOf(A)).map((d) => d.number)).toEqual([1, 2]);
    expect((await documentsOf(B)).map((d) => d.number)).toEqual([1, 2]);
    const secondReceipt = InvoiceAnswer.parse(
      (await call(buyer, 'GET', `/orders/${second.order.id}/invoice`)).body,
    ).invoice;
    expect(secondReceipt.taxDocuments.map((d) => d.number)).toEqual(['TI-000002', 'TI-000002']);
  });

  it('the registered seller’s PDF carries every field of a tax invoice; the other says it charges no GCT', async () => {
    const [first] = await documentsOf(A);
    const { status, text } = await pdfOf(first.id, buyer);
    expect(status).toBe(200);
    for (const field of [
      'TAX INVOICE',
      'Blue Mountain Roasters',
      'TRN 123-456-789',
      'GCT registration no. GCT-0042',
      'No. TI-000001',
      'Date ',
      'Shanice Brown',
      a.name.slice(0, 20),
      a2.name.slice(0, 20),
      'Shipping: Zipmail',
      'Subtotal (before GCT)',
      'US$41.49',
      'GCT (15%)',
      'US$5.25',
      'Total',
      'US$46.74',
    ])
      expect(text, field).toContain(field);
    expect(text).not.toContain(b.name.slice(0, 20));

    const [other] = await documentsOf(B);
    const plain = await pdfOf(other.id, buyer);
    expect(plain.text).toContain('INVOICE');
    expect(plain.text).not.toContain('TAX INVOICE');
    expect(plain.text).toContain('TRN 987-654-321');
    expect(plain.text).toContain('Not registered for GCT');
    expect(plain.text).toContain('No GCT: seller not registered');
    expect(plain.text).toContain('US$55.99');
  });

  it('only the order’s buyer and the document’s own seller may read it', async () => {
    const [first] = await documentsOf(A);
    expect((await pdfOf(first.id, sellerA)).status).toBe(200);
    expect((await pdfOf(first.id, sellerB)).status).toBe(403);
    expect((await pdfOf(first.id, stranger)).status).toBe(403);
    expect((await t.call(`/invoice/tax-documents/${first.id}`)).status).toBe(401);
    expect((await pdfOf('no-such-document', buyer)).status).toBe(404);
    // A seller's own invoice answer lists only its own documents.
    const theirs = InvoiceAnswer.parse((await call(sellerB, 'GET', `/orders/${first.orderId}/invoice`)).body).invoice;
    expect(theirs.taxDocuments.map((d) => d.sellerId)).toEqual([B]);
  });

  it('a cancelled part gets a credit note, the next number of its seller’s sequence; its invoice stays', async () => {
    const { order } = await placeOne(buyer);
    const partB = order.sellers.find((s) => s.sellerId === B)?.partId as string;
    const cancel = await call(sellerB, 'POST', `/seller/orders/${partB}/cancel`, {
      reason: 'Sold out in the shop, sorry.',
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    const docs = await documentsOf(B);
    expect(docs.map((d) => [d.kind, d.number, d.creditsNumber])).toEqual([
      ['invoice', 1, null],
      ['invoice', 2, null],
      ['invoice', 3, null],
      ['credit_note', 4, 3],
    ]);
    expect(docs[3]).toMatchObject({ netCents: 5_599, gctCents: 0, totalCents: 5_599, partId: partB });
    // Cancelled again: nothing more.
    await call(sellerB, 'POST', `/seller/orders/${partB}/cancel`, { reason: 'Sold out in the shop, sorry.' });
    expect(await documentsOf(B)).toHaveLength(4);
    // A's sequence did not move.
    expect((await documentsOf(A)).map((d) => d.number)).toEqual([1, 2, 3]);

    const receipt = InvoiceAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}/invoice`)).body).invoice;
    expect(receipt.taxDocuments.map((d) => [d.sellerId, d.number, d.credits])).toEqual(
      expect.arrayContaining([
        [A, 'TI-000003', null],
        [B, 'TI-000003', null],
        [B, 'CN-000004', 'TI-000003'],
      ]),
    );
    const note = await pdfOf(docs[3].id, buyer);
    for (const field of [
      'CREDIT NOTE',
      'No. CN-000004',
      'Credits invoice TI-000003: Cancelled',
      'Total credited',
      '-US$55.99',
    ])
      expect(note.text, field).toContain(field);

    // The buyer's receipt PDF lists every seller's document.
    const res = await t.call(`/invoice/invoice-pdf/${order.id}`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    expect(text).toContain("SELLERS' TAX DOCUMENTS");
    expect(text).toContain('Blue Mountain Roasters: Tax Invoice TI-000003');
    expect(text).toContain('Half Way Tree Electronics: Credit Note CN-000004 (credits TI-000003)');
  });

  it('a buyer’s cancel of the whole order credits each part in its own seller’s sequence', async () => {
    const { order } = await placeOne(buyer);
    expect((await call(buyer, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(200);
    expect((await documentsOf(A)).map((d) => [d.kind, d.number])).toEqual([
      ['invoice', 1],
      ['invoice', 2],
      ['invoice', 3],
      ['invoice', 4],
      ['credit_note', 5],
    ]);
    expect((await documentsOf(B)).slice(-2).map((d) => [d.kind, d.number, d.creditsNumber])).toEqual([
      ['invoice', 5, null],
      ['credit_note', 6, 5],
    ]);
  });
});

describe('an unpaid card order expiring', () => {
  it('credits each of its parts’ invoices in its seller’s sequence', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'credit_card' });
    const lastOf = async (store: string) => (await documentsOf(store)).at(-1);
    const invoiceA = await lastOf(A);
    expect(invoiceA).toMatchObject({ kind: 'invoice', orderId: order.id });
    const sweeper = new PaymentHoldSweeper(t.database.db, UNREACHABLE, {
      holdMinutes: 30,
      log: createLogger('silent'),
    });
    await sweeper.sweep(new Date(Date.now() + 2 * 60 * 60_000));
    for (const store of [A, B]) {
      const [invoice, note] = (await documentsOf(store)).filter((d) => d.orderId === order.id);
      expect(note, store).toMatchObject({
        kind: 'credit_note',
        number: invoice.number + 1,
        creditsNumber: invoice.number,
        totalCents: invoice.totalCents,
        gctCents: invoice.gctCents,
      });
    }
  });
});

describe('a return’s refund', () => {
  it('gets a credit note with the GCT in the invoice’s proportion; refunds of the whole never credit more than the invoice', async () => {
    const { order } = await placeOne(buyer);
    const partA = order.sellers.find((s) => s.sellerId === A)?.partId as string;
    const before = (await documentsOf(A)).length;
    // The refund door's own step (returns/refund.ts calls it in the decision's transaction).
    await t.database.db.transaction((tx) =>
      creditReturnRefund(tx, { id: 'return-1', partId: partA, amountCents: 2_000 }),
    );
    await t.database.db.transaction((tx) =>
      creditReturnRefund(tx, { id: 'return-1', partId: partA, amountCents: 2_000 }),
    );
    await t.database.db.transaction((tx) =>
      creditReturnRefund(tx, { id: 'return-2', partId: partA, amountCents: 2_674 }),
    );
    const notes = (await documentsOf(A)).slice(before);
    // 2,000 × 525 ÷ 4,674 = 224.6 → 225; the rest of the GCT, 300, with the second.
    expect(notes.map((d) => [d.kind, d.number - before, d.netCents, d.gctCents, d.totalCents, d.reason])).toEqual([
      ['credit_note', 1, 1_775, 225, 2_000, 'Items returned'],
      ['credit_note', 2, 2_374, 300, 2_674, 'Items returned'],
    ]);
    // The part cancelled afterwards has nothing left to credit: no third note.
    await t.database.db.transaction((tx) => creditCancelledParts(tx, [partA]));
    expect((await documentsOf(A)).length).toBe(before + 2);
  });
});

describe('the month’s CSV for the GCT return', () => {
  it('lists the seller’s own invoices and credit notes by number; a credit note negative; others refused', async () => {
    const month = shopMonth(new Date());
    const res = await t.call(`/seller/tax-documents/${month}`, {
      headers: { authorization: `Bearer ${sellerB.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="tax-invoices-${month}.csv"`);
    const rows = (await res.text()).trim().split('\n');
    expect(rows[0]).toBe('number,date,kind,customer,customer_trn,order,net,gct,total');
    const docs = await documentsOf(B);
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(
      docs.map((d) => `${d.kind === 'invoice' ? 'TI' : 'CN'}-${String(d.number).padStart(6, '0')}`),
    );
    expect(rows[1]).toMatch(/^TI-000001,\d{4}-\d{2}-\d{2},invoice,Shanice Brown,,YM-[\w-]+,55\.99,0\.00,55\.99$/);
    expect(rows.find((r) => r.startsWith('CN-000004'))).toMatch(
      /,credit note,Shanice Brown,,YM-[\w-]+,-55\.99,0\.00,-55\.99$/,
    );
    const a = (
      await (
        await t.call(`/seller/tax-documents/${month}`, { headers: { authorization: `Bearer ${sellerA.token}` } })
      ).text()
    )
      .trim()
      .split('\n');
    expect(a[1]).toMatch(/^TI-000001,.*,41\.49,5\.25,46\.74$/);
    expect((await t.call(`/seller/tax-documents/${month}`)).status).toBe(401);
    expect((await call(buyer, 'GET', `/seller/tax-documents/${month}`)).status).toBe(403);
    expect((await call(sellerB, 'GET', '/seller/tax-documents/2026-13')).status).toBe(400);
    const empty = await t.call('/seller/tax-documents/2020-01', {
      headers: { authorization: `Bearer ${sellerB.token}` },
    });
    expect((await empty.text()).trim()).toBe('number,date,kind,customer,customer_trn,order,net,gct,total');
  });
});

describe.skipIf(!onPostgres)('on PostgreSQL: 50 orders placed at once', () => {
  it('leave every seller’s sequence without a gap or a duplicate', async () => {
    const db = t.database.db;
    const rows = await db
      .insert(users)
      .values(Array.from({ length: 50 }, (_, i) => ({ name: `Racer ${i}`, email: `tax-racer-${i}@yaad.test` })))
      .returning({ id: users.id, email: users.email });
    const racers = await Promise.all(
      rows.map(async (u) => ({ ...u, token: (await createSession(db, u.id, 30)).token })),
    );
    await Promise.all(
      racers.map((r) =>
        fillCart(db, r.id, [
          { productId: a.id, quantity: 1 },
          { productId: b.id, quantity: 1 },
        ]),
      ),
    );
    const body = request({
      items: [
        { productId: a.id, quantity: 1 },
        { productId: b.id, quantity: 1 },
      ],
    });
    const answers = await Promise.all(racers.map((r) => call(r, 'POST', '/orders/place', body)));
    expect(answers.map((r) => r.status)).toEqual(racers.map(() => 201));
    for (const store of [A, B]) {
      const numbers = (await documentsOf(store)).map((d) => d.number);
      expect(numbers, store).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
    }
  });
});
