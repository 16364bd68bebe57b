/**
 * Issue 24: a control character in a single-line name is refused by the server with a message
 * naming the field, and each form shows that message where the shopper or seller typed it:
 * /register, Account Information on /profile, and the store form on /dashboard/store/.
 * A text box drops typed line breaks by itself, so these type other control characters (BEL, ESC).
 */
import { expect, type Page, test } from '@playwright/test';
import { singleLineMessage } from '../../src/lib/contract/single-line';
import { sellerEmail } from '../../src/server/db/seed/sample-catalog';
import { signInByApi, withConsent } from '../fixtures/e2e-session';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: true });
}

test.beforeEach(async ({ context }) => withConsent(context));

test('register and Account Information show the refusal of a name with a control character', async ({
  page,
}, testInfo) => {
  const email = `lines-${testInfo.project.name}-${Date.now()}@yaad.test`;
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Eve\u0007Bell');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('irie-pass');
  await page.getByLabel('Confirm password').fill('irie-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('form [role=alert]')).toHaveText(singleLineMessage('Full name'));
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'register-control-character');

  await signInByApi(page.request, email, 'Eve Bell');
  await page.goto('/profile?tab=settings');
  await page.getByRole('button', { name: 'Account Information' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account Information' });
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Full Name').fill('Eve\u001b[31mBell');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.locator('.field-error')).toHaveText(singleLineMessage('Full name'));
  await expect(dialog.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'profile-control-character');
});

test('the store form shows the refusal under Store name and keeps the store as it was', async ({ page }) => {
  await signInByApi(page.request, sellerEmail('negril-gems'));
  await page.goto('/dashboard/store/');
  const name = page.getByRole('textbox', { name: 'Store name', exact: true });
  await expect(name).toHaveValue('Negril Gems');
  await name.fill('Negril\u0007Gems');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(singleLineMessage('Store name')).first()).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shot(page, 'store-form-control-character');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Store name', exact: true })).toHaveValue('Negril Gems');
});
