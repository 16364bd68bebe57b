import type { Page } from '@playwright/test';
import { dollarsShown, withConsent } from '../fixtures/e2e-session';
import { expect, test } from '../fixtures/e2e-test';
import { expectNoSeriousA11yIssues } from '../fixtures/page-checks';
import { PUBLISHED } from '../fixtures/publishing';
import { checkCase, SEARCH_CASES, TOP } from '../fixtures/search-queries';

/*
 * Search as a shopper meets it, on the real built site and its static index: the header's
 * suggestions (typing, keyboard, the spec's texts), the /search page (status line, results,
 * filters, cart and favourites, errors), and the labelled queries answered by the static index
 * in the browser (the API answers the same set in tests/api/search.test.ts).
 * Runs at 1280 px (desktop) and 360 px (phone).
 */

const box = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const panel = (page: Page) => page.locator('[data-search-panel]');
const options = (page: Page) => page.getByRole('listbox', { name: 'Suggested products' }).getByRole('option');
const status = (page: Page) => page.locator('[data-search-status]');
const results = (page: Page) => page.locator('section[aria-label="Results"] article');

test.beforeEach(async ({ context }) => withConsent(context));

test.describe('header suggestions', () => {
  test('load only when the shopper reaches for the box', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto('/products');
    await page.waitForLoadState('networkidle');
    const searchFiles = () =>
      fetched.filter((p) => p.startsWith('/pagefind/') || p.startsWith('/suggest/') || p.includes('search'));
    expect(searchFiles()).toEqual([]);
    await page.getByRole('searchbox', { name: 'Search products' }).focus();
    await expect.poll(() => fetched.some((p) => p.includes('header-search'))).toBe(true);
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
    // The suggestions use their own small index, never Pagefind (whose first download grows with the catalogue).
    await page.keyboard.type('coffee');
    await expect(panel(page)).toHaveAttribute('data-state', 'done');
    expect(fetched).toContain('/suggest/coffee.json');
    expect(fetched.filter((p) => p.startsWith('/pagefind/'))).toEqual([]);
  });

  test('typing shows Searching..., then at most 5 products with name and price, and See all results', async ({
    page,
  }) => {
    // The suggestion files are held until "Searching..." has been seen: on a fast machine the answer
    // can come before the check, on a slow one after; holding them makes the state certain.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/(suggest|search-words)\//, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await box(page)
      .or(page.getByRole('searchbox', { name: 'Search products' }))
      .focus();
    await page.keyboard.type('neklace');
    await expect(panel(page)).toContainText('Searching...');
    release();
    await expect(panel(page)).toHaveAttribute('data-state', 'done');
    const products = options(page).filter({ hasNotText: 'See all results' });
    const count = await products.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(5);
    await expect(products.first()).toContainText('Necklace');
    await expect(products.first()).toContainText(/US\$\d[\d,]*\.\d\d/);
    await expect(products.first().locator('img')).toHaveCount(1);
    await expect(options(page).last()).toHaveText('See all results');
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(box(page)).toHaveAttribute('aria-controls', 'site-search-listbox');
    await expect(page.locator('#site-search [role="status"]')).toHaveText(
      `${count} product${count === 1 ? '' : 's'} suggested. Use the arrow keys to choose.`,
    );

    await page.screenshot({ path: test.info().outputPath('suggestions.png') });

    await options(page).last().click();
    await expect(page).toHaveURL(/\/search\?q=neklace$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
  });

  test('arrows move through the suggestions, Enter opens one, Escape closes', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search products' }).focus();
    await page.keyboard.type('headphnes');
    await expect(panel(page)).toHaveAttribute('data-state', 'done');
    await page.keyboard.press('ArrowDown');
    const first = options(page).first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await page.keyboard.press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await expect(first).toHaveAttribute('aria-selected', 'true');

    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(box(page)).not.toHaveAttribute('aria-activedescendant');

    await page.keyboard.press('ArrowDown'); // reopens
    await expect(panel(page)).toBeVisible();
    await expect(panel(page)).toHaveAttribute('data-state', 'done');
    await page.keyboard.press('ArrowDown');
    const name = (await options(page).first().locator('span').first().textContent())?.trim() ?? '';
    expect(name).toMatch(/Headphones/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/product\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('no match says No products found; a blank query does nothing', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search products' }).focus();
    await page.keyboard.type('zzqqxx');
    await expect(panel(page)).toHaveAttribute('data-state', 'done');
    await expect(panel(page)).toContainText('No products found');
    await expect(page.locator('#site-search [role="status"]')).toHaveText('No products found');
    await expect(options(page)).toHaveCount(0);
    // A word without a suggestion file answers a bare 404, not the site's 404 page.
    const missing = await page.request.get('/suggest/zzqqxx.json');
    expect(missing.status()).toBe(404);
    expect((await missing.body()).length).toBe(0);

    await box(page).fill('   ');
    await expect(panel(page)).toBeHidden();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/$/);

    await box(page).fill('rum cake');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=rum\+cake$/);
    await expect(status(page)).toHaveText(/Found \d+ results? for "rum cake"/);
    // The new page's box (not enhanced until focused) shows what was searched.
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('rum cake');
  });

  test('a missing index shows a message instead of breaking the box', async ({ page }) => {
    await page.route('**/suggest/**', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search products' }).focus();
    await page.keyboard.type('coffee');
    await expect(panel(page)).toHaveAttribute('data-state', 'error');
    await expect(panel(page)).toContainText('Search is not available right now');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=coffee$/);
  });
});

test.describe('/search', () => {
  test('status line, results with everything the spec lists, cart and favourites', async ({ page }) => {
    await page.goto('/search?q=coffee');
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
    await expect(status(page)).toHaveText(/^Found \d+ results? for "coffee"$/);
    const total = Number(/Found (\d+)/.exec((await status(page).textContent()) ?? '')?.[1]);
    expect(await results(page).count()).toBe(Math.min(total, 24));

    const card = results(page)
      .filter({ has: page.getByRole('button', { name: 'Add to Cart', disabled: false }) })
      .first();
    await expect(card.locator('img')).toHaveCount(1);
    await expect(card).toContainText(/US\$\d[\d,]*\.\d\d/);
    await expect(card.getByRole('heading', { level: 2 })).toContainText(/\w/);
    await expect(card.locator('p.line-clamp-2')).toContainText(/\w{3}/);
    await expect(card.locator('.badge-grey')).toHaveCount(1);
    await expect(card.getByRole('img', { name: /^Rated \d\.\d out of 5/ })).toBeVisible();
    await expect(card).toContainText(/\d+ in stock/);

    await page.screenshot({ path: test.info().outputPath('search-page.png') });

    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.locator('[data-toast]')).toContainText('Added to cart');
    await card.getByRole('button', { name: 'Favorite' }).click();
    await expect(card.getByRole('button', { name: 'Favorited' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-toast]')).toContainText('Added to favorites');
  });

  test('the static stock is replaced by the live one', async ({ page, browser, openStore }, info) => {
    test.setTimeout(150_000);
    // A store of the test's own, so no sample product's stock moves. Its tin is published (and
    // indexed) with 5 in stock; a stock change that does not cross zero publishes nothing, so the
    // built index keeps the old figure and only the live refresh can show the new one.
    const word = `tinrum${info.project.name}${Date.now().toString(36)}`;
    const store = await openStore({
      label: 'Tin Bakery',
      products: [
        { name: `Rum Cake in a Tin ${word}`, price: 24, stock: 5, category: 'Home & Garden', subcategory: 'Kitchen' },
      ],
    });
    // Watched from a browser of its own: the shopper's page below has kept no answer of before the change.
    const watcher = await browser.newPage({ baseURL: info.project.use.baseURL });
    await expect
      .poll(async () => {
        await watcher.goto(`/search?q=${word}`);
        // The results come after Pagefind's WASM and indexes load: count once the status says so.
        await expect(status(watcher)).toHaveText(/Found \d+ result|No results found/, { timeout: 30_000 });
        return results(watcher).count();
      }, PUBLISHED)
      // At least one: the new product was listed twice here once (to find out why: closing note of 2026-11-27).
      .toBeGreaterThan(0);
    expect(
      (await store.seller.put(`/api/v1/seller/products/${store.products[0].id}`, { data: { stock: 22 } })).status(),
    ).toBe(200);
    await watcher.close();
    await page.goto(`/search?q=${word}`);
    await expect(results(page).first()).toContainText('22 in stock');
  });

  test('filters narrow the results and live in the address', async ({ page, isMobile }) => {
    await page.goto('/search?q=gold');
    await expect(status(page)).toHaveText(/Found \d+ results? for "gold"/);
    const before = Number(/Found (\d+)/.exec((await status(page).textContent()) ?? '')?.[1]);
    if (isMobile) await page.getByRole('button', { name: 'Filters' }).click();
    const filters = isMobile ? page.getByRole('dialog', { name: 'Filters' }) : page.getByRole('complementary');
    await filters.getByRole('checkbox', { name: 'Jewelry' }).check();
    await expect(page).toHaveURL(/categories=Jewelry/);
    await expect(status(page)).toHaveText(/Found \d+ results? for "gold"/);
    const after = Number(/Found (\d+)/.exec((await status(page).textContent()) ?? '')?.[1]);
    expect(after).toBeLessThan(before);
    if (isMobile) await page.getByRole('button', { name: 'Done' }).click();
    for (const category of await results(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-category'))))
      expect(category).toBe('Jewelry');
    await page.reload();
    await expect(status(page)).toHaveText(`Found ${after} result${after === 1 ? '' : 's'} for "gold"`);

    // Another order than relevance (answered by the API, same matches).
    if (isMobile) await page.getByRole('button', { name: 'Filters' }).click();
    await filters.getByLabel('Sort by').selectOption('price-low');
    await expect(page).toHaveURL(/sortBy=price-low/);
    await expect(status(page)).toHaveText(/Found \d+ results? for "gold"/);
    if (isMobile) await page.getByRole('button', { name: 'Done' }).click();
    const prices = (await results(page).locator('a .badge').allTextContents()).map(dollarsShown);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('no result, a blank query, and a failing index', async ({ page }) => {
    await page.goto('/search?q=zzqqxx');
    await expect(status(page)).toHaveText('No results found');
    await page.goto('/search?q=');
    await expect(page.getByText('Type what you are looking for')).toBeVisible();

    await page.route('**/pagefind/**', (route) => route.abort());
    await page.goto('/search?q=coffee');
    await expect(status(page)).toHaveText('Error searching');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Failed to search products. Please try again.' }),
    ).toBeVisible();
    await expect(page.locator('[data-toast]')).toContainText('Search Error');
    await expect(page.locator('[data-toast]')).toContainText('Failed to perform search. Please try again.');
  });

  test('is accessible with the suggestions open', async ({ page }) => {
    await page.goto('/search?q=necklace');
    await expect(status(page)).toHaveText(/Found/);
    await box(page)
      .or(page.getByRole('searchbox', { name: 'Search products' }))
      .focus();
    await box(page).fill('necklace');
    await expect(panel(page)).toHaveAttribute('data-state', 'done');
    await page.keyboard.press('ArrowDown');
    await page.screenshot({ path: test.info().outputPath('search-with-suggestions.png') });
    await expectNoSeriousA11yIssues(page);
  });
});

test('the labelled queries, answered by the static index in the browser', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'the ranking does not depend on the screen');
  test.setTimeout(180_000);
  const problems: string[] = [];
  for (const c of SEARCH_CASES) {
    await page.goto(`/search?q=${encodeURIComponent(c.query)}`);
    await expect(status(page)).toHaveText(/^(Found \d+ results? for|No results found)/);
    const total = Number(/Found (\d+)/.exec((await status(page).textContent()) ?? '')?.[1] ?? 0);
    const ranked = await results(page).evaluateAll(
      (els, top) =>
        els.slice(0, top).map((el) => ({
          name: el.querySelector('h2')?.textContent?.trim() ?? '',
          category: el.getAttribute('data-category') ?? '',
          storeId: el.getAttribute('data-store') ?? '',
        })),
      TOP,
    );
    problems.push(...checkCase(c, ranked, total));
  }
  expect(problems).toEqual([]);
});

test('the labelled queries, answered by the header suggestions', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'the ranking does not depend on the screen');
  test.setTimeout(180_000);
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search products' }).focus();
  const problems: string[] = [];
  for (const c of SEARCH_CASES) {
    await box(page).fill(c.query);
    await expect(page.locator(`[data-search-panel][data-state="done"][data-query="${c.query}"]`)).toHaveCount(1);
    const ranked = await options(page)
      .filter({ hasNotText: 'See all results' })
      .evaluateAll((els) =>
        els.map((el) => ({
          name: el.querySelector('span')?.textContent?.trim() ?? '',
          category: el.getAttribute('data-category') ?? '',
          storeId: el.getAttribute('data-store') ?? '',
        })),
      );
    // The box shows at most TOP: how many it found beyond them does not matter here.
    problems.push(...checkCase(c, ranked, ranked.length));
  }
  expect(problems).toEqual([]);
});
