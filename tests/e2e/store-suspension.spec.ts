/**
 * Suspending a store takes its pages off the static site (docs/decisions/008 and 015), as a
 * browser sees it: a store made by this test (applied, given a product, approved) is suspended by
 * the operator on /admin/stores/; within one publish its seller page and its product page answer
 * 404, its product leaves its category page and /products, the header suggestions, /search and the
 * sitemap. Reinstated, all of it comes back. A product page of another store and category is not
 * rendered again.
 * It makes its own store, so the sample catalogue the other journeys read is unchanged. It runs once
 * and looks at its screens at 1280 and 360 px (decision 047).
 */

import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { e2eDataDir } from '../../playwright.config';
import { RUNS_ONCE, screenAtBothWidths } from '../fixtures/both-widths';
import { DEMO_OPERATOR_EMAIL, signInByApi, withConsent } from '../fixtures/e2e-session';
import { expect, test } from '../fixtures/e2e-test';
import { PUBLISHED } from '../fixtures/publishing';

test.skip(({ isMobile }) => isMobile, RUNS_ONCE);

const siteRoot = path.join(e2eDataDir, 'site');
/** A product of another seller and category: no step here may render its page again. */
const UNRELATED = 'jbl-charge-5-portable-bluetooth-speaker';

type Current = { build: string; layers: number[] };
const current = (): Current => JSON.parse(readFileSync(path.join(siteRoot, 'current.json'), 'utf8'));
/** What the layers published since `since` wrote and removed (site paths: `product/x/index.html`). */
function layersSince(c: Current, since: Current): { files: string[]; removed: string[] } {
  const manifests = c.layers
    .filter((l) => !since.layers.includes(l))
    .map(
      (l) =>
        JSON.parse(
          readFileSync(path.join(siteRoot, 'builds', c.build, 'layers', String(l), 'manifest.json'), 'utf8'),
        ) as { files: string[]; removed: string[] },
    );
  return { files: manifests.flatMap((m) => m.files), removed: manifests.flatMap((m) => m.removed) };
}

/** What a browser gets for a page: its status. */
async function statusOf(page: Page, url: string): Promise<number | undefined> {
  return (await page.goto(url))?.status();
}

/** Whether the category page and the /products listing (as published, before any script runs) link to the product. */
async function listedOn(request: APIRequestContext, productId: string): Promise<boolean[]> {
  const pages = ['/category/health-beauty/', '/products/'];
  return Promise.all(
    pages.map(async (url) => (await (await request.get(url)).text()).includes(`/product/${productId}`)),
  );
}

/** Whether any of the sitemap's files names the path. */
async function inSitemap(request: APIRequestContext, pagePath: string): Promise<boolean> {
  const index = await (await request.get('/sitemap.xml')).text();
  for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const file = await (await request.get(new URL(loc).pathname)).text();
    if (file.includes(`${pagePath}</loc>`)) return true;
  }
  return false;
}

/** The header's suggestions for the word, read the way a shopper types it. */
async function suggests(page: Page, word: string, productName: string): Promise<boolean> {
  await page.goto('/');
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.fill(word);
  const listbox = page.getByRole('listbox', { name: 'Suggested products' });
  const option = listbox.getByRole('option', { name: new RegExp(productName) });
  try {
    await expect(option).toBeVisible({ timeout: 3_000 });
    return true;
  } catch {
    return false;
  }
}

/** Whether /search (Pagefind: the full build's index merged with the small one of later changes) finds it. */
async function searchFinds(page: Page, word: string, productName: string): Promise<boolean> {
  await page.goto(`/search?q=${word}`);
  const status = page.locator('[data-search-status]');
  // The first search loads Pagefind's WASM and its indexes: slow on a loaded machine.
  await expect(status).toHaveText(/Found \d+ result|No results found/, { timeout: 30_000 });
  return page
    .getByRole('link', { name: new RegExp(productName) })
    .first()
    .isVisible();
}

async function decide(admin: Page, storeId: string, storeName: string, action: 'Suspend' | 'Reinstate') {
  await admin.goto('/admin/stores/');
  await admin.getByRole('tab', { name: action === 'Suspend' ? /Active/ : /Suspended/ }).click();
  const card = admin.locator(`[data-store-id="${storeId}"]`);
  // The list is 20 stores a page, oldest application first, and every journey's own store joins
  // it (suspended when its test ends): the operator pages on until the store shows, as on a busy shop.
  const first = admin.locator('[data-store-id]').first();
  await expect(first).toBeVisible();
  const pages = admin.getByRole('navigation', { name: 'Store pages' });
  while (!(await card.isVisible())) {
    await expect(pages.getByRole('button', { name: 'Next' }), `${storeName} on no page`).toBeEnabled();
    // The page before stays on screen until the next one has come: wait for its first store to change.
    const was = await first.getAttribute('data-store-id');
    await pages.getByRole('button', { name: 'Next' }).click();
    await expect(first).not.toHaveAttribute('data-store-id', was ?? '');
  }
  await card.getByRole('button', { name: `${action} ${storeName}` }).click();
  const dialog = admin.getByRole('dialog', { name: `${action} ${storeName}?` });
  if (action === 'Suspend') {
    await dialog
      .getByRole('textbox', { name: 'Reason (the owner reads it)' })
      .fill('Customers report orders not sent.');
    await screenAtBothWidths(admin, 'admin-suspend-dialog');
  }
  await dialog.getByRole('button', { name: `Yes, ${action.toLowerCase()}` }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('region', { name: 'Action log' })).toContainText(
    `${action === 'Suspend' ? 'suspended' : 'reinstated'} ${storeName}`,
  );
}

test.beforeEach(async ({ context }) => withConsent(context));

test('a suspended store’s pages, cards, suggestions and sitemap entries go within one publish, and come back when reinstated', async ({
  page,
  browser,
  openStore,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const stamp = Date.now().toString(36);
  // A word no sample product has, so the suggestions found are this product's.
  const word = `zorbel${project}${stamp}`;
  const productName = `Zorbel Calabash Soap ${word}`;

  // A store of this test's own: applied, stocked with one product while pending, approved.
  const store = await openStore({
    label: 'Zorbel Crafts',
    products: [
      {
        name: productName,
        description: 'Calabash-shaped soap for the suspension test.',
        category: 'Health & Beauty',
        subcategory: 'Personal Care',
        price: 12.5,
        stock: 10,
      },
    ],
  });
  const { storeId, name: storeName } = store;
  const productId = store.products[0].id;

  const operator = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  await withConsent(operator);
  const admin = await operator.newPage();
  await signInByApi(admin.request, DEMO_OPERATOR_EMAIL);
  await expect.poll(() => statusOf(page, `/product/${productId}/`), PUBLISHED).toBe(200);
  await expect.poll(() => statusOf(page, `/seller/${storeId}/`), PUBLISHED).toBe(200);
  await expect.poll(() => listedOn(page.request, productId), PUBLISHED).toEqual([true, true]);
  expect(await suggests(page, word, productName)).toBe(true);
  expect(await inSitemap(page.request, `/product/${productId}/`)).toBe(true);
  expect(await searchFinds(page, word, productName)).toBe(true);

  const unrelatedFile = () =>
    path.join(siteRoot, 'builds', current().build, 'client', 'product', UNRELATED, 'index.html');
  const unrelatedMtime = statSync(unrelatedFile()).mtimeMs;
  const before = current();

  // Suspended on /admin/stores/: everything of the store goes within one publish.
  await decide(admin, storeId, storeName, 'Suspend');
  await expect.poll(() => statusOf(page, `/product/${productId}/`), PUBLISHED).toBe(404);
  await expect.poll(() => statusOf(page, `/seller/${storeId}/`), PUBLISHED).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screenAtBothWidths(page, 'suspended-seller-page');
  await expect.poll(() => listedOn(page.request, productId), PUBLISHED).toEqual([false, false]);
  expect(await suggests(page, word, productName)).toBe(false);
  expect(await inSitemap(page.request, `/product/${productId}/`)).toBe(false);
  expect(await inSitemap(page.request, `/seller/${storeId}/`)).toBe(false);
  expect((await page.request.get(`/api/v1/products/${productId}`)).status()).toBe(404);
  expect(await searchFinds(page, word, productName)).toBe(false);

  // Only the pages that showed the store were rendered: not another store's product in another category.
  const suspended = current();
  expect(suspended.build).toBe(before.build);
  const gone = layersSince(suspended, before);
  expect(gone.removed).toEqual(
    expect.arrayContaining([`product/${productId}/index.html`, `seller/${storeId}/index.html`]),
  );
  expect([...gone.files, ...gone.removed]).not.toContain(`product/${UNRELATED}/index.html`);
  expect(statSync(unrelatedFile()).mtimeMs).toBe(unrelatedMtime);

  // Reinstated: all of it is back.
  await decide(admin, storeId, storeName, 'Reinstate');
  await expect.poll(() => statusOf(page, `/product/${productId}/`), PUBLISHED).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect.poll(() => statusOf(page, `/seller/${storeId}/`), PUBLISHED).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeVisible();
  await expect.poll(() => listedOn(page.request, productId), PUBLISHED).toEqual([true, true]);
  expect(await suggests(page, word, productName)).toBe(true);
  expect(await inSitemap(page.request, `/product/${productId}/`)).toBe(true);
  expect(await searchFinds(page, word, productName)).toBe(true);
  const back = layersSince(current(), before);
  expect(back.files).toContain(`product/${productId}/index.html`);
  expect([...back.files, ...back.removed]).not.toContain(`product/${UNRELATED}/index.html`);
  await operator.close();
});
