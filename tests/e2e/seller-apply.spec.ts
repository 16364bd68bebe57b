/**
 * Opening a store (docs/decisions/015), as a shopper and an operator see it: a shopper applies on
 * /sell, adds a logo on /dashboard/store/ (uploaded with progress), the demo operator approves
 * the store on /admin/stores/, and within seconds the store's page is public with the Verified
 * Seller badge. Screenshots of the three screens (test-results/<port>/…), axe on each.
 */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import { signInByApi } from '../fixtures/seller-journey';

/** The cookie banner answered once, so the screenshots show the screens, not the banner. */
async function rejectCookies(page: Page) {
  await page.locator('[data-cookie-banner]').getByRole('button', { name: 'Reject All' }).click();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: true });
}

test('a shopper applies, the operator approves, and the store is public with the Verified badge', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const storeName = `Treasure Beach Pottery ${project === 'phone' ? 'Phone' : 'Desk'}`;
  const storeId = storeName.toLowerCase().replace(/\s+/g, '-');
  const email = `potter-${project}-${Date.now()}@yaad.test`;
  await signInByApi(page.request, email, 'Marcia Potter');

  // /sell: the application form.
  await page.goto('/sell');
  await rejectCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sell on Yaad Market' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Store name', exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'sell-form');

  // A bad phone number is named under its field, and nothing is sent on.
  await page.getByRole('textbox', { name: 'Store name', exact: true }).fill(storeName);
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Hand-thrown clay pots, cups and plates from the south coast.');
  await page.getByRole('textbox', { name: 'Town', exact: true }).fill('Treasure Beach');
  await page.getByRole('combobox', { name: 'Parish', exact: true }).selectOption('St. Elizabeth');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('call me');
  await page.getByRole('textbox', { name: 'Courier', exact: true }).fill('Knutsford Express');
  await page.getByRole('textbox', { name: 'Method', exact: true }).fill('Depot pickup');
  await page.getByRole('textbox', { name: 'Cost (US$)', exact: true }).fill('6.50');
  for (const parish of ['Kingston', 'St. Andrew', 'St. Elizabeth'])
    await page.getByRole('checkbox', { name: parish, exact: true }).check();
  await page.getByRole('textbox', { name: 'Instagram', exact: true }).fill('instagram.com/treasurebeachpottery');
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.locator('#store-phone-error')).toContainText('phone must be a phone number');
  await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('876-555-0142');
  await page.getByRole('button', { name: 'Submit application' }).click();
  const status = page.locator('[data-store-status]');
  await expect(status).toHaveAttribute('data-store-status', 'pending');
  await expect(status).toContainText('Pending review');
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'sell-pending');

  // Not public while pending.
  expect((await page.request.get(`/api/v1/seller/stores/${storeId}`)).status()).toBe(404);

  // /dashboard/store/: the logo, uploaded with progress and saved at once.
  await page.getByRole('link', { name: 'Add your logo and banner' }).click();
  await expect(page).toHaveURL(/\/dashboard\/store\/$/);
  await expect(page.getByRole('textbox', { name: 'Store name', exact: true })).toHaveValue(storeName);
  const logo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#1d6f42' } })
    .png()
    .toBuffer();
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();
  await expect(page.getByText('Logo saved')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'dashboard-store');

  // The operator approves it on /admin/stores/.
  const operator = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await operator.newPage();
  await signInByApi(admin.request, 'operator@yaad.test');
  await admin.goto('/admin/stores/');
  await rejectCookies(admin);
  const card = admin.locator(`[data-store-id="${storeId}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Pending review');
  await card.getByText('Store details').click();
  await expect(card).toContainText('Knutsford Express, Depot pickup: $6.50');
  await expectNoSidewaysScroll(admin);
  await expectNoSeriousA11yIssues(admin);
  await shot(admin, 'admin-stores');

  await card.getByRole('button', { name: `Approve ${storeName}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Approve ${storeName}?` });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yIssues(admin);
  await dialog.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.locator(`[data-store-id="${storeId}"]`)).toHaveCount(0);
  await expect(admin.getByRole('region', { name: 'Action log' })).toContainText(`approved ${storeId}`);
  await admin.getByRole('tab', { name: /Active/ }).click();
  await expect(admin.locator(`[data-store-id="${storeId}"]`)).toContainText('Verified');
  await shot(admin, 'admin-stores-approved');
  await operator.close();

  // Public within seconds, with the badge: published through the queue, no full build.
  await expect
    .poll(
      async () => {
        const res = await page.goto(`/seller/${storeId}/`);
        return res?.status();
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeVisible();
  await expect(page.getByText('✓ Verified Seller')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Instagram (opens in a new tab)' })).toHaveAttribute(
    'href',
    'https://instagram.com/treasurebeachpottery',
  );

  // The owner's /sell now says the store is open.
  await page.goto('/sell');
  await expect(page.locator('[data-store-status]')).toHaveAttribute('data-store-status', 'active');
});
