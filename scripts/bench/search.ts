/**
 * `npm run bench:search [-- --sizes 10000,100000] [--keep] [--suggest-only] [--port N]`: what
 * header search costs a phone.
 * For each size: a fresh embedded database with the sample stores plus N generated products
 * (scripts/catalog-generate.ts), the site built and indexed as the shop does it
 * (scripts/rebuild.ts), the real shop started on it, then Chromium on a product page:
 * - the first query: focus the box and type; bytes fetched from the focus until the suggestions
 *   show (the suggestions code, the vocabulary shard, the suggestion files of its words);
 * - later queries: clear the box and type another; bytes and time for each.
 * Time is from the last keystroke to the suggestions on screen (it includes the 300 ms debounce),
 * without throttling and again as a slow phone (Chromium's 4x CPU slowdown, 150 ms latency,
 * 1.6 Mbit/s). The table also shows how many products were suggested and the first one.
 * Bytes are as gzip would send them (Pagefind's own files, fetched only by /search, are gzip),
 * the way docs/performance.md counts JavaScript; the wire bytes of this server (which does not
 * compress) are shown too. Prints a table.
 *
 * `--suggest-only` measures the header suggestions alone without building N product pages (the
 * full build of 100,000 takes over half an hour): one site is built from the sample catalogue,
 * then for each size its suggestion index and vocabulary are replaced by the generated
 * catalogue's, written straight from that database with the build's own functions
 * (scripts/bench/suggest-files.ts), and the folder is served as static files (no compression,
 * like the shop). The suggestions fetch only those files, so their bytes are the size's own.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../tests/fixtures/chromium';
import { bundleServer, SHOP_START } from '../server-bundle';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    keep: { type: 'boolean', default: false },
    'suggest-only': { type: 'boolean', default: false },
    port: { type: 'string' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const PORT = Number(values.port ?? (values['suggest-only'] ? 4492 : 4490));
const base = `http://127.0.0.1:${PORT}`;
/** First query, then later ones: a typo, a multi-word query, a prefix, a store, a category word. */
const QUERIES = ['neklace', 'blue mountain coffee', 'headphnes', 'samsung gal', 'negril gems', 'laptop'];

const tsx = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', script, ...args], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
  });

function dirSize(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const s = statSync(p);
    if (s.isDirectory()) {
      const sub = dirSize(p);
      bytes += sub.bytes;
      files += sub.files;
    } else {
      bytes += s.size;
      files += 1;
    }
  }
  return { bytes, files };
}

async function waitForSite() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/`)).status === 200) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the shop did not start');
}

/** `shown` and `top`: how many products the box suggested and the first one's name (a check that it answered). */
type Measure = { query: string; wire: number; gzip: number; requests: number; ms: number; shown: number; top: string };

/** Counts what the page fetches while `action` runs (bytes as sent, and as gzip would send them). */
async function counting(page: Page, action: () => Promise<void>): Promise<Pick<Measure, 'wire' | 'gzip' | 'requests'>> {
  const pending: Promise<void>[] = [];
  let wire = 0;
  let gzip = 0;
  let requests = 0;
  const onResponse = (res: import('@playwright/test').Response) => {
    const url = res.url();
    if (!url.startsWith(base) || /\/media\//.test(url)) return; // product pictures load after the panel shows
    requests += 1;
    pending.push(
      (async () => {
        try {
          const body = await res.body();
          const sizes = await res.request().sizes();
          wire += sizes.responseBodySize + sizes.responseHeadersSize;
          const compressed = body[0] === 0x1f && body[1] === 0x8b; // Pagefind's .pf_* and .pagefind files
          gzip += (compressed ? body.length : gzipSync(body).length) + sizes.responseHeadersSize;
        } catch {}
      })(),
    );
  };
  page.on('response', onResponse);
  await action();
  await page.waitForTimeout(50);
  await Promise.all(pending);
  page.off('response', onResponse);
  return { wire, gzip, requests };
}

async function typeQuery(page: Page, query: string): Promise<number> {
  const input = page.locator('#site-search-input');
  await input.fill('');
  await input.pressSequentially(query, { delay: 40 });
  const typed = performance.now();
  await page.waitForSelector(`[data-search-panel][data-state="done"][data-query="${query}"]`, { timeout: 60_000 });
  return performance.now() - typed;
}

async function measure(context: BrowserContext, productId: string, phone: boolean): Promise<Measure[]> {
  const page = await context.newPage();
  if (phone) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  await page.goto(`${base}/product/${productId}`, { waitUntil: 'networkidle' });
  const results: Measure[] = [];
  for (const [i, query] of QUERIES.entries()) {
    let ms = 0;
    const counted = await counting(page, async () => {
      if (i === 0) await page.locator('#site-search-input').focus();
      ms = await typeQuery(page, query);
    });
    const products = page.locator('#site-search-listbox [role="option"][data-category]');
    const shown = await products.count();
    const top = shown ? ((await products.first().locator('span').first().textContent()) ?? '').trim() : '';
    results.push({ query, ms, shown, top, ...counted });
  }
  await page.close();
  return results;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const row = (size: number, phone: boolean, i: number, m: Measure) =>
  `| ${size.toLocaleString('en')} | ${phone ? 'slow phone' : 'unthrottled'} | ${i === 0 ? 'first' : 'later'}: "${m.query}" | ${kb(m.gzip)} | ${kb(m.wire)} | ${m.requests} | ${Math.round(m.ms)} ms | ${m.shown}: ${m.top} |`;
const rows: string[] = [];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

/** A built site as plain static files (Astro's directory format: /x/ is /x/index.html). */
function serveStatic(root: string): Promise<Server> {
  const server = createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url ?? '/', base).pathname);
    const file = [url, path.join(url, 'index.html'), `${url}.html`]
      .map((p) => path.join(root, p))
      .find((p) => p.startsWith(root) && existsSync(p) && statSync(p).isFile());
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(PORT, '127.0.0.1', () => resolve(server)));
}

let sampleSite: string | undefined;
/** The sample catalogue's site, built once (its pages carry the header's search code). */
function buildSampleSite(): string {
  if (sampleSite) return sampleSite;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yaad-bench-suggest-site-'));
  const build = tsx('scripts/rebuild.ts', ['--direct'], { DATA_DIR: dataDir });
  if (build.status !== 0) throw new Error('the sample site did not build');
  sampleSite = path.join(dataDir, 'site', 'current');
  return sampleSite;
}

async function suggestOnly(size: number) {
  const source = buildSampleSite();
  const dataDir = mkdtempSync(path.join(tmpdir(), `yaad-bench-suggest-${size}-`));
  console.info(`\n${size.toLocaleString('en')} products in ${dataDir} (suggestion index only)`);
  const gen = tsx('scripts/catalog-generate.ts', ['--products', String(size), '--data-dir', dataDir], {});
  if (gen.status !== 0) throw new Error(`catalog:generate failed for ${size}`);
  const siteDir = path.join(dataDir, 'site');
  cpSync(source, siteDir, { recursive: true, dereference: true });
  const started = performance.now();
  const written = tsx('scripts/bench/suggest-files.ts', [siteDir], { DATA_DIR: dataDir });
  if (written.status !== 0) throw new Error(`the suggestion index failed for ${size}`);
  const seconds = (performance.now() - started) / 1000;
  const terms = dirSize(path.join(siteDir, 'suggest'));
  const words = dirSize(path.join(siteDir, 'search-words'));
  const server = await serveStatic(siteDir);
  try {
    const productId = readdirSync(path.join(siteDir, 'product'))[0];
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      for (const phone of [false, true]) {
        const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
        const measured = await measure(context, productId, phone);
        await context.close();
        for (const [i, m] of measured.entries()) {
          const line = row(size, phone, i, m);
          rows.push(line);
          console.info(line);
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
    if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
  }
  rows.push(
    `| ${size.toLocaleString('en')} | index | suggestion index written in ${seconds.toFixed(0)} s: ${terms.files.toLocaleString('en')} files, ${kb(terms.bytes)}; vocabulary ${words.files} files, ${kb(words.bytes)} | | | | | |`,
  );
}

for (const size of sizes) {
  if (values['suggest-only']) {
    await suggestOnly(size);
    continue;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), `yaad-bench-search-${size}-`));
  console.info(`\n${size.toLocaleString('en')} products in ${dataDir}`);
  const gen = tsx('scripts/catalog-generate.ts', ['--products', String(size), '--data-dir', dataDir], {});
  if (gen.status !== 0) throw new Error(`catalog:generate failed for ${size}`);
  const started = performance.now();
  const build = tsx('scripts/rebuild.ts', ['--direct'], { DATA_DIR: dataDir });
  if (build.status !== 0) throw new Error(`the build failed for ${size}`);
  const buildSeconds = (performance.now() - started) / 1000;
  const siteDir = path.join(dataDir, 'site', 'current');
  const index = dirSize(path.join(siteDir, 'pagefind'));
  const words = dirSize(path.join(siteDir, 'search-words'));
  const terms = dirSize(path.join(siteDir, 'suggest'));
  console.info(
    `built in ${buildSeconds.toFixed(0)} s; Pagefind ${index.files} files ${kb(index.bytes)}, vocabulary ${words.files} files ${kb(words.bytes)}`,
  );

  await bundleServer();
  const server = spawn(process.execPath, [...SHOP_START.args], {
    env: { ...process.env, ...SHOP_START.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await waitForSite();
    const { products } = (await (await fetch(`${base}/api/v1/products?limit=1&sort=bestsellers`)).json()) as {
      products: { id: string }[];
    };
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      for (const phone of [false, true]) {
        const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
        const measured = await measure(context, products[0].id, phone);
        await context.close();
        for (const [i, m] of measured.entries()) {
          const line = row(size, phone, i, m);
          rows.push(line);
          console.info(line);
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    // The shop closes its database on the way out: wait, or it writes into the folder after it is removed.
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      try {
        process.kill(-(server.pid as number));
        await exited;
      } catch {}
    }
    if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
  }
  rows.push(
    `| ${size.toLocaleString('en')} | index | build ${buildSeconds.toFixed(0)} s; Pagefind ${index.files.toLocaleString('en')} files, ${kb(index.bytes)}; vocabulary ${words.files} files, ${kb(words.bytes)}; suggestion index ${terms.files.toLocaleString('en')} files, ${kb(terms.bytes)} | | | | | |`,
  );
}
if (sampleSite && !values.keep) rmSync(path.dirname(path.dirname(sampleSite)), { recursive: true, force: true });
console.info(
  '\n| products | network | query | bytes (gzip) | bytes (wire, uncompressed server) | requests | time to suggestions | suggested: first |',
);
console.info('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) console.info(r);
