import { parse } from 'csv-parse/sync';
import { count, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CommissionInvoiceList } from '../../../src/lib/contract/commission-invoices';
import { MarketplaceReport } from '../../../src/lib/contract/reports';
import { formatDollars, toCents } from '../../../src/lib/money';
import { monthBounds, monthName, nextMonth, shopDay, shopMonth } from '../../../src/lib/shop-time';
import {
  commissionInvoices,
  ledgerEntries,
  ledgerTransactions,
  marketplaceDocumentCounters,
  orderParts,
  stores,
} from '../../../src/server/db/schema';
import { issueCommissionInvoices } from '../../../src/server/services/tax-documents/commission-invoices';
import { openCardScene, paidCardOrder } from '../../fixtures/card-payments';
import { A, B, call, sellerA, sellerB, t } from '../../fixtures/order-scene';
import { as, signIn, signInOperator, signInSeller, type Who } from '../../fixtures/orders';
import { pdfText } from '../../fixtures/pdf-text';

/*
 * The marketplace's invoices to its sellers for commission (issue 29 #4, #5; docs/decisions/048)
 * through the API: once a month is over, one per seller with commission in it, numbered in the
 * marketplace's one sequence, consecutive with no gap or duplicate however many ask at once; the
 * amounts the books' commission and GCT on commission of the month; every field of a Jamaican tax
 * invoice in the PDF as poppler reads it; issued once (asking again answers the same); owner-scoped;
 * the operators' CSV theirs alone. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

openCardScene({
  MARKETPLACE_TRN: '123-456-789',
  MARKETPLACE_GCT_NUMBER: '123456789-0001',
});

const db = () => t.database.db;
const month = shopMonth(new Date());
/** A minute into the next month: the month is over. */
const afterMonth = new Date(monthBounds(nextMonth(month)).from.getTime() + 60_000);
let operator: Who;
const SUPPLIER = {
  name: 'Yaad Market',
  trn: '123456789',
  gctRegistered: true,
  gctNumber: '123456789-0001',
  gctBasisPoints: 1_500,
};

/** Runs `act` as if it were `at` (the shop's clock only: the database's stays real). */
async function at<T>(when: Date, act: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], now: when });
  try {
    return await act();
  } finally {
    vi.useRealTimers();
  }
}
afterEach(() => vi.useRealTimers());

const csvOf = async (who: Who, m = month) => t.call(`/admin/reports/${m}/commission-invoices`, { headers: as(who) });
type CsvRow = Record<'number' | 'date' | 'kind' | 'month' | 'seller' | 'seller_trn' | 'net' | 'gct' | 'total', string>;

async function listOf(who: Who) {
  const res = await call(who, 'GET', '/seller/commission-invoices');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return CommissionInvoiceList.parse(res.body).invoices;
}

/** Sessions made as if after the month (a month on, today's sessions may have expired). */
let after: { sellerA: Who; sellerB: Who; operator: Who; buyer: Who };

beforeAll(async () => {
  operator = await signInOperator(db(), 'commission-operator@yaad.test', 'Cora Operator');
  after = await at(afterMonth, async () => ({
    sellerA: await signInSeller(db(), A),
    sellerB: await signInSeller(db(), B),
    operator: await signInOperator(db(), 'commission-operator@yaad.test', 'Cora Operator'),
    buyer: await signIn(db(), 'commission-shopper@yaad.test', 'Carl Shopper'),
  }));
  await db().update(stores).set({ trn: '987654321' }).where(eq(stores.id, A));
  await db().update(stores).set({ trn: null, gctRegistered: false, gctNumber: null }).where(eq(stores.id, B));
});

describe('the marketplace’s invoices for a month’s commission', () => {
  it('are issued once the month is over, one per seller, numbered consecutively however many ask at once', async () => {
    const orders = [await paidCardOrder(), await paidCardOrder()];
    // Not before the month is over: its commission can still change.
    expect((await csvOf(operator)).status).toBe(404);
    expect(await listOf(sellerA)).toEqual([]);

    // Many at once, the operators' CSV and both sellers' lists: each seller invoiced once, numbers 1 and 2.
    const answers = await at(afterMonth, () =>
      Promise.all([
        csvOf(after.operator),
        csvOf(after.operator),
        listOf(after.sellerA),
        listOf(after.sellerB),
        csvOf(after.operator),
        listOf(after.sellerA),
        // And twenty issuers straight at the service: on PostgreSQL, each its own connection.
        ...Array.from({ length: 20 }, (_, i) =>
          issueCommissionInvoices(db(), SUPPLIER, month, { now: afterMonth, storeId: i % 3 === 0 ? A : undefined }),
        ),
      ]),
    );
    const rows = await db().select().from(commissionInvoices).orderBy(commissionInvoices.number);
    expect(rows.map((r) => [r.storeId, r.month, r.kind]).sort()).toEqual(
      [
        [A, month, 'invoice'],
        [B, month, 'invoice'],
      ].sort(),
    );
    expect(rows.map((r) => r.number)).toEqual([1, 2]);
    const [counter] = await db()
      .select()
      .from(marketplaceDocumentCounters)
      .where(eq(marketplaceDocumentCounters.sequence, 'commission'));
    expect(counter.lastNumber).toBe(2);
    for (const answer of answers.filter((a) => a instanceof Response)) expect(answer.status).toBe(200);

    // The amounts are the commission and GCT on commission the books hold for each seller's parts.
    const parts = await db()
      .select()
      .from(orderParts)
      .where(
        inArray(
          orderParts.orderId,
          orders.map((o) => o.id),
        ),
      );
    for (const row of rows) {
      const own = parts.filter((p) => p.storeId === row.storeId);
      const net = own.reduce((n, p) => n + p.commissionCents, 0);
      const gct = own.reduce((n, p) => n + p.commissionGctCents, 0);
      expect(net).toBeGreaterThan(0);
      // GCT at 15%, rounded per part.
      expect(Math.abs(gct - net * 0.15)).toBeLessThanOrEqual(own.length / 2);
      expect({
        net: row.netCents,
        gct: row.gctCents,
        total: row.totalCents,
      }).toEqual({ net, gct, total: net + gct });
    }
    // And, summed, what the marketplace's monthly report says it charged.
    const report = MarketplaceReport.parse((await call(operator, 'GET', `/admin/reports/${month}`)).body);
    expect(toCents(report.commission.net)).toBe(rows.reduce((n, r) => n + r.netCents, 0));
    expect(toCents(report.gctOnCommission.net)).toBe(rows.reduce((n, r) => n + r.gctCents, 0));
  });

  it('answer the same invoices when issued again, in the CSV and the seller’s list', async () => {
    const [first, again] = [
      await at(afterMonth, () => csvOf(after.operator)),
      await at(afterMonth, () => csvOf(after.operator)),
    ];
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/csv');
    expect(first.headers.get('content-disposition')).toBe(`attachment; filename="commission-invoices-${month}.csv"`);
    const text = await first.text();
    expect(await again.text()).toBe(text);
    const csv = parse(text, { columns: true }) as CsvRow[];
    const rows = await db().select().from(commissionInvoices).orderBy(commissionInvoices.number);
    const [storeA] = await db().select().from(stores).where(eq(stores.id, A));
    const [storeB] = await db().select().from(stores).where(eq(stores.id, B));
    const names = new Map([
      [A, storeA.name],
      [B, storeB.name],
    ]);
    expect(csv).toEqual(
      rows.map((r) => ({
        number: `CI-${String(r.number).padStart(6, '0')}`,
        date: shopDay(afterMonth),
        kind: 'invoice',
        month,
        seller: names.get(r.storeId),
        seller_trn: r.storeId === A ? '987654321' : '',
        net: (r.netCents / 100).toFixed(2),
        gct: (r.gctCents / 100).toFixed(2),
        total: (r.totalCents / 100).toFixed(2),
      })),
    );
    const listed = await at(afterMonth, () => listOf(after.sellerA));
    expect(await at(afterMonth, () => listOf(after.sellerA))).toEqual(listed);
    expect(listed).toHaveLength(1);
    expect((await db().select({ n: count() }).from(commissionInvoices))[0].n).toBe(2);
  });

  it('is a PDF with every field of a tax invoice, the seller’s own only', async () => {
    const [invoice] = await listOf(sellerA);
    const [row] = await db().select().from(commissionInvoices).where(eq(commissionInvoices.storeId, A));
    const [storeA] = await db().select().from(stores).where(eq(stores.id, A));
    expect(invoice).toMatchObject({
      id: row.id,
      month,
      kind: 'invoice',
      number: `CI-${String(row.number).padStart(6, '0')}`,
      title: 'Tax Invoice',
      net: row.netCents / 100,
      gct: row.gctCents / 100,
      total: row.totalCents / 100,
    });
    const res = await t.call(`${invoice.pdfUrl}`, { headers: as(sellerA) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const field of [
      'TAX INVOICE',
      'Yaad Market',
      'TRN 123-456-789',
      'GCT registration no. 123456789-0001',
      `No. ${invoice.number}`,
      `Date ${new Intl.DateTimeFormat('en-JM', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/Jamaica' }).format(afterMonth)}`,
      storeA.name,
      'TRN 987-654-321',
      `Commission on sales of ${monthName(month)}`,
      'Subtotal (before GCT)',
      formatDollars(invoice.net),
      'GCT (15%)',
      formatDollars(invoice.gct),
      'Total',
      formatDollars(invoice.total),
    ])
      expect(text, field).toContain(field);

    // Another seller's invoice is not found; the other seller's own is its.
    expect((await t.call(invoice.pdfUrl, { headers: as(sellerB) })).status).toBe(404);
    expect(
      (
        await t.call('/seller/commission-invoices/no-such-invoice', {
          headers: as(sellerA),
        })
      ).status,
    ).toBe(404);
    const [ofB] = await listOf(sellerB);
    expect(ofB.id).not.toBe(invoice.id);
    const pdfB = pdfText(Buffer.from(await (await t.call(ofB.pdfUrl, { headers: as(sellerB) })).arrayBuffer()));
    expect(pdfB).toContain('TRN not given');
  });

  it('is the operators’ CSV alone', async () => {
    expect((await at(afterMonth, () => csvOf(after.buyer))).status).toBe(403);
    expect((await at(afterMonth, () => csvOf(after.sellerA))).status).toBe(403);
    expect((await t.call(`/admin/reports/${month}/commission-invoices`)).status).toBe(401);
    expect((await csvOf(operator, '2026-13')).status).toBe(400);
    // A month over with no commission: the header alone.
    const empty = await csvOf(operator, '2025-01');
    expect(empty.status).toBe(200);
    expect((await empty.text()).trim()).toBe('number,date,kind,month,seller,seller_trn,net,gct,total');
  });

  it('is a credit note for a month whose reversals exceed its charges', async () => {
    // Next month: a return of one of this month's parts reverses commission and nothing is sold.
    // Its entries are written as the return's posting would be, dated in that month.
    const later = nextMonth(month);
    const inLater = new Date(monthBounds(later).from.getTime() + 5 * 86_400_000);
    const [part] = await db().select().from(orderParts).where(eq(orderParts.storeId, A)).limit(1);
    const [posting] = await db()
      .insert(ledgerTransactions)
      .values({
        key: `return:test-${part.id}`,
        event: 'return',
        orderId: part.orderId,
        partId: part.id,
        createdAt: inLater,
      })
      .returning();
    await db()
      .insert(ledgerEntries)
      .values(
        (
          [
            ['commission_revenue', null, 500],
            ['gct_payable', null, 75],
            ['seller_pending', A, -575],
          ] as const
        ).map(([account, storeId, amountCents], line) => ({
          transactionId: posting.id,
          account,
          storeId,
          kind: 'return' as const,
          partId: part.id,
          amountCents,
          line,
          createdAt: inLater,
        })),
      );
    const afterLater = new Date(monthBounds(nextMonth(later)).from.getTime() + 60_000);
    // Two months on, a session made then (today's would have expired by then).
    const [seller, op] = await at(afterLater, async () => [
      await signInSeller(db(), A),
      await signInOperator(db(), 'commission-operator@yaad.test', 'Cora Operator'),
    ]);
    const invoices = await at(afterLater, () => listOf(seller));
    expect(invoices.map((i) => [i.month, i.kind, i.title])).toEqual([
      [later, 'credit_note', 'Tax Credit Note'],
      [month, 'invoice', 'Tax Invoice'],
    ]);
    expect(invoices[0]).toMatchObject({ number: 'CC-000003', net: 5, gct: 0.75, total: 5.75 });
    const text = pdfText(Buffer.from(await (await t.call(invoices[0].pdfUrl, { headers: as(seller) })).arrayBuffer()));
    for (const field of ['TAX CREDIT NOTE', 'No. CC-000003', 'Total credited', `-${formatDollars(5.75)}`])
      expect(text, field).toContain(field);
    const csv = parse(await (await at(afterLater, () => csvOf(op, later))).text(), { columns: true }) as CsvRow[];
    expect(csv).toEqual([
      expect.objectContaining({ number: 'CC-000003', kind: 'credit note', net: '-5.00', gct: '-0.75', total: '-5.75' }),
    ]);
  });
});
