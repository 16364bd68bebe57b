/**
 * `npm run bench:publish [-- --sizes 10000,100000] [--changes 20] [--orders 20]`: how fast the
 * shop publishes (docs/decisions/008), on generated catalogues, on the PostgreSQL server
 * (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; a
 * fresh database each size, dropped afterwards).
 *
 * For each size: the real shop (`npm start`'s server bundle) starts on a fresh DATA_DIR and makes its first
 * full build: its time, and the peak resident memory of the shop's whole process tree (server,
 * render worker, astro, Pagefind), sampled every 250 ms. Half the generated clothes, shoes and
 * rings come in sizes (and colours): options and variants (publish-variants.ts). Then `--changes`
 * seller changes one after another through the seller's own calls (price, name, description and
 * photo with `PUT /seller/products/{id}`, a new product with `POST /seller/products`, a size sold
 * out and back in stock with `PUT /seller/products/{id}/variants`), each timed from the request
 * until the shop serves it: the product page (for a size, struck through or choosable again), the
 * suggestion file of its new word, and for a new product its seller page. Then the same again
 * while buyers place `--orders` orders a second. Prints p50, p95 and the worst, of the variant
 * changes on a line of their own, the first change after the full build on its own line (it may
 * wait for the render worker to load the catalogue), and the machine's load.
 * BENCH_SHOP_LOG=file: the shop's own log lines (info: the build's phases, each worker load's
 * phases, each publish) go to that file.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { formatCents } from '../../src/lib/money';
import { openDatabase } from '../../src/server/db/client';
import { bundleServer, SHOP_START } from '../server-bundle';
import { treeRss } from './process-tree';
import { generateCatalogue, prepareRun } from './publish-catalogue';
import { type SoldOut, setVariantStock, struckThrough } from './publish-variants';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000' },
    changes: { type: 'string', default: '20' },
    orders: { type: 'string', default: '20' },
    port: { type: 'string', default: '4470' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const CHANGES = Number(values.changes);
const ORDERS_PER_SECOND = Number(values.orders);
const PORT = Number(values.port);
const TOKEN = 'bench-publish-token-0123456789';
const PARISH = 'St. Andrew';
const base =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const shop = `http://127.0.0.1:${PORT}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const status = async () =>
  (await fetch(`${shop}/api/v1/admin/rebuild`, { headers: { authorization: `Bearer ${TOKEN}` } })
    .then((r) => r.json())
    .catch(() => undefined)) as { lastBuild?: { durationMs: number; pages: number } } | undefined;
/** Whether the shop serves `p` showing the change: a text on it, or what `shows` finds in it. */
const serves = async (p: string, shows: string | ((html: string) => boolean)) => {
  const res = await fetch(`${shop}${p}`).catch(() => undefined);
  if (!res?.ok) return false;
  const html = await res.text();
  return typeof shows === 'string' ? html.includes(shows) : shows(html);
};
/** The change kinds in turn; a variant sold out comes back in stock a few changes later. */
const KINDS = ['price', 'sold out', 'name', 'description', 'back in stock', 'image', 'new'] as const;
const VARIANT_KINDS: readonly string[] = ['sold out', 'back in stock'];

const report: string[] = [];
const notes: string[] = [];
for (const size of sizes) {
  const name = `yaad_bench_pub_${process.pid}_${size}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `yaad-bench-publish-${size}-`));
  let child: ChildProcess | undefined;
  try {
    console.info(`\n== ${size.toLocaleString('en-US')} generated products ==`);
    await generateCatalogue(url.toString(), size);

    await bundleServer();
    const loadBefore = loadavg()[0];
    const started = Date.now();
    const shopLog = process.env.BENCH_SHOP_LOG;
    child = spawn(process.execPath, [...SHOP_START.args], {
      env: {
        ...process.env,
        ...SHOP_START.env,
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        PORT: String(PORT),
        LOG_LEVEL: shopLog ? 'info' : 'warn',
        LOG_FORMAT: 'json',
        REBUILD_TOKEN: TOKEN,
        SEED_SAMPLE_DATA: 'false',
      },
      stdio: ['ignore', shopLog ? openSync(shopLog, 'a') : 'ignore', 'inherit'],
    });
    let peakKb = 0;
    let peakShares = '';
    // BENCH_MEMORY_LOG=file: the tree's memory every 2 s, to see when and where the peak comes.
    const memoryLog = process.env.BENCH_MEMORY_LOG;
    let lastLogged = 0;
    const sampler = setInterval(() => {
      const { totalKb, byProcess } = treeRss(child?.pid as number);
      if (memoryLog && Date.now() - lastLogged >= 2000) {
        lastLogged = Date.now();
        const shares = [...byProcess].map(([name, kb]) => `${name}=${Math.round(kb / 1024)}`).join(' ');
        appendFileSync(
          memoryLog,
          `${((Date.now() - started) / 1000).toFixed(0)}s total=${Math.round(totalKb / 1024)} ${shares}\n`,
        );
      }
      if (totalKb <= peakKb) return;
      peakKb = totalKb;
      peakShares = [...byProcess]
        .sort((a, b) => b[1] - a[1])
        .map(([name, kb]) => `${name} ${Math.round(kb / 1024)} MB`)
        .join(', ');
    }, 250);
    let built: { durationMs: number; pages: number } | undefined;
    while (!built) {
      await sleep(1000);
      if (child.exitCode !== null) throw new Error('the shop stopped');
      built = (await status())?.lastBuild;
    }
    clearInterval(sampler);
    const buildWall = (Date.now() - started) / 1000;
    const loadAfterBuild = loadavg()[0];
    console.info(
      `full build: ${(built.durationMs / 1000).toFixed(1)} s (${buildWall.toFixed(1)} s from start), ${built.pages} pages, peak ${Math.round(peakKb / 1024)} MB (${peakShares})`,
    );

    const database = await openDatabase({ url: url.toString() });
    const db = database.db;
    const { tokens, all, buyerToken, rateOf, variantsInStock } = await prepareRun(db, size, PARISH);

    let seed = 4242;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    const editable = all.filter((p) => p.storeId && tokens.has(p.storeId));

    const seller = (storeId: string) => ({
      authorization: `Bearer ${tokens.get(storeId)}`,
      'content-type': 'application/json',
    });
    // A picture the same store already shows (what an image change may name, besides an upload),
    // from another subcategory: the product page's related products never showed it before.
    const otherPhoto = (p: (typeof editable)[number]) =>
      editable.find((q) => q.storeId === p.storeId && q.subcategory !== p.subcategory && q.images[0])?.images[0];

    // Orders go to stores that ship to the bench's parish (the others would refuse them), a product
    // with options as one of its variants in stock.
    const orderable = editable.filter(
      (p) => rateOf.has(p.storeId as string) && (!p.options.length || variantsInStock.has(p.id)),
    );

    const withOptions = editable.filter((p) => p.options.length > 0);
    let soldOut: SoldOut | undefined;

    async function oneChange(i: number, round: string): Promise<{ kind: string; seconds: number }> {
      const kind = KINDS[i % KINDS.length];
      const word = `bench${round}${i}word`;
      const t0 = Date.now();
      const checks: [string, string | ((html: string) => boolean)][] = [];
      if (kind === 'sold out' || kind === 'back in stock') {
        // Back in stock: the variant sold out before, or (none left to bring back) one sold out first, untimed.
        if (kind === 'back in stock' && !soldOut) await oneChange(KINDS.indexOf('sold out'), `${round}x`);
        const was = kind === 'back in stock' ? (soldOut as SoldOut) : undefined;
        const p = was ? { id: was.productId, storeId: was.storeId } : pick(withOptions);
        const { sentAt, ...changed } = await setVariantStock(
          shop,
          seller(p.storeId as string),
          p.id,
          was ? 1000 : 0,
          was?.variantId,
        );
        soldOut = was ? undefined : { productId: p.id, storeId: p.storeId as string, ...changed };
        checks.push([`/product/${p.id}/`, (html) => struckThrough(html, changed.value) === !was]);
        return { kind, seconds: await servedWithin(checks, sentAt, i, kind) };
      }
      if (kind === 'new') {
        // The seller's own create call, as the product screen sends it.
        const model = pick(editable);
        const res = await fetch(`${shop}/api/v1/seller/products`, {
          method: 'POST',
          headers: seller(model.storeId as string),
          body: JSON.stringify({
            name: `New ${word}`,
            description: `A new product ${word}.`,
            category: model.category,
            subcategory: model.subcategory,
            price: 12.5 + i,
            stock: 10,
            sku: `BENCH-${round}-${i}`,
            images: model.images.slice(0, 1),
          }),
        });
        if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
        const { id } = (await res.json()) as { id: string };
        checks.push([`/product/${id}/`, `New ${word}`], [`/seller/${model.storeId}/`, `/product/${id}`]);
        checks.push([`/suggest/${word}.json`, id]);
      } else {
        // A product with options has its variants' prices (the door refuses one for the product).
        const p = pick(
          editable.filter((q) => (kind !== 'image' || otherPhoto(q)) && (kind !== 'price' || !q.options.length)),
        );
        const photo = kind === 'image' ? (otherPhoto(p) as string) : '';
        const change =
          kind === 'price'
            ? { price: (p.priceCents + 100 + i) / 100 }
            : kind === 'name'
              ? { name: `Renamed ${word}` }
              : kind === 'image'
                ? { images: [photo] }
                : { description: `Described again ${word}.` };
        const res = await fetch(`${shop}/api/v1/seller/products/${p.id}`, {
          method: 'PUT',
          headers: seller(p.storeId as string),
          body: JSON.stringify(change),
        });
        if (res.status !== 200) throw new Error(`change answered ${res.status}: ${await res.text()}`);
        if (kind === 'image') p.images = [photo];
        const text =
          kind === 'price'
            ? formatCents(p.priceCents + 100 + i)
            : kind === 'name'
              ? `Renamed ${word}`
              : kind === 'image'
                ? // The page names the picture by its stem (its sizes and formats follow it).
                  photo.replace(/\.svg$/, '')
                : `Described again ${word}.`;
        checks.push([`/product/${p.id}/`, text]);
        if (kind === 'name' || kind === 'description') checks.push([`/suggest/${word}.json`, p.id]);
      }
      return { kind, seconds: await servedWithin(checks, t0, i, kind) };
    }

    /** Seconds from `t0` until every check passes. */
    async function servedWithin(
      checks: [string, string | ((html: string) => boolean)][],
      t0: number,
      i: number,
      kind: string,
    ) {
      for (;;) {
        const ok = await Promise.all(checks.map(([p, shows]) => serves(p, shows)));
        if (ok.every(Boolean)) return (Date.now() - t0) / 1000;
        if (Date.now() - t0 > 120_000) throw new Error(`change ${i} (${kind}) not served within 120 s`);
        await sleep(100);
      }
    }

    async function round(label: string, withOrders: boolean) {
      let ordering = withOrders;
      let placed = 0;
      let failed = 0;
      // The same order from the same buyer within a moment is answered with the first (200, decision 009).
      let merged = 0;
      const failures = new Map<string, number>();
      const orderLoop = (async () => {
        const interval = 1000 / ORDERS_PER_SECOND;
        let next = Date.now();
        const inFlight: Promise<void>[] = [];
        while (ordering) {
          next += interval;
          const p = pick(orderable);
          inFlight.push(
            fetch(`${shop}/api/v1/orders/place`, {
              method: 'POST',
              headers: { authorization: `Bearer ${buyerToken}`, 'content-type': 'application/json' },
              body: JSON.stringify({
                items: [
                  {
                    productId: p.id,
                    ...(p.options.length ? { variantId: pick(variantsInStock.get(p.id) ?? []) } : {}),
                    quantity: 1,
                  },
                ],
                shippingAddress: {
                  name: 'Bench',
                  street: '14 Hope Road',
                  city: 'Kingston 6',
                  state: PARISH,
                  parish: PARISH,
                  country: 'Jamaica',
                },
                paymentMethod: 'credit_card',
                shippingSelections: [{ sellerId: p.storeId, shippingRateId: rateOf.get(p.storeId as string) }],
              }),
            }).then(
              async (r) => {
                if (r.status === 201) placed++;
                else if (r.status === 200) merged++;
                else {
                  failed++;
                  const { code } = (await r.json().catch(() => ({}))) as { code?: string };
                  const key = `${r.status} ${code ?? ''}`.trim();
                  failures.set(key, (failures.get(key) ?? 0) + 1);
                }
                await r.body?.cancel().catch(() => {});
              },
              () => {
                failed++;
              },
            ),
          );
          await sleep(Math.max(0, next - Date.now()));
        }
        await Promise.all(inFlight);
      })();
      const orderStart = Date.now();
      const changes: { kind: string; seconds: number }[] = [];
      for (let i = 0; i < CHANGES; i++) changes.push(await oneChange(i, label));
      const times = changes.map((c) => c.seconds);
      const ofVariants = changes.filter((c) => VARIANT_KINDS.includes(c.kind)).map((c) => c.seconds);
      if (label === 'a') {
        const line = `first change after the full build (${size.toLocaleString('en-US')} products): ${times[0].toFixed(1)} s`;
        console.info(line);
        notes.push(line);
      }
      ordering = false;
      await orderLoop;
      const rate = withOrders ? placed / ((Date.now() - orderStart) / 1000) : 0;
      const line = `| ${size.toLocaleString('en-US')} | ${withOrders ? `${rate.toFixed(1)} orders/s placed (${placed} placed, ${merged ? `${merged} merged with an identical one, ` : ''}${failed} refused${failed ? `: ${[...failures].map(([k, v]) => `${v} × ${k}`).join(', ')}` : ''})` : 'no orders'} | ${percentile(times, 50).toFixed(1)} s | ${percentile(times, 95).toFixed(1)} s | ${Math.max(...times).toFixed(1)} s | ${loadavg()[0].toFixed(1)} |`;
      console.info(line);
      report.push(line);
      if (ofVariants.length) {
        const own = `| ${size.toLocaleString('en-US')} | of these, the ${ofVariants.length} variant stock changes (a size sold out, back in stock) | ${percentile(ofVariants, 50).toFixed(1)} s | ${percentile(ofVariants, 95).toFixed(1)} s | ${Math.max(...ofVariants).toFixed(1)} s | |`;
        console.info(own);
        report.push(own);
      }
    }

    report.push(
      `| ${size.toLocaleString('en-US')} | full build: ${(built.durationMs / 1000).toFixed(1)} s, ${built.pages.toLocaleString('en-US')} pages, peak ${Math.round(peakKb / 1024).toLocaleString('en-US')} MB (shop's process tree: ${peakShares}) | | | | ${loadBefore.toFixed(1)} → ${loadAfterBuild.toFixed(1)} |`,
    );
    // `--changes 0` measures the full build alone.
    if (CHANGES > 0) {
      await round('a', false);
      await round('b', true);
    }
    await database.close();
  } finally {
    child?.kill('SIGTERM');
    await sleep(2000);
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    const dropper = new pg.Client({ connectionString: base });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  }
}
console.info('\n| products | while | p50 | p95 | worst | load (1 min) |');
console.info('| --- | --- | --- | --- | --- | --- |');
for (const line of report) console.info(line);
if (notes.length) console.info(`\n${notes.join('\n')}`);
process.exit(0);
