import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SellerEarnings } from '../../../src/lib/contract/earnings';
import { PayoutRunDetail } from '../../../src/lib/contract/payouts';
import { SellerStatement, StatementMonths } from '../../../src/lib/contract/statements';
import { ENTRY_KIND_LABELS } from '../../../src/lib/ledger';
import { formatDollars, toCents } from '../../../src/lib/money';
import { monthBounds, monthName, nextMonth, shopDay, shopMonth } from '../../../src/lib/shop-time';
import { mailOutbox, stores } from '../../../src/server/db/schema';
import { releaseSettledParts, sellerStatement } from '../../../src/server/services/ledger';
import { openCardScene, paidCardOrder } from '../../fixtures/card-payments';
import { earningsOf, sellerSums } from '../../fixtures/ledger';
import { A, B, buyer, call, deliver, sellerA, sellerB, t } from '../../fixtures/order-scene';
import { as, signInOperator, type Who } from '../../fixtures/orders';
import { pdfText } from '../../fixtures/pdf-text';

/*
 * Monthly statements (issue 27 #5, docs/decisions/041) through the API: the months with entries,
 * a month's statement as JSON, CSV and PDF (by ?format= and by Accept), whose sums are the
 * ledger's and whose opening + movement is its closing; owner-scoped; bad months refused, months
 * outside the store's life a 404; and the payout mail carrying what the payout pays. PGlite, and
 * PostgreSQL with TEST_DATABASE_URL.
 */

openCardScene();

const DAY = 86_400_000;
const db = () => t.database.db;
const month = shopMonth(new Date());
let operator: Who;

beforeAll(async () => {
  operator = await signInOperator(db(), 'statements-operator@yaad.test', 'Stella Operator');
});

async function statementOf(who: Who, m = month, query = '') {
  const res = await call(who, 'GET', `/seller/statements/${m}${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SellerStatement.parse(res.body);
}

/** The raw answer, for CSV and PDF bodies. */
const raw = (who: Who, path: string, headers: Record<string, string> = {}) =>
  t.call(`/seller/statements/${path}`, { headers: { ...as(who), ...headers } });

const cents = (dollars: number) => toCents(dollars);
const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);

/** The statement's own arithmetic: opening + the month's lines = closing, totals = movement. */
function expectBalanced(s: SellerStatement) {
  for (const balance of ['pending', 'available'] as const) {
    const moved = sum(s.lines.filter((l) => l.balance === balance).map((l) => cents(l.amount)));
    expect(cents(s.movement[balance])).toBe(moved);
    expect(cents(s.opening[balance]) + moved).toBe(cents(s.closing[balance]));
  }
  expect(sum(s.totals.map((x) => cents(x.amount)))).toBe(cents(s.movement.pending) + cents(s.movement.available));
}

describe('a month’s statement', () => {
  it('lists the month’s entries; its sums are the ledger’s and its closing is the earnings balance', async () => {
    const order = await paidCardOrder();
    const months = StatementMonths.parse((await call(sellerA, 'GET', '/seller/statements')).body);
    expect(months.months[0]).toBe(month);

    const s = await statementOf(sellerA);
    expect(s.store).toMatchObject({ id: A });
    expect(s.month).toBe(month);
    expect(s.from).toBe(monthBounds(month).from.toISOString());
    expectBalanced(s);
    // The month's lines are the earnings list of the month, the same entries.
    const listed = SellerEarnings.parse((await call(sellerA, 'GET', `/seller/earnings?month=${month}&limit=100`)).body);
    expect(listed.pagination.total).toBe(s.lines.length);
    expect(new Set(listed.entries.map((e) => e.id))).toEqual(new Set(s.lines.map((l) => l.id)));
    // The order's sale, commission and GCT, described by order.
    const ofOrder = s.lines.filter((l) => l.orderNumber === order.orderNumber);
    expect(ofOrder.map((l) => l.kind)).toEqual(expect.arrayContaining(['sale', 'commission']));
    expect(ofOrder.find((l) => l.kind === 'sale')?.description).toBe(`Sale, order ${order.orderNumber}`);
    // The closing balance is the ledger's sums and what the earnings screen says.
    const books = await sellerSums(db(), A);
    expect(cents(s.closing.pending)).toBe(-books.pending || 0);
    expect(cents(s.closing.available)).toBe(-books.available || 0);
    expect(s.closing).toEqual((await earningsOf(call, sellerA)).balance);
    expect(await call(sellerA, 'GET', '/seller/earnings?month=2026-13')).toMatchObject({ status: 400 });
  });

  it('carries its closing into the next month’s opening (the service at a later clock)', async () => {
    const seller = { userId: sellerA.id, storeId: A, status: 'active' as const };
    const now = await sellerStatement(db(), seller, month);
    const later = new Date(monthBounds(nextMonth(month)).from.getTime() + DAY);
    const next = await sellerStatement(db(), seller, nextMonth(month), later);
    expect(next.lines).toEqual([]);
    expect(next.opening).toEqual(now.closing);
    expect(next.closing).toEqual(now.closing);
    expect(next.totals).toEqual([]);
  });

  it('as CSV (by ?format= and by Accept): parses, and opening + lines = closing on each balance', async () => {
    const s = await statementOf(sellerA);
    for (const res of [await raw(sellerA, `${month}?format=csv`), await raw(sellerA, month, { accept: 'text/csv' })]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="statement-${month}.csv"`);
      expect(res.headers.get('cache-control')).toContain('no-store');
      const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
      expect(Object.keys(rows[0])).toEqual(['date', 'order', 'kind', 'description', 'balance', 'amount']);
      expect(rows).toHaveLength(s.lines.length + 4);
      for (const balance of ['pending', 'available'] as const) {
        const of = rows.filter((r) => r.balance === balance);
        const opening = of.find((r) => r.kind === 'opening');
        const closing = of.find((r) => r.kind === 'closing');
        const lines = of.filter((r) => r.kind !== 'opening' && r.kind !== 'closing');
        expect(cents(Number(opening?.amount)) + sum(lines.map((r) => cents(Number(r.amount))))).toBe(
          cents(Number(closing?.amount)),
        );
        expect(cents(Number(closing?.amount))).toBe(cents(s.closing[balance]));
      }
      const sale = rows.find((r) => r.kind === 'sale');
      expect(sale?.date).toBe(shopDay(new Date()));
      expect(sale?.order).toMatch(/^YM-/);
    }
  });

  it('as PDF (by ?format= and by Accept): its text shows the store, the month, the totals and the closing balance', async () => {
    const s = await statementOf(sellerA);
    for (const res of [
      await raw(sellerA, `${month}?format=pdf`),
      await raw(sellerA, month, { accept: 'application/pdf' }),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const pdf = Buffer.from(await res.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(pdf);
      expect(text).toContain(s.store.name);
      expect(text).toContain('STATEMENT');
      expect(text).toContain(monthName(month));
      for (const total of s.totals) {
        const line = text.split('\n').find((l) => l.includes(ENTRY_KIND_LABELS[total.kind]) && l.includes('US$'));
        const shown = total.amount > 0 ? `+${formatDollars(total.amount)}` : formatDollars(total.amount);
        expect(text).toContain(shown);
        expect(line).toBeDefined();
      }
      const closing = text.split('\n').find((l) => l.trim().startsWith('Closing'));
      expect(closing).toContain(formatDollars(s.closing.pending));
      expect(closing).toContain(formatDollars(s.closing.available));
    }
  });

  it('is the seller’s own: another seller gets its own statement, a buyer 403, a guest 401', async () => {
    const mine = await statementOf(sellerA);
    const theirs = await statementOf(sellerB);
    expect(theirs.store.id).toBe(B);
    const ids = new Set(mine.lines.map((l) => l.id));
    expect(theirs.lines.some((l) => ids.has(l.id))).toBe(false);
    expect(cents(theirs.closing.pending)).toBe(-(await sellerSums(db(), B)).pending || 0);
    // A store with no entries has no months.
    expect((await call(buyer, 'GET', '/seller/statements')).status).toBe(403);
    expect((await call(buyer, 'GET', `/seller/statements/${month}`)).status).toBe(403);
    expect((await call(null, 'GET', `/seller/statements/${month}?format=pdf`)).status).toBe(401);
  });

  it('refuses a bad month or format (400); a month not begun or before the store is a 404; a month without entries is empty', async () => {
    for (const bad of ['2026-13', '2026-1', 'november', '2026-00', '26-11']) {
      const res = await call(sellerA, 'GET', `/seller/statements/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({
        code: 'validation_failed',
        errors: { month: 'month must be a month as YYYY-MM, such as 2026-11' },
      });
    }
    const format = await call(sellerA, 'GET', `/seller/statements/${month}?format=xls`);
    expect(format.status).toBe(400);
    expect(format.body).toMatchObject({ errors: { format: 'format must be one of json, csv, pdf' } });

    const future = await call(sellerA, 'GET', `/seller/statements/${nextMonth(month)}`);
    expect(future.status).toBe(404);
    expect(future.body).toMatchObject({
      code: 'not_found',
      message: `There is no statement for ${nextMonth(month)} yet: that month has not begun`,
    });
    const [opened] = await db().select({ at: stores.createdAt }).from(stores).where(eq(stores.id, A));
    const before = await call(sellerA, 'GET', '/seller/statements/2001-01');
    expect(before.status).toBe(404);
    expect(before.body).toMatchObject({
      message: `There is no statement for 2001-01: your store opened in ${monthName(shopMonth(opened.at))}`,
    });
    // A store that opened earlier: a month of its life without entries is an empty statement.
    await db()
      .update(stores)
      .set({ createdAt: new Date('2025-01-10T12:00:00Z') })
      .where(eq(stores.id, A));
    const empty = await statementOf(sellerA, '2025-03');
    expect(empty.lines).toEqual([]);
    expect(empty.opening).toEqual({ pending: 0, available: 0, paidOut: 0, inTransit: 0 });
    expect(empty.closing).toEqual(empty.opening);
    const months = StatementMonths.parse((await call(sellerA, 'GET', '/seller/statements')).body).months;
    expect(months).not.toContain('2025-03');
  });
});

describe('a payout and its statement', () => {
  it('the statement shows the payout; the payout mail sums what it pays and links the month’s statement', async () => {
    const order = await paidCardOrder();
    await deliver(sellerA, order.id);
    await deliver(sellerB, order.id);
    await releaseSettledParts(db(), { now: new Date(Date.now() + 8 * DAY), returnDays: 7 });
    const owed = (await earningsOf(call, sellerA)).balance.available;
    const made = await call(operator, 'POST', '/admin/payout-runs');
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const payout = PayoutRunDetail.parse(made.body).payouts.find((p) => p.storeId === A);
    expect(payout?.amount).toBe(owed);
    if (!payout) return;

    const inTransit = await statementOf(sellerA);
    expectBalanced(inTransit);
    const line = inTransit.lines.find((l) => l.kind === 'payout');
    expect(line).toMatchObject({ amount: -owed, balance: 'available', orderNumber: null });
    expect(line?.description).toBe(`Payout ${payout.reference} to ${payout.bank.bankName}`);
    expect(inTransit.closing).toMatchObject({ available: 0, inTransit: owed });

    const today = shopDay(new Date());
    const paid = await call(operator, 'POST', `/admin/payouts/${payout.id}/paid`, {
      bankReference: 'FT-STMT-1',
      paidOn: today,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const after = await statementOf(sellerA);
    expectBalanced(after);
    expect(after.closing).toMatchObject({ available: 0, inTransit: 0 });
    expect(cents(after.closing.paidOut)).toBeGreaterThanOrEqual(cents(owed));
    expect(after.closing).toEqual((await earningsOf(call, sellerA)).balance);

    const [mail] = (await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'payout_sent'))).filter((m) =>
      m.text.includes('FT-STMT-1'),
    );
    expect(mail.to).toBe(sellerA.email);
    expect(mail.text).toContain('What this payout pays');
    // Its lines, by kind, add up to the payout.
    const section = mail.text.slice(mail.text.indexOf('What this payout pays'), mail.text.indexOf('Paid to you'));
    const amounts = [...section.matchAll(/^(.+?) {2}([+-]?)US\$([\d,]+\.\d{2})$/gm)].map(
      (m) => (m[2] === '-' ? -1 : 1) * toCents(Number(m[3].replaceAll(',', ''))),
    );
    expect(section).toMatch(/^Sale {2}\+US\$/m);
    expect(section).toMatch(/^Commission {2}-US\$/m);
    expect(sum(amounts)).toBe(toCents(owed));
    expect(mail.text).toContain(`Paid to you  ${formatDollars(owed)}`);
    expect(mail.text).toContain(order.orderNumber);
    expect(mail.text).toContain(`/api/v1/seller/statements/${month}?format=pdf`);
    expect(mail.html).toContain(`Download your ${monthName(month)} statement (PDF)`);
  });
});
