/**
 * Opening a store (docs/decisions/015), as a shopper and an operator see it: a shopper applies on
 * /sell, adds a logo on /dashboard/store/ (uploaded with progress), the demo operator approves
 * the store on /admin/stores/, and within seconds the store's page is public with the Verified
 * Seller badge. A rejected applicant reads the operator's reason on /sell, corrects the form (filled
 * with what was sent) and resubmits; the operator approves it. Screenshots of the screens
 * (test-results/<port>/…), axe on each.
 */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { baseURL } from '../../playwright.config';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import { signInByApi, withConsent } from '../fixtures/seller-journey';
import { storeApplication } from '../fixtures/store-application';

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
  await expect(admin.getByRole('region', { name: 'Action log' })).toContainText(`approved ${storeName}`);
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

test('a rejected applicant reads the reason, corrects the application and resubmits it, and the operator approves it', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const stamp = Date.now().toString(36);
  const firstName = `Hilltop Honey ${project} ${stamp}`;
  const storeName = `Cockpit Country Honey ${project} ${stamp}`;
  const reason = 'Tell shoppers where the honey is harvested and how to reach you.';
  await signInByApi(page.request, `honey-${project}-${stamp}@yaad.test`, 'Hope Honey');
  const applied = await page.request.post('/api/v1/seller/apply', {
    headers: { origin: baseURL },
    data: storeApplication({ name: firstName, description: 'Honey from the hills, sold by the jar.' }),
  });
  expect(applied.status()).toBe(201);
  const storeId: string = (await applied.json()).id;

  // The operator rejects it with a reason on /admin/stores/.
  const operator = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  await withConsent(operator);
  const admin = await operator.newPage();
  await signInByApi(admin.request, 'operator@yaad.test');
  await admin.goto('/admin/stores/');
  const card = admin.locator(`[data-store-id="${storeId}"]`);
  await card.getByRole('button', { name: `Reject ${firstName}` }).click();
  const reject = admin.getByRole('dialog', { name: `Reject ${firstName}?` });
  await reject.getByRole('textbox', { name: 'Reason (the owner reads it)' }).fill(reason);
  await reject.getByRole('button', { name: 'Yes, reject' }).click();
  await expect(reject).toBeHidden();
  await expect(admin.locator(`[data-store-id="${storeId}"]`)).toHaveCount(0);

  // /sell: the reason, and the form filled with what was sent.
  await page.goto('/sell');
  await rejectCookies(page);
  const status = page.locator('[data-store-status]');
  await expect(status).toHaveAttribute('data-store-status', 'rejected');
  await expect(status).toContainText(reason);
  const name = page.getByRole('textbox', { name: 'Store name', exact: true });
  await expect(name).toHaveValue(firstName);
  await expect(page.getByRole('textbox', { name: 'Town', exact: true })).toHaveValue('Treasure Beach');
  await expect(page.getByRole('textbox', { name: 'Courier', exact: true }).first()).toHaveValue('Knutsford Express');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'sell-rejected');

  // Corrected and sent again: the same store, pending again.
  await name.fill(storeName);
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Wildflower and logwood honey harvested above Albert Town, Trelawny. Call or message us any day.');
  await page.getByRole('button', { name: 'Resubmit application' }).click();
  await expect(status).toHaveAttribute('data-store-status', 'pending');
  await expect(status).toContainText(storeName);
  await expect(status).not.toContainText(reason);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'sell-resubmitted');

  // The operator finds it among the pending applications, the resubmission in the log, and approves it.
  await admin.goto('/admin/stores/');
  const again = admin.locator(`[data-store-id="${storeId}"]`);
  await expect(again).toContainText('Pending review');
  await expect(again).toContainText(storeName);
  await expect(admin.getByRole('region', { name: 'Action log' })).toContainText(`resubmitted ${storeName}`);
  await again.getByRole('button', { name: `Approve ${storeName}` }).click();
  const approve = admin.getByRole('dialog', { name: `Approve ${storeName}?` });
  await approve.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(approve).toBeHidden();
  await operator.close();

  await expect
    .poll(async () => (await page.goto(`/seller/${storeId}/`))?.status(), { timeout: 30_000, intervals: [500] })
    .toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeVisible();
  await page.goto('/sell');
  await expect(page.locator('[data-store-status]')).toHaveAttribute('data-store-status', 'active');
});
