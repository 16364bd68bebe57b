/**
 * A seller gives a product sizes and colours in a real browser (issue 30 #4, docs/decisions/054):
 * in a store of the test's own, the seller adds Size and Colour to a product in its editor, which
 * builds the grid of combinations; sets price and stock for all rows, then one row's own; a SKU
 * used twice is shown on its cell and nothing is saved; saved, a colour renamed keeps its
 * variants; the product list says "3 variants" with each one's stock, and the dashboard's low
 * stock names each variant. Each screen at 360 and 1280 px with axe (the journey runs once:
 * decision 047).
 */
import type { Page } from '@playwright/test';
import { RUNS_ONCE, screenAtBothWidths } from '../fixtures/both-widths';
import { DEMO_PASSWORD, withConsent } from '../fixtures/e2e-session';
import { expect, test } from '../fixtures/e2e-test';

// The consent choice is made: the banner would cover the screens photographed here.
test.beforeEach(async ({ context }) => withConsent(context));

test.skip(({ isMobile }) => isMobile, RUNS_ONCE);

const screen = (page: Page, name: string) => screenAtBothWidths(page, `seller-variants-${name}`);

async function addOption(page: Page, index: number, name: string, values: string) {
  const option = page.getByRole('group', { name: `Option ${index + 1}` });
  await option.getByLabel('Option name').fill(name);
  await option.getByLabel('Add values').fill(values);
  await option.getByRole('button', { name: 'Add', exact: true }).click();
}

test('a seller adds Size and Colour to a product, sets a row’s price and stock, saves, and sees the variants in the list', async ({
  page,
  openStore,
}) => {
  test.setTimeout(180_000);
  const store = await openStore({
    label: 'Ochi Leather',
    products: [{ name: 'Leather Desert Boots', price: 80, stock: 4, category: 'Clothing', subcategory: 'Shoes' }],
  });
  const boots = store.products[0];
  if (!boots) throw new Error('the store was opened without its product');

  await page.goto(`/login?next=${encodeURIComponent(`/dashboard/products/edit/?id=${boots.id}`)}`);
  await page.getByLabel('Email').fill(store.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByRole('heading', { name: 'Options' })).toBeVisible();

  await page.getByRole('button', { name: 'Add options like size or colour' }).click();
  await addOption(page, 0, 'Size', '9, 10');
  await page.getByRole('button', { name: 'Add another option' }).click();
  await addOption(page, 1, 'Colour', 'Brown, Black');
  await expect(page.getByRole('heading', { name: '4 variants' })).toBeVisible();
  // The product's own price and stock are now each variant's.
  await expect(page.getByText('This product has options: set the price and stock of each variant')).toBeVisible();
  await expect(page.getByLabel('SKU of Size 10, Brown', { exact: true })).toHaveValue(/-10-BROWN$/);

  // Set for all, then one row of its own.
  const setFor = page.locator('#set-rows-price').locator('xpath=ancestor::div[2]');
  await setFor.getByLabel('Price (US$)').fill('85');
  await setFor.getByLabel('Stock').fill('2');
  await setFor.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByLabel('Price (US$) of Size 9, Black', { exact: true })).toHaveValue('85');
  await page.getByLabel('Price (US$) of Size 10, Brown', { exact: true }).fill('79.50');
  await page.getByLabel('Stock of Size 10, Brown', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Remove Size 10, Black' }).click();
  await expect(page.getByRole('heading', { name: '3 variants' })).toBeVisible();

  // A SKU given twice is refused on its cell, before anything is sent.
  const firstSku = await page.getByLabel('SKU of Size 9, Brown', { exact: true }).inputValue();
  await page.getByLabel('SKU of Size 9, Black', { exact: true }).fill(firstSku);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByLabel('SKU of Size 9, Black', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  const twice = `Variant 2 (Size 9, Black): SKU ${firstSku} is already used by variant 1: give each variant its own`;
  await expect(page.locator('#variant-1-sku-error')).toHaveText(twice);
  // The form's banner lists it too, a link to its cell.
  await expect(page.locator('[data-error-summary]')).toContainText(twice);
  await screen(page, 'grid-errors');

  await page.getByLabel('SKU of Size 9, Black', { exact: true }).fill(`${firstSku.replace(/-BROWN$/, '')}-BLACK`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('[data-toast]')).toContainText('Product saved');
  await expect(page.getByLabel('Price (US$) of Size 10, Brown', { exact: true })).toHaveValue('79.50');
  await screen(page, 'grid');

  // Brown renamed Tan: its variants stay the same ones (their ids, so carts and orders naming them hold).
  await page.getByRole('button', { name: 'Rename Brown' }).click();
  await page.getByLabel('New name for Brown').fill('Tan');
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(page.getByLabel('Stock of Size 10, Tan', { exact: true })).toHaveValue('3');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('[data-toast]').last()).toContainText('Product saved');
  const saved = await (await page.request.get(`/api/v1/seller/products/${boots.id}`)).json();
  expect(saved.variants.map((v: { id: string; label: string }) => [v.id.split('~')[1], v.label])).toEqual([
    ['9-brown', 'Size 9, Tan'],
    ['9-black', 'Size 9, Black'],
    ['10-brown', 'Size 10, Tan'],
  ]);

  await page.goto('/dashboard/products/');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Leather Desert Boots' }) });
  await expect(row).toContainText('from');
  await expect(row).toContainText('US$79.50');
  await row.getByText('3 variants').click();
  const tenTan = row.getByRole('listitem').filter({ hasText: 'Size 10, Tan' });
  await expect(tenTan).toContainText('Low: 3');
  await expect(row.getByRole('listitem').filter({ hasText: 'Size 9, Black' })).toContainText('Low: 2');
  await expect(row).not.toContainText('Size 10, Black');
  await screen(page, 'list');

  // Low stock is per variant on the dashboard: each of the boots' three, not the product's total of 7.
  await page.goto('/dashboard/');
  const low = page.getByTestId('low-stock');
  const tenTanLow = low.getByRole('listitem').filter({ hasText: 'Size 10, Tan' });
  await expect(tenTanLow.getByRole('link')).toHaveAccessibleName('Leather Desert Boots Size 10, Tan');
  await expect(tenTanLow).toContainText('3 left');
  await expect(tenTanLow.getByRole('link')).toHaveAttribute('href', /\?variant=.+~10-brown$/);
  await expect(low.getByRole('listitem').filter({ hasText: 'Leather Desert Boots' })).toHaveCount(3);
  await screen(page, 'dashboard');
});
