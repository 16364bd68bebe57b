import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';

/*
 * What a shopper sees, read against the spec (issue 12, items 17–34): each test names its item.
 * Runs at 1280 px (desktop) and 360 px (phone).
 */

const PASSWORD = 'yaadmarket-e2e-pass';
type ApiProduct = { id: string; name: string; price: number; stock: number; storeId: string };

async function withConsent(context: BrowserContext) {
  await context.addInitScript(() => {
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }),
    );
  });
}

async function stocked(request: APIRequestContext): Promise<ApiProduct[]> {
  const res = await request.get('/api/v1/products?inStock=true&limit=100&sort=price-low');
  return ((await res.json()) as { products: ApiProduct[] }).products.filter((p) => p.stock >= 5);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: true });
}

test.beforeEach(async ({ context }) => withConsent(context));

test('item 30: a guest sent from checkout to log in is told why, and comes back to checkout (also through sign-up)', async ({
  page,
  request,
}, info) => {
  const [product] = await stocked(request);
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.locator('[data-toast]')).toContainText('Added to cart');

  await page.goto('/checkout');
  await page.waitForURL(/\/login\?next=/);
  await expect(page.getByRole('status').filter({ hasText: 'Log in to check out' })).toBeVisible();
  await shoot(page, 'login-for-checkout');
  await expectNoSeriousA11yIssues(page);
  await expectNoSidewaysScroll(page);

  // No account yet: sign up from there, then log in, and the checkout is still where it leads.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL(/\/register\?next=/);
  const email = `e2e-next-${info.project.name}-${Date.now()}@yaad.test`;
  await page.getByLabel('Full name').fill('Andre Williams');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/login\?.*registered=1/);
  await expect(page.getByText('Account created!')).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL('**/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
});
