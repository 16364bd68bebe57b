import { expect, test } from '@playwright/test';
import { signInByApi, withConsent } from '../fixtures/e2e-session';
import { holdNextRequest } from '../fixtures/hold-request';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';

/*
 * A shopper whose session cookie exists while the browser holds no signed-in hint (signed in
 * through the API here; local storage cleared does the same): the cart they fill is the guest
 * cart, merged into their server cart (/cart/sync) when /checkout learns who they are. The checkout must show
 * that merged cart, as the header's badge does, not the server cart as it was before the merge.
 */

type ApiProduct = { id: string; name: string; stock: number };

test.beforeEach(async ({ context }) => withConsent(context));

test('signed in without the hint: the checkout shows the cart the header shows', async ({ page }, info) => {
  const project = info.project.name;
  await signInByApi(page.request, `hintless-${project}-${Date.now()}@yaad.test`, 'Tanya Reid');
  const res = await page.request.get('/api/v1/products?inStock=true&limit=20&sort=price-low');
  const { products } = (await res.json()) as { products: ApiProduct[] };
  const product = products.find((p) => p.stock >= 5) as ApiProduct;

  await page.goto(`/product/${product.id}`);
  expect(await page.evaluate(() => localStorage.getItem('yaad-user'))).toBeNull();
  await page.getByLabel('Quantity', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.locator('[data-cart-count]:visible').first()).toHaveText('2');

  // The merge is held until the checkout has had its chance to read the cart: before the fix it
  // read the server cart at once (empty) and never again; now it waits for the merge.
  const sync = await holdNextRequest(page, '**/api/v1/cart/sync');
  const summaryRead = page.waitForResponse('**/api/v1/checkout/summary');
  await page.goto('/checkout');
  await sync.arrived;
  await Promise.race([summaryRead, page.waitForTimeout(2_000)]);
  sync.release();
  await expect(page.locator('[data-cart-count]:visible').first()).toHaveText('2');
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  await expect(summary.getByText('Subtotal (2 items)')).toBeVisible();
  await expect(page.getByText('Your cart is empty')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: info.outputPath(`checkout-hintless-${project}.png`), fullPage: true });
});
