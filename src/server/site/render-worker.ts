/**
 * The publisher's render worker (docs/decisions/008): a child process that loads one build's
 * catalogue bundle and the catalogue snapshot (through the API, over HTTP: the server is the only
 * owner of the database), then renders pages on request: every catalogue page for a full build,
 * or just the pages a batch of changes touches. It keeps the snapshot between publishes, so an
 * incremental publish reads only the changed products. Rendering is CPU work: here it never
 * stalls the server's requests.
 *
 * Messages in: WorkerRequest, and WorkerIndexed during a full render (how far the publisher's search
 * index is). Out: WorkerReply, and WorkerEvent while working (progress; each product page written).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CatalogApiError, catalogGet, catalogGetAll } from '../../content/catalog-api';
import { readAllProducts, readAllStores, setCatalogSnapshot } from '../../content/snapshot';
import { PRODUCT_IDS_PER_CALL } from '../../lib/catalog';
import { CatalogSnapshot, placementOf, searchFilesOf, showsBeyondItsPage } from '../../lib/catalog-snapshot';
import { Product, ProductList, SellerStore } from '../../lib/contract/catalog';
import { readCatalogFile, saveCatalogFile } from './catalog-file';
import { indexDelta, type SearchDelta } from './search-index';
import type {
  LoadResult,
  QueuedChange,
  WorkerEvent,
  WorkerIndexed,
  WorkerReply,
  WorkerRequest,
} from './worker-protocol';

const buildDir = process.env.BUILD_DIR as string;
type Render = (request: Request) => Promise<Response>;
let render: Render;
let snapshot: CatalogSnapshot;

function send(message: WorkerReply | WorkerEvent) {
  process.send?.(message);
}

/** The file a page path is written to: /product/x/ → product/x/index.html, /suggest/w.json as it is. */
export function fileOf(pagePath: string): string {
  const rel = pagePath.replace(/^\/+/, '');
  return rel === '' || rel.endsWith('/') ? `${rel}index.html` : rel;
}

type Rendered = { path: string; status: 200 | 404; body?: string };

async function renderPage(pagePath: string): Promise<Rendered> {
  const response = await render(new Request(new URL(pagePath, 'http://localhost')));
  if (response.status === 404) return { path: pagePath, status: 404 };
  if (response.status !== 200) {
    throw new Error(`rendering ${pagePath} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  return { path: pagePath, status: 200, body: await response.text() };
}

/** Renders pages into `outDir`, a few at a time (rendering awaits nothing slow, so more would not help). */
async function renderInto(
  outDir: string,
  paths: string[],
  onPage?: (page: Rendered) => Promise<void> | void,
): Promise<{ written: string[]; removed: string[] }> {
  const written: string[] = [];
  const removed: string[] = [];
  const made = new Set<string>();
  let done = 0;
  let lastProgress = 0;
  for (const pagePath of paths) {
    const page = await renderPage(pagePath);
    if (page.status === 200 && page.body !== undefined) {
      const file = path.join(outDir, fileOf(pagePath));
      const dir = path.dirname(file);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(file, page.body);
      written.push(fileOf(pagePath));
    } else {
      removed.push(fileOf(pagePath));
    }
    await onPage?.(page);
    done++;
    if (Date.now() - lastProgress > 500) {
      lastProgress = Date.now();
      send({ type: 'progress', done, total: paths.length });
    }
  }
  send({ type: 'progress', done, total: paths.length });
  return { written, removed };
}

const isProductPage = (p: string) => /^\/product\/[^/]+\/$/.test(p) && p !== '/product/not-found/';

/** How many product pages a full render may run ahead of the publisher's search index. */
const PAGES_AHEAD = 64;
let indexed = 0;
let indexCaughtUp: (() => void) | undefined;

/**
 * Full render: every catalogue page and search file into the build's client folder. Each product
 * page written is announced to the publisher, which indexes it for search while the next pages render.
 */
async function renderAll(outDir: string) {
  const started = Date.now();
  const paths = [...snapshot.allPages(), ...snapshot.allSearchFiles()];
  let announced = 0;
  const result = await renderInto(outDir, paths, async (page) => {
    if (page.body && isProductPage(page.path)) {
      send({ type: 'page', path: page.path, file: path.join(outDir, fileOf(page.path)) });
      announced++;
      if (announced - indexed > PAGES_AHEAD) await new Promise<void>((resolve) => (indexCaughtUp = resolve));
    }
  });
  return { pages: result.written.length, ms: Date.now() - started };
}

async function fetchProduct(id: string): Promise<Product | undefined> {
  try {
    return await catalogGet(`/products/${encodeURIComponent(id)}`, Product);
  } catch (error) {
    if (error instanceof CatalogApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** A public store's products, every page of them. */
async function fetchStoreProducts(id: string): Promise<Map<string, Product>> {
  const list = await catalogGetAll(
    `/seller/stores/${encodeURIComponent(id)}/products?sort=newest`,
    'products',
    ProductList,
  );
  return new Map(list.map((p) => [p.id, p]));
}

/** Puts the products as the API has them now (gone from the API: gone from the snapshot), 100 a call. */
async function refreshProducts(ids: string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += PRODUCT_IDS_PER_CALL) {
    const batch = ids.slice(i, i + PRODUCT_IDS_PER_CALL);
    const query = new URLSearchParams({ ids: batch.join(','), limit: String(PRODUCT_IDS_PER_CALL) });
    const { products } = await catalogGet(`/products?${query}`, ProductList);
    const found = new Map(products.map((p) => [p.id, p]));
    for (const id of batch) snapshot.setProduct(id, found.get(id));
  }
}

/** Milliseconds per phase, each from the end of the one before. */
function stopwatch() {
  const phasesMs: Record<string, number> = {};
  let last = performance.now();
  return {
    phasesMs,
    lap(phase: string) {
      const now = performance.now();
      phasesMs[phase] = Math.round(now - last);
      last = now;
    },
  };
}

/**
 * Loads the catalogue (decision 008, amended): a full build reads it through the API and saves it
 * in the build folder; a later worker of the same build reads that file, then through the API
 * only the stores and the products published since the build, which gives the snapshot the full
 * build's worker would hold had it kept running. Changes still queued are read by their publish.
 */
async function load(request: Extract<WorkerRequest, { type: 'load' }>): Promise<LoadResult> {
  const watch = stopwatch();
  let saved: Product[] | undefined;
  if (request.source === 'build') {
    try {
      saved = readCatalogFile(buildDir);
    } catch (error) {
      // A damaged file is only slower: the catalogue is read through the API instead.
      console.error(`the build's saved catalogue could not be read: ${String(error)}`);
    }
    watch.lap('readSavedFile');
  }
  const source = saved ? 'build' : 'api';
  if (saved) {
    const stores = await readAllStores();
    watch.lap('readStoresThroughApi');
    snapshot = new CatalogSnapshot(saved, stores);
    saved = undefined;
    watch.lap('makeSnapshot');
    await refreshProducts(request.source === 'build' ? request.since : []);
    watch.lap('readPublishedSinceBuild');
  } else {
    const times = { requestMs: 0, parseMs: 0 };
    const [products, stores] = await Promise.all([readAllProducts(times), readAllStores()]);
    watch.lap('readThroughApi');
    watch.phasesMs.apiAnswers = Math.round(times.requestMs);
    watch.phasesMs.contractChecks = Math.round(times.parseMs);
    snapshot = new CatalogSnapshot(products, stores);
    watch.lap('makeSnapshot');
    if (request.source === 'api') {
      try {
        saveCatalogFile(buildDir, snapshot.allProducts());
      } catch (error) {
        // Only the next worker's load is slower without it (it reads the API instead).
        console.error(`the catalogue could not be saved in the build folder: ${String(error)}`);
      }
      watch.lap('saveFile');
    }
  }
  snapshot.warm();
  watch.lap('warmViews');
  setCatalogSnapshot(snapshot);
  watch.phasesMs.workerStart = Math.round(workerReadyAt);
  return {
    products: snapshot.size,
    source,
    phasesMs: watch.phasesMs,
  };
}

async function fetchStore(id: string): Promise<SellerStore | undefined> {
  try {
    return await catalogGet(`/seller/stores/${encodeURIComponent(id)}`, SellerStore);
  } catch (error) {
    if (error instanceof CatalogApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * An incremental publish: reads each changed product and store, works out the pages that showed
 * it before and show it now, renders those into `outDir` (a new layer), and rebuilds the small
 * search index of every product changed since the last full build.
 */
async function publish(request: Extract<WorkerRequest, { type: 'publish' }>) {
  const started = Date.now();
  const pages = new Set<string>();
  const changedProducts = new Set(request.delta.changed);
  const removedProducts = new Set(request.delta.removed);
  /**
   * Puts a product as it now is (undefined: gone from the public catalogue) and collects the pages
   * to render: with `wide`, every page that showed it before or shows it now (listings, home,
   * neighbours' related blocks); otherwise only its own page and search files.
   */
  const productChanged = (id: string, after: Product | undefined, wide: boolean) => {
    const before = snapshot.product(id);
    if (before && wide) for (const p of snapshot.pagesShowing(placementOf(before))) pages.add(p);
    for (const f of searchFilesOf(before)) pages.add(f);
    snapshot.setProduct(id, after);
    if (after && wide) for (const p of snapshot.pagesShowing(placementOf(after))) pages.add(p);
    pages.add(`/product/${id}/`);
    for (const f of searchFilesOf(after)) pages.add(f);
    if (after) {
      changedProducts.add(id);
      removedProducts.delete(id);
    } else {
      changedProducts.delete(id);
      removedProducts.add(id);
    }
  };
  for (const change of dedupe(request.changes)) {
    if (change.kind === 'product') {
      // Only its own page when nothing other pages show of it changed (decision 053).
      const after = await fetchProduct(change.ref);
      productChanged(change.ref, after, showsBeyondItsPage(snapshot.product(change.ref), after));
    } else if (change.kind === 'store') {
      const wasPublic = snapshot.store(change.ref) !== undefined;
      const store = await fetchStore(change.ref);
      snapshot.setStore(change.ref, store);
      pages.add(`/seller/${change.ref}/`);
      // A product page names its store (name, location, verified badge). A store that appears or
      // goes (approved, suspended, reinstated: decision 015) takes its products with it, onto or
      // off every page that lists them; the catalogue API answers a hidden store's products as gone.
      const fresh = store ? await fetchStoreProducts(change.ref) : new Map<string, Product>();
      const ids = new Set([...snapshot.storeProducts(change.ref).map((p) => p.id), ...fresh.keys()]);
      for (const id of ids) productChanged(id, fresh.get(id), wasPublic !== (store !== undefined));
    }
  }
  const result = await renderInto(request.outDir, [...pages]);
  const delta: SearchDelta = { changed: [...changedProducts], removed: [...removedProducts] };
  if (changedProducts.size > 0 || removedProducts.size > 0) {
    const rendered = new Map<string, string>();
    for (const file of result.written) rendered.set(file, path.join(request.outDir, file));
    await indexDelta({
      outDir: path.join(request.outDir, 'pagefind-delta'),
      delta,
      fileOf: (id) => rendered.get(fileOf(`/product/${id}/`)) ?? request.files[fileOf(`/product/${id}/`)],
      baseIds: JSON.parse(readFileSync(path.join(buildDir, 'search-ids.json'), 'utf8')) as Record<string, string>,
    });
  }
  return { written: result.written, removed: result.removed, delta, pages: pages.size, ms: Date.now() - started };
}

/** One entry per product or store: a batch may name the same product many times (orders, edits). */
function dedupe(changes: QueuedChange[]): QueuedChange[] {
  const seen = new Set<string>();
  return changes.filter((c) => {
    const key = `${c.kind}:${c.ref}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.type) {
    case 'load':
      return load(request);
    case 'render-all':
      return renderAll(request.outDir);
    case 'publish':
      return publish(request);
  }
}

render = ((await import(pathToFileURL(path.join(buildDir, 'server', 'entry.mjs')).href)) as { render: Render }).render;
/** From the process's start to here (tsx, the bundle): part of the wait for a fresh worker. */
const workerReadyAt = performance.now();
process.on('message', (request: WorkerRequest | WorkerIndexed) => {
  if (request.type === 'indexed') {
    indexed = request.count;
    indexCaughtUp?.();
    indexCaughtUp = undefined;
    return;
  }
  handle(request).then(
    (result) => send({ type: 'reply', id: request.id, ok: true, result }),
    (error: unknown) =>
      send({
        type: 'reply',
        id: request.id,
        ok: false,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
// Stopped by the publisher: exit normally (so a --cpu-prof profile is written).
process.on('SIGTERM', () => process.exit(0));
send({ type: 'ready' });
