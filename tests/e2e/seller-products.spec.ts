/**
 * A seller's products in a real browser (issue 14, items 4 and 5; docs/decisions/016): a demo
 * seller signs in, creates a product with two photos (uploaded, then reordered), and it is
 * published: its product page is served within seconds. The seller edits its price (the page
 * follows), then archives it (the page goes). Screenshots of each screen at the project's width
 * (phone 360 px, desktop 1280 px) and axe on each.
 */
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import { photo, withConsent } from '../fixtures/seller-journey';

const SELLER = 'portland-naturals';

// The consent choice is made: the banner would cover the screens photographed here.
test.beforeEach(async ({ context }) => withConsent(context));

async function screen(page: Page, name: string) {
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({
    path: test.info().outputPath(`seller-products-${name}-${test.info().project.name}.png`),
  });
}

/** The product page as a shopper reloading it would see it: its heading, or null when it is gone. */
async function productHeading(page: Page, id: string): Promise<string | null> {
  const res = await page.goto(`/product/${id}/`);
  if (res?.status() === 404) return null;
  return page.getByRole('heading', { level: 1 }).textContent();
}

test('a seller creates a product with two photos, it goes public, its price changes, it is archived', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  const name = `Blue Mahoe Soap Bar ${project}`;
  const sku = `E2E-SOAP-${project.toUpperCase()}`;

  await page.goto('/login?next=/dashboard/products/');
  await page.getByLabel('Email').fill(`${SELLER}@sellers.yaad.test`);
  await page.getByLabel('Password').fill('yaadmarket-demo');
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
  await expect(page.getByText('Enter a name')).toBeVisible();
  await screen(page, 'new-errors');

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description').fill('Handmade in Port Antonio with coconut oil and blue mahoe bark.');
  await page.getByLabel('Category', { exact: true }).selectOption('Health & Beauty');
  await page.getByLabel('Subcategory').selectOption('Personal Care');
  await page.getByLabel('Price ($)').fill('850.00');
  await page.getByLabel('Compare-at price ($, optional)').fill('990');
  await page.getByLabel('Stock', { exact: true }).fill('24');
  await page.getByLabel('SKU').fill(sku);
  await page.getByLabel('Tags').fill('soap, handmade');
  await page.getByLabel('Photo files').setInputFiles([
    { name: 'green.jpg', mimeType: 'image/jpeg', buffer: await photo('#1d6f42') },
    { name: 'gold.jpg', mimeType: 'image/jpeg', buffer: await photo('#f4c430') },
  ]);
  await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible({ timeout: 60_000 });
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
  await expect.poll(() => productHeading(shopper, id), { timeout: 30_000, intervals: [500] }).toBe(name);
  await expect(shopper.locator('[data-price]').first()).toHaveText('$850.00');

  // The seller changes the price; the page follows.
  await page.getByLabel('Price ($)').fill('799.50');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByLabel('Price ($)')).toHaveValue('799.50');
  await expect
    .poll(
      async () => {
        await shopper.goto(`/product/${id}/`);
        return shopper.locator('[data-price]').first().textContent();
      },
      { timeout: 30_000, intervals: [500] },
    )
    .toBe('$799.50');

  // In the list: found by SKU, then archived from there.
  await page.goto(`/dashboard/products/?search=${sku}`);
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Archive ${name}` }).click();
  await expect(
    page.getByRole('listitem').filter({ hasText: sku }).getByText('Archived', { exact: true }),
  ).toBeVisible();
  await screen(page, 'list-archived');
  await expect
    .poll(async () => (await shopper.goto(`/product/${id}/`))?.status(), { timeout: 30_000, intervals: [500] })
    .toBe(404);
});
