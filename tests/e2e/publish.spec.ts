/**
 * Incremental publishing (docs/decisions/008), as a seller and a shopper see it: a seller changes
 * the name and price of a product in a store of the test's own through the API, and within seconds a browser finds both on the
 * product, seller and category pages and in the header suggestions and /search, with no full
 * rebuild: only the pages that show the product were rendered again.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { baseURL, e2eDataDir } from '../../playwright.config';
import { expect, test } from '../fixtures/e2e-test';
import { PUBLISHED } from '../fixtures/publishing';

const auth = { authorization: 'Bearer e2e-rebuild-token-0123456789' };
/** The e2e shop's DATA_DIR is outside the checkout (playwright.config.ts): this suite also shows it builds and serves there. */
const siteRoot = path.join(e2eDataDir, 'site');
/** A product of another seller and category, which no change here may touch. */
const UNRELATED = 'jbl-charge-5-portable-bluetooth-speaker';

type Current = { build: string; layers: number[] };
const current = (): Current => JSON.parse(readFileSync(path.join(siteRoot, 'current.json'), 'utf8'));
const layerFiles = (c: Current) =>
  c.layers.flatMap(
    (l) =>
      JSON.parse(readFileSync(path.join(siteRoot, 'builds', c.build, 'layers', String(l), 'manifest.json'), 'utf8'))
        .files as string[],
  );
const publishing = async (request: APIRequestContext) =>
  (await (await request.get('/api/v1/admin/rebuild', { headers: auth })).json()).waiting as number;

test('a seller’s name and price change is on every page that shows it within seconds, and nothing else is rendered', async ({
  page,
  request,
  openStore,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one server, one catalogue: the change is made once');
  test.setTimeout(180_000);
  // The seller's own store and vase: the sample catalogue is never changed here.
  const store = await openStore({
    label: 'Clay Works',
    products: [{ name: 'Hand-Thrown Clay Vase', price: 38, stock: 5, category: 'Home & Garden', subcategory: 'Decor' }],
  });
  const product = store.products[0].id;
  // Approval published the store: wait for it, so the change below is a publish of its own.
  await expect.poll(async () => (await request.get(`/product/${product}/`)).status(), PUBLISHED).toBe(200);
  await expect.poll(() => publishing(request), PUBLISHED).toBe(0);
  const before = current();
  const unrelatedFile = path.join(siteRoot, 'builds', before.build, 'client', 'product', UNRELATED, 'index.html');
  const unrelatedMtime = statSync(unrelatedFile).mtimeMs;

  const started = Date.now();
  const changed = await store.seller.put(`/api/v1/seller/products/${product}`, {
    data: { name: 'Clay Vase Sculpture Grande', price: 4321.5 },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  // The product page: polled as a shopper reloading it would.
  await expect
    .poll(
      async () => {
        await page.goto(`/product/${product}`);
        return page.getByRole('heading', { level: 1 }).textContent();
      },
      { ...PUBLISHED, intervals: [250] },
    )
    .toBe('Clay Vase Sculpture Grande');
  const seconds = (Date.now() - started) / 1000;
  // Recorded, not asserted: how fast is the publish benchmark's to say (npm run bench:publish), on a
  // machine whose load is known; here a busy CI machine once took 15.5 s.
  testInfo.annotations.push({ type: 'published after', description: `${seconds.toFixed(1)} s` });
  await expect(page.locator('[data-price]:visible').first()).toHaveText('US$4,321.50');

  for (const url of [`/seller/${store.storeId}`, '/category/home-garden']) {
    await page.goto(url);
    await expect(page.getByRole('link', { name: /Clay Vase Sculpture Grande/ }).first()).toBeVisible();
  }

  // The header suggestions find it by its new word.
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search products' }).fill('grande sculpture');
  await expect(
    page
      .getByRole('listbox', { name: 'Suggested products' })
      .getByRole('option', { name: /Clay Vase Sculpture Grande/ })
      .first(),
  ).toBeVisible();
  // And /search, from the static index (its small second index holds the changed product).
  await page.goto('/search?q=grande%20sculpture');
  // The first search loads Pagefind's WASM and two indexes: on a loaded CI machine that took over 5 s.
  await expect(page.getByRole('link', { name: /Clay Vase Sculpture Grande/ }).first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: testInfo.outputPath('published-search.png') });

  // No full rebuild: the same build, one more layer, and the unrelated product's page untouched.
  const after = current();
  expect(after.build).toBe(before.build);
  expect(after.layers.length).toBeGreaterThan(before.layers.length);
  expect(layerFiles(after)).not.toContain(`product/${UNRELATED}/index.html`);
  expect(layerFiles(after)).toContain(`product/${product}/index.html`);
  expect(statSync(unrelatedFile).mtimeMs).toBe(unrelatedMtime);
  const status = await (await request.get('/api/v1/admin/rebuild', { headers: auth })).json();
  expect(status.waiting).toBe(0);
  expect(status.lastPublish.pages).toBeLessThan(200);
  // The small search index now holds the changed product: operators see how far it has grown.
  expect(status.sinceBuild).toBeGreaterThanOrEqual(1);

  // The static copy for a CDN: the build with every layer applied, and the sitemap.
  const out = mkdtempSync(path.join(tmpdir(), 'yaad-export-'));
  try {
    execFileSync('npm', ['run', '--silent', 'export', '--', out], {
      env: { ...process.env, DATA_DIR: e2eDataDir, PORT: new URL(baseURL).port, LOG_LEVEL: 'warn' },
      stdio: 'pipe',
    });
    expect(readFileSync(path.join(out, 'product', product, 'index.html'), 'utf8')).toContain(
      '>Clay Vase Sculpture Grande</h1>',
    );
    expect(readFileSync(path.join(out, 'cart', 'index.html'), 'utf8')).toContain('<title>');
    expect(readFileSync(path.join(out, 'sitemap.xml'), 'utf8')).toContain('/sitemaps/products-1.xml');
    const sitemaps = readdirSync(path.join(out, 'sitemaps')).map((f) =>
      readFileSync(path.join(out, 'sitemaps', f), 'utf8'),
    );
    expect(sitemaps.some((xml) => xml.includes(`/product/${product}/`))).toBe(true);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('a full rebuild on request goes live in one step while pages keep answering', async ({ request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one server, one rebuild');
  test.setTimeout(240_000);
  expect((await request.post('/api/v1/admin/rebuild')).status()).toBe(401);
  expect((await request.get('/api/v1/admin/rebuild', { headers: { authorization: 'Bearer wrong' } })).status()).toBe(
    401,
  );
  const before = await (await request.get('/api/v1/admin/rebuild', { headers: auth })).json();
  expect(before.lastBuild?.builtAt).toBeTruthy();

  expect((await request.post('/api/v1/admin/rebuild?full=true', { headers: auth })).status()).toBe(202);
  let after = before;
  let pageChecks = 0;
  for (let i = 0; i < 200 && after.lastBuild?.builtAt === before.lastBuild.builtAt; i++) {
    expect((await request.get('/')).status()).toBe(200);
    pageChecks += 1;
    await new Promise((r) => setTimeout(r, 1000));
    after = await (await request.get('/api/v1/admin/rebuild', { headers: auth })).json();
  }
  expect(pageChecks).toBeGreaterThan(1);
  expect(after.lastBuild.builtAt > before.lastBuild.builtAt).toBe(true);
  expect(after.lastError).toBeNull();
  expect(current().layers).toEqual([]);
  // A full build empties the small search index (nothing was changed while it ran).
  expect(after.sinceBuild).toBe(0);
  expect((await request.get('/')).status()).toBe(200);
});
