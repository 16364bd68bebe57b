/**
 * `npm run bench:http [-- --seconds 10] [--connections 100]`: how fast the shop answers over HTTP,
 * as ratios to what this machine's Node can do at all, measured in the same run by the same load
 * generator (Debian's wrk, 1 thread, keep-alive connections) so that a noisy machine moves both.
 *
 * Baselines (a child process, the same Node): a bare Hono route answering a small JSON object
 * (for API calls), and a bare `node:http` server answering each static file's exact bytes from
 * memory, plain and brotli (for pages, scripts, styles and images).
 *
 * The shop is the real `npm start` (scripts/start.ts as its bundle, default configuration, its log lines to a
 * file as a service manager would keep them): once on the embedded PGlite database and once on a
 * fresh PostgreSQL database (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test; dropped afterwards), each with the sample catalogue.
 * Prints requests/s, p50, p99, errors and the ratio to its baseline for each, the shop's resident
 * memory idle and its peak under load, and the machine's load average.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import pg from 'pg';
import { bundleServer, SHOP_PROCESS, SHOP_START } from '../server-bundle';
import { treeRss } from './process-tree';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '100' },
    port: { type: 'string', default: '4480' },
    only: { type: 'string' },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const PORT = Number(values.port);
const BASE_PORT = PORT + 1;
const pgBase =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Result = { rps: number; p50: number; p99: number; errors: number; timeouts: number };

const run = promisify(execFile);

/**
 * One wrk run: requests/s, latency percentiles (ms) and every kind of error it counts. With
 * `watch`, that process tree's resident memory is sampled every 250 ms meanwhile (its peak in KB).
 */
async function wrk(
  url: string,
  headers: Record<string, string> = {},
  watch?: number,
): Promise<Result & { peakKb: number; serverPeakKb: number }> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${SECONDS}s`, '--latency', '--timeout', '5s'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  // Two unmeasured seconds first, for every row alike: V8 compiles the hot path and the first
  // answers are kept, so the measured p99 is the steady state's, not a cold start's.
  await run('wrk', [...args.map((a) => (a === `-d${SECONDS}s` ? '-d2s' : a)), url], { encoding: 'utf8' });
  let peakKb = 0;
  let serverPeakKb = 0;
  const sample = () => {
    if (!watch) return;
    const { totalKb, byProcess } = treeRss(watch);
    peakKb = Math.max(peakKb, totalKb);
    serverPeakKb = Math.max(serverPeakKb, byProcess.get(SHOP_PROCESS) ?? 0);
  };
  sample();
  const sampler = setInterval(sample, 250);
  const { stdout: out } = await run('wrk', [...args, url], { encoding: 'utf8' }).finally(() => clearInterval(sampler));
  const ms = (label: string) => {
    const m = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out);
    if (!m) return Number.NaN;
    return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const timeouts = Number(socket?.[4] ?? 0);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: ms('50'),
    p99: ms('99'),
    errors: non2xx + Number(socket?.[1] ?? 0) + Number(socket?.[2] ?? 0) + Number(socket?.[3] ?? 0) + timeouts,
    timeouts,
    peakKb,
    serverPeakKb,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(url: string, seconds: number) {
  for (let i = 0; i < seconds * 2; i++) {
    const res = await fetch(url).catch(() => undefined);
    if (res?.status === 200) return;
    await sleep(500);
  }
  throw new Error(`${url} did not answer 200 within ${seconds} s`);
}

type Shop = { child: ChildProcess; base: string; stop: () => Promise<void> };

/** The real shop (`npm start`) on a fresh data folder, optionally on a PostgreSQL database. */
async function startShop(label: string, databaseUrl?: string): Promise<Shop> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `yaad-bench-http-${label}-`));
  const logFile = openSync(path.join(dataDir, 'shop.log'), 'a');
  const child = spawn(process.execPath, [...SHOP_START.args], {
    env: {
      ...process.env,
      ...SHOP_START.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      NODE_ENV: 'production',
      LOG_FORMAT: 'json',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', logFile, logFile],
    detached: true,
  });
  const base = `http://127.0.0.1:${PORT}`;
  // The first full build of the sample catalogue, its first-screen images, and the render worker
  // loaded for the next change (after which the server gives back what the build grew): the shop
  // is idle only then.
  await waitFor(`${base}/`, 600);
  const log = path.join(dataDir, 'shop.log');
  for (let i = 0; i < 240 && !readFileSync(log, 'utf8').includes('render worker loaded the catalogue'); i++) {
    await sleep(500);
  }
  // V8 and glibc hand the collected pages back over the next seconds.
  await sleep(10_000);
  return {
    child,
    base,
    stop: async () => {
      try {
        process.kill(-(child.pid as number), 'SIGTERM');
      } catch {}
      await sleep(1500);
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {}
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const rows: string[] = [];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));
function row(what: string, r: Result, baseline?: Result) {
  const ratio = baseline ? `${(r.rps / baseline.rps).toFixed(2)}×` : '(baseline)';
  const line = `| ${what} | ${fmt(r.rps)} | ${ms(r.p50)} ms | ${ms(r.p99)} ms | ${r.errors}${r.timeouts ? ` (${r.timeouts} time-outs)` : ''} | ${ratio} |`;
  rows.push(line);
  console.info(line);
}

/** Paths the static rows measure: a product page, its hashed script and style, a product image. */
async function staticTargets(base: string) {
  const list = (await (await fetch(`${base}/api/v1/products?limit=1&sort=bestsellers`)).json()) as {
    products: { id: string; images: string[] }[];
  };
  const product = list.products[0];
  const page = `/product/${product.id}/`;
  const html = await (await fetch(`${base}${page}`)).text();
  const script = /src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
  const style = /href="(\/_astro\/[^"]+\.css)"/.exec(html)?.[1];
  const image = /<img[^>]+src="(\/[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  return { productId: product.id, page, script, style, image };
}

async function main() {
  // Checked before anything starts: a missing load generator would fail the first row and leave
  // the shop and the baselines running.
  if (spawnSync('wrk', ['--version']).error) {
    console.error("bench:http needs Debian's wrk: apt-get install wrk");
    process.exit(1);
  }
  await bundleServer();
  const loadBefore = loadavg()[0];
  console.info(`bench:http: wrk -t1 -c${CONNECTIONS} -d${SECONDS}s, load before ${loadBefore.toFixed(2)}`);
  rows.push('| what | requests/s | p50 | p99 | errors | ratio to baseline |', '| --- | --- | --- | --- | --- | --- |');
  const only = values.only?.split(',');
  const want = (name: string) => !only || only.includes(name);
  const memory: string[] = [];
  const mb = (kb: number) => `${fmt(kb / 1024)} MB`;
  /** The tree's total and the server process alone (the render worker holds the catalogue for the next publish). */
  const resident = (pid: number) => {
    const { totalKb, byProcess } = treeRss(pid);
    return `${mb(totalKb)} (server ${mb(byProcess.get(SHOP_PROCESS) ?? 0)}, render worker ${mb(byProcess.get('render-worker.ts') ?? 0)})`;
  };

  // The embedded database first: the static files the baselines serve come from this shop.
  const lite = await startShop('pglite');
  const targets = await staticTargets(lite.base);
  const baselines = spawn(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'scripts/bench/http-baselines.ts', lite.base, String(BASE_PORT)],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        BENCH_PATHS: JSON.stringify([targets.page, targets.script, targets.style, targets.image].filter(Boolean)),
      },
    },
  );
  await new Promise((resolve) => baselines.once('message', resolve));
  const bare = `http://127.0.0.1:${BASE_PORT}`;
  const honoBase = `http://127.0.0.1:${BASE_PORT + 1}`;
  const br = { 'Accept-Encoding': 'br' };
  try {
    memory.push(`PGlite shop idle: ${resident(lite.child.pid as number)}`);
    let peak = 0;
    let serverPeak = 0;
    const shopRun = async (what: string, url: string, headers: Record<string, string>, baseline: Result) => {
      const r = await wrk(url, headers, lite.child.pid);
      peak = Math.max(peak, r.peakKb);
      serverPeak = Math.max(serverPeak, r.serverPeakKb);
      row(what, r, baseline);
    };
    if (want('api')) {
      const json = await wrk(`${honoBase}/json`);
      row('bare Hono route, small JSON (API baseline)', json);
      await shopRun('GET /api/v1/health, PGlite', `${lite.base}/api/v1/health`, {}, json);
      await shopRun('GET /api/v1/products/{id}, PGlite', `${lite.base}/api/v1/products/${targets.productId}`, {}, json);
      await shopRun(
        'GET /api/v1/products?category=Electronics&limit=24, PGlite',
        `${lite.base}/api/v1/products?category=Electronics&limit=24`,
        {},
        json,
      );
    }
    if (want('static')) {
      for (const [label, p] of [
        ['product page', targets.page],
        ['hashed script', targets.script],
        ['hashed style', targets.style],
        ['product image', targets.image],
      ] as const) {
        if (!p) continue;
        const plain = await wrk(`${bare}${p}`);
        row(`bare http: ${label}, same bytes from memory`, plain);
        await shopRun(`shop: ${label} (${p.length > 48 ? `${p.slice(0, 48)}…` : p})`, `${lite.base}${p}`, {}, plain);
        if (label === 'product image') continue;
        const brotli = await wrk(`${bare}${p}`, br);
        row(`bare http: ${label}, br`, brotli);
        await shopRun(`shop: ${label}, br`, `${lite.base}${p}`, br, brotli);
      }
    }
    memory.push(`PGlite shop peak under load: ${mb(peak)} (server ${mb(serverPeak)})`);
  } finally {
    await lite.stop();
  }

  if (want('postgres')) {
    const name = `yaad_bench_http_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    const shop = await startShop('postgres', url.toString());
    try {
      memory.push(`PostgreSQL shop idle: ${resident(shop.child.pid as number)}`);
      const { productId } = await staticTargets(shop.base);
      const json = await wrk(`${honoBase}/json`);
      row('bare Hono route, small JSON (API baseline)', json);
      let peak = 0;
      let serverPeak = 0;
      for (const [what, p] of [
        ['GET /api/v1/products/{id}, PostgreSQL', `/api/v1/products/${productId}`],
        [
          'GET /api/v1/products?category=Electronics&limit=24, PostgreSQL',
          '/api/v1/products?category=Electronics&limit=24',
        ],
      ] as const) {
        const r = await wrk(`${shop.base}${p}`, {}, shop.child.pid);
        peak = Math.max(peak, r.peakKb);
        serverPeak = Math.max(serverPeak, r.serverPeakKb);
        row(what, r, json);
      }
      memory.push(`PostgreSQL shop peak under load: ${mb(peak)} (server ${mb(serverPeak)})`);
    } finally {
      await shop.stop();
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end();
    }
  }
  baselines.kill('SIGTERM');
  console.info(`\n${rows.join('\n')}\n\n${memory.join('\n')}`);
  console.info(`load average (1 min): ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`);
}

await main();
process.exit(0);
