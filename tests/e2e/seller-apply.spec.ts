/**
 * Opening a store (docs/decisions/015), as a shopper and an operator see it: a shopper applies on
 * /sell and adds the logo and banner there at once (uploaded with progress), the demo operator
 * approves the store on /admin/stores/, and within seconds the store's page is public with the
 * Verified Seller badge, the logo and the banner; a new banner, description and Facebook link from
 * /dashboard/store/ follow on it. A rejected applicant (rejected by keyboard alone) reads the
 * operator's reason on /sell, corrects the form (filled with what was sent) and resubmits; the
 * operator approves it. Screenshots of the screens (test-results/<port>/…), axe on each.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { baseURL } from '../../playwright.config';
import { RUNS_ONCE, screenAtBothWidths } from '../fixtures/both-widths';
import { DEMO_OPERATOR_EMAIL, signInByApi, withConsent } from '../fixtures/e2e-session';
import { holdNextRequest } from '../fixtures/hold-request';
import { PUBLISHED } from '../fixtures/publishing';
import { storeApplication } from '../fixtures/store-application';

/** The cookie banner answered once, so the screenshots show the screens, not the banner. */
async function rejectCookies(page: Page) {
  await page.locator('[data-cookie-banner]').getByRole('button', { name: 'Reject All' }).click();
}

/** The banner on a store's public page (its one image with no text of its own and an uploaded photo). */
const storeBanner = (page: Page) => page.locator('img[alt=""][src*="/uploads/"]').first();

/** A plain picture of one colour, as a seller's logo or banner. */
function picture(colour: string, width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** The uploaded photo an image shows: the hash folder of its `/uploads/<hash>/…` address. */
async function uploadHash(img: Locator): Promise<string | undefined> {
  return /\/uploads\/([0-9a-f]{32})\//.exec((await img.getAttribute('src')) ?? '')?.[1];
}

/** Presses Tab until the element has the focus (a keyboard user's way there), at most ten times. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 10; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test.skip(({ isMobile }) => isMobile, RUNS_ONCE);

test('a shopper applies and adds logo and banner, the operator approves, the store is public with the Verified badge, and its edits follow', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const project = testInfo.project.name;
  // A retry applies with a name of its own: the first attempt's store may be public by then.
  const attempt = testInfo.retry ? ` ${testInfo.retry + 1}` : '';
  const storeName = `Treasure Beach Pottery ${project === 'phone' ? 'Phone' : 'Desk'}${attempt}`;
  const storeId = storeName.toLowerCase().replace(/\s+/g, '-');
  const email = `potter-${project}-${Date.now()}@yaad.test`;
  await signInByApi(page.request, email, 'Marcia Potter');

  // /sell: the application form.
  await page.goto('/sell');
  await rejectCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Sell on Yaad Market' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Store name', exact: true })).toBeVisible();
  await screenAtBothWidths(page, 'sell-form');

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
  await expect(page.locator('#store-phone-error')).toHaveText('Enter the phone number in digits, like 876-555-0123');
  await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('form [role="alert"]')).toContainText('Enter the phone number in digits');

  // Putting it right takes its error away at once, and with the last error the form's own line.
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('876-555-0142');
  await expect(page.locator('#store-phone-error')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter the phone number in digits')).toHaveCount(0);
  await expect(page.locator('form [role="alert"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit application' }).click();
  const status = page.locator('[data-store-status]');
  await expect(status).toHaveAttribute('data-store-status', 'pending');
  await expect(status).toContainText('Pending review');
  await screenAtBothWidths(page, 'sell-pending');

  // Not public while pending.
  expect((await page.request.get(`/api/v1/seller/stores/${storeId}`)).status()).toBe(404);

  // /sell offers the logo and banner at once: each uploaded with progress (the upload is held
  // a moment on its way, so the bar is seen) and saved with the store.
  const photos = page.getByRole('region', { name: 'Add your logo and banner' });
  await expect(photos.getByText('No logo yet')).toBeVisible();
  const upload = await holdNextRequest(page, '**/api/v1/seller/uploads');
  await photos
    .getByLabel('Upload logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture('#1d6f42', 400, 400) });
  await expect(photos.getByRole('progressbar', { name: 'Uploading logo' })).toBeVisible();
  await expect(photos.getByText(/^(Uploading… \d+%|Preparing your photo…)$/)).toBeVisible();
  await shot(page, 'sell-logo-uploading');
  upload.release();
  await expect(photos.getByRole('img', { name: 'Current logo' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Logo saved')).toBeVisible();
  await photos
    .getByLabel('Upload banner')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await picture('#f4c430', 1600, 400) });
  await expect(photos.getByRole('img', { name: 'Current banner' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Banner saved')).toBeVisible();
  await screenAtBothWidths(page, 'sell-photos');
  const firstBanner = await uploadHash(photos.getByRole('img', { name: 'Current banner' }));

  // The store page editor has them too.
  await page.getByRole('link', { name: 'Edit your store page' }).click();
  await expect(page).toHaveURL(/\/dashboard\/store\/$/);
  await expect(page.getByRole('textbox', { name: 'Store name', exact: true })).toHaveValue(storeName);
  await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();
  expect(await uploadHash(page.getByRole('img', { name: 'Current banner' }))).toBe(firstBanner);
  await screenAtBothWidths(page, 'dashboard-store');

  // The operator approves it on /admin/stores/.
  const operator = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await operator.newPage();
  await signInByApi(admin.request, DEMO_OPERATOR_EMAIL);
  await admin.goto('/admin/stores/');
  await rejectCookies(admin);
  const card = admin.locator(`[data-store-id="${storeId}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText('Pending review');
  await card.getByText('Store details').click();
  await expect(card).toContainText('Knutsford Express, Depot pickup: US$6.50');
  await screenAtBothWidths(admin, 'admin-stores');

  await card.getByRole('button', { name: `Approve ${storeName}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Approve ${storeName}?` });
  await expect(dialog).toBeVisible();
  await screenAtBothWidths(admin, 'admin-approve-dialog');
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
    .poll(async () => {
      const res = await page.goto(`/seller/${storeId}/`);
      return res?.status();
    }, PUBLISHED)
    .toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeVisible();
  await expect(page.getByText('✓ Verified Seller')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Instagram (opens in a new tab)' })).toHaveAttribute(
    'href',
    'https://instagram.com/treasurebeachpottery',
  );

  expect(await uploadHash(storeBanner(page))).toBe(firstBanner);

  // The owner's /sell now says the store is open.
  await page.goto('/sell');
  await expect(page.locator('[data-store-status]')).toHaveAttribute('data-store-status', 'active');

  // /dashboard/store/: a new banner (saved at once), a new description and a Facebook link (saved
  // with the form); the public page follows within seconds.
  await page.goto('/dashboard/store/');
  const description = `Hand-thrown pots and cups, glazed in sea colours, fired in Treasure Beach (${project}).`;
  await page
    .getByLabel('Replace banner')
    .setInputFiles({ name: 'sea.png', mimeType: 'image/png', buffer: await picture('#1b6ca8', 1600, 400) });
  await expect(page.getByText('Banner saved')).toBeVisible({ timeout: 30_000 });
  const newBanner = await uploadHash(page.getByRole('img', { name: 'Current banner' }));
  expect(newBanner).not.toBe(firstBanner);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill(description);
  await page.getByRole('textbox', { name: 'Facebook', exact: true }).fill('facebook.com/treasurebeachpottery');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Store saved')).toBeVisible();
  await screenAtBothWidths(page, 'dashboard-store-edited');
  await expect
    .poll(async () => {
      await page.goto(`/seller/${storeId}/`);
      return (await page.getByText(description).count()) > 0;
    }, PUBLISHED)
    .toBe(true);
  await expect(page.getByRole('link', { name: 'Facebook (opens in a new tab)' })).toHaveAttribute(
    'href',
    'https://facebook.com/treasurebeachpottery',
  );
  expect(await uploadHash(storeBanner(page))).toBe(newBanner);
  await expect(page.getByRole('img', { name: `${storeName} logo` })).toHaveAttribute('src', /\/uploads\//);
  await screenAtBothWidths(page, 'store-page-edited');
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
  await signInByApi(admin.request, DEMO_OPERATOR_EMAIL);
  await admin.goto('/admin/stores/');
  // By keyboard alone: open the dialog, leave it with Escape (focus back on the button), open it
  // again, write the reason, confirm; focus goes on from the Pending tab, the store gone from it.
  const card = admin.locator(`[data-store-id="${storeId}"]`);
  const rejectButton = card.getByRole('button', { name: `Reject ${firstName}` });
  const reject = admin.getByRole('dialog', { name: `Reject ${firstName}?` });
  await rejectButton.focus();
  await admin.keyboard.press('Enter');
  await expect(reject).toBeVisible();
  await admin.keyboard.press('Escape');
  await expect(reject).toBeHidden();
  await expect(rejectButton).toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(reject).toBeVisible();
  await tabTo(admin, reject.getByRole('textbox', { name: 'Reason (the owner reads it)' }));
  await admin.keyboard.type(reason);
  await screenAtBothWidths(admin, 'admin-reject-dialog');
  await tabTo(admin, reject.getByRole('button', { name: 'Yes, reject' }));
  await admin.keyboard.press('Enter');
  await expect(reject).toBeHidden();
  await expect(admin.locator(`[data-store-id="${storeId}"]`)).toHaveCount(0);
  await expect(admin.getByRole('tab', { name: /^Pending/ })).toBeFocused();
  await expect(admin.getByRole('region', { name: 'Action log' })).toContainText(`rejected ${firstName}`);

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
  await screenAtBothWidths(page, 'sell-rejected');

  // Corrected and sent again: the same store, pending again.
  await name.fill(storeName);
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Wildflower and logwood honey harvested above Albert Town, Trelawny. Call or message us any day.');
  await page.getByRole('button', { name: 'Resubmit application' }).click();
  await expect(status).toHaveAttribute('data-store-status', 'pending');
  await expect(status).toContainText(storeName);
  await expect(status).not.toContainText(reason);
  await screenAtBothWidths(page, 'sell-resubmitted');

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

  await expect.poll(async () => (await page.goto(`/seller/${storeId}/`))?.status(), PUBLISHED).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: storeName })).toBeVisible();
  await page.goto('/sell');
  await expect(page.locator('[data-store-status]')).toHaveAttribute('data-store-status', 'active');
});
