import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MarkedPayout, type Payout, PayoutRunDetail, PayoutRunList } from '../../../src/lib/contract/payouts';
import { toCents } from '../../../src/lib/money';
import { shopDay } from '../../../src/lib/shop-time';
import type { BankDetails } from '../../../src/lib/store-status';
import { mailOutbox, operatorActions, payouts, stores } from '../../../src/server/db/schema';
import { marketplaceSummary, releaseSettledParts } from '../../../src/server/services/ledger';
import { startPayoutRun } from '../../../src/server/services/payouts';
import { openCardScene, paidCardOrder } from '../../fixtures/card-payments';
import { gatedSuiteRuns } from '../../fixtures/gated';
import { earningsOf, ledgerCounts, unbalancedTransactions } from '../../fixtures/ledger';
import { A, B, buyer, call, deliver, placeOne, sellerA, sellerB, t } from '../../fixtures/order-scene';
import { signInOperator, type Who } from '../../fixtures/orders';

/*
 * Payouts (issue 27 #4, docs/decisions/039) through the API: a run pays each store with bank
 * details exactly its available balance, at or above PAYOUT_MINIMUM, and copies its bank details;
 * the bank file; marking paid and failed; everything idempotent; bad input refused with nothing
 * changed; the books balance. On PostgreSQL: two runs at once, and a run racing cash recorded
 * against an available balance. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */

openCardScene();

const DAY = 86_400_000;
const db = () => t.database.db;
let operator: Who;

beforeAll(async () => {
  operator = await signInOperator(db(), 'payouts-operator@yaad.test', 'Pat Operator');
});

/** A card order of stores A and B, paid, delivered by both, and past its return window. */
async function settledCardOrder() {
  const order = await paidCardOrder();
  await deliver(sellerA, order.id);
  await deliver(sellerB, order.id);
  await releaseSettledParts(db(), { now: new Date(Date.now() + 8 * DAY), returnDays: 7 });
  return order;
}

async function run(headers: Record<string, string> = {}) {
  return call(operator, 'POST', '/admin/payout-runs', undefined, headers);
}
const payoutOf = (answer: { payouts: Payout[] }, store: string) => answer.payouts.find((p) => p.storeId === store);
const available = async (who: Who) => toCents((await earningsOf(call, who)).balance.available);
const bankOf = async (store: string) =>
  (await db().select({ bank: stores.bankDetails }).from(stores).where(eq(stores.id, store)))[0].bank as BankDetails;
const setBank = (store: string, bank: BankDetails | null) =>
  db().update(stores).set({ bankDetails: bank }).where(eq(stores.id, store));

describe('a payout run', () => {
  it('pays each store exactly its available balance, with its bank details as they were; nothing twice', async () => {
    await settledCardOrder();
    const owedA = await available(sellerA);
    const owedB = await available(sellerB);
    expect(owedA).toBeGreaterThanOrEqual(2_000);
    const bankA = await bankOf(A);
    const before = await ledgerCounts(db());

    const res = await run();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const made = PayoutRunDetail.parse(res.body);
    expect(made.replayed).toBe(false);
    expect(payoutOf(made, A)).toMatchObject({
      amount: owedA / 100,
      status: 'in_transit',
      bank: {
        bankName: bankA.bankName,
        branch: bankA.branch,
        accountName: bankA.accountName,
        accountNumber: bankA.accountNumber,
      },
      bankReference: null,
    });
    expect(payoutOf(made, B)?.amount).toBe(owedB / 100);
    expect(made.run).toMatchObject({ payoutCount: made.payouts.length, startedBy: operator.email });
    // Two postings of two entries each: available → in transit.
    expect(await ledgerCounts(db())).toEqual({
      transactions: before.transactions + made.payouts.length,
      entries: before.entries + 2 * made.payouts.length,
    });
    // Sent, not yet confirmed paid: in transit.
    expect((await earningsOf(call, sellerA)).balance).toMatchObject({
      available: 0,
      paidOut: 0,
      inTransit: owedA / 100,
    });
    const kinds = (await earningsOf(call, sellerA, '?kind=payout')).entries;
    expect(kinds.map((e) => [e.balance, e.amount])).toEqual([['available', -owedA / 100]]);

    // A later change of the store's account does not redirect the payout.
    await setBank(A, { ...bankA, accountNumber: '999999999' });
    const detail = await call(operator, 'GET', `/admin/payout-runs/${made.run.id}`);
    expect(payoutOf(PayoutRunDetail.parse(detail.body), A)?.bank.accountNumber).toBe(bankA.accountNumber);
    await setBank(A, bankA);

    // Run again: nothing is available any more, so no run is made and nothing changes.
    const counts = await ledgerCounts(db());
    const again = await run();
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'conflict',
      message: 'No store has an available balance of at least US$20.00 and bank details: no payout run was made',
    });
    expect(await ledgerCounts(db())).toEqual(counts);
    const list = PayoutRunList.parse((await call(operator, 'GET', '/admin/payout-runs')).body);
    expect(list.runs[0]).toMatchObject({
      id: made.run.id,
      counts: { in_transit: made.payouts.length, paid: 0, failed: 0, returned: 0 },
    });
    const logged = await db().select().from(operatorActions).where(eq(operatorActions.action, 'payout_run'));
    expect(logged.map((l) => l.targetId).sort()).toEqual(made.payouts.map((p) => p.storeId).sort());
    expect((await marketplaceSummary(db())).balanced).toBe(true);
  });

  it('with the same Idempotency-Key answers the run it made; skips stores without bank details or under the minimum', async () => {
    await settledCardOrder();
    const bankB = await bankOf(B);
    await setBank(B, null);
    const key = 'run-2026-11-27-a';
    const first = await run({ 'idempotency-key': key });
    expect(first.status).toBe(201);
    const made = PayoutRunDetail.parse(first.body);
    expect(payoutOf(made, A)).toBeDefined();
    expect(payoutOf(made, B)).toBeUndefined();
    const counts = await ledgerCounts(db());
    const second = await run({ 'idempotency-key': key });
    expect(second.status).toBe(200);
    expect(PayoutRunDetail.parse(second.body)).toMatchObject({ replayed: true, run: { id: made.run.id } });
    expect(await ledgerCounts(db())).toEqual(counts);

    // B has its bank details back, but a minimum above its balance: still nobody to pay.
    await setBank(B, bankB);
    const owedB = await available(sellerB);
    expect(owedB).toBeGreaterThan(0);
    await expect(startPayoutRun(db(), operator, { minimumCents: owedB + 1 })).rejects.toMatchObject({ status: 409 });
    expect(await ledgerCounts(db())).toEqual(counts);
    const paid = PayoutRunDetail.parse((await run()).body);
    expect(paid.payouts.map((p) => [p.storeId, p.amount])).toEqual([[B, owedB / 100]]);
  });
});

describe('the bank file', () => {
  it('lists each payout: payee, bank, branch, account, amount, reference; a formula is never run', async () => {
    await settledCardOrder();
    const bankA = await bankOf(A);
    await setBank(A, { ...bankA, accountName: '=HYPERLINK("http://evil.test","Pay")' });
    const made = PayoutRunDetail.parse((await run()).body);
    await setBank(A, bankA);
    const res = await t.call(`/admin/payout-runs/${made.run.id}/bank-file`, {
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="payouts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(await res.text(), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual(['payee', 'bank', 'branch', 'account', 'amount', 'reference']);
    const a = payoutOf(made, A)!;
    expect(rows.find((r) => r.reference === a.reference)).toEqual({
      payee: `'=HYPERLINK("http://evil.test","Pay")`,
      bank: bankA.bankName,
      branch: bankA.branch,
      account: bankA.accountNumber,
      amount: a.amount.toFixed(2),
      reference: a.reference,
    });
    expect(rows).toHaveLength(made.payouts.length);
  });
});

describe('marking a payout', () => {
  it('paid: in transit becomes paid out, once; bad input changes nothing', async () => {
    await settledCardOrder();
    const made = PayoutRunDetail.parse((await run()).body);
    const a = payoutOf(made, A)!;
    const path = `/admin/payouts/${a.id}/paid`;
    const counts = await ledgerCounts(db());
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    for (const [body, field, text] of [
      [{ paidOn: '2026-11-27' }, 'bankReference', 'Enter the bank reference'],
      [{ bankReference: 'FT2611', paidOn: '27/11/2026' }, 'paidOn', 'Date paid must be a date (YYYY-MM-DD)'],
      [{ bankReference: 'FT2611', paidOn: tomorrow }, 'paidOn', 'Date paid cannot be after today'],
      [{ bankReference: 'FT2611', paidOn: '2020-01-01' }, 'paidOn', 'Date paid cannot be before the payout run'],
    ] as const) {
      const res = await call(operator, 'POST', path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', errors: { [field]: text } });
    }
    expect(await ledgerCounts(db())).toEqual(counts);

    const today = new Date().toISOString().slice(0, 10);
    const before = await marketplaceSummary(db());
    const seen = (await earningsOf(call, sellerA)).balance;
    const res = await call(operator, 'POST', path, { bankReference: 'FT-2611-A', paidOn: today });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(MarkedPayout.parse(res.body)).toMatchObject({
      replayed: false,
      payout: { status: 'paid', bankReference: 'FT-2611-A', paidOn: today },
    });
    const after = await marketplaceSummary(db());
    const cents = toCents(a.amount);
    // The seller sees it paid out, no longer in transit.
    const now = (await earningsOf(call, sellerA)).balance;
    expect(toCents(now.paidOut) - toCents(seen.paidOut)).toBe(cents);
    expect(toCents(seen.inTransit) - toCents(now.inTransit)).toBe(cents);
    expect(before.holdsCents - after.holdsCents).toBe(cents);
    expect(before.payoutsInTransitCents - after.payoutsInTransitCents).toBe(cents);
    expect(after.balanced).toBe(true);

    const counted = await ledgerCounts(db());
    const again = await call(operator, 'POST', path, { bankReference: 'FT-2611-A', paidOn: today });
    expect(MarkedPayout.parse(again.body).replayed).toBe(true);
    const other = await call(operator, 'POST', path, { bankReference: 'FT-OTHER', paidOn: today });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ message: 'This payout is already marked paid (bank reference FT-2611-A)' });
    const failed = await call(operator, 'POST', `/admin/payouts/${a.id}/failed`, { reason: 'Account closed' });
    expect(failed.status).toBe(409);
    expect(await ledgerCounts(db())).toEqual(counted);
    const logged = await db().select().from(operatorActions).where(eq(operatorActions.action, 'payout_paid'));
    expect(logged.filter((l) => l.reason?.includes('FT-2611-A'))).toHaveLength(1);
    // The store's owner is mailed once: the amount, the bank's reference, where its entries are.
    const mails = (await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'payout_sent'))).filter((m) =>
      m.text.includes('FT-2611-A'),
    );
    expect(mails.map((m) => m.to)).toEqual([sellerA.email]);
    expect(mails[0].subject).toBe(`Yaad Market paid ${payoutOf(made, A)!.storeName} US$${a.amount.toFixed(2)}`);
    expect(mails[0].text).toContain('/dashboard/earnings/');
    expect(mails[0].text).toContain(a.reference);
  });

  it('failed: its money goes back to available with the reason, and the next run pays it', async () => {
    await settledCardOrder();
    const made = PayoutRunDetail.parse((await run()).body);
    const b = payoutOf(made, B)!;
    const before = (await earningsOf(call, sellerB)).balance;
    const bad = await call(operator, 'POST', `/admin/payouts/${b.id}/failed`, { reason: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { reason: 'Reason must be at least 3 characters' } });

    const res = await call(operator, 'POST', `/admin/payouts/${b.id}/failed`, { reason: 'Account number not found' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(MarkedPayout.parse(res.body).payout).toMatchObject({
      status: 'failed',
      failureReason: 'Account number not found',
    });
    const balance = (await earningsOf(call, sellerB)).balance;
    expect(balance.available).toBe(b.amount);
    expect(balance.inTransit).toBeCloseTo(before.inTransit - b.amount, 2);
    expect(balance.paidOut).toBe(before.paidOut);
    const counts = await ledgerCounts(db());
    expect(
      MarkedPayout.parse(
        (await call(operator, 'POST', `/admin/payouts/${b.id}/failed`, { reason: 'Account number not found' })).body,
      ).replayed,
    ).toBe(true);
    expect((await call(operator, 'POST', `/admin/payouts/${b.id}/failed`, { reason: 'Another reason' })).status).toBe(
      409,
    );
    expect(
      (
        await call(operator, 'POST', `/admin/payouts/${b.id}/paid`, {
          bankReference: 'FT-B',
          paidOn: new Date().toISOString().slice(0, 10),
        })
      ).status,
    ).toBe(409);
    expect(await ledgerCounts(db())).toEqual(counts);

    const next = PayoutRunDetail.parse((await run()).body);
    expect(payoutOf(next, B)?.amount).toBe(b.amount);
    expect(await unbalancedTransactions(db())).toEqual([]);
    expect((await marketplaceSummary(db())).balanced).toBe(true);
  });
});

describe('a payout the bank returns after it was paid', () => {
  it('its money goes back to the seller’s available balance, once; logged and mailed; 409 unless paid', async () => {
    await settledCardOrder();
    const made = PayoutRunDetail.parse((await run()).body);
    const a = payoutOf(made, A)!;
    const path = `/admin/payouts/${a.id}/returned`;
    const body = { bankReference: 'RT-2611-A', reason: 'Account closed by the holder' };
    // In transit: not paid yet, so nothing to return.
    const counts = await ledgerCounts(db());
    expect(await call(operator, 'POST', path, body)).toMatchObject({ status: 409, body: { code: 'conflict' } });
    expect(await ledgerCounts(db())).toEqual(counts);
    const today = shopDay(new Date());
    expect(
      (await call(operator, 'POST', `/admin/payouts/${a.id}/paid`, { bankReference: 'FT-RT-A', paidOn: today })).status,
    ).toBe(200);

    for (const [bad, field] of [
      [{ reason: 'Account closed' }, 'bankReference'],
      [{ bankReference: 'RT', reason: 'Account closed' }, 'bankReference'],
      [{ bankReference: 'RT-2611-A', reason: 'x' }, 'reason'],
    ] as const) {
      const res = await call(operator, 'POST', path, bad);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', errors: { [field]: expect.any(String) } });
    }
    expect((await call(operator, 'POST', '/admin/payouts/no-such-payout/returned', body)).status).toBe(404);

    const seen = (await earningsOf(call, sellerA)).balance;
    const before = await marketplaceSummary(db());
    const counted = await ledgerCounts(db());
    const res = await call(operator, 'POST', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(MarkedPayout.parse(res.body)).toMatchObject({
      replayed: false,
      payout: { status: 'returned', returnBankReference: 'RT-2611-A', returnReason: body.reason, paidOn: today },
    });
    // One posting of two entries: back in the marketplace's bank, and the seller's available again.
    expect(await ledgerCounts(db())).toEqual({ transactions: counted.transactions + 1, entries: counted.entries + 2 });
    const cents = toCents(a.amount);
    const now = (await earningsOf(call, sellerA)).balance;
    expect(toCents(now.available) - toCents(seen.available)).toBe(cents);
    expect(toCents(seen.paidOut) - toCents(now.paidOut)).toBe(cents);
    expect(
      (await earningsOf(call, sellerA, '?kind=payout_returned')).entries.map((e) => [e.balance, e.amount]),
    ).toEqual([['available', a.amount]]);
    const after = await marketplaceSummary(db());
    expect(after.holdsCents - before.holdsCents).toBe(cents);
    expect(after.balanced).toBe(true);

    // Twice: the same answer, nothing written; another reference or reason, or marking it paid or failed: 409.
    const counts2 = await ledgerCounts(db());
    const again = MarkedPayout.parse((await call(operator, 'POST', path, body)).body);
    expect(again.replayed).toBe(true);
    expect((await call(operator, 'POST', path, { ...body, bankReference: 'RT-OTHER' })).status).toBe(409);
    expect((await call(operator, 'POST', `/admin/payouts/${a.id}/failed`, { reason: 'Account closed' })).status).toBe(
      409,
    );
    expect(
      (await call(operator, 'POST', `/admin/payouts/${a.id}/paid`, { bankReference: 'FT-RT-A', paidOn: today })).status,
    ).toBe(409);
    expect(await ledgerCounts(db())).toEqual(counts2);
    const logged = (
      await db().select().from(operatorActions).where(eq(operatorActions.action, 'payout_returned'))
    ).filter((l) => l.reason?.includes('RT-2611-A'));
    expect(logged.map((l) => [l.targetId, l.fromStatus, l.toStatus])).toEqual([[A, 'paid', 'returned']]);
    const mails = (await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'payout_returned'))).filter((m) =>
      m.text.includes('RT-2611-A'),
    );
    expect(mails.map((m) => m.to)).toEqual([sellerA.email]);
    expect(mails[0].text).toContain(body.reason);
    const runs = PayoutRunList.parse((await call(operator, 'GET', '/admin/payout-runs')).body);
    expect(runs.runs.find((r) => r.id === made.run.id)?.counts.returned).toBe(1);

    // The next run pays it again.
    const next = PayoutRunDetail.parse((await run()).body);
    expect(payoutOf(next, A)?.amount).toBe(toCents(now.available) / 100);
    expect(await unbalancedTransactions(db())).toEqual([]);
  });

  it('a failed payout cannot be returned: its money is already back', async () => {
    await settledCardOrder();
    const made = PayoutRunDetail.parse((await run()).body);
    const b = payoutOf(made, B)!;
    expect((await call(operator, 'POST', `/admin/payouts/${b.id}/failed`, { reason: 'No such account' })).status).toBe(
      200,
    );
    const counts = await ledgerCounts(db());
    const res = await call(operator, 'POST', `/admin/payouts/${b.id}/returned`, {
      bankReference: 'RT-B',
      reason: 'Account closed',
    });
    expect(res).toMatchObject({ status: 409, body: { code: 'conflict' } });
    expect(await ledgerCounts(db())).toEqual(counts);
  });
});

const onPostgres = gatedSuiteRuns('postgres', Boolean(process.env.TEST_DATABASE_URL), 'TEST_DATABASE_URL');

describe.skipIf(!onPostgres)('on PostgreSQL: runs and payments at the same moment', () => {
  it('two runs at once pay each store once', async () => {
    await settledCardOrder();
    const owedA = await available(sellerA);
    const answers = await Promise.all([run(), run()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const made = PayoutRunDetail.parse(answers.find((a) => a.status === 201)!.body);
    const rows = await db().select().from(payouts).where(eq(payouts.runId, made.run.id));
    expect(rows.filter((r) => r.storeId === A).map((r) => r.amountCents)).toEqual([owedA]);
    // The other run made nothing: the newest run is this one.
    const list = PayoutRunList.parse((await call(operator, 'GET', '/admin/payout-runs')).body);
    expect(list.runs[0].id).toBe(made.run.id);
    expect(list.runs.filter((r) => r.createdAt >= made.run.createdAt)).toHaveLength(1);
    expect(await available(sellerA)).toBe(0);
  });

  it('cash recorded against an available balance while a run takes it: the payout never exceeds what was available', async () => {
    await settledCardOrder();
    const { order: cod } = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    await deliver(sellerA, cod.id);
    await releaseSettledParts(db(), { now: new Date(Date.now() + 8 * DAY), returnDays: 7 });
    const owedA = await available(sellerA);
    const partCod = cod.sellers.find((s) => s.sellerId === A)!.partId;
    const [ran, cash] = await Promise.all([run(), call(sellerA, 'POST', `/seller/orders/${partCod}/payment`)]);
    expect(ran.status, JSON.stringify(ran.body)).toBe(201);
    expect(cash.status).toBe(200);
    const paid = toCents(payoutOf(PayoutRunDetail.parse(ran.body), A)!.amount);
    // Whichever came first, the payout is what was available then and the rest is the seller's to owe.
    const commission = 350 + 0; // 10% of 34.99, no GCT here
    expect([owedA, owedA - commission]).toContain(paid);
    expect(await available(sellerA)).toBe(owedA - commission - paid);
    expect((await marketplaceSummary(db())).balanced).toBe(true);
  });
});
