import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';

/*
 * Issue 12 #16: the price of an item changes while the shopper is at checkout. Place Order answers
 * "Price changed for … Please refresh your cart", and the checkout itself offers the refresh: the
 * new total shows, and the order goes through without leaving the page. At 1280 px and 360 px.
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

test('a price that changed at checkout is refreshed there, and the order goes through', async ({
  page,
  context,
  playwright,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  await context.addInitScript(() =>
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }),
    ),
  );
  // Each viewport its own seller, so the two runs never change each other's prices.
  const storeId = info.project.name === 'phone' ? 'half-way-tree-electronics' : 'blue-mountain-roasters';
  const list = (await (await page.request.get(`/api/v1/seller/stores/${storeId}/products?limit=100`)).json()) as {
    products: ApiProduct[];
  };
  const product = list.products.filter((p) => p.stock >= 5 && p.price < 40).sort((x, y) => x.price - y.price)[0];
  expect(product).toBeTruthy();

  // A signed-in shopper with the product in the cart, an address and a courier (set up through the API).
  const email = `e2e-price-${info.project.name}-${Date.now()}@yaad.test`;
  expect(
    (
      await page.request.post('/api/v1/auth/register', { data: { name: 'Shanice Grant', email, password: PASSWORD } })
    ).ok(),
  ).toBe(true);
  expect((await page.request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
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
  await expect(placeOrder).toBeEnabled();

  // Meanwhile the seller raises the price.
  const seller = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL ?? '' } });
  expect(
    (
      await seller.post('/api/v1/auth/login', {
        data: { email: `${storeId}@sellers.yaad.test`, password: 'yaadmarket-demo' },
      })
    ).status(),
  ).toBe(200);
  const newPrice = Math.round((product.price + 3) * 100) / 100;
  expect((await seller.put(`/api/v1/seller/products/${product.id}`, { data: { price: newPrice } })).status()).toBe(200);
  await seller.dispose();

  await placeOrder.click();
  const alert = page.getByRole('alert').filter({ hasText: 'Price changed for' });
  await expect(alert).toContainText(`Price changed for "${product.name}". Please refresh your cart`);
  const refresh = alert.getByRole('button', { name: 'Refresh cart' });
  await expect(refresh).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await refresh.scrollIntoViewIfNeeded();
  await shoot(page, 'refused');

  await refresh.click();
  await expect(alert).toHaveCount(0);
  const subtotal = Math.round(newPrice * 100);
  const tax = Math.floor((subtotal * 700 + 5000) / 10000);
  const shippingText = (await page.getByTestId('summary-shipping').textContent()) ?? '';
  const shipping = Math.round(Number(shippingText.replace(/[^0-9.]/g, '')) * 100);
  const total = (subtotal + shipping + tax) / 100;
  await expect(page.getByTestId('summary-total')).toHaveText(money(total));
  await expect(placeOrder).toBeEnabled();
  await shoot(page, 'refreshed');

  await placeOrder.click();
  await page.waitForURL('**/order-confirmation');
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(money(total));
});
