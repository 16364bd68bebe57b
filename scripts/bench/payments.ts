/**
 * `npm run bench:payments`: card orders placed and paid per second through the offline test gateway
 * (issue 26, "Done when"), against the same run's baseline of orders placed without a payment; then
 * the hold sweeper expires what was left unpaid and the stock and payment ledgers are checked.
 *
 * - A fresh database on the PostgreSQL server (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 *   postgres://postgres@127.0.0.1:5432/test; dropped afterwards), migrated and loaded with the
 *   sample catalogue; BENCH_BUYERS (default 50) shoppers with sessions. Every store takes cash on
 *   delivery here, so the baseline can order from any of them.
 * - The API and the test gateway run in one child process over HTTP (node-server, the pool of 20
 *   connections the shop uses), as `npm start` serves them offline: the gateway under /dev/gateway
 *   on the same loopback origin, the PowerTranz adapter calling it over HTTP. Its CPU is the API's.
 * - Two phases, each BENCH_SECONDS (default 15) measured after a 3 s warm-up, each with its own 5
 *   "hot" products of little stock (they sell out; 409 is then expected):
 *   1. baseline: each buyer places cash-on-delivery orders (1 to 3 products), no payment at all;
 *   2. payments: each buyer places a card order (POST /orders/place, credit or debit card: placing
 *      starts the payment, as checkout does), opens its hand-over page (payUrl) and walks the
 *      gateway's hosted page by HTTP as tests/fixtures/payments/test-gateway-browser.ts does, posts
 *      the gateway's return to the shop and reads the order as the confirmation page does. 70% pay
 *      with the approving card; 15% are declined, and half of those try again (POST
 *      /orders/{id}/pay, the "Try again" button) with the approving card; 15% never pay.
 * - Then the clock is advanced past PAYMENT_HOLD_MINUTES and sweepExpiredHolds (as the API tests
 *   drive it) cancels every order still unpaid, its stock back.
 * - The ledger, before and after the sweep: for every product, initial stock = remaining + held
 *   (live parts of orders awaiting payment) + sold (live parts of the others), nothing below zero;
 *   after the sweep nothing is held. Every paid order has exactly one approved payment for exactly
 *   its total, and the gateway exactly one approved transaction for it, of that amount; no order
 *   took money twice, no unpaid order took any; every part of a paid order is paid; every order the
 *   buyers paid is paid and every one they left is cancelled; one receipt mail per paid order.
 *   Any mismatch, or any answer the flow did not expect, exits non-zero.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import type { PlaceOrderAnswer } from '../../src/lib/contract/orders';
import type { PaymentStart } from '../../src/lib/contract/payments';
import { createSession } from '../../src/server/auth/sessions';
import { openDatabase } from '../../src/server/db/client';
import { products, stores, users } from '../../src/server/db/schema';
import { seedSampleData } from '../../src/server/db/seed/seed';
import { parseEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/http/logger';
import { paymentProviderFromConfig } from '../../src/server/payments';
import { sweepExpiredHolds } from '../../src/server/services/payments';
import { card, payOnHostedPage } from '../../tests/fixtures/payments/test-gateway-browser';
import { sellableTo, stockForRun } from './bench-catalogue';
import { answerStatementCount, benchDatabase } from './bench-database';
import { cpuSeconds, cpuSecondsOf } from './process-tree';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = 3;
const PORT = Number(process.env.BENCH_PORT ?? 4421);
const HOLD_MINUTES = 30;
const PARISH = 'St. Andrew';
const ORIGIN = `http://127.0.0.1:${PORT}`;
const API = `${ORIGIN}/api/v1`;
/** The test gateway's documented cards (README, docs/decisions/028). */
const CARDS = { approve: '4111 1111 1111 1111', decline: '4000 0000 0000 0002' } as const;
/** The buyers' mix: never pay, declined (then half try again), the rest approved at once. */
const UNPAID_SHARE = 0.15;
const DECLINED_SHARE = 0.15;
const RETRY_SHARE = 0.5;

/** The shop's configuration for the benchmark: the offline gateway on this loopback origin. */
const configFor = (url: string) =>
  parseEnv({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    HOST: '127.0.0.1',
    PORT: String(PORT),
    PUBLIC_SITE_URL: undefined,
    PAYMENT_PROVIDER: 'test',
    PAYMENT_HOLD_MINUTES: String(HOLD_MINUTES),
  });

type Product = { id: string; storeId: string };
type Cpu = { api: number; postgres: number; buyers: number };
type Window = { measureFrom: number; stopAt: number };

const quantile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const inWindow = (at: number, w: Window) => at >= w.measureFrom && at < w.stopAt;

if (process.argv[2] === '--serve') await serve(process.argv[3]);
else await main();

/** The child: the API and the test gateway on one origin, on the benchmark database. */
async function serve(url: string) {
  const { serve: listen } = await import('@hono/node-server');
  const { Hono } = await import('hono');
  const { createApi } = await import('../../src/server/app');
  const { TEST_GATEWAY_PATH, testGatewayPublicBase } = await import('../../src/server/payments');
  const { testGateway } = await import('../../src/server/payments/test-gateway/app');
  const database = await openDatabase({ url });
  const config = configFor(url);
  const app = new Hono();
  app.route('/', createApi({ database, config }));
  app.route(TEST_GATEWAY_PATH, testGateway({ db: database.db, publicBase: testGatewayPublicBase(config) }));
  answerStatementCount();
  listen({ fetch: app.fetch, port: PORT, hostname: '127.0.0.1' }, () => process.send?.('ready'));
  process.on('SIGTERM', () => database.close().finally(() => process.exit(0)));
}

async function main() {
  const { url, database, drop } = await benchDatabase('pay');
  const db = database.db;
  let child: ReturnType<typeof spawn> | undefined;
  const cleanup = async () => {
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    await drop();
  };

  try {
    await seedSampleData(db, { demoAccounts: false });
    await db.update(stores).set({ acceptsCashOnDelivery: true });
    const { rateOf, sellable } = await sellableTo(db, PARISH);
    const all = sellable as Product[];
    // Each phase its own hot products, so the baseline's sell-outs do not change the payments' run.
    const hotPool = all.filter((_, i) => i % 25 === 7);
    const hotBaseline = hotPool.slice(0, 5);
    const hotPayments = hotPool.slice(5, 10);
    const hot = [...hotBaseline, ...hotPayments];
    const cold = all.filter((p) => !hot.includes(p));
    if (hotPayments.length < 5) throw new Error(`only ${hotPool.length} hot products in the sample catalogue`);
    const initial = await stockForRun(db, hot, cold);

    /** For every product: initial = remaining + held (orders awaiting payment) + sold (the other live parts). */
    const stockLedger = async () => {
      const rows = (await db.execute(sql`
        select l.product_id as id,
          coalesce(sum(l.quantity) filter (where o.awaiting_payment_until is not null and o.payment_status = 'unpaid' and o.status <> 'cancelled'), 0)::int as held,
          coalesce(sum(l.quantity) filter (where not (o.awaiting_payment_until is not null and o.payment_status = 'unpaid' and o.status <> 'cancelled')), 0)::int as sold
        from order_lines l
        join order_parts p on p.id = l.part_id
        join orders o on o.id = l.order_id
        where p.status <> 'cancelled'
        group by l.product_id`)) as unknown as { rows: { id: string; held: number; sold: number }[] };
      const units = new Map(rows.rows.map((r) => [r.id, r]));
      const now = await db.select({ id: products.id, stock: products.stock }).from(products);
      let mismatches = 0;
      let negative = 0;
      let held = 0;
      let sold = 0;
      for (const p of now) {
        const u = units.get(p.id) ?? { held: 0, sold: 0 };
        held += u.held;
        sold += u.sold;
        if (p.stock < 0) negative += 1;
        if ((initial.get(p.id) ?? 0) !== p.stock + u.held + u.sold) mismatches += 1;
      }
      const stockOf = new Map(now.map((p) => [p.id, p.stock]));
      const hotLeft = (list: Product[]) => list.map((p) => stockOf.get(p.id)).join(', ');
      return { mismatches, negative, held, sold, hotLeft };
    };

    /** The payments against the orders, and against the gateway's own transactions. */
    const moneyLedger = async () => {
      const rows = (await db.execute(sql`
        select o.id, o.order_number as "orderNumber", o.payment_status as "paymentStatus", o.status,
          o.total_cents as "totalCents", o.payment_method as method,
          (o.awaiting_payment_until is not null and o.payment_status = 'unpaid' and o.status <> 'cancelled') as awaiting,
          count(pm.id) filter (where pm.status = 'approved')::int as approved,
          coalesce(sum(pm.amount_cents) filter (where pm.status = 'approved'), 0)::bigint as "approvedCents",
          count(pm.id) filter (where pm.status not in ('pending', 'declined', 'cancelled'))::int as "tookMoney",
          (select count(*) from order_parts p where p.order_id = o.id and p.status <> 'cancelled' and p.payment_status <> 'paid')::int as "partsUnpaid",
          (select count(*) from test_gateway_transactions g where g.order_identifier = o.order_number and g.stage = 'approved')::int as "gatewayApproved",
          (select coalesce(sum(g.amount_cents), 0) from test_gateway_transactions g where g.order_identifier = o.order_number and g.stage = 'approved')::bigint as "gatewayCents",
          (select count(*) from payments pm2 join test_gateway_transactions g on g.id = pm2.gateway_reference
             where pm2.order_id = o.id and pm2.status = 'approved' and g.stage = 'approved' and g.amount_cents = pm2.amount_cents)::int as "approvedMatched"
        from orders o left join payments pm on pm.order_id = o.id
        group by o.id`)) as unknown as {
        rows: {
          id: string;
          orderNumber: string;
          paymentStatus: string;
          status: string;
          totalCents: number;
          method: string;
          awaiting: boolean | string;
          approved: number;
          approvedCents: number;
          tookMoney: number;
          partsUnpaid: number;
          gatewayApproved: number;
          gatewayCents: number;
          approvedMatched: number;
        }[];
      };
      // Money columns are bigint, which the driver reads as text here (no Drizzle column mapping).
      for (const r of rows.rows) {
        r.totalCents = Number(r.totalCents);
        r.approvedCents = Number(r.approvedCents);
        r.gatewayCents = Number(r.gatewayCents);
      }
      const cardOrders = rows.rows.filter((r) => r.method === 'credit_card' || r.method === 'debit_card');
      const paid = cardOrders.filter((r) => r.paymentStatus === 'paid');
      const counted = (await db.execute(sql`
        select (select count(*) from refunds)::int as refunds,
          (select count(*) from mail_outbox where kind = 'payment_received')::int as receipts`)) as unknown as {
        rows: { refunds: number; receipts: number }[];
      };
      return {
        paidOrders: paid.length,
        paidIds: new Set(paid.map((r) => r.id)),
        cancelledIds: new Set(cardOrders.filter((r) => r.status === 'cancelled').map((r) => r.id)),
        stillAwaiting: cardOrders.filter((r) => r.awaiting === true || r.awaiting === 't').length,
        paidWrong: paid.filter((r) => r.approved !== 1 || r.approvedCents !== r.totalCents).map((r) => r.orderNumber),
        gatewayWrong: cardOrders
          .filter((r) =>
            r.paymentStatus === 'paid'
              ? r.gatewayApproved !== 1 || r.gatewayCents !== r.totalCents || r.approvedMatched !== 1
              : r.gatewayApproved !== 0,
          )
          .map((r) => r.orderNumber),
        twice: rows.rows.filter((r) => r.tookMoney > 1).map((r) => r.orderNumber),
        unpaidTook: rows.rows.filter((r) => r.paymentStatus !== 'paid' && r.tookMoney > 0).map((r) => r.orderNumber),
        partsUnpaid: paid.reduce((n, r) => n + r.partsUnpaid, 0),
        refunds: counted.rows[0].refunds,
        receipts: counted.rows[0].receipts,
      };
    };

    const buyerRows = await db
      .insert(users)
      .values(
        Array.from({ length: BUYERS }, (_, i) => ({ name: `Bench Payer ${i}`, email: `bench-pay-${i}@yaad.test` })),
      )
      .returning({ id: users.id });
    const tokens = await Promise.all(buyerRows.map(async (u) => (await createSession(db, u.id, 1)).token));

    child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/payments.ts', '--serve', url], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const [message] = await Promise.race([
      once(child, 'message'),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the API did not start')), 60_000)),
    ]);
    if (message !== 'ready') throw new Error('the API did not start');
    const server = child;
    const statementsSoFar = async () => {
      server.send('statements');
      const [{ statements }] = (await once(server, 'message')) as [{ statements: number }];
      return statements;
    };

    let seed = 12345;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    const address = {
      name: 'Bench Payer',
      street: '14 Hope Road',
      city: 'Kingston 6',
      state: PARISH,
      parish: PARISH,
      country: 'Jamaica',
    };
    /** An order of 1 to 3 products (the first, one time in four, a hot one) paid by `method`. */
    const orderBody = (hotOnes: Product[], paymentMethod: string) => {
      const chosen = new Map<string, Product>();
      const count = 1 + Math.floor(random() * 3);
      for (let i = 0; i < count; i++) {
        const p = i === 0 && random() < 0.25 ? pick(hotOnes) : pick(cold);
        chosen.set(p.id, p);
      }
      const items = [...chosen.values()].map((p) => ({ productId: p.id, quantity: 1 + Math.floor(random() * 2) }));
      const sellers = new Set([...chosen.values()].map((p) => p.storeId));
      return JSON.stringify({
        items,
        shippingAddress: address,
        paymentMethod,
        shippingSelections: [...sellers].map((s) => ({ sellerId: s, shippingRateId: rateOf.get(s) })),
      });
    };

    const unexpected: string[] = [];
    const note = (what: string) => unexpected.push(what);
    const cpu = (): Cpu => {
      const own = process.cpuUsage();
      return {
        api: cpuSeconds(server.pid as number),
        postgres: cpuSecondsOf('postgres'),
        buyers: (own.user + own.system) / 1e6,
      };
    };

    /** One phase: every buyer runs `loop` until the window ends; CPU is read at the window's edges. */
    const phase = async (loop: (token: string, w: Window) => Promise<void>) => {
      const started = performance.now();
      const w: Window = { measureFrom: started + WARMUP_SECONDS * 1000, stopAt: 0 };
      w.stopAt = w.measureFrom + SECONDS * 1000;
      const statementsBefore = await statementsSoFar();
      let atStart = cpu();
      setTimeout(() => {
        atStart = cpu();
      }, w.measureFrom - performance.now()).unref();
      let used: Cpu = { api: 0, postgres: 0, buyers: 0 };
      setTimeout(() => {
        const now = cpu();
        used = {
          api: now.api - atStart.api,
          postgres: now.postgres - atStart.postgres,
          buyers: now.buyers - atStart.buyers,
        };
      }, w.stopAt - performance.now()).unref();
      await Promise.all(
        tokens.map((token) =>
          loop(token, w).catch((error: unknown) => note(`a buyer stopped: ${(error as Error).message}`)),
        ),
      );
      return { w, cpu: used, statements: (await statementsSoFar()) - statementsBefore };
    };

    type Placed = { ms: number; status: number; at: number };
    const place = async (headers: Record<string, string>, body: string, into: Placed[]) => {
      const t0 = performance.now();
      const res = await fetch(`${API}/orders/place`, { method: 'POST', headers, body });
      const answer = (await res.json()) as PlaceOrderAnswer & { code?: string; message?: string };
      into.push({ ms: performance.now() - t0, status: res.status, at: t0 });
      if (res.status !== 201 && !(res.status === 409 && answer.code === 'insufficient_stock'))
        note(`place ${res.status} ${answer.message}`);
      return res.status === 201 ? answer : undefined;
    };
    const authOf = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

    // 1. The baseline: orders placed without any payment.
    const baselinePlaced: Placed[] = [];
    let baselineOrders = 0;
    const baseline = await phase(async (token, w) => {
      const headers = authOf(token);
      while (performance.now() < w.stopAt)
        if (await place(headers, orderBody(hotBaseline, 'cash_on_delivery'), baselinePlaced)) baselineOrders += 1;
    });

    // 2. Card orders through the gateway.
    type ReadOrder = {
      paymentStatus: string;
      cardPayment: { stage: string; lastAttempt: { status: string } | null } | null;
    };
    /** The browser from the shop's hand-over page to the confirmation: the order as it then reads. */
    const walk = async (token: string, orderId: string, payment: PaymentStart, cardNumber: string) => {
      const page = await fetch(`${ORIGIN}${payment.payUrl}`, { headers: { authorization: `Bearer ${token}` } });
      const html = await page.text();
      if (page.status !== 200) throw new Error(`hand-over page ${page.status}`);
      const walked = await payOnHostedPage({ kind: 'html', html }, card(cardNumber));
      if (!walked.returned || !walked.returnUrl)
        throw new Error(`the gateway sent no return: ${walked.status} ${walked.html.slice(0, 120)}`);
      const back = await fetch(walked.returnUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        body: new URLSearchParams(walked.returned.body).toString(),
        redirect: 'manual',
      });
      await back.arrayBuffer();
      if (back.status !== 303) throw new Error(`return ${back.status}`);
      const read = await fetch(`${API}/orders/${orderId}`, { headers: { authorization: `Bearer ${token}` } });
      if (read.status !== 200) throw new Error(`order read ${read.status}`);
      return ((await read.json()) as { order: ReadOrder }).order;
    };
    const cardPlaced: Placed[] = [];
    const payToPaid: { ms: number; at: number }[] = [];
    const retryToPaid: { ms: number; at: number }[] = [];
    const paidAt: number[] = [];
    const left = new Set<string>();
    const paidIds = new Set<string>();
    const counts = { placed: 0, paidFirst: 0, declined: 0, retriedPaid: 0, neverPaid: 0, declinedLeft: 0 };
    const payments = await phase(async (token, w) => {
      const headers = authOf(token);
      while (performance.now() < w.stopAt) {
        const placed = await place(
          headers,
          orderBody(hotPayments, random() < 0.5 ? 'credit_card' : 'debit_card'),
          cardPlaced,
        );
        if (!placed) continue;
        counts.placed += 1;
        const { order, payment } = placed;
        if (!payment) {
          note(`order ${order.orderNumber} placed without starting its payment`);
          continue;
        }
        const fate = random();
        if (fate < UNPAID_SHARE) {
          counts.neverPaid += 1;
          left.add(order.id);
          continue;
        }
        try {
          const t0 = performance.now();
          if (fate < UNPAID_SHARE + DECLINED_SHARE) {
            const declined = await walk(token, order.id, payment, CARDS.decline);
            counts.declined += 1;
            if (
              declined.paymentStatus !== 'unpaid' ||
              declined.cardPayment?.stage !== 'awaiting_payment' ||
              declined.cardPayment.lastAttempt?.status !== 'declined'
            )
              note(`declined order ${order.orderNumber} reads ${JSON.stringify(declined.cardPayment)}`);
            if (random() >= RETRY_SHARE) {
              counts.declinedLeft += 1;
              left.add(order.id);
              continue;
            }
            // "Try again": a new attempt at the gateway, paid with the approving card.
            const r0 = performance.now();
            const again = await fetch(`${API}/orders/${order.id}/pay`, {
              method: 'POST',
              headers: { authorization: headers.authorization },
            });
            const started = (await again.json()) as { payment: PaymentStart; message?: string };
            if (again.status !== 200) throw new Error(`pay ${again.status} ${started.message}`);
            const paid = await walk(token, order.id, started.payment, CARDS.approve);
            if (paid.paymentStatus !== 'paid') throw new Error(`retried order ${order.orderNumber} not paid`);
            const done = performance.now();
            retryToPaid.push({ ms: done - r0, at: r0 });
            paidAt.push(done);
            paidIds.add(order.id);
            counts.retriedPaid += 1;
            continue;
          }
          const paid = await walk(token, order.id, payment, CARDS.approve);
          if (paid.paymentStatus !== 'paid') throw new Error(`order ${order.orderNumber} not paid`);
          const done = performance.now();
          payToPaid.push({ ms: done - t0, at: t0 });
          paidAt.push(done);
          paidIds.add(order.id);
          counts.paidFirst += 1;
        } catch (error) {
          note(`order ${order.orderNumber}: ${(error as Error).message}`);
        }
      }
    });

    // The ledgers, while the unpaid orders still hold their stock.
    const before = await stockLedger();

    // The holds end: the clock past PAYMENT_HOLD_MINUTES, the sweep as the shop runs it.
    const config = configFor(url);
    const provider = paymentProviderFromConfig(config);
    const log = createLogger('silent');
    const later = new Date(Date.now() + (HOLD_MINUTES + 1) * 60_000);
    const sweep = { expired: 0, paid: 0, rounds: 0, seconds: 0 };
    const s0 = performance.now();
    for (;;) {
      const round = await sweepExpiredHolds(db, provider, { now: later, holdMinutes: HOLD_MINUTES, log });
      sweep.rounds += 1;
      sweep.expired += round.expired;
      sweep.paid += round.paid;
      if (round.expired + round.paid === 0 || sweep.rounds > 10_000) break;
    }
    sweep.seconds = (performance.now() - s0) / 1000;
    const after = await stockLedger();
    const money = await moneyLedger();

    // --- The report.
    const window = <T extends { at: number }>(list: T[], w: Window) => list.filter((s) => inWindow(s.at, w));
    const basePlaced = window(baselinePlaced, baseline.w);
    const base201 = basePlaced.filter((s) => s.status === 201);
    const cardMeasured = window(cardPlaced, payments.w);
    const card201 = cardMeasured.filter((s) => s.status === 201);
    const paidInWindow = paidAt.filter((at) => inWindow(at, payments.w)).length;
    const p2p = window(payToPaid, payments.w).map((s) => s.ms);
    const r2p = window(retryToPaid, payments.w).map((s) => s.ms);
    const baseMs = basePlaced.map((s) => s.ms);
    const cardMs = cardMeasured.map((s) => s.ms);
    const basePerSecond = base201.length / SECONDS;
    const placedPerSecond = card201.length / SECONDS;
    const paidPerSecond = paidInWindow / SECONDS;
    const serverCpu = (c: Cpu) => c.api + c.postgres;
    const baseCpuPerOrder = serverCpu(baseline.cpu) / Math.max(1, base201.length);
    const cpuPerPaid = serverCpu(payments.cpu) / Math.max(1, paidInWindow);
    const statementsPerBase = baseline.statements / Math.max(1, baselineOrders);
    const statementsPerPaid = payments.statements / Math.max(1, counts.paidFirst + counts.retriedPaid);
    const ratio = (x: number, of: number) => (of > 0 ? `${(x / of).toFixed(2)}×` : 'n/a');
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    const cores = availableParallelism();

    console.info(
      `\nCard payments through the offline gateway on PostgreSQL: ${BUYERS} concurrent buyers, ${SECONDS} s measured after ${WARMUP_SECONDS} s warm-up, per phase`,
    );
    console.info('| measure | baseline (cash on delivery, no payment) | card orders through the gateway | ratio |');
    console.info('| --- | --- | --- | --- |');
    console.info(
      `| orders placed per second | ${basePerSecond.toFixed(1)} | ${placedPerSecond.toFixed(1)} | ${ratio(placedPerSecond, basePerSecond)} |`,
    );
    console.info(
      `| orders paid per second | n/a | ${paidPerSecond.toFixed(1)} | ${ratio(paidPerSecond, basePerSecond)} of baseline placed/s |`,
    );
    console.info(
      `| place latency p50 / p95 | ${ms(quantile(baseMs, 50))} / ${ms(quantile(baseMs, 95))} | ${ms(quantile(cardMs, 50))} / ${ms(quantile(cardMs, 95))} | ${ratio(quantile(cardMs, 50), quantile(baseMs, 50))} / ${ratio(quantile(cardMs, 95), quantile(baseMs, 95))} |`,
    );
    console.info(
      `| pay-to-paid p50 / p95 (hand-over page → hosted page → return → order read paid) | n/a | ${ms(quantile(p2p, 50))} / ${ms(quantile(p2p, 95))} | ${ratio(quantile(p2p, 50), quantile(baseMs, 50))} / ${ratio(quantile(p2p, 95), quantile(baseMs, 95))} of baseline place |`,
    );
    console.info(
      `| Try again to paid p50 / p95 (POST /orders/{id}/pay → … → paid; ${r2p.length} measured) | n/a | ${ms(quantile(r2p, 50))} / ${ms(quantile(r2p, 95))} | ${ratio(quantile(r2p, 50), quantile(baseMs, 50))} / ${ratio(quantile(r2p, 95), quantile(baseMs, 95))} of baseline place |`,
    );
    console.info(
      `| CPU s (API + PostgreSQL) per placed order (baseline) / per paid order (cards) | ${(baseCpuPerOrder * 1000).toFixed(2)} ms | ${(cpuPerPaid * 1000).toFixed(2)} ms | ${ratio(cpuPerPaid, baseCpuPerOrder)} |`,
    );
    const cpuLine = (c: Cpu) =>
      `${c.api.toFixed(1)} / ${c.postgres.toFixed(1)} / ${c.buyers.toFixed(1)} s of ${SECONDS * cores} s on ${cores} cores`;
    console.info(
      `| CPU while measured: API (with the gateway) / PostgreSQL / buyers | ${cpuLine(baseline.cpu)} | ${cpuLine(payments.cpu)} | |`,
    );
    console.info(
      `| database statements (API and gateway, BEGIN and COMMIT included, whole phase) per placed order (baseline) / per paid order (cards) | ${statementsPerBase.toFixed(1)} | ${statementsPerPaid.toFixed(1)} | ${ratio(statementsPerPaid, statementsPerBase)} |`,
    );
    console.info(
      `| place calls measured (201 / 409 sold out) | ${basePlaced.length} (${base201.length} / ${basePlaced.length - base201.length}) | ${cardMeasured.length} (${card201.length} / ${cardMeasured.length - card201.length}) | |`,
    );
    console.info(
      `| card orders, whole phase: placed / paid at once / declined (then paid on Try again, left) / never paid | | ${counts.placed} / ${counts.paidFirst} / ${counts.declined} (${counts.retriedPaid}, ${counts.declinedLeft}) / ${counts.neverPaid} | |`,
    );
    console.info(
      `| hold sweep (clock + ${HOLD_MINUTES + 1} min): expired / paid meanwhile, rounds, seconds | | ${sweep.expired} / ${sweep.paid}, ${sweep.rounds}, ${sweep.seconds.toFixed(1)} s (${(sweep.expired / Math.max(0.001, sweep.seconds)).toFixed(0)} orders/s) | |`,
    );
    console.info(`| unexpected answers | ${unexpected.length} | | |`);

    // --- The ledgers: every check, then the verdict.
    const problems: string[] = [];
    const check = (ok: boolean, what: string) => {
      if (!ok) problems.push(what);
      return ok ? 'ok' : `FAILED: ${what}`;
    };
    const ledgerLine = (l: Awaited<ReturnType<typeof stockLedger>>, when: string) =>
      check(
        l.mismatches === 0 && l.negative === 0,
        `${when}: ${l.mismatches} products where initial ≠ remaining + held + sold, ${l.negative} below zero`,
      );
    console.info('\n| ledger check | result |');
    console.info('| --- | --- |');
    console.info(
      `| stock before the sweep (initial = remaining + held + sold; held ${before.held}, sold ${before.sold} units) | ${ledgerLine(before, 'before the sweep')} |`,
    );
    console.info(
      `| stock after the sweep (held ${after.held}, sold ${after.sold} units; hot products left: baseline's ${after.hotLeft(hotBaseline)}, payments' ${after.hotLeft(hotPayments)}) | ${ledgerLine(after, 'after the sweep')} |`,
    );
    console.info(
      `| nothing held after the sweep | ${check(after.held === 0 && money.stillAwaiting === 0, `${after.held} units, ${money.stillAwaiting} orders still awaiting payment`)} |`,
    );
    console.info(
      `| every paid order (${money.paidOrders}): one approved payment of exactly its total | ${check(money.paidWrong.length === 0, `${money.paidWrong.length} paid orders without exactly one approved payment of their total: ${money.paidWrong.slice(0, 5).join(', ')}`)} |`,
    );
    console.info(
      `| the gateway: one approved transaction per paid order, of its total, the one the shop recorded | ${check(money.gatewayWrong.length === 0, `${money.gatewayWrong.length} gateway mismatches: ${money.gatewayWrong.slice(0, 5).join(', ')}`)} |`,
    );
    console.info(
      `| nothing paid twice; no unpaid order took money | ${check(money.twice.length === 0 && money.unpaidTook.length === 0, `paid twice: ${money.twice.length} (${money.twice.slice(0, 5).join(', ')}); unpaid with money: ${money.unpaidTook.length} (${money.unpaidTook.slice(0, 5).join(', ')})`)} |`,
    );
    console.info(
      `| every live part of a paid order is paid | ${check(money.partsUnpaid === 0, `${money.partsUnpaid} live parts of paid orders unpaid`)} |`,
    );
    const notPaid = [...paidIds].filter((id) => !money.paidIds.has(id));
    const notCancelled = [...left].filter((id) => !money.cancelledIds.has(id));
    console.info(
      `| the ${paidIds.size} orders the buyers paid are paid; the ${left.size} they left are cancelled | ${check(notPaid.length === 0 && notCancelled.length === 0, `${notPaid.length} paid orders not paid, ${notCancelled.length} left orders not cancelled`)} |`,
    );
    console.info(
      `| refunds (none expected: nothing was approved late) | ${check(money.refunds === 0, `${money.refunds} refunds`)} |`,
    );
    console.info(
      `| one receipt mail per paid card order (${money.receipts}) | ${check(money.receipts === money.paidOrders, `${money.receipts} receipts for ${money.paidOrders} paid orders`)} |`,
    );
    console.info(
      `| the sweep expired what the buyers left (${sweep.expired} of ${left.size}) | ${check(sweep.expired === left.size, `${sweep.expired} expired, ${left.size} left unpaid`)} |`,
    );
    if (unexpected.length) console.error('unexpected answers (first 5):', unexpected.slice(0, 5));
    if (problems.length) console.error('\nTHE LEDGER DOES NOT BALANCE:\n', problems.join('\n '));
    if (problems.length || unexpected.length) process.exitCode = 1;
  } finally {
    await cleanup();
  }
  process.exit(process.exitCode ?? 0);
}
