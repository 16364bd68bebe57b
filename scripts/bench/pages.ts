/**
 * `npm run bench:pages`: how the built pages behave on a phone.
 * - Lighthouse (mobile, the default form factor) for the home page, a category and a product page.
 * - Bytes of JavaScript a product page loads before any interaction (gzipped, as served).
 * Starts the real shop on a fresh data folder (port 4410, or BENCH_PORT), measures, stops it.
 * Prints a table. BENCH_RUNS=3 runs Lighthouse three times per page (in turn: home, category,
 * product, home, …); each row shows the machine's 1-minute load average before and after the run,
 * since other work on the same cores moves the scores.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../tests/fixtures/chromium';
import { bundleServer, SHOP_START } from '../server-bundle';

const PORT = Number(process.env.BENCH_PORT ?? 4410);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'yaad-bench-pages-'));
const CHROME = chromiumLaunchOptions.executablePath;

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
  throw new Error('the shop did not start');
}

await waitForSite();
const { products } = (await (await fetch(`${base}/api/v1/products?limit=1&sort=bestsellers`)).json()) as {
  products: { id: string }[];
};
const pages = { home: '/', category: '/category/home-garden', product: `/product/${products[0].id}` };

// JavaScript before interaction: load the product page, wait for idle, sum the scripts.
const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
const scripts = new Set<string>();
page.on('response', (res) => {
  if (res.request().resourceType() === 'script') scripts.add(res.url());
});
await page.goto(base + pages.product, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
let jsRaw = 0;
let jsGzip = 0;
for (const url of scripts) {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  jsRaw += body.length;
  jsGzip += gzipSync(body, { level: 9 }).length;
}
await browser.close();

const results: { name: string; run: number; r: Record<string, number>; load: string }[] = [];
for (let run = 1; run <= RUNS; run++) {
  for (const [name, p] of Object.entries(pages)) {
    const loadBefore = loadavg()[0].toFixed(1);
    const out = execFileSync(
      'node_modules/.bin/lighthouse',
      [
        base + p,
        '--quiet',
        '--output=json',
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      ],
      { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 1024 * 1024 },
    ).toString();
    const report = JSON.parse(out);
    const r: Record<string, number> = Object.fromEntries(
      Object.entries(report.categories as Record<string, { score: number }>).map(([k, v]) => [
        k,
        Math.round(v.score * 100),
      ]),
    );
    r.lcpMs = Math.round(report.audits['largest-contentful-paint'].numericValue);
    r.cls = Math.round(report.audits['cumulative-layout-shift'].numericValue * 1000) / 1000;
    r.tbtMs = Math.round(report.audits['total-blocking-time'].numericValue);
    results.push({ name, run, r, load: `${loadBefore} → ${loadavg()[0].toFixed(1)}` });
  }
}

console.info(`\nLighthouse (mobile), ${os.availableParallelism()} cores`);
console.info('| page | run | performance | accessibility | best practices | SEO | LCP ms | CLS | TBT ms | load avg |');
console.info('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const { name, run, r, load } of [...results].sort(
  (x, y) => Object.keys(pages).indexOf(x.name) - Object.keys(pages).indexOf(y.name) || x.run - y.run,
)) {
  console.info(
    `| ${name} (${pages[name as keyof typeof pages]}) | ${run} | ${r.performance} | ${r.accessibility} | ${r['best-practices']} | ${r.seo} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} | ${load} |`,
  );
}
console.info(
  `\nProduct page JavaScript before interaction: ${scripts.size} files, ${(jsRaw / 1024).toFixed(1)} KB raw, ${(jsGzip / 1024).toFixed(1)} KB gzipped`,
);
stop();
process.exit(0);
