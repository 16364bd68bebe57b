/**
 * A seller's products in a real browser (issue 14, items 4 and 5; docs/decisions/016): a seller
 * of a store of the test's own signs in, creates a product with two photos (uploaded, then reordered), and it is
 * published: its product page is served within seconds. The seller edits its price (the page
 * follows), then archives it (the page goes). A new seller fills a store from CSV (a refused file
 * first: nothing imported, each problem by line and column), filters the list, edits price and
 * stock in bulk, duplicates a product and puts the copy on sale, and exports the lot. Screenshots
 * of each screen at 360 and 1280 px and axe on each (the journey runs once: decision 047).
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { RUNS_ONCE, screenAtBothWidths } from '../fixtures/both-widths';
import { DEMO_PASSWORD, signInByApi, withConsent } from '../fixtures/e2e-session';
import { expect, test } from '../fixtures/e2e-test';
import { holdNextRequest } from '../fixtures/hold-request';
import { photo } from '../fixtures/photo';
import { PUBLISHED } from '../fixtures/publishing';
import { storeApplication } from '../fixtures/store-application';

// The consent choice is made: the banner would cover the screens photographed here.
test.beforeEach(async ({ context }) => withConsent(context));

test.skip(({ isMobile }) => isMobile, RUNS_ONCE);

const screen = (page: Page, name: string) => screenAtBothWidths(page, `seller-products-${name}`);

/** The product page as a shopper reloading it would see it: its heading, or null when it is gone. */
async function productHeading(page: Page, id: string): Promise<string | null> {
  const res = await page.goto(`/product/${id}/`);
  if (res?.status() === 404) return null;
  return page.getByRole('heading', { level: 1 }).textContent();
}

test('a seller creates a product with two photos, it goes public, its price changes, it is archived', async ({
  page,
  openStore,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const name = `Blue Mahoe Soap Bar ${project}`;
  const sku = `E2E-SOAP-${project.toUpperCase()}`;
  // The seller's own store, with one product already on its shelf.
  const store = await openStore({
    label: 'Portland Soaps',
    products: [
      { name: 'Sea Moss Soap', price: 7, stock: 12, category: 'Health & Beauty', subcategory: 'Personal Care' },
    ],
  });

  await page.goto('/login?next=/dashboard/products/');
  await page.getByLabel('Email').fill(store.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /log in/i }).click();
  await page.waitForURL(/\/dashboard\/products\/$/);
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByText(/^\d+ products?$/)).toBeVisible();
  await screen(page, 'list');

  await page.getByRole('link', { name: 'Add product' }).first().click();
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
  // Sending the empty form shows inline errors on the fields.
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Name is required', { exact: true }).first()).toBeVisible();
  await screen(page, 'new-errors');

  // Bad values: each field says, by its label, what is wrong and how to put it right (the
  // contract's words, the same the API answers).
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Category', { exact: true }).selectOption('Health & Beauty');
  await page.getByLabel('Subcategory').selectOption('Personal Care');
  await page.getByLabel('Price (US$)', { exact: true }).fill('8,50');
  await page.getByLabel('Compare-at price (US$)').fill('5.00');
  await page.getByLabel('Stock', { exact: true }).fill('2.5');
  await page.getByLabel('SKU').fill('soap bar');
  await page.getByRole('button', { name: 'Create product' }).click();
  const bad = {
    price: 'Price (US$) must be an amount like 1250.00',
    stock: 'Stock must be a whole number, like 12',
    sku: 'SKU can only hold letters, digits, dots, dashes and underscores: take out the spaces and other signs',
  };
  const banner = page.locator('[data-error-summary]');
  await expect(banner).toContainText('Please fix these 3 things to continue:');
  for (const [field, text] of Object.entries(bad)) {
    await expect(page.locator(`#${field}-error`)).toHaveText(text);
    await expect(banner.getByRole('link', { name: text, exact: true })).toBeVisible();
  }
  await screen(page, 'new-bad-values');
  await page.locator('#price').scrollIntoViewIfNeeded();
  await screen(page, 'new-bad-values-fields');
  // Price put right, the compare-at price below it is named; the SKU of another product is the server's to refuse.
  await page.getByLabel('Price (US$)', { exact: true }).fill('8.50');
  await page.getByLabel('Stock', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.locator('#compareAtPrice-error')).toHaveText(
    'Compare-at price (US$) must be above the price: raise it, or leave it empty when the product is not on sale',
  );
  await page.getByLabel('Compare-at price (US$)').fill('');
  const listed = await page.request.get('/api/v1/seller/products?limit=1');
  const taken = ((await listed.json()) as { products: { sku: string }[] }).products[0].sku;
  await page.getByLabel('SKU').fill(taken);
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.locator('#sku-error')).toHaveText(
    `SKU ${taken} is already used by another of your products: choose another`,
  );
  await expect(banner.getByRole('link', { name: `SKU ${taken} is already used` })).toBeVisible();
  await screen(page, 'new-sku-taken');

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Handmade in Port Antonio with coconut oil and blue mahoe bark.');
  await page.getByLabel('Category', { exact: true }).selectOption('Health & Beauty');
  await page.getByLabel('Subcategory').selectOption('Personal Care');
  await page.getByLabel('Price (US$)', { exact: true }).fill('850.00');
  await page.getByLabel('Compare-at price (US$)').fill('990');
  await page.getByLabel('Stock', { exact: true }).fill('24');
  await page.getByLabel('SKU').fill(sku);
  await page.getByLabel('Tags').fill('soap, handmade');
  // The first photo's upload is held on its way, so its progress is seen.
  const upload = await holdNextRequest(page, '**/api/v1/seller/uploads');
  await page.getByLabel('Photo files').setInputFiles([
    { name: 'green.jpg', mimeType: 'image/jpeg', buffer: await photo('#1d6f42') },
    { name: 'gold.jpg', mimeType: 'image/jpeg', buffer: await photo('#f4c430') },
  ]);
  const uploading = page.getByRole('list', { name: 'Photos being uploaded' });
  await expect(uploading.getByRole('progressbar', { name: 'Uploading green.jpg' })).toBeVisible();
  await expect(uploading.getByText(/^(Uploading… \d+%|Processing photo…)$/)).toBeVisible();
  await uploading.scrollIntoViewIfNeeded();
  await screen(page, 'photo-uploading');
  upload.release();
  await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible({ timeout: 60_000 });
  await expect(uploading).toHaveCount(0);
  const firstBefore = await page.getByRole('img', { name: 'Photo 1 (main)' }).getAttribute('src');
  // Reorder by keyboard: focus "Move photo 2 left" and press Enter.
  await page.getByRole('button', { name: 'Move photo 2 left' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('img', { name: 'Photo 2' })).toHaveAttribute('src', firstBefore ?? '');
  await screen(page, 'new-filled');
  await page.getByRole('button', { name: 'Create product' }).click();

  await page.waitForURL(/\/dashboard\/products\/edit\/\?id=/);
  const id = new URL(page.url()).searchParams.get('id') as string;
  await expect(page.getByText('Product created.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await screen(page, 'edit');

  // Public within seconds: the product page is published.
  const shopper = await page.context().newPage();
  await expect.poll(() => productHeading(shopper, id), PUBLISHED).toBe(name);
  await expect(shopper.locator('[data-price]:visible').first()).toHaveText('US$850.00');

  // The seller changes the price; the page follows.
  await page.getByLabel('Price (US$)', { exact: true }).fill('799.50');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByLabel('Price (US$)', { exact: true })).toHaveValue('799.50');
  // The price as published (the page's own text, not the live one its script writes later: the
  // page's scripts start after its largest paint, decision 046).
  await expect
    .poll(async () => {
      await shopper.goto(`/product/${id}/`);
      return shopper.locator('[data-price]:visible').first().textContent();
    }, PUBLISHED)
    .toBe('US$799.50');

  // In the list: found by SKU, then archived from there.
  await page.goto(`/dashboard/products/?search=${sku}`);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Archive ${name}` }).click();
  await expect(
    page.getByRole('listitem').filter({ hasText: sku }).getByText('Archived', { exact: true }),
  ).toBeVisible();
  await screen(page, 'list-archived');
  await expect.poll(async () => (await shopper.goto(`/product/${id}/`))?.status(), PUBLISHED).toBe(404);
});

/** A CSV file as a seller's spreadsheet saves it: a cell with a comma or a quote is quoted. */
const csv = (rows: string[][]) =>
  Buffer.from(
    rows
      .map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(','))
      .join('\r\n'),
  );

/** Chooses the file through the Import CSV button and its dialog's Choose CSV file, as a seller does; the upload is held until `release()`. */
async function importCsv(page: Page, name: string, rows: string[][]) {
  const upload = await holdNextRequest(page, '**/api/v1/seller/products/import');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose CSV file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: csv(rows) });
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await expect(dialog.getByText(/^(Sending .+… \d+%|Checking every row and importing…)$/)).toBeVisible();
  return { dialog, release: upload.release };
}

/** The list's rows, by product name as shown. */
async function listedNames(page: Page): Promise<string[]> {
  await expect(page.getByText('Loading…')).toHaveCount(0);
  return page.locator('main li a[href*="/dashboard/products/edit/"]:not(.btn)').allTextContents();
}

test('a new seller imports a CSV (a refused file first), filters, bulk-edits, duplicates, unarchives and exports', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const stamp = Date.now().toString(36);
  const sku = (n: number) => `CSV-${project}-${stamp}-${n}`.toUpperCase();
  // A store of this test's own, pending: its products are nobody else's and nothing is published.
  await signInByApi(page.request, `pantry-${project}-${stamp}@yaad.test`, 'Carla Mais');
  const applied = await page.request.post('/api/v1/seller/apply', {
    headers: { origin: baseURL },
    data: storeApplication({ name: `Mandeville Pantry ${project} ${stamp}` }),
  });
  expect(applied.status(), await applied.text()).toBe(201);
  await page.goto('/dashboard/products/');
  await expect(page.getByText('You have no products yet')).toBeVisible();

  const header = ['sku', 'name', 'description', 'category', 'subcategory', 'price', 'stock', 'tags'];
  const honey = ['Logwood Honey', 'Dark logwood honey from Manchester.', 'Health & Beauty', 'Wellness', '1200.00'];
  const good = [
    header,
    [sku(1), ...honey, '40', 'honey'],
    [sku(2), 'Pimento Seasoning', 'Whole pimento berries, dried in the sun.', 'Other', 'Crafts', '450', '0', ''],
    [sku(3), 'Cassava Bammy Pack', 'Four bammies from Old Harbour.', 'Home & Garden', 'Kitchen', 'US$650.50', '3', ''],
  ];

  // A refused file: progress while it goes, then every problem by line and column; nothing imported.
  const refused = await importCsv(page, 'pantry-bad.csv', [
    ...good.slice(0, 3),
    [sku(3), 'Cassava Bammy Pack', 'Four bammies.', 'Home & Garden', 'Bakery', 'cheap', '3', ''],
  ]);
  await screen(page, 'import-progress');
  refused.release();
  const problems = refused.dialog.getByRole('table', { name: 'Problems by line and column' });
  await expect(problems).toBeVisible({ timeout: 30_000 });
  await expect(refused.dialog.getByRole('alert')).toBeVisible();
  await expect(problems.getByRole('row').filter({ hasText: 'subcategory' })).toContainText('4');
  await expect(problems.getByRole('row').filter({ hasText: 'price' })).toContainText('4');
  await screen(page, 'import-refused');
  await refused.dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(refused.dialog).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('You have no products yet')).toBeVisible();

  // The good file: three new products.
  const imported = await importCsv(page, 'pantry.csv', good);
  imported.release();
  await expect(imported.dialog.getByRole('status')).toHaveText(
    'Imported 3 rows: 3 new, 0 updated. The shop shows them within a minute.',
    { timeout: 30_000 },
  );
  await imported.dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(page.getByText('3 products', { exact: true })).toBeVisible();
  expect((await listedNames(page)).sort()).toEqual(['Cassava Bammy Pack', 'Logwood Honey', 'Pimento Seasoning']);

  // Filters: stock, category, status; the URL keeps them.
  await page.getByLabel('Stock', { exact: true }).selectOption('out');
  await expect.poll(() => listedNames(page)).toEqual(['Pimento Seasoning']);
  await expect(page).toHaveURL(/stock=out/);
  await page.getByLabel('Stock', { exact: true }).selectOption('low');
  await expect.poll(() => listedNames(page)).toEqual(['Cassava Bammy Pack']);
  await page.getByLabel('Stock', { exact: true }).selectOption('');
  await page.getByLabel('Category', { exact: true }).selectOption('Health & Beauty');
  await expect.poll(() => listedNames(page)).toEqual(['Logwood Honey']);
  await screen(page, 'list-filtered');
  await page.getByLabel('Category', { exact: true }).selectOption('');
  await page.getByLabel('Status', { exact: true }).selectOption('archived');
  await expect(page.getByText('No products match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('3 products', { exact: true })).toBeVisible();

  // Bulk: two products get one new price and stock; a bad price is named first.
  await page.getByRole('checkbox', { name: 'Select Pimento Seasoning' }).check();
  await page.getByRole('checkbox', { name: 'Select Cassava Bammy Pack' }).check();
  const bulk = page.getByRole('form', { name: 'Bulk edit' });
  await expect(bulk).toContainText('2 selected');
  await bulk.getByLabel('New price (US$)').fill('five');
  await bulk.getByLabel('New stock').fill('25');
  await bulk.getByRole('button', { name: 'Apply to selected' }).click();
  await expect(bulk.locator('#bulk-price-error')).toHaveText('New price (US$) must be an amount like 1250.00');
  await expect(bulk.getByLabel('New price (US$)')).toHaveAttribute('aria-invalid', 'true');
  await expect(bulk.locator('[data-error-summary]')).toContainText('New price (US$) must be an amount like 1250.00');
  await screen(page, 'bulk-error');
  await bulk.getByLabel('New price (US$)').fill('999.00');
  await bulk.getByRole('button', { name: 'Apply to selected' }).click();
  await expect(page.locator('[data-toast]')).toContainText('2 products updated');
  await expect(bulk).toHaveCount(0);
  for (const name of ['Pimento Seasoning', 'Cassava Bammy Pack']) {
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(row).toContainText('US$999.00');
    await expect(row).toContainText('25 in stock');
  }
  await screen(page, 'list-bulk-done');

  // Duplicate: an archived copy with its own SKU, put on sale from the list.
  await page.getByRole('button', { name: 'Duplicate Logwood Honey' }).click();
  await expect(page.locator('[data-toast]')).toContainText('Copied as "Logwood Honey (copy)"');
  await expect(page.getByText('4 products', { exact: true })).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('archived');
  await expect.poll(() => listedNames(page)).toEqual(['Logwood Honey (copy)']);
  await page.getByRole('button', { name: 'Unarchive Logwood Honey (copy)' }).click();
  await expect(page.locator('[data-toast]')).toContainText('Back on sale: Logwood Honey (copy)');
  await expect(page.getByText('No products match these filters')).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('active');
  await expect.poll(() => listedNames(page)).toContain('Logwood Honey (copy)');

  // Export: a CSV download, the header row first, a row a product with the bulk edit in it.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const lines = (await readFile(await (await download).path(), 'utf8')).trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'sku,name,description,category,subcategory,price,compare_at_price,stock,tags,photos,status,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,variant_sku,variant_photos',
  );
  expect(lines).toHaveLength(5);
  expect(lines.find((l) => l.startsWith(`${sku(2)},`))).toContain(',999.00,,25,');
  // The status, then the variant columns, empty for products without options (decision 054).
  expect(lines.filter((l) => /,active,{8}$/.test(l))).toHaveLength(4);
});
