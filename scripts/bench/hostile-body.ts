/**
 * `npm run bench:hostile [-- --seconds 6] [--rounds 3]`: how much a guest sending hostile JSON
 * bodies slows every other shopper (issue 24 #1). The API is one event loop: a body that costs
 * it 100 ms to read costs every shopper waiting behind it 100 ms too.
 *
 * - The API alone in a child process over HTTP (node-server, as in production), on the embedded
 *   PGlite database in memory with the sample catalogue; loopback only.
 * - A shopper (this process) reads the catalogue, GET /products?limit=12, one request at a time
 *   every 10 ms, and times each answer.
 * - Two hostile clients (another child process, signed out, each one request at a time) send the
 *   worst bodies under the 1 MB limit in turn (deeply nested, nested as deep as allowed, wide
 *   objects of distinct keys, long strings of escapes, a NUL at the end, a streamed body without
 *   a length) to JSON routes a guest may call and to routes that need a session.
 * - Rounds of `seconds` alone, then `seconds` under attack, so a noisy machine moves both alike;
 *   the shopper's median and p95 alone are the baseline, and the figures under attack are given
 *   as milliseconds added and as a ratio to it.
 *
 * Fails (exit 1) when a hostile body is answered with anything but a 4xx (a 500 is a bug, a 2xx
 * means it was taken). Prints the machine's load (`uptime`) before and after.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { MAX_GUEST_JSON_BYTES } from '../../src/server/http/json-body';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.BENCH_PORT ?? '4490' },
    serve: { type: 'boolean', default: false },
    hostile: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const PORT = Number(values.port);
const API = `http://127.0.0.1:${PORT}/api/v1`;
const HOSTILE_CLIENTS = 2;
const LIMIT = 1024 * 1024;
const SHOPPER_PAUSE_MS = 10;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The child: the API alone, on PGlite in memory with the sample catalogue. */
async function serve() {
  const { serve: listen } = await import('@hono/node-server');
  const { createApi } = await import('../../src/server/app');
  const { openDatabase } = await import('../../src/server/db/client');
  const { seedSampleData } = await import('../../src/server/db/seed/seed');
  const { parseEnv } = await import('../../src/server/env');
  const database = await openDatabase({});
  await seedSampleData(database.db, { demoAccounts: true });
  const config = parseEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_SAMPLE_DATA: 'false' });
  const api = createApi({ database, config });
  // What the event loop spent and how long a callback waited for it, since the last sample.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let cpu = process.cpuUsage();
  process.on('message', (m) => {
    if (m !== 'sample') return;
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    process.send?.({
      cpuMs: (used.user + used.system) / 1000,
      delayP99: delay.percentile(99) / 1e6,
      delayMax: delay.max / 1e6,
    });
    delay.reset();
  });
  listen({ fetch: api.fetch, port: PORT, hostname: '127.0.0.1' }, () => process.send?.('ready'));
  process.on('SIGTERM', () => database.close().finally(() => process.exit(0)));
}

/** `n` levels of arrays, the innermost empty. */
const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
/** A JSON object of distinct keys `{"k0":0,"k1":0,…}` of about `bytes`. */
function wideObject(bytes: number) {
  const parts: string[] = [];
  let size = 2;
  for (let i = 0; size < bytes - 16; i++) {
    const part = `"k${i}":0`;
    parts.push(part);
    size += part.length + 1;
  }
  return `{${parts.join(',')}}`;
}
/** A list of one-key objects, each key its own `[{"k0":0},{"k1":0},…]`: V8 makes a shape for each. */
function distinctObjects(bytes: number) {
  const parts: string[] = [];
  let size = 2;
  for (let i = 0; size < bytes - 16; i++) {
    const part = `{"k${i}":0}`;
    parts.push(part);
    size += part.length + 1;
  }
  return `[${parts.join(',')}]`;
}
/** `{"<field>":"\n\n…"}`: a string of escapes of about `bytes`. */
const escapes = (field: string, bytes: number) => `{"${field}":"${'\\n'.repeat(Math.floor((bytes - 16) / 2))}"}`;

type Hostile = { what: string; path: string; body: string; stream?: boolean };

/** The worst bodies under the limit, each to a route that reads JSON; every one is invalid, so 4xx. */
function hostileBodies(): Hostile[] {
  const under = LIMIT - 64;
  return [
    { what: 'nested 512,000 deep (1 MB)', path: '/auth/login', body: nested(under / 2) },
    { what: 'nested 30,000 deep (60 KB)', path: '/newsletter', body: nested(30_000) },
    {
      what: 'nested 20,000 deep in a field (40 KB)',
      path: '/auth/register',
      body: `{"email":"a@yaad.test","x":${nested(20_000)}}`,
    },
    {
      what: 'nested 60 deep in a field, invalid items',
      path: '/cart/validate',
      body: `{"items":"none","x":${nested(60)}}`,
    },
    { what: 'wide object, distinct keys (1 MB)', path: '/cart/validate', body: wideObject(under) },
    { what: 'wide object, distinct keys (60 KB)', path: '/cart/validate', body: wideObject(60_000) },
    { what: 'objects of distinct keys (1 MB)', path: '/cart/validate', body: distinctObjects(under) },
    { what: 'objects of distinct keys (60 KB)', path: '/newsletter', body: distinctObjects(60_000) },
    { what: 'string of escapes (1 MB)', path: '/newsletter', body: escapes('email', under) },
    { what: 'string of escapes (60 KB)', path: '/auth/register', body: escapes('email', 60_000) },
    {
      what: 'long string, NUL at its end (1 MB)',
      path: '/auth/register',
      body: `{"name":"${'x'.repeat(under - 40)}\\u0000"}`,
    },
    {
      what: 'wide object streamed, no length (1 MB)',
      path: '/cart/validate',
      body: wideObject(under),
      stream: true,
    },
    { what: 'objects of distinct keys (1 MB), session needed', path: '/cart/sync', body: distinctObjects(under) },
    { what: 'string of escapes (1 MB), session needed', path: '/orders/place', body: escapes('customerNotes', under) },
    { what: 'wide object (1 MB), operators only', path: '/newsletter/issues', body: wideObject(under) },
  ];
}

/**
 * One hostile request on a connection of its own (the server may close one whose body it did not
 * read): its status, or 0 when the connection closed before any answer. A streamed body goes in
 * two chunks without a length.
 */
function send(h: Hostile, body: Buffer): Promise<number> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (h.stream) headers['transfer-encoding'] = 'chunked';
    else headers['content-length'] = body.length;
    let answered = false;
    const req = http.request(
      { host: '127.0.0.1', port: PORT, method: 'POST', path: `/api/v1${h.path}`, headers, agent: false },
      (res) => {
        answered = true;
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(res.statusCode ?? 0));
      },
    );
    req.setTimeout(30_000, () => req.destroy());
    req.on('error', () => {
      if (!answered) resolve(0);
    });
    if (h.stream) {
      req.write(body.subarray(0, body.length / 2));
      setTimeout(() => req.end(body.subarray(body.length / 2)), 5);
    } else req.end(body);
  });
}

/** The hostile child: HOSTILE_CLIENTS loops, each sending the bodies in turn while the parent says so. */
async function hostile() {
  const bodies = hostileBodies();
  const counts = new Map<string, Map<number, number>>();
  const times = new Map<string, number[]>();
  let attacking = false;
  let stopping = false;
  process.on('message', (m) => {
    if (m === 'attack') attacking = true;
    if (m === 'pause') attacking = false;
    if (m === 'report') process.send?.({ counts: [...counts].map(([w, s]) => [w, [...s]]), times: [...times] });
    if (m === 'stop') stopping = true;
  });
  const encoded = bodies.map((h) => Buffer.from(h.body));
  const client = async (offset: number) => {
    for (let i = offset; !stopping; i++) {
      if (!attacking) {
        await sleep(20);
        continue;
      }
      const h = bodies[i % bodies.length];
      const started = performance.now();
      const status = await send(h, encoded[i % bodies.length]);
      const statuses = counts.get(h.what) ?? new Map<number, number>();
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      counts.set(h.what, statuses);
      const took = times.get(h.what) ?? [];
      took.push(performance.now() - started);
      times.set(h.what, took);
    }
  };
  process.send?.('ready');
  await Promise.all(Array.from({ length: HOSTILE_CLIENTS }, (_, i) => client(i * 7)));
  process.exit(0);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

async function shopperFor(ms: number, into: number[]) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await fetch(`${API}/products?limit=12`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`the shopper's read answered ${res.status}`);
    into.push(performance.now() - started);
    await sleep(SHOPPER_PAUSE_MS);
  }
}

async function child(args: string[]): Promise<ChildProcess> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/hostile-body.ts', ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [message] = await Promise.race([
    once(started, 'message'),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${args[0]} did not start`)), 180_000)),
  ]);
  if (message !== 'ready') throw new Error(`${args[0]} did not start`);
  return started;
}

async function main() {
  const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
  console.info(`bench:hostile: ${ROUNDS} rounds of ${SECONDS} s alone and ${SECONDS} s under attack`);
  console.info(`load before: ${uptime()}`);
  const api = await child(['--serve', '--port', String(PORT)]);
  let attackers: ChildProcess | undefined;
  try {
    attackers = await child(['--hostile', '--port', String(PORT)]);
    const alone: number[] = [];
    const attacked: number[] = [];
    type Sample = { cpuMs: number; delayP99: number; delayMax: number };
    const sample = async (): Promise<Sample> => {
      api.send('sample');
      return ((await once(api, 'message')) as [Sample])[0];
    };
    const loop = { alone: [] as Sample[], attacked: [] as Sample[] };
    // Warm-up: V8 compiles the shopper's path and the catalogue answer is kept.
    await shopperFor(2000, []);
    for (let round = 0; round < ROUNDS; round++) {
      await sample();
      await shopperFor(SECONDS * 1000, alone);
      loop.alone.push(await sample());
      attackers.send('attack');
      await sleep(500); // the first hostile bodies are on their way
      await sample();
      await shopperFor(SECONDS * 1000, attacked);
      loop.attacked.push(await sample());
      attackers.send('pause');
      await sleep(1500); // the last ones are answered
    }
    attackers.send('report');
    const [report] = (await once(attackers, 'message')) as [
      { counts: [string, [number, number][]][]; times: [string, number[]][] },
    ];
    attackers.send('stop');

    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const a = sorted(alone);
    const b = sorted(attacked);
    const row = (what: string, base: number, under: number) =>
      `| ${what} | ${base.toFixed(2)} ms | ${under.toFixed(2)} ms | +${(under - base).toFixed(2)} ms | ${(under / base).toFixed(2)}× |`;
    console.info(`\nThe shopper's GET /products?limit=12 (${a.length} alone, ${b.length} under attack):\n`);
    console.info('| | alone | 2 hostile guests | added | ratio |');
    console.info('| --- | --- | --- | --- | --- |');
    console.info(row('median', percentile(a, 50), percentile(b, 50)));
    console.info(row('p95', percentile(a, 95), percentile(b, 95)));

    const hostileSent = report.counts.reduce((n, [, statuses]) => n + statuses.reduce((m, [, c]) => m + c, 0), 0);
    const sum = (list: Sample[], key: keyof Sample) => list.reduce((n, x) => n + x[key], 0);
    const worst = (list: Sample[], key: keyof Sample) => Math.max(...list.map((x) => x[key]));
    const extraCpu = sum(loop.attacked, 'cpuMs') - sum(loop.alone, 'cpuMs');
    console.info("\nThe API process's event loop (measured inside it):\n");
    console.info('| | alone | 2 hostile guests |');
    console.info('| --- | --- | --- |');
    console.info(
      `| CPU | ${sum(loop.alone, 'cpuMs').toFixed(0)} ms | ${sum(loop.attacked, 'cpuMs').toFixed(0)} ms (${(extraCpu / Math.max(1, hostileSent)).toFixed(2)} ms more per hostile request, ${hostileSent} sent) |`,
    );
    console.info(
      `| a callback's wait, worst p99 of a round | ${worst(loop.alone, 'delayP99').toFixed(1)} ms | ${worst(loop.attacked, 'delayP99').toFixed(1)} ms |`,
    );
    console.info(
      `| a callback's wait, longest | ${worst(loop.alone, 'delayMax').toFixed(1)} ms | ${worst(loop.attacked, 'delayMax').toFixed(1)} ms |`,
    );

    const times = new Map(report.times);
    let wrong = 0;
    console.info('\nThe hostile bodies (signed out), each to its route:\n');
    console.info('| body | route | sent | answers | median answer |');
    console.info('| --- | --- | --- | --- | --- |');
    for (const h of hostileBodies()) {
      const statuses = report.counts.find(([w]) => w === h.what)?.[1] ?? [];
      const sent = statuses.reduce((n, [, c]) => n + c, 0);
      // A body past the guest's 64 KB cap is refused by its length (413) and the connection
      // closed before the rest is read: a client still writing may see only the close.
      const refusedUnread = (status: number) => status === 0 && h.body.length > MAX_GUEST_JSON_BYTES;
      for (const [status] of statuses) if (!refusedUnread(status) && (status < 400 || status >= 500)) wrong++;
      const list = statuses.map(([s, c]) => `${c}× ${s || 'closed unanswered'}`).join(', ');
      const t = sorted(times.get(h.what) ?? []);
      console.info(`| ${h.what} | POST ${h.path} | ${sent} | ${list} | ${percentile(t, 50).toFixed(1)} ms |`);
    }
    console.info(`\nload after: ${uptime()}`);
    if (wrong) {
      console.error(`\n${wrong} kind(s) of answer to a hostile body were not a 4xx.`);
      process.exitCode = 1;
    }
  } finally {
    attackers?.kill('SIGTERM');
    api.kill('SIGTERM');
  }
}

if (values.serve) await serve();
else if (values.hostile) await hostile();
else await main();
