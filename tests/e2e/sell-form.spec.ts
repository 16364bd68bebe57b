/**
 * /sell speaks like a person (issue 24, items 9 and 10): a bad application is refused field by field
 * in the seller's words (each field's label and how to put it right, a courier named by its number),
 * the banner lists every problem and takes the focus to its field; once applied, the pending page
 * says how long review takes and where the answer goes, on /sell and /dashboard/store/. A shopper
 * without a store who opens /dashboard/products/new/ learns at once that a store comes first.
 * Runs once; each screen at 1280 and 360 px with a screenshot and axe (decision 047).
 */
import { expect, type Page, test } from '@playwright/test';
import { REVIEW_PROMISE } from '../../src/lib/store-status';
import { RUNS_ONCE, screenAtBothWidths } from '../fixtures/both-widths';
import { signInByApi, withConsent } from '../fixtures/e2e-session';

test.skip(({ isMobile }) => isMobile, RUNS_ONCE);

const box = (page: Page, name: string, nth = 0) => page.getByRole('textbox', { name, exact: true }).nth(nth);

test.beforeEach(async ({ context }) => withConsent(context));

test('a shopper without a store opening /dashboard/products/new/ is told at once to open a store first', async ({
  page,
}, testInfo) => {
  await signInByApi(page.request, `no-store-${testInfo.project.name}-${Date.now()}@yaad.test`, 'Nadia Shopper');
  await page.goto('/dashboard/products/new/');
  await expect(page.getByRole('heading', { name: 'Open your store first' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open your store' })).toHaveAttribute('href', '/sell');
  // No form to fill in vain.
  await expect(page.getByRole('button', { name: 'Create product' })).toHaveCount(0);
  await expect(page.getByLabel('SKU')).toHaveCount(0);
  await screenAtBothWidths(page, 'new-product-no-store');
  await page.getByRole('link', { name: 'Open your store' }).click();
  await expect(page).toHaveURL(/\/sell$/);
});

test('/sell refuses bad values by label with how to fix each, lists them all, and the pending page says how long review takes', async ({
  page,
}, testInfo) => {
  // Two forms, three screens, an axe scan on each: slow when other suites share the 2 cores.
  test.setTimeout(240_000);
  const email = `sell-form-${testInfo.project.name}-${Date.now()}@yaad.test`;
  await signInByApi(page.request, email, 'Omar Seller');
  await page.goto('/sell');
  await expect(box(page, 'Store name')).toBeVisible();

  // Bad or missing values in several fields, and in two couriers.
  await box(page, 'Store name').fill('AB');
  await box(page, 'Description').fill('Nice shop');
  await box(page, 'Phone').fill('call me');
  await box(page, 'Cost (US$)').fill('abc');
  await page.getByRole('button', { name: 'Add a courier' }).click();
  await box(page, 'Courier', 1).fill('Own van');
  await box(page, 'Method', 1).fill('Door to door');
  await box(page, 'Cost (US$)', 1).fill('five');
  await page.getByRole('checkbox', { name: 'Kingston', exact: true }).nth(1).check();
  await page.getByRole('button', { name: 'Submit application' }).click();

  const banner = page.locator('[data-error-summary]');
  await expect(banner).toBeVisible();
  const expected = [
    'Store name needs at least 3 characters',
    'Description needs at least 20 characters',
    'Town is required',
    'Choose the parish from the list',
    'Enter the phone number in digits, like 876-555-0123',
    'Courier 1: Courier is required',
    'Courier 1: Method is required',
    'Courier 1: Cost (US$) must be an amount like 500.00',
    'Courier 1: Tick at least one parish this courier delivers to',
    'Courier 2: Cost (US$) must be an amount like 500.00',
  ];
  for (const text of expected) await expect(banner.getByRole('link', { name: text, exact: true })).toBeVisible();
  await expect(banner.getByRole('listitem')).toHaveCount(expected.length);
  // No schema words: no field's internal name, no list of every parish.
  for (const internal of ['provider', 'must not be empty', 'must be a number', 'Kingston, St. Andrew', 'location'])
    await expect(banner).not.toContainText(internal);
  // Each field says its own, under it.
  await expect(page.locator('#store-parish-error')).toHaveText('Choose the parish from the list');
  await expect(page.locator('#store-shippingRates-1-cost-error')).toHaveText(
    'Cost (US$) must be an amount like 500.00',
  );
  await expect(page.locator('#store-location')).toHaveAttribute('aria-invalid', 'true');
  await screenAtBothWidths(page, 'sell-errors');

  // A problem in the banner takes the focus to its field.
  await banner.getByRole('link', { name: 'Choose the parish from the list' }).click();
  await expect(page.getByRole('combobox', { name: 'Parish', exact: true })).toBeFocused();
  await banner.getByRole('link', { name: 'Courier 2: Cost (US$) must be an amount like 500.00' }).click();
  await expect(box(page, 'Cost (US$)', 1)).toBeFocused();

  // Put right, field by field: each problem leaves the banner as its field is edited.
  await box(page, 'Store name').fill(`Omar's Orchard ${testInfo.project.name}`);
  await expect(banner).not.toContainText('Store name');
  await box(page, 'Description').fill('Ackee, breadfruit and June plums from our family orchard in St. Mary.');
  await box(page, 'Town').fill('Port Maria');
  await page.getByRole('combobox', { name: 'Parish', exact: true }).selectOption('St. Mary');
  await box(page, 'Phone').fill('876-555-0177');
  await box(page, 'Courier').first().fill('Knutsford Express');
  await box(page, 'Method').first().fill('Depot pickup');
  await box(page, 'Cost (US$)').first().fill('6.50');
  await page.getByRole('checkbox', { name: 'St. Mary', exact: true }).first().check();
  await box(page, 'Cost (US$)', 1).fill('5');
  await expect(banner).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit application' }).click();

  // Pending: how long review takes, and the address the answer goes to.
  const status = page.locator('[data-store-status]');
  await expect(status).toHaveAttribute('data-store-status', 'pending');
  const promise = status.locator('[data-review-promise]');
  await expect(promise).toContainText(`${REVIEW_PROMISE.sentence}.`);
  await expect(promise).toContainText(`e-mail you at ${email}`);
  await screenAtBothWidths(page, 'sell-pending-promise');
  await page.goto('/dashboard/store/');
  await expect(page.locator('[data-review-promise]')).toContainText(`${REVIEW_PROMISE.sentence}.`);
  await screenAtBothWidths(page, 'dashboard-store-pending-promise');
});
