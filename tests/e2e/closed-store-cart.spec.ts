/**
 * A cart filled before its store was suspended (issue 24, item 8), as a shopper sees it: a store of
 * this test's own (applied, given a product, approved) is suspended by an operator while a signed-in
 * shopper (server cart) and a guest (local storage) hold its product beside a sample one. On /cart
 * the line shows "No longer available", is not priced and is not in the subtotal; Proceed to
 * Checkout stops on it. Runs at 1280 px (desktop) and 360 px (phone).
 */
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { DEMO_OPERATOR_EMAIL, money, ORIGIN, signInByApi, withConsent } from '../fixtures/e2e-session';
import { expect, test } from '../fixtures/e2e-test';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';

type ApiProduct = {
  id: string;
  name: string;
  price: number;
  stock: number;
  images: string[];
  category: string;
  store: { id: string; name: string };
};

async function product(request: APIRequestContext, id: string): Promise<ApiProduct> {
  const res = await request.get(`/api/v1/products/${id}`);
  expect(res.status()).toBe(200);
  return res.json();
}

/** The cart page as it stands once the shopper's lines are loaded and checked against today. */
async function expectClosedLine(page: Page, closed: ApiProduct, open: ApiProduct, shot: string) {
  await page.goto('/cart');
  const closedRow = page.locator(`tr[data-cart-line="${closed.id}"]`);
  const openRow = page.locator(`tr[data-cart-line="${open.id}"]`);
  await expect(closedRow.getByText('No longer available')).toBeVisible();
  await expect(openRow.getByText('No longer available')).toHaveCount(0);
  // Not priced: no line total, and the subtotal is the open line's alone.
  await expect(closedRow.locator('td').nth(4)).toHaveText('—');
  await expect(page.getByText('Subtotal (1 item)', { exact: true })).toBeVisible();
  await expect(page.locator('[data-cart-subtotal]')).toHaveText(money(open.price));
  await expect(closedRow.getByRole('spinbutton', { name: `Quantity of ${closed.name}` })).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: test.info().outputPath(`${shot}-${test.info().project.name}.png`), fullPage: true });
  // Checkout refuses it, as before.
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  const problems = page.getByRole('alert').filter({ hasText: 'Please review your cart before checkout' });
  await expect(problems).toContainText(`Product "${closed.name}" is no longer available`);
  await expect(page).toHaveURL(/\/cart/);
  // Removing it leaves a cart that can be checked out.
  await closedRow.getByRole('button', { name: `Remove ${closed.name} from cart` }).click();
  await expect(closedRow).toHaveCount(0);
}

async function freshContext(browser: import('@playwright/test').Browser, page: Page): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  await withConsent(context);
  return context;
}

test('a suspended store’s product in a cart is shown as no longer available and not priced, for a shopper and a guest', async ({
  page,
  browser,
  openStore,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const stamp = Date.now().toString(36);

  // A store of this test's own with one product, approved.
  const store = await openStore({
    label: 'Closing Cove',
    products: [
      {
        name: `Cove Sea-Salt Soap ${stamp}`,
        description: 'Sea-salt soap for the closed-store cart test.',
        category: 'Health & Beauty',
        subcategory: 'Personal Care',
        price: 9.75,
        stock: 10,
      },
    ],
  });
  const closed = await product(page.request, store.products[0].id);
  const listed = await page.request.get('/api/v1/products?inStock=true&limit=20&sort=price-low');
  const open = ((await listed.json()).products as ApiProduct[]).find((p) => p.stock >= 2) as ApiProduct;

  // A signed-in shopper's server cart, and a guest's cart in local storage, hold both.
  const shopper = await freshContext(browser, page);
  await signInByApi(shopper.request, `cart-${project}-${stamp}@yaad.test`, 'Dana Shopper');
  // The hint the login page leaves, so the cart opens the server cart at once.
  await shopper.addInitScript(() => localStorage.setItem('yaad-user', JSON.stringify({ firstName: 'Dana' })));
  for (const p of [open, closed]) {
    const added = await shopper.request.post('/api/v1/cart/add', {
      headers: ORIGIN,
      data: { productId: p.id, quantity: 1 },
    });
    expect(added.status(), await added.text()).toBe(200);
  }
  const guest = await freshContext(browser, page);
  const snapshot = (p: ApiProduct) => ({
    product: {
      id: p.id,
      name: p.name,
      price: p.price,
      images: p.images.slice(0, 1),
      stock: p.stock,
      category: p.category,
      store: p.store,
    },
    quantity: 1,
    addedPrice: p.price,
  });
  await guest.addInitScript(
    (lines) => {
      if (!localStorage.getItem('yaad-cart')) localStorage.setItem('yaad-cart', JSON.stringify(lines));
    },
    [snapshot(open), snapshot(closed)],
  );

  const operator = await freshContext(browser, page);
  await signInByApi(operator.request, DEMO_OPERATOR_EMAIL);
  const suspended = await operator.request.post(`/api/v1/admin/stores/${store.storeId}/suspend`, {
    headers: ORIGIN,
    data: { reason: 'Customers report orders not sent.' },
  });
  expect(suspended.status()).toBe(200);

  await expectClosedLine(await shopper.newPage(), closed, open, 'cart-suspended-store-signed-in');
  await expectClosedLine(await guest.newPage(), closed, open, 'cart-suspended-store-guest');
  await Promise.all([operator.close(), shopper.close(), guest.close()]);
});
