import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { payOnGatewayPage, TEST_CARDS } from '../fixtures/card-checkout';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';

/*
 * The cart changes while the shopper is at checkout. Issue 12 #16: the prices of two items go up;
 * Place Order answers "Price changed for … Please refresh your cart" for each, and the checkout
 * itself offers the refresh: the new total shows, and the order goes through without leaving the
 * page. Decision 010: Place Order is one request (no separate cart check or prepare), and what
 * the order did not take (an item added in another tab meanwhile) stays in the cart.
 * At 1280 px and 360 px.
 */

const PASSWORD = 'yaadmarket-e2e-pass';
const ADDRESS = {
  name: 'Shanice Grant',
  phone: '876-555-0142',
  street: '3 Lady Musgrave Road',
  city: 'Kingston 5',
  parish: 'St. Andrew',
  country: 'Jamaica',
};
type ApiProduct = { id: string; name: string; price: number; stock: number };
const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`checkout-price-${name}-${test.info().project.name}.png`) });
}

/** The store's cheapest products with units to spare. */
async function cheapest(request: APIRequestContext, storeId: string, n: number): Promise<ApiProduct[]> {
  const list = (await (await request.get(`/api/v1/seller/stores/${storeId}/products?limit=100`)).json()) as {
    products: ApiProduct[];
  };
  const picks = list.products
    .filter((p) => p.stock >= 5)
    .sort((x, y) => x.price - y.price)
    .slice(0, n);
  expect(picks).toHaveLength(n);
  return picks;
}

/** A signed-in shopper with these products in the cart, an address and the store's Zipmail (through the API). */
async function shopperAtCheckout(page: Page, storeId: string, products: ApiProduct[]) {
  await page
    .context()
    .addInitScript(() =>
      localStorage.setItem(
        'cookie-consent',
        JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }),
      ),
    );
  const info = test.info();
  const email = `e2e-price-${info.project.name}-${Date.now()}@yaad.test`;
  expect(
    (
      await page.request.post('/api/v1/auth/register', { data: { name: 'Shanice Grant', email, password: PASSWORD } })
    ).ok(),
  ).toBe(true);
  expect((await page.request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  for (const product of products)
    expect((await page.request.post('/api/v1/cart/add', { data: { productId: product.id, quantity: 1 } })).ok()).toBe(
      true,
    );
  expect((await page.request.post('/api/v1/cart/shipping-address', { data: ADDRESS })).ok()).toBe(true);
  const select = await page.request.post('/api/v1/cart/select-shipping', {
    data: { sellerId: storeId, shippingRateId: `${storeId}--zipmail` },
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

test('prices that changed at checkout are refreshed there, and the order goes through', async ({
  page,
  playwright,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  // Each viewport its own seller, so the two runs never change each other's prices.
  const storeId = info.project.name === 'phone' ? 'half-way-tree-electronics' : 'blue-mountain-roasters';
  const products = await cheapest(page.request, storeId, 2);
  const placeOrder = await shopperAtCheckout(page, storeId, products);

  // Meanwhile the seller raises both prices.
  const seller = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? '' } });
  expect(
    (
      await seller.post('/api/v1/auth/login', {
        data: { email: `${storeId}@sellers.yaad.test`, password: 'yaadmarket-demo' },
      })
    ).status(),
  ).toBe(200);
  const newPrices = products.map((p) => Math.round((p.price + 3) * 100) / 100);
  for (const [i, product] of products.entries())
    expect(
      (await seller.put(`/api/v1/seller/products/${product.id}`, { data: { price: newPrices[i] } })).status(),
    ).toBe(200);
  await seller.dispose();

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
  const tax = Math.floor((subtotal * 700 + 5000) / 10000);
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

test('an item added in another tab while at checkout is not ordered and stays in the cart', async ({ page }, info) => {
  test.setTimeout(120_000);
  const storeId = info.project.name === 'phone' ? 'half-way-tree-electronics' : 'blue-mountain-roasters';
  const [ordered, added] = await cheapest(page.request, storeId, 2);
  const placeOrder = await shopperAtCheckout(page, storeId, [ordered]);
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
