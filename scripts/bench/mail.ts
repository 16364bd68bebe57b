/**
 * `npm run bench:mail`: how fast the outbox worker sends (docs/decisions/013), and how late an
 * order's confirmation is while orders keep coming. Issue 24's targets: at least 100 mails a
 * second to a local SMTP server, and each order's confirmation within 10 s while 20 orders a
 * second are placed.
 *
 * - A fresh database on the PostgreSQL server (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 *   postgres://postgres@127.0.0.1:5432/test; dropped afterwards) with the sample catalogue, and an
 *   SMTP server in this process (smtp-server; it notes when it accepted each Message-ID and keeps
 *   nothing else; BENCH_SMTP_ANSWER_MS makes it take that long over each message, as a provider does).
 * - The shop's API and its mail worker in a child process, booted as `npm start` boots them
 *   (getRuntime, startMailWorker: the settings from the environment, info logs as JSON lines to a
 *   file), sending to that server with MAIL_CONCURRENCY mails at once (default 8, the shop's default).
 * - Every measure runs twice in the same run: with that setting, and with MAIL_CONCURRENCY=1 (one
 *   mail at a time, as before), so the ratio says what the change does on this machine today.
 * 1. Drain: BENCH_MAILS (5,000) mails queued in one transaction (BENCH_BASELINE_MAILS, 1,000, for
 *    one at a time); mails accepted per second, from the first accepted to the last.
 * 2. Orders: BENCH_ORDERS_PER_SECOND (20) orders a second for BENCH_SECONDS (30), started on a
 *    fixed schedule whatever the answers take (1 to 3 products from 1 to 3 sellers, so a buyer's
 *    confirmation and a mail to each seller); for each order, from its 201 answer to the SMTP
 *    server accepting the buyer's confirmation: p50 / p95 / max. It fails past 10 s at p95 with the
 *    setting measured, or when any confirmation is missing or arrives twice.
 * BENCH_CPU_PROF=1 writes a CPU profile of each shop process (their folder is printed and kept).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { createSession } from '../../src/server/auth/sessions';
import { mailOutbox, products, users } from '../../src/server/db/schema';
import { seedSampleData } from '../../src/server/db/seed/seed';
import { enqueueMail } from '../../src/server/mail/outbox';
import { storeMessageMail } from '../../src/server/mail/templates';
import { sellableTo } from './bench-catalogue';
import { benchDatabase } from './bench-database';
import { cpuSeconds } from './process-tree';

const CONCURRENCY = Number(process.env.MAIL_CONCURRENCY ?? 8);
const DRAIN_MAILS = Number(process.env.BENCH_MAILS ?? 5000);
const BASELINE_MAILS = Number(process.env.BENCH_BASELINE_MAILS ?? 1000);
const ORDERS_PER_SECOND = Number(process.env.BENCH_ORDERS_PER_SECOND ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const ANSWER_MS = Number(process.env.BENCH_SMTP_ANSWER_MS ?? 0);
const PORT = Number(process.env.BENCH_PORT ?? 4422);
const BUYERS = 20;
const PARISH = 'St. Andrew';
const TARGET_RATE = 100;
const TARGET_LATENCY_MS = 10_000;

/** The child: the API and the mail worker, booted from the environment as `npm start` boots them. */
async function serve() {
  const { serve: listen } = await import('@hono/node-server');
  const { createApi } = await import('../../src/server/app');
  const { getRuntime, startMailWorker } = await import('../../src/server/runtime');
  const runtime = await getRuntime();
  const api = createApi({ database: runtime.database, config: runtime.config });
  const worker = startMailWorker(runtime);
  listen({ fetch: api.fetch, port: PORT, hostname: '127.0.0.1' }, () => process.send?.('ready'));
  process.on('SIGTERM', () => {
    void worker
      .stop()
      .then(() => runtime.database.close())
      .finally(() => process.exit(0));
  });
}

/** An SMTP server that notes when it accepted each Message-ID (the outbox row's id). */
async function startSink() {
  const accepted = new Map<string, number[]>();
  let total = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const answer = () => {
          const id = /^Message-ID:\s*<([^@>]+)@/im.exec(head)?.[1] ?? 'unknown';
          const times = accepted.get(id) ?? [];
          times.push(Date.now());
          total++;
          accepted.set(id, times);
          callback();
        };
        if (ANSWER_MS > 0) setTimeout(answer, ANSWER_MS);
        else answer();
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    /** Messages accepted, a second copy of one included. */
    total: () => total,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  const { url, database, drop } = await benchDatabase('mail');
  const db = database.db;
  const logDir = mkdtempSync(path.join(tmpdir(), 'yaad-bench-mail-'));
  const sink = await startSink();
  let child: ChildProcess | undefined;

  const stopShop = async () => {
    if (child && child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    child = undefined;
  };
  /** The shop's API and mail worker with `concurrency` mails at once; answers its process id. */
  const startShop = async (concurrency: number) => {
    const log = openSync(path.join(logDir, `shop-${concurrency}.log`), 'a');
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.join(logDir, 'profiles')}`] : [];
    child = spawn(process.execPath, [...profile, '--import', 'tsx', 'scripts/bench/mail.ts', '--serve'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: url,
        SMTP_URL: sink.url,
        MAIL_CONCURRENCY: String(concurrency),
        SEED_SAMPLE_DATA: 'false',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', log, log, 'ipc'],
    });
    const [message] = await Promise.race([
      once(child, 'message'),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the shop did not start')), 120_000)),
    ]);
    if (message !== 'ready') throw new Error('the shop did not start');
    return child.pid as number;
  };
  const pending = async () => {
    const result = (await db.execute(
      sql`select count(*)::int as n from mail_outbox where status = 'pending'`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0].n;
  };
  const waitUntil = async (what: string, done: () => Promise<boolean> | boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
      await sleep(50);
    }
  };
  const rows: string[] = [];
  const row = (line: string) => {
    rows.push(line);
    console.info(line);
  };
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');

  try {
    const loadBefore = load();
    console.info(`load average before: ${loadBefore}`);
    await seedSampleData(db, { demoAccounts: false });

    // 1. Drain: N mails queued at once; mails accepted per second.
    const drain = async (concurrency: number, count: number) => {
      const pid = await startShop(concurrency);
      const mail = (n: number) => ({
        to: `reader-${n % 50}@yaad.test`,
        ...storeMessageMail({
          storeName: 'Blue Mountain Roasters',
          senderName: 'Tanisha',
          senderEmail: 'buyer@yaad.test',
          subject: `Question ${n}`,
          body: `Is the coffee whole bean? I would like two bags for the shop on Hope Road (message ${n}).`,
        }),
      });
      const before = sink.accepted.size;
      const cpu0 = cpuSeconds(pid);
      await db.transaction(async (tx) => {
        for (let from = 0; from < count; from += 1000)
          await enqueueMail(
            tx,
            Array.from({ length: Math.min(1000, count - from) }, (_, i) => mail(from + i)),
          );
      });
      const queuedAt = Date.now(); // committed: the worker may see them from now
      await waitUntil(
        `${count} mails with ${concurrency} at once`,
        () => sink.accepted.size >= before + count,
        Math.max(300_000, count * 1000),
      );
      const cpu = cpuSeconds(pid) - cpu0;
      await stopShop();
      const times = [...sink.accepted.values()]
        .slice(before)
        .map((t) => t[0])
        .sort((a, b) => a - b);
      const first = times[0];
      const last = times.at(-1) as number;
      const rate = ((count - 1) * 1000) / Math.max(1, last - first);
      return { rate, first: first - queuedAt, cpu, count };
    };
    const fast = await drain(CONCURRENCY, DRAIN_MAILS);
    const slow = await drain(1, BASELINE_MAILS);

    // 2. Orders at a steady rate; each buyer confirmation's delay.
    const { rateOf, sellable } = await sellableTo(db, PARISH);
    await db
      .update(products)
      .set({ stock: 1_000_000 })
      .where(
        inArray(
          products.id,
          sellable.map((p) => p.id),
        ),
      );
    const buyerRows = await db
      .insert(users)
      .values(Array.from({ length: BUYERS }, (_, i) => ({ name: `Bench Buyer ${i}`, email: `bench-${i}@yaad.test` })))
      .returning({ id: users.id });
    const tokens = await Promise.all(buyerRows.map(async (u) => (await createSession(db, u.id, 1)).token));
    let seed = 24;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const address = {
      name: 'Bench Buyer',
      street: '14 Hope Road',
      city: 'Kingston 6',
      state: PARISH,
      parish: PARISH,
      country: 'Jamaica',
    };

    const orders = async (concurrency: number) => {
      const pid = await startShop(concurrency);
      const before = sink.total();
      const cpu0 = cpuSeconds(pid);
      const placed = new Map<string, number>();
      const failures: string[] = [];
      const place = async (n: number) => {
        const chosen = new Map<string, { id: string; storeId: string | null }>();
        const count = 1 + Math.floor(random() * 3);
        while (chosen.size < count) {
          const p = sellable[Math.floor(random() * sellable.length)];
          chosen.set(p.id, p);
        }
        const sellers = new Set([...chosen.values()].map((p) => p.storeId as string));
        const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/orders/place`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${tokens[n % BUYERS]}`,
            'content-type': 'application/json',
            // As the checkout sends one: a buyer's two identical carts are two orders, not a replay.
            'idempotency-key': `bench-mail-${concurrency}-${n}`,
          },
          body: JSON.stringify({
            items: [...chosen.keys()].map((productId) => ({ productId, quantity: 1 })),
            shippingAddress: address,
            paymentMethod: 'credit_card',
            shippingSelections: [...sellers].map((s) => ({ sellerId: s, shippingRateId: rateOf.get(s) })),
          }),
        });
        const answer = (await res.json()) as { order?: { id: string }; message?: string };
        if (res.status === 201 && answer.order) placed.set(answer.order.id, Date.now());
        else failures.push(`${res.status} ${answer.message}`);
      };
      const total = ORDERS_PER_SECOND * SECONDS;
      const started = performance.now();
      const calls: Promise<void>[] = [];
      for (let n = 0; n < total; n++) {
        const due = started + (n * 1000) / ORDERS_PER_SECOND;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        calls.push(place(n));
      }
      await Promise.all(calls);
      const placingSeconds = (performance.now() - started) / 1000;
      // Every mail of these orders sent (the one-at-a-time worker may be minutes behind).
      await waitUntil(
        `the mails of ${total} orders with ${concurrency} at once`,
        async () => (await pending()) === 0,
        900_000,
      );
      const cpu = cpuSeconds(pid) - cpu0;
      await stopShop();
      const confirmations = await db
        .select({ id: mailOutbox.id, text: mailOutbox.text })
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'order_placed'));
      const latencies: number[] = [];
      let missing = 0;
      let twice = 0;
      const seen = new Set<string>();
      for (const c of confirmations) {
        const orderId = /invoice-pdf\/([\w-]+)/.exec(c.text)?.[1];
        if (!orderId || !placed.has(orderId)) continue;
        seen.add(orderId);
        const times = sink.accepted.get(c.id);
        if (!times) {
          missing++;
          continue;
        }
        if (times.length > 1) twice++;
        latencies.push(times[0] - (placed.get(orderId) as number));
      }
      missing += placed.size - seen.size;
      latencies.sort((a, b) => a - b);
      return {
        placed: placed.size,
        placingSeconds,
        failures,
        mails: sink.total() - before,
        latencies,
        missing,
        twice,
        cpu,
      };
    };
    const steady = await orders(CONCURRENCY);
    const steadySlow = await orders(1);
    const loadAfter = load();

    console.info(
      `\nMail on PostgreSQL to a local SMTP server${ANSWER_MS ? ` that takes ${ANSWER_MS} ms over each message` : ''} (${availableParallelism()} cores)`,
    );
    row(`| measure | MAIL_CONCURRENCY=1 (one at a time) | MAIL_CONCURRENCY=${CONCURRENCY} | ratio |`);
    row('| --- | --- | --- | --- |');
    row(
      `| drain: mails accepted per second | ${slow.rate.toFixed(1)} (${slow.count} mails) | **${fast.rate.toFixed(1)}** (${fast.count} mails) | ${(fast.rate / slow.rate).toFixed(1)}× |`,
    );
    row(`| drain: queued (committed) → first accepted | ${seconds(slow.first)} | ${seconds(fast.first)} | |`);
    const perMail = (s: number, n: number) => ((s * 1000) / n).toFixed(2);
    row(
      `| drain: the shop process's CPU per mail (its API idle) | ${perMail(slow.cpu, slow.count)} ms | ${perMail(fast.cpu, fast.count)} ms | |`,
    );
    const lat = (r: typeof steady) =>
      `${seconds(percentile(r.latencies, 50))} / ${seconds(percentile(r.latencies, 95))} / ${seconds(r.latencies.at(-1) ?? 0)}`;
    row(
      `| orders: placed (${ORDERS_PER_SECOND}/s for ${SECONDS} s; took) | ${steadySlow.placed} (${steadySlow.placingSeconds.toFixed(1)} s) | ${steady.placed} (${steady.placingSeconds.toFixed(1)} s) | |`,
    );
    row(`| orders: mails sent (confirmations and sellers' notices) | ${steadySlow.mails} | ${steady.mails} | |`);
    row(
      `| orders: the shop process's CPU (placing and mailing, until every mail went) | ${steadySlow.cpu.toFixed(1)} s | ${steady.cpu.toFixed(1)} s | |`,
    );
    row(`| orders: placed → confirmation accepted, p50 / p95 / max | ${lat(steadySlow)} | **${lat(steady)}** | |`);
    row(
      `| orders: confirmations missing / accepted twice | ${steadySlow.missing} / ${steadySlow.twice} | ${steady.missing} / ${steady.twice} | |`,
    );
    console.info(`\nload average before: ${loadBefore}; after: ${loadAfter}`);
    const failures = [...steady.failures, ...steadySlow.failures];
    if (failures.length) console.error('unexpected answers (first 5):', failures.slice(0, 5));
    const p95 = percentile(steady.latencies, 95);
    if (fast.rate < TARGET_RATE) console.error(`below the target: ${fast.rate.toFixed(1)} mails/s < ${TARGET_RATE}`);
    if (p95 > TARGET_LATENCY_MS) console.error(`over the target: p95 ${seconds(p95)} > ${seconds(TARGET_LATENCY_MS)}`);
    if (
      failures.length ||
      steady.missing ||
      steady.twice ||
      steadySlow.missing ||
      steadySlow.twice ||
      fast.rate < TARGET_RATE ||
      p95 > TARGET_LATENCY_MS
    )
      process.exitCode = 1;
    if (process.exitCode || process.env.BENCH_CPU_PROF) console.info(`shop logs and profiles: ${logDir}`);
  } finally {
    await stopShop().catch(() => {});
    await sink.close().catch(() => {});
    await drop();
    if (!process.exitCode && !process.env.BENCH_CPU_PROF) rmSync(logDir, { recursive: true, force: true });
  }
  process.exit(process.exitCode ?? 0);
}

// Last: the helpers above are initialised by now.
if (process.argv[2] === '--serve') await serve();
else await main();
