/**
 * Seller screens' loose ends, in a real browser at 1280 and 360 px with screenshots and axe:
 * the CSV import dialog first says what the file holds and offers its template; closed while its
 * file is on the way it can be opened again (the import goes on and tells its outcome); a long
 * report of a refused file scrolls by keyboard; and the product form's inline errors go as their
 * fields are corrected, on the new-product page and the edit page alike.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { CSV_COLUMNS, csvTemplate } from '../../src/lib/product-csv';
import { RUNS_ONCE, screenAtBothWidths } from '../fixtures/both-widths';
import { sellerEmail, signInByApi, withConsent } from '../fixtures/e2e-session';
import { holdNextRequest } from '../fixtures/hold-request';

const SELLER = sellerEmail('portland-naturals');

test.beforeEach(async ({ context, page }) => {
  await withConsent(context);
  await signInByApi(page.request, SELLER);
});

test.skip(({ isMobile }) => isMobile, RUNS_ONCE);

const screen = (page: Page, name: string) => screenAtBothWidths(page, `seller-screens-${name}`);

/** A one-product CSV file with this SKU (and this price: "cheap" is refused). */
const csvFile = (name: string, sku: string, price = '600.00') => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(
    `sku,name,description,category,subcategory,price,stock,tags\r\n${sku},Bissy Tea,Kola nut tea from Port Antonio.,Health & Beauty,Wellness,${price},12,tea`,
  ),
});

/** Import CSV, then the dialog's Choose CSV file, and this file in the picker. */
async function chooseFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('dialog', { name: 'Import products from CSV' })
    .getByRole('button', { name: 'Choose CSV file' })
    .click();
  await (await chooser).setFiles(file);
}

/** On the product list: a file chosen for import, its request held, and its dialog closed while it waits. */
async function importThenCloseDialog(page: Page, file: ReturnType<typeof csvFile>) {
  await page.goto('/dashboard/products/');
  await expect(page.getByText(/^\d+ products?$/)).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
  const upload = await holdNextRequest(page, '**/api/v1/seller/products/import');
  await chooseFile(page, file);
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  return { dialog, upload };
}

test('the CSV import says what the file holds, with an example, and offers the template first', async ({ page }) => {
  await page.goto('/dashboard/products/');
  await expect(page.getByText(/^\d+ products?$/)).toBeVisible();
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
  const columns = dialog.getByRole('table', { name: 'The columns' });
  await expect(columns.getByRole('rowheader')).toHaveCount(CSV_COLUMNS.length);
  const column = (name: string) =>
    columns.getByRole('rowheader', { name: new RegExp(`^${name} (required|optional)$`) });
  for (const name of CSV_COLUMNS) await expect(column(name)).toBeVisible();
  await expect(column('sku')).toContainText('required');
  await expect(column('tags')).toContainText('optional');
  await expect(columns.getByRole('row').filter({ hasText: 'price' }).first()).toContainText('Example: 12.50');
  await screen(page, 'import-intro');

  // The template: the import's own columns and the example row, as a file to fill in.
  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download template' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('yaad-products-template.csv');
  expect(await readFile((await file.path()) as string, 'utf8')).toBe(csvTemplate());

  // Then the file picker, from the dialog.
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose CSV file' }).click();
  await chooser;
});

test('a long report of a refused CSV file scrolls by keyboard', async ({ page }, info) => {
  const sku = `LONG-${info.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const header = 'sku,name,description,category,subcategory,price,stock,tags';
  const rows = Array.from(
    { length: 14 },
    (_, i) => `${sku}-${i},Bissy Tea ${i},Kola nut tea.,Health & Beauty,Wellness,cheap,12,tea`,
  );
  await page.goto('/dashboard/products/');
  await expect(page.getByText(/^\d+ products?$/)).toBeVisible();
  await chooseFile(page, {
    name: 'long.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, ...rows].join('\r\n')),
  });
  const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });
  const report = dialog.getByRole('region', { name: 'Problems by line and column' });
  await expect(report.getByRole('row')).toHaveCount(15, { timeout: 30_000 });
  await screen(page, 'import-refused-long');
  // Reached by Tab from the alert above it, and scrolled by the arrow keys.
  await report.focus();
  await expect(report).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect.poll(() => report.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
});

test('the CSV import dialog closed while its file is on the way opens again', async ({ page }, info) => {
  const sku = `BISSY-${info.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const { dialog, upload } = await importThenCloseDialog(page, csvFile('bissy.csv', sku));

  // Released with the dialog closed: the import went on; its outcome comes as a toast, the list follows.
  upload.release();
  await expect(page.locator('[data-toast]')).toContainText('1 created, 0 updated', { timeout: 30_000 });
  await page.getByLabel('Search name or SKU').fill(sku);
  await page.getByLabel('Search name or SKU').press('Enter');
  await expect(page.getByRole('listitem').filter({ hasText: sku })).toBeVisible();

  // The next import shows its dialog; closed again while it runs, its button shows the progress again.
  const again = await holdNextRequest(page, '**/api/v1/seller/products/import');
  await chooseFile(page, csvFile('bissy-again.csv', sku));
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Importing…' }).click();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
  await screen(page, 'import-in-flight');
  again.release();
  await expect(dialog.getByRole('status')).toHaveText(
    'Imported 1 row: 0 new, 1 updated. The shop shows them within a minute.',
    { timeout: 30_000 },
  );
  await screen(page, 'import-again');
});

test('a CSV file refused while its dialog is closed keeps its report behind the import button', async ({
  page,
}, info) => {
  const sku = `BAD-${info.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const { dialog, upload } = await importThenCloseDialog(page, csvFile('bad.csv', sku, 'cheap'));

  upload.release();
  await expect(page.locator('[data-toast]')).toContainText('Nothing was imported', { timeout: 30_000 });
  const why = page.getByRole('button', { name: 'See why the import was refused' });
  await expect(why).toBeVisible();
  await screen(page, 'import-refused-while-closed');
  await why.click();
  const problems = dialog.getByRole('table', { name: 'Problems by line and column' });
  await expect(problems.getByRole('row').filter({ hasText: 'price' })).toContainText('2');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect(why).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import CSV' })).toBeFocused();
});

const SKU_REQUIRED = 'SKU is required: enter your own code for it, like TEA-1';

test('the product form: each inline error goes when its field is corrected', async ({ page }) => {
  await page.goto('/dashboard/products/new/');
  await page.getByRole('button', { name: 'Create product' }).click();
  const sku = page.getByLabel('SKU');
  const name = page.getByLabel('Name', { exact: true });
  await expect(page.locator('#sku-error')).toHaveText(SKU_REQUIRED);
  await expect(page.locator('#name-error')).toHaveText('Name is required');
  // The banner lists every problem, each naming its field by its label and linked to it.
  const banner = page.locator('[data-error-summary]');
  await expect(banner).toContainText('Name is required');
  await expect(banner).toContainText(SKU_REQUIRED);
  await expect(banner).toContainText('Price (US$) is required: enter an amount like 1250.00');
  await banner.getByRole('link', { name: SKU_REQUIRED }).click();
  await expect(sku).toBeFocused();

  // Typing in one field clears that field's error only; a still-wrong value says what is wrong now.
  await sku.fill('TEA 1');
  await expect(page.locator('#sku-error')).toHaveText(
    'SKU can only hold letters, digits, dots, dashes and underscores: take out the spaces and other signs',
  );
  await sku.fill('TEA-1');
  await expect(page.locator('#sku-error')).toHaveCount(0);
  await expect(banner).not.toContainText('SKU');
  await expect(sku).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#name-error')).toHaveText('Name is required');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await screen(page, 'form-partly-corrected');

  await name.fill('Bissy Tea');
  await expect(page.locator('#name-error')).toHaveCount(0);
  await page.getByLabel('Category', { exact: true }).selectOption('Health & Beauty');
  // (By the error's id: the selects' first options say the same words.)
  await expect(page.locator('#category-error')).toHaveCount(0);
  await expect(page.locator('#subcategory-error')).toHaveText('Choose a subcategory from the list');
  await page.getByLabel('Subcategory').selectOption('Wellness');
  await page.getByLabel('Price (US$)', { exact: true }).fill('600');
  // Every field put right: no error is left, not even the form's own line.
  await expect(page.locator('.field-error')).toHaveCount(0);
  await expect(page.locator('[data-error-summary]')).toHaveCount(0);
  await screen(page, 'form-corrected');

  // The edit page is the same form: an emptied SKU is refused, and the error goes as it is typed.
  const res = await page.request.get('/api/v1/seller/products?limit=1');
  const { products } = (await res.json()) as { products: { id: string; sku: string }[] };
  await page.goto(`/dashboard/products/edit/?id=${products[0].id}`);
  await sku.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('#sku-error')).toHaveText(SKU_REQUIRED);
  await sku.fill(products[0].sku);
  await expect(page.locator('#sku-error')).toHaveCount(0);
  await expect(page.locator('[data-error-summary]')).toHaveCount(0);
});

// Another store's product answers 404 like a missing one (decision 027); when it answered 403 the
// editor took the seller for a buyer and offered "Open your store first".
test("another store's product in the editor: Product not found, not the buyer's Open your store", async ({ page }) => {
  const list = await page.request.get('/api/v1/products?storeId=blue-mountain-roasters&limit=1');
  expect(list.ok()).toBe(true);
  const [theirs] = ((await list.json()) as { products: { id: string }[] }).products;
  await page.goto(`/dashboard/products/edit/?id=${encodeURIComponent(theirs.id)}`);
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await expect(page.getByText('It may have been removed, or belong to another store.')).toBeVisible();
  await expect(page.getByText('Open your store first')).toHaveCount(0);
  await screen(page, 'another-stores-product');
});
