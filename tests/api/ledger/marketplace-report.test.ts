import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PayoutRunDetail } from '../../../src/lib/contract/payouts';
import { MarketplaceReport, REPORT_LINES, reportFigure } from '../../../src/lib/contract/reports';
import { SELLER_ACCOUNTS } from '../../../src/lib/ledger';
import { toCents } from '../../../src/lib/money';
import { monthBounds, shopDay, shopMonth } from '../../../src/lib/shop-time';
import { marketplaceSummary, releaseSettledParts } from '../../../src/server/services/ledger';
import { openCardScene, paidCardOrder } from '../../fixtures/card-payments';
import { unbalancedTransactions } from '../../fixtures/ledger';
import { A, B, buyer, call, deliver, placeOne, sellerA, sellerB, t } from '../../fixtures/order-scene';
import { signInOperator, type Who } from '../../fixtures/orders';

/*
 * The monthly marketplace report (issue 27 #6, docs/decisions/040) through the API, JSON and CSV:
 * for a scene with card parts paid, delivered and released, a paid card part cancelled and
 * refunded, cash-on-delivery parts collected, and a payout run (one payout paid then returned by
 * the bank, one failed), every figure equals the sum of the ledger entries it names in the month
 * (Jamaica's calendar), and the month's end equals the books' summary. A month before has nothing
 * and ends with nothing held; a month not begun is a 404; a bad month or format a 400. PGlite,
 * and PostgreSQL with TEST_DATABASE_URL.
 */

openCardScene();

const DAY = 86_400_000;
const db = () => t.database.db;
let operator: Who;

beforeAll(async () => {
  operator = await signInOperator(db(), 'report-operator@yaad.test', 'Rae Operator');
});

const partOf = (order: { sellers: { sellerId: string; partId: string }[] }, store: string) =>
  order.sellers.find((s) => s.sellerId === store)!.partId;

/** The month's entries summed by account and kind straight from the table, in cents. */
async function entrySums(month: string) {
  const { from, to: until } = monthBounds(month);
  const result = await db().execute(
    sql`select account, kind, sum(amount_cents)::text as cents from ledger_entries
         where created_at >= ${from.toISOString()} and created_at < ${until.toISOString()} group by account, kind`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    account: string;
    kind: string;
    cents: string;
  }[];
  return (accounts: readonly string[], kinds?: readonly string[]) =>
    rows
      .filter((r) => accounts.includes(r.account) && (!kinds || kinds.includes(r.kind)))
      .reduce((n, r) => n + Number(r.cents), 0);
}

const report = async (month: string, query = '') => {
  const res = await call(operator, 'GET', `/admin/reports/${month}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
};

describe('the monthly marketplace report', () => {
  it('is the month’s ledger entries summed: sales, commission, GCT, refunds, payouts, the balance held at its end', async () => {
    // Card orders of A and B: one delivered and past its return window, one whose A part is cancelled and refunded.
    const settled = await paidCardOrder();
    await deliver(sellerA, settled.id);
    await deliver(sellerB, settled.id);
    const cancelled = await paidCardOrder();
    const cancel = await call(sellerA, 'POST', `/seller/orders/${partOf(cancelled, A)}/cancel`, {
      reason: 'Out of stock, sorry.',
    });
    expect(cancel.status).toBe(200);
    // Cash on delivery, collected by both sellers' couriers.
    const { order: cod } = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    for (const [seller, store] of [
      [sellerA, A],
      [sellerB, B],
    ] as const) {
      await deliver(seller, cod.id);
      expect((await call(seller, 'POST', `/seller/orders/${partOf(cod, store)}/payment`)).status).toBe(200);
    }
    await releaseSettledParts(db(), { now: new Date(Date.now() + 8 * DAY), returnDays: 7 });
    // A payout run: A's paid, then returned by its bank; B's failed.
    const made = PayoutRunDetail.parse((await call(operator, 'POST', '/admin/payout-runs')).body);
    const payoutA = made.payouts.find((p) => p.storeId === A)!;
    const payoutB = made.payouts.find((p) => p.storeId === B)!;
    const today = shopDay(new Date());
    const paidOk = await call(operator, 'POST', `/admin/payouts/${payoutA.id}/paid`, {
      bankReference: 'FT-REPORT-A',
      paidOn: today,
    });
    expect(paidOk.status).toBe(200);
    const returned = await call(operator, 'POST', `/admin/payouts/${payoutA.id}/returned`, {
      bankReference: 'RT-REPORT-A',
      reason: 'Account closed',
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(
      (await call(operator, 'POST', `/admin/payouts/${payoutB.id}/failed`, { reason: 'No such account' })).status,
    ).toBe(200);

    const month = shopMonth(new Date());
    const got = MarketplaceReport.parse((await report(month)).body);
    const sum = await entrySums(month);
    const seller = [...SELLER_ACCOUNTS];
    const cents = (dollars: number) => toCents(dollars);
    expect(cents(got.sales.total)).toBe(0 - sum(seller, ['sale']));
    expect(cents(got.sales.paidToMarketplace)).toBe(sum(['marketplace_cash'], ['sale']));
    expect(cents(got.sales.collectedBySellers)).toBe(sum(seller, ['cash_collected']));
    expect(cents(got.commission.charged)).toBe(0 - sum(['commission_revenue'], ['commission']));
    expect(cents(got.commission.reversed)).toBe(sum(['commission_revenue'], ['cancellation']));
    expect(cents(got.commission.net)).toBe(0 - sum(['commission_revenue']));
    expect(cents(got.gctOnCommission.net)).toBe(0 - sum(['gct_payable']));
    expect(cents(got.refunds.owedForCancelledParts)).toBe(0 - sum(['refunds_due'], ['cancellation']));
    expect(cents(got.refunds.made)).toBe(sum(['refunds_due'], ['refund']));
    expect(cents(got.payouts.sent)).toBe(sum(['seller_available'], ['payout']));
    expect(cents(got.payouts.paid)).toBe(0 - sum(['marketplace_cash'], ['payout']));
    expect(cents(got.payouts.failed)).toBe(sum(['payouts_in_transit'], ['payout_failed']));
    expect(cents(got.payouts.returned)).toBe(sum(['marketplace_cash'], ['payout_returned']));

    // What those sums are in this scene, from the orders and payouts themselves.
    // Commission at 10%, no GCT: A 34.99 → 3.50, B 49.99 → 5.00, on each of the three orders; A's cancelled once.
    expect(got.commission).toEqual({ charged: 25.5, reversed: 3.5, net: 22 });
    expect(got.gctOnCommission).toEqual({ charged: 0, reversed: 0, net: 0 });
    expect(got.gatewayFees).toBeNull();
    expect(got.sales.total).toBeCloseTo(settled.total + cancelled.total + cod.total, 2);
    expect(got.sales.collectedBySellers).toBeCloseTo(cod.total, 2);
    expect(got.refunds.made).toBe(got.refunds.owedForCancelledParts);
    expect(got.refunds.made).toBeGreaterThan(0);
    expect(Object.fromEntries(Object.entries(got.payouts).map(([k, v]) => [k, cents(v)]))).toEqual({
      sent: cents(payoutA.amount) + cents(payoutB.amount),
      paid: cents(payoutA.amount),
      failed: cents(payoutB.amount),
      returned: cents(payoutA.amount),
    });
    // The month's end is now: the books' summary, to the cent.
    const now = await marketplaceSummary(db());
    expect(got.atMonthEnd).toEqual({
      heldForSellers: now.owedToSellersCents / 100,
      payoutsInTransit: now.payoutsInTransitCents / 100,
      refundsDue: now.refundsDueCents / 100,
      cashHeld: now.holdsCents / 100,
      balanced: true,
    });
    expect(got.atMonthEnd.heldForSellers).toBeGreaterThan(0);
    expect(await unbalancedTransactions(db())).toEqual([]);

    // The CSV: a line per figure, the same amounts.
    const csv = await report(month, '?format=csv');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="marketplace-report-${month}.csv"`);
    const lines = parse(csv.body as string, { columns: true }) as { month: string; figure: string; amount: string }[];
    expect(lines.map((l) => l.figure)).toEqual(REPORT_LINES.map((l) => l[2]));
    for (const [n, line] of REPORT_LINES.entries()) {
      const value = reportFigure(got, line);
      expect(lines[n], line[2]).toEqual({
        month,
        figure: line[2],
        amount: value === null ? 'not recorded' : value.toFixed(2),
      });
    }
  });

  it('a month before the books has nothing, and held nothing at its end; a month not begun is a 404', async () => {
    const got = MarketplaceReport.parse((await report('2020-02')).body);
    expect(got).toMatchObject({
      month: '2020-02',
      from: '2020-02-01T05:00:00.000Z',
      until: '2020-03-01T05:00:00.000Z',
      sales: { total: 0, paidToMarketplace: 0, collectedBySellers: 0 },
      commission: { charged: 0, reversed: 0, net: 0 },
      payouts: { sent: 0, paid: 0, failed: 0, returned: 0 },
      atMonthEnd: { heldForSellers: 0, payoutsInTransit: 0, refundsDue: 0, cashHeld: 0, balanced: true },
    });
    const next = await call(operator, 'GET', '/admin/reports/2999-01');
    expect(next).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });

  it('refuses a bad month or format with a 400, and anyone but an operator', async () => {
    for (const month of ['2026-13', '2026-1', 'november', '2026-11-01'])
      expect(await call(operator, 'GET', `/admin/reports/${month}`)).toMatchObject({
        status: 400,
        body: { code: 'validation_failed', errors: { month: 'Month must be YYYY-MM, such as 2026-11' } },
      });
    expect(await call(operator, 'GET', '/admin/reports/2026-11?format=pdf')).toMatchObject({
      status: 400,
      body: { errors: { format: 'format must be json or csv' } },
    });
    expect((await call(buyer, 'GET', '/admin/reports/2026-11')).status).toBe(403);
    expect((await call(null, 'GET', '/admin/reports/2026-11')).status).toBe(401);
  });
});
