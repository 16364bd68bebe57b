/**
 * `npm run bench:pages`: how the built pages behave on a phone (issue 31).
 * - Lighthouse (mobile, its default form factor: simulated slow 4G, a 4× slower CPU) for the home
 *   page, a category, a product page and the seller workspace's first screens (`/dashboard/`,
 *   `/dashboard/orders/`, signed in as the demo seller of that product's store by a cookie).
 * - Each page BENCH_RUNS times (default 3, in turn: home, category, product, …, home, …); the
 *   summary is the median of the runs. A run whose trace Lighthouse could not record ("Something
 *   went wrong with recording the trace") is tried once more; a second failure, or any other
 *   Lighthouse failure, stops the bench with a message and exit code 1: never a table with a
 *   hole in it.
 * - The scripts each page loads before any interaction: files and bytes gzipped (level 9, as
 *   the served files compress), counted in Chromium at 360 × 780 after the network is idle.
 * Starts the real shop on a fresh data folder (port 4410, or BENCH_PORT), measures, stops it.
 * Each run shows the machine's 1-minute load average before and after it: the cores are shared,
 * and Lighthouse multiplies the wall-clock length of main-thread work by 4.
 * BENCH_PAGES=product,home measures only those pages; BENCH_REPORTS=DIR keeps each Lighthouse
 * report (JSON) there, for profiling.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD, sellerEmail } from '../../src/server/db/seed/sample-catalog';
import { chromiumLaunchOptions } from '../../tests/fixtures/chromium';
import { bundleServer, SHOP_START } from '../server-bundle';

const PORT = Number(process.env.BENCH_PORT ?? 4410);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const REPORTS = process.env.BENCH_REPORTS;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'yaad-bench-pages-'));
const CHROME = chromiumLaunchOptions.executablePath;

/** Lighthouse's failures to record a trace (its `badTraceRecording` message): worth one more try. */
const TRACE_ERRORS = new Set([
  'NO_TRACING_STARTED',
  'NO_RESOURCE_REQUEST',
  'NO_NAVSTART',
  'NO_FCP',
  'NO_DCL',
  'NO_FMP',
  'NO_LCP',
]);

class BenchFailure extends Error {}

await bundleServer();
const server = spawn(process.execPath, [...SHOP_START.args], {
  env: { ...process.env, ...SHOP_START.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn' },
  stdio: 'ignore',
  detached: true,
});
const stop = () => {
  try {
    process.kill(-(server.pid as number));
  } catch {}
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

async function waitForSite() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/`)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new BenchFailure('the shop did not start');
}

type Page = { name: string; path: string; cookie?: string };

/** The seller's session cookie, from the API's sign-in (as the login form gets it). */
async function sellerCookie(storeId: string) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: sellerEmail(storeId), password: DEMO_PASSWORD }),
  });
  if (res.status !== 200)
    throw new BenchFailure(`signing in as ${sellerEmail(storeId)}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The scripts a page loads before any interaction; a seller's page must have been answered as signed in. */
async function scriptsBeforeInteraction(browser: import('@playwright/test').Browser, page: Page) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 780 },
    extraHTTPHeaders: page.cookie ? { cookie: page.cookie } : {},
  });
  const tab = await context.newPage();
  const scripts = new Set<string>();
  let signedIn: boolean | undefined;
  tab.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.add(res.url());
    // The workspace's own reads (/api/v1/seller/…) answer 200 only to the signed-in seller.
    if (new URL(res.url()).pathname.startsWith('/api/v1/seller/'))
      signedIn = (signedIn ?? true) && res.status() === 200;
  });
  await tab.goto(base + page.path, { waitUntil: 'networkidle' });
  await tab.waitForTimeout(1500);
  await context.close();
  if (page.cookie && !signedIn) throw new BenchFailure(`${page.path} was not shown signed in as the seller`);
  let raw = 0;
  let gzip = 0;
  for (const url of scripts) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: scripts.size, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
};

/** One Lighthouse run: its figures, or the trace-recording failure the caller tries once more; any other failure throws. */
function lighthouseOnce(page: Page, label: string): { figures: Figures } | { traceError: string } {
  const args = [
    base + page.path,
    '--quiet',
    '--output=json',
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  if (page.cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: page.cookie })}`);
  const run = spawnSync('node_modules/.bin/lighthouse', args, {
    env: { ...process.env, CHROME_PATH: CHROME },
    maxBuffer: 128 * 1024 * 1024,
  });
  let report: {
    runtimeError?: { code: string; message: string };
    categories?: Record<string, { score: number | null }>;
    audits?: Record<string, { numericValue?: number }>;
  } | null = null;
  try {
    report = JSON.parse(run.stdout.toString());
  } catch {}
  if (report && REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(path.join(REPORTS, `${label}.json`), run.stdout);
  }
  const stderr = run.stderr.toString().trim().split('\n').slice(-5).join('\n');
  const error = report?.runtimeError;
  const message = error ? `${error.code}: ${error.message}` : stderr;
  if ((error && TRACE_ERRORS.has(error.code)) || /recording the trace/.test(message)) return { traceError: message };
  if (run.status !== 0 || !report?.categories || !report.audits)
    throw new BenchFailure(`Lighthouse failed on ${page.path} (exit ${run.status}): ${message || 'no report'}`);
  const score = (k: string) => {
    const s = report.categories?.[k]?.score;
    if (typeof s !== 'number') throw new BenchFailure(`Lighthouse gave no ${k} score for ${page.path}`);
    return Math.round(s * 100);
  };
  const audit = (k: string) => {
    const v = report.audits?.[k]?.numericValue;
    if (typeof v !== 'number') throw new BenchFailure(`Lighthouse gave no ${k} for ${page.path}`);
    return v;
  };
  return {
    figures: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      tbtMs: Math.round(audit('total-blocking-time')),
    },
  };
}

/** A Lighthouse run, tried once more when the trace could not be recorded; a second failure stops the bench. */
function lighthouse(page: Page, run: number): Figures {
  const first = lighthouseOnce(page, `${page.name}-${run}`);
  if ('figures' in first) return first.figures;
  console.warn(
    `Lighthouse could not record the trace of ${page.path} (run ${run}), trying once more: ${first.traceError}`,
  );
  const second = lighthouseOnce(page, `${page.name}-${run}-retry`);
  if ('figures' in second) return second.figures;
  throw new BenchFailure(
    `Lighthouse could not record the trace of ${page.path} twice in a row (run ${run}): ${second.traceError}`,
  );
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

try {
  await waitForSite();
  const { products } = (await (await fetch(`${base}/api/v1/products?limit=1&sort=bestsellers`)).json()) as {
    products: { id: string; store: { id: string } }[];
  };
  const cookie = await sellerCookie(products[0].store.id);
  const all: Page[] = [
    { name: 'home', path: '/' },
    { name: 'category', path: '/category/home-garden' },
    { name: 'product', path: `/product/${products[0].id}` },
    // A product sold in sizes and colours (issue 30): its pickers must keep the page in budget.
    { name: 'variants', path: '/product/leather-desert-boots' },
    { name: 'dashboard', path: '/dashboard/', cookie },
    { name: 'orders', path: '/dashboard/orders/', cookie },
  ];
  const only = process.env.BENCH_PAGES?.split(',').map((s) => s.trim());
  const pages = only ? all.filter((p) => only.includes(p.name)) : all;
  if (!pages.length) throw new BenchFailure(`BENCH_PAGES names none of ${all.map((p) => p.name).join(', ')}`);

  const browser = await chromium.launch(chromiumLaunchOptions);
  const js = new Map<string, Awaited<ReturnType<typeof scriptsBeforeInteraction>>>();
  for (const page of pages) js.set(page.name, await scriptsBeforeInteraction(browser, page));
  await browser.close();

  const runs: { page: Page; run: number; f: Figures; load: string }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    for (const page of pages) {
      const before = loadavg()[0].toFixed(1);
      const f = lighthouse(page, run);
      runs.push({ page, run, f, load: `${before} → ${loadavg()[0].toFixed(1)}` });
      console.info(
        `${page.name} run ${run}: performance ${f.performance}, LCP ${f.lcpMs} ms, CLS ${f.cls}, TBT ${f.tbtMs} ms`,
      );
    }
  }

  console.info(`\nLighthouse (mobile), ${os.availableParallelism()} cores, ${RUNS} run(s) a page`);
  console.info(
    '| page | run | performance | accessibility | best practices | SEO | LCP ms | CLS | TBT ms | load avg |',
  );
  console.info('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const page of pages)
    for (const { run, f, load } of runs.filter((r) => r.page === page))
      console.info(
        `| ${page.name} (${page.path}) | ${run} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.seo} | ${f.lcpMs} | ${f.cls} | ${f.tbtMs} | ${load} |`,
      );

  console.info(`\nMedian of ${RUNS} run(s), and the scripts loaded before any interaction`);
  console.info('| page | performance | LCP ms | CLS | TBT ms | script files | JS gzipped | JS raw |');
  console.info('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const page of pages) {
    const mine = runs.filter((r) => r.page === page).map((r) => r.f);
    const m = (k: keyof Figures) => median(mine.map((f) => f[k]));
    const s = js.get(page.name);
    console.info(
      `| ${page.name} (${page.path}) | ${m('performance')} | ${Math.round(m('lcpMs'))} | ${m('cls')} | ${Math.round(m('tbtMs'))} | ${s?.files} | ${s?.gzipKb.toFixed(1)} KB | ${s?.rawKb.toFixed(1)} KB |`,
    );
  }
} catch (error) {
  console.error(`\nbench:pages FAILED: ${error instanceof Error ? error.message : String(error)}`);
  stop();
  process.exit(1);
}
stop();
process.exit(0);
