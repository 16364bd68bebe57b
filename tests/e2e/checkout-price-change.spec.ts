import type { Page } from '@playwright/test';
import { payOnGatewayPage, TEST_CARDS } from '../fixtures/card-checkout';
import { money, signInByApi, uniqueEmail, withConsent } from '../fixtures/e2e-session';
import { expect, test } from '../fixtures/e2e-test';
import type { OwnProduct, OwnStore } from '../fixtures/own-store';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';

/*
 * The cart changes while the shopper is at checkout. Issue 12 #16: the prices of two items go up;
 * Place Order answers "Price changed for … Please refresh your cart" for each, and the checkout
 * itself offers the refresh: the new total shows, and the order goes through without leaving the
 * page. Decision 010: Place Order is one request (no separate cart check or prepare), and what
 * the order did not take (an item added in another tab meanwhile) stays in the cart.
 * At 1280 px and 360 px, each test with a store and a shopper of its own (the seller's prices change).
 */

const ADDRESS = {
  name: 'Shanice Grant',
  phone: '876-555-0142',
  street: '3 Lady Musgrave Road',
  city: 'Kingston 5',
  parish: 'St. Andrew',
  country: 'Jamaica',
};

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`checkout-price-${name}-${test.info().project.name}.png`) });
}

let store: OwnStore;
test.beforeEach(async ({ openStore, context }) => {
  await withConsent(context);
  store = await openStore({
    label: 'Port Royal Provisions',
    products: [
      { name: 'Scotch Bonnet Pepper Sauce', price: 6.5, stock: 20, category: 'Home & Garden', subcategory: 'Kitchen' },
      { name: 'Blue Mountain Coffee Beans', price: 9.75, stock: 20, category: 'Home & Garden', subcategory: 'Kitchen' },
    ],
  });
});

/** A signed-in shopper of this test's own with these products in the cart, an address and a way to ship (through the API). */
async function shopperAtCheckout(page: Page, products: OwnProduct[]) {
  await signInByApi(page.request, uniqueEmail('price', test.info().project.name), 'Shanice Grant');
  for (const product of products)
    expect((await page.request.post('/api/v1/cart/add', { data: { productId: product.id, quantity: 1 } })).ok()).toBe(
      true,
    );
  expect((await page.request.post('/api/v1/cart/shipping-address', { data: ADDRESS })).ok()).toBe(true);
  const options = (await (await page.request.get('/api/v1/cart/shipping-options')).json()) as {
    shippingOptions: Record<string, { rates: { id: string }[] }>;
  };
  const select = await page.request.post('/api/v1/cart/select-shipping', {
    data: { sellerId: store.storeId, shippingRateId: options.shippingOptions[store.storeId].rates[0].id },
  });
  expect(select.ok(), await select.text()).toBe(true);
  await page.goto('/checkout');
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  // The summary's first load, which a busy machine may keep waiting for a while.
  await expect(placeOrder).toBeEnabled({ timeout: 15_000 });
  return placeOrder;
}

/** The API calls the page makes from now on, as "METHOD /path". */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/v1/')) calls.push(`${r.method()} ${url.pathname.slice('/api/v1'.length)}`);
  });
  return calls;
}

test('prices that changed at checkout are refreshed there, and the order goes through', async ({ page }) => {
  test.setTimeout(180_000);
  const products = store.products;
  const placeOrder = await shopperAtCheckout(page, products);

  // Meanwhile the seller raises both prices.
  const newPrices = products.map((p) => Math.round((p.price + 3) * 100) / 100);
  for (const [i, product] of products.entries())
    expect(
      (await store.seller.put(`/api/v1/seller/products/${product.id}`, { data: { price: newPrices[i] } })).status(),
    ).toBe(200);

  const calls = apiCalls(page);
  await placeOrder.click();
  const alert = page.getByRole('alert').filter({ hasText: 'Price changed for' });
  for (const product of products)
    await expect(alert).toContainText(`Price changed for "${product.name}". Please refresh your cart`);
  await expect(alert.getByRole('listitem')).toHaveCount(2);
  // One request validated and refused: no cart check or prepare of its own.
  expect(calls.filter((c) => !c.startsWith('GET '))).toEqual(['POST /orders/place']);
  const refresh = alert.getByRole('button', { name: 'Refresh cart' });
  await expect(refresh).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await refresh.scrollIntoViewIfNeeded();
  await shoot(page, 'refused');

  await refresh.click();
  await expect(alert).toHaveCount(0);
  const subtotal = newPrices.reduce((n, p) => n + Math.round(p * 100), 0);
  // The test's own store is not GCT-registered: no GCT on its items (decision 044).
  const tax = 0;
  const shippingText = (await page.getByTestId('summary-shipping').textContent()) ?? '';
  const shipping = Math.round(Number(shippingText.replace(/[^0-9.]/g, '')) * 100);
  const total = (subtotal + shipping + tax) / 100;
  await expect(page.getByTestId('summary-total')).toHaveText(money(total));
  await expect(placeOrder).toBeEnabled();
  await shoot(page, 'refreshed');

  // Paid by card (the default) on the test gateway's page, back at the confirmation (decision 029).
  await placeOrder.click();
  await payOnGatewayPage(page, TEST_CARDS.approve);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(money(total));
});

test('an item added in another tab while at checkout is not ordered and stays in the cart', async ({ page }) => {
  test.setTimeout(180_000);
  const [ordered, added] = store.products;
  const placeOrder = await shopperAtCheckout(page, [ordered]);
  const total = (await page.getByTestId('summary-total').textContent()) ?? '';

  // Another tab adds a second item; this checkout still shows (and orders) the one it loaded.
  expect((await page.request.post('/api/v1/cart/add', { data: { productId: added.id, quantity: 1 } })).ok()).toBe(true);
  const calls = apiCalls(page);
  await placeOrder.click();
  await payOnGatewayPage(page, TEST_CARDS.approve);
  // One request places the order; the other is the gateway's page sending the browser back.
  expect(calls.filter((c) => !c.startsWith('GET '))).toEqual(['POST /orders/place', 'POST /payments/return']);
  expect(calls).not.toContain('DELETE /cart/clear');
  await expect(page.getByTestId('order-total')).toHaveText(total);
  await expect(page.getByText(added.name)).toHaveCount(0);

  // The server took the ordered line out of the cart; the other one is still there.
  await expect(page.locator('[data-cart-count]:visible').first()).toHaveText('1');
  const cart = (await (await page.request.get('/api/v1/cart')).json()) as { items: { product: { id: string } }[] };
  expect(cart.items.map((i) => i.product.id)).toEqual([added.id]);
});
