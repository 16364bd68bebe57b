import { expect, type Locator, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { DEMO_OPERATOR_EMAIL, signInByApi, withConsent } from '../fixtures/e2e-session';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import { PASSWORD, personAt, register, reviewsReady, shoot, tabTo } from '../fixtures/review-journey';
import { storeApplication } from '../fixtures/store-application';

/*
 * Every dialog is the one Modal (src/components/ui/Modal.tsx), which gives the focus back when a
 * dialog goes: to the control that opened it, or, when the action took that control away, to where
 * the screen names. Checked by keyboard on two dialogs: Report on a product page (its confirm
 * leaves Report in place) and an operator's store decision on /admin/stores/ (Escape back to the
 * opener; a confirmed approval takes the store off the Pending tab, so the focus goes to that tab).
 */

test.beforeEach(async ({ context }) => withConsent(context));

/** Opens the dialog from the focused control with Enter, and checks the focus is inside it. */
async function openWithEnter(page: Page, opener: Locator, name: string): Promise<Locator> {
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  return dialog;
}

test('Report: Escape and Send report both give the focus back to Report', async ({ browser, request }, info) => {
  test.setTimeout(120_000);
  const project = info.project.name;
  // A product with reviews other than the moderation journey's (it takes the cheapest ones).
  const res = await request.get('/api/v1/products?limit=50&sort=price-high');
  const { products } = (await res.json()) as { products: { id: string; reviewCount: number }[] };
  const product = products.find((p) => p.reviewCount > 0);
  expect(product, 'a product with reviews').toBeTruthy();

  const email = `e2e-dialog-focus-${project}-${Date.now()}@yaad.test`;
  await register(request, 'Tanya Reid', email);
  const shopper = await personAt(browser, email, PASSWORD, `/product/${product?.id}`);
  const report = (await reviewsReady(shopper))
    .locator('article[data-review]')
    .first()
    .getByRole('button', { name: 'Report' });

  const dialog = await openWithEnter(shopper, report, 'Report this review');
  await shopper.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(report).toBeFocused();

  await openWithEnter(shopper, report, 'Report this review');
  await tabTo(shopper, dialog.getByLabel('What is wrong with it?'));
  await shopper.keyboard.type('Repeats another review word for word.');
  await tabTo(shopper, dialog.getByRole('button', { name: 'Send report' }));
  await shopper.keyboard.press('Enter');
  await expect(shopper.getByText('Review reported')).toBeVisible();
  // The sent report unmounts the dialog while it is open (no close event): still back on Report.
  await expect(dialog).toHaveCount(0);
  await expect(report).toBeFocused();
});

test('store decision: Escape gives the focus back to the button; an approval, which takes the store off the tab, to the tab', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const storeName = `Lucea Loom ${info.project.name} ${Date.now().toString(36)}`;
  await signInByApi(request, `e2e-loom-${info.project.name}-${Date.now()}@yaad.test`, 'Lorna Loom');
  const applied = await request.post('/api/v1/seller/apply', {
    headers: { origin: baseURL },
    data: storeApplication({ name: storeName }),
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const storeId: string = (await applied.json()).id;

  await signInByApi(page.request, DEMO_OPERATOR_EMAIL);
  await page.goto('/admin/stores/');
  const card = page.locator(`[data-store-id="${storeId}"]`);
  const reject = card.getByRole('button', { name: `Reject ${storeName}` });
  const approve = card.getByRole('button', { name: `Approve ${storeName}` });
  await expect(approve).toBeVisible();

  const rejecting = await openWithEnter(page, reject, `Reject ${storeName}?`);
  await page.keyboard.press('Escape');
  await expect(rejecting).toHaveCount(0);
  await expect(reject).toBeFocused();

  const approving = await openWithEnter(page, approve, `Approve ${storeName}?`);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'dialog-approve');
  await page.keyboard.press('Escape');
  await expect(approve).toBeFocused();

  await openWithEnter(page, approve, `Approve ${storeName}?`);
  await tabTo(page, approving.getByRole('button', { name: 'Yes, approve' }));
  await page.keyboard.press('Enter');
  await expect(approving).toHaveCount(0);
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /Pending/ })).toBeFocused();
  // The log names the store it approved.
  await expect(page.getByRole('region', { name: 'Action log' })).toContainText(`approved ${storeName}`);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'admin-stores-log');
});
