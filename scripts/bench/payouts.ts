/**
 * `npm run bench:payouts`: a payout run over 1,000 stores and 100,000 delivered parts whose money
 * is available (issue 27's "Done when": at most 30 s, with its memory), against baselines of the
 * same run.
 *
 * - A fresh database on the PostgreSQL server (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 *   postgres://postgres@127.0.0.1:5432/test; dropped afterwards), migrated.
 * - The scene, loaded in bulk by SQL (BENCH_STORES, default 1,000; BENCH_PARTS, default 100,000):
 *   the stores, active, each with complete bank details; for every part, the two ledger
 *   transactions the shop posts for a card part paid, delivered and past its return window, with
 *   the same keys, accounts, kinds and lines as ledger/post.ts writes them (`sale:<part>`: the
 *   marketplace's cash +share, the seller's pending −share, commission +10% of it and the
 *   commission revenue −10%; `release:<part>`: pending → available). Posting 200,000 transactions
 *   one by one through post.ts would take minutes and measure nothing the run does; the load is
 *   checked instead: every transaction adds up to zero and the books balance (marketplaceSummary).
 * - Measured, in this order, each timed alone with the process's peak memory (RSS and heap,
 *   sampled every 10 ms; PostgreSQL's own memory is not the process's):
 *   1. baseline: reading what every store has available (the run's own grouping, without the lock,
 *      the writes or the bank details): what a run cannot do faster than;
 *   2. the payout run (startPayoutRun, as POST /admin/payout-runs calls it): 1,000 payouts, their
 *      postings and the operator log, in one transaction under the payout lock;
 *   3. a second run at once: nothing is available any more, a 409, nothing written;
 *   4. the run's bank file (1,000 lines), and this month's marketplace report (every entry).
 * - Checked: one payout per store, each exactly the store's available balance before, nothing
 *   available after, the books still balanced. Any mismatch exits non-zero; the 30 s target is
 *   reported (met or not), as the machine is shared.
 */
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { shopMonth } from '../../src/lib/shop-time';
import type { Db } from '../../src/server/db/client';
import { marketplaceSummary, monthlyReport } from '../../src/server/services/ledger';
import { payoutBankFile, startPayoutRun } from '../../src/server/services/payouts';
import { benchDatabase } from './bench-database';

const STORES = Number(process.env.BENCH_STORES ?? 1_000);
const PARTS = Number(process.env.BENCH_PARTS ?? 100_000);
const TARGET_SECONDS = 30;
const MINIMUM_CENTS = 2_000;
const OPERATOR = { id: 'bench-operator', email: 'bench-operator@yaad.test' };

type Measured<T> = { value: T; seconds: number; peakRssMb: number; peakHeapMb: number; rssBeforeMb: number };

const mb = (bytes: number) => bytes / 1_048_576;

/** Runs `work`, timing it and sampling the process's memory every 10 ms. */
async function measure<T>(work: () => Promise<T>): Promise<Measured<T>> {
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 10);
  const started = performance.now();
  try {
    const value = await work();
    const seconds = (performance.now() - started) / 1000;
    const after = process.memoryUsage();
    return {
      value,
      seconds,
      peakRssMb: mb(Math.max(peakRss, after.rss)),
      peakHeapMb: mb(Math.max(peakHeap, after.heapUsed)),
      rssBeforeMb: mb(before.rss),
    };
  } finally {
    clearInterval(sampler);
  }
}

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

async function loadScene(db: Db) {
  await db.execute(
    sql`insert into users (id, name, email, role) values (${OPERATOR.id}, 'Bench Operator', ${OPERATOR.email}, 'admin')`,
  );
  await db.execute(sql`
    insert into stores (id, name, location, parish, join_date, status, bank_details)
    select 'bench-store-' || lpad(n::text, 5, '0'), 'Bench Store ' || lpad(n::text, 5, '0'), 'Kingston', 'Kingston',
           current_date, 'active',
           jsonb_build_object('bankName', 'NCB', 'branch', 'Half Way Tree',
                              'accountName', 'Bench Store ' || n, 'accountNumber', lpad(n::text, 9, '0'))
      from generate_series(1, ${STORES}) n`);
  // Each part: its store, what the buyer paid for it (10.00 to 99.99) and the 10% commission, rounded half up.
  const parts = sql`(select n, 'bench-part-' || n as part, 'bench-store-' || lpad((((n - 1) % ${STORES}) + 1)::text, 5, '0') as store,
                            1000 + (n * 7919) % 9000 as share, (1000 + (n * 7919) % 9000 + 5) / 10 as commission
                       from generate_series(1, ${PARTS}) n) p`;
  await db.execute(sql`
    insert into ledger_transactions (id, key, event, part_id)
    select 'bench-sale-' || n, 'sale:' || part, 'sale', part from ${parts}
    union all
    select 'bench-release-' || n, 'release:' || part, 'release', part from ${parts}`);
  await db.execute(sql`
    insert into ledger_entries (id, transaction_id, account, store_id, kind, part_id, amount_cents, line)
    select gen_random_uuid()::text, 'bench-sale-' || n, e.account, case when e.seller then store end, e.kind, part,
           case e.line when 0 then share when 1 then -share when 2 then commission else -commission end, e.line
      from ${parts}
     cross join (values (0, 'marketplace_cash', false, 'sale'), (1, 'seller_pending', true, 'sale'),
                        (2, 'seller_pending', true, 'commission'), (3, 'commission_revenue', false, 'commission'))
           as e(line, account, seller, kind)
    union all
    select gen_random_uuid()::text, 'bench-release-' || n, e.account, store, 'release', part,
           case e.line when 0 then share - commission else commission - share end, e.line
      from ${parts}
     cross join (values (0, 'seller_pending'), (1, 'seller_available')) as e(line, account)`);
  await db.execute(sql`analyze`);
  const unbalanced = rowsOf<{ n: string }>(
    await db.execute(sql`select count(*)::text as n from (select transaction_id from ledger_entries
                          group by transaction_id having sum(amount_cents) <> 0) t`),
  );
  const [counts] = rowsOf<{ transactions: string; entries: string }>(
    await db.execute(sql`select (select count(*) from ledger_transactions)::text as transactions,
                                (select count(*) from ledger_entries)::text as entries`),
  );
  return {
    unbalanced: Number(unbalanced[0].n),
    transactions: Number(counts.transactions),
    entries: Number(counts.entries),
  };
}

/** What each store has available: the run's grouping, read alone. */
async function availableByStore(db: Db) {
  const rows = rowsOf<{ store: string; cents: string }>(
    await db.execute(sql`select store_id as store, (-sum(amount_cents))::text as cents from ledger_entries
                          where account = 'seller_available' group by store_id`),
  );
  return new Map(rows.map((r) => [r.store, Number(r.cents)]));
}

const fmt = (n: number, digits = 2) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const line = (label: string, m: Measured<unknown>) =>
  `${label.padEnd(44)} ${fmt(m.seconds, 3).padStart(9)} s   peak RSS ${fmt(m.peakRssMb, 0).padStart(5)} MB (+${fmt(m.peakRssMb - m.rssBeforeMb, 0)})   peak heap ${fmt(m.peakHeapMb, 0)} MB`;

async function main() {
  const problems: string[] = [];
  const loadAtStart = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.info(
    `bench:payouts  ${STORES.toLocaleString('en-US')} stores, ${PARTS.toLocaleString('en-US')} delivered parts available`,
  );
  console.info(`machine: ${availableParallelism()} cores, load ${loadAtStart} at start; ${new Date().toISOString()}`);
  const { database, drop } = await benchDatabase('payouts');
  const db = database.db;
  try {
    const loading = await measure(() => loadScene(db));
    console.info(
      `scene loaded in ${fmt(loading.seconds, 1)} s: ${loading.value.transactions.toLocaleString('en-US')} transactions, ${loading.value.entries.toLocaleString('en-US')} entries`,
    );
    if (loading.value.unbalanced > 0)
      problems.push(`${loading.value.unbalanced} loaded transactions do not add up to zero`);
    if (!(await marketplaceSummary(db)).balanced) problems.push('the loaded books do not balance');

    const baseline = await measure(() => availableByStore(db));
    const due = baseline.value;
    const dueCents = [...due.values()].reduce((n, c) => n + c, 0);
    const run = await measure(() => startPayoutRun(db, OPERATOR, { minimumCents: MINIMUM_CENTS }));
    const again = await measure(async () => {
      try {
        await startPayoutRun(db, OPERATOR, { minimumCents: MINIMUM_CENTS });
        return 'a run was made';
      } catch (error) {
        return (error as { status?: number }).status === 409 ? '409' : String(error);
      }
    });
    const bankFile = await measure(() => payoutBankFile(db, run.value.run.id));
    const report = await measure(() => monthlyReport(db, shopMonth(new Date())));

    // Checks: one payout per store, exactly what it had; nothing left; the books balance.
    const payouts = run.value.payouts;
    if (payouts.length !== STORES) problems.push(`${payouts.length} payouts for ${STORES} stores`);
    for (const p of payouts)
      if (Math.round(p.amount * 100) !== due.get(p.storeId))
        problems.push(`${p.storeId}: paid ${p.amount}, had ${(due.get(p.storeId) ?? 0) / 100}`);
    const left = [...(await availableByStore(db)).values()].filter((c) => c !== 0);
    if (left.length > 0) problems.push(`${left.length} stores still have money available`);
    if (again.value !== '409') problems.push(`the second run: ${again.value}`);
    if (bankFile.value.csv.trim().split('\n').length !== STORES + 1) problems.push('the bank file lacks lines');
    if (!report.value.atMonthEnd.balanced) problems.push('the books do not balance after the run');
    if (Math.round(report.value.payouts.sent * 100) !== dueCents)
      problems.push(`the report's payouts sent ${report.value.payouts.sent} ≠ ${dueCents / 100}`);

    console.info('');
    console.info(line('baseline: read every store’s available', baseline));
    console.info(
      line(`payout run (${payouts.length.toLocaleString('en-US')} payouts, US$${fmt(dueCents / 100)})`, run),
    );
    console.info(line('a second run at once (409, nothing due)', again));
    console.info(line('the run’s bank file', bankFile));
    console.info(line('this month’s marketplace report', report));
    console.info('');
    console.info(
      `run / baseline read: ${fmt(run.seconds / baseline.seconds, 1)}×; second run / baseline: ${fmt(again.seconds / baseline.seconds, 1)}×`,
    );
    console.info(`per payout: ${fmt((run.seconds * 1000) / Math.max(payouts.length, 1), 2)} ms`);
    console.info(
      `target: the run in at most ${TARGET_SECONDS} s: ${run.seconds <= TARGET_SECONDS ? 'met' : 'MISSED'} (${fmt(run.seconds, 2)} s)`,
    );
    console.info(
      `load at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await drop();
  }
  if (problems.length > 0) {
    console.error(`\nFAILED:\n${problems.slice(0, 20).join('\n')}`);
    process.exit(1);
  }
  console.info('checks: one payout per store, each its whole available balance; nothing left; the books balance');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
