/**
 * The seller journey of issue 14 ("Done when"), end to end in one browser run: a shopper applies
 * to open a store on /sell → the demo operator approves it on /admin/stores/ → the new seller
 * creates a product with two photos on /dashboard/products/new/ → its product page, its card (on
 * the store's page) and its search entry (header suggestions and /search) are public → a buyer
 * orders it through the shop (product page, cart, checkout with their parish and the new store's
 * courier, confirmation) → the seller accepts it
 * and marks it shipped with a courier and tracking number on /dashboard/orders/ → the buyer's
 * order details show shipped, the courier and the tracking number. Each screen on the way has its
 * own spec (seller-apply, seller-products, seller-orders, publish), with their screenshots and axe
 * checks; this one proves the pieces join up, with one screenshot at the end.
 */
import { expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { DEMO_OPERATOR_EMAIL, DEMO_PASSWORD, signInByApi, withConsent } from '../fixtures/e2e-session';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import { photo } from '../fixtures/photo';
import { PUBLISHED } from '../fixtures/publishing';

const BUYER_PARISH = 'St. Andrew';
const COURIER = 'Knutsford Express';

/** The product page as a shopper reloading it would see it: its heading, or null while it is not public. */
async function productHeading(page: Page, id: string): Promise<string | null> {
  const res = await page.goto(`/product/${id}/`);
  if (res?.status() !== 200) return null;
  return page.getByRole('heading', { level: 1 }).textContent();
}

test('a shopper opens a store, is approved, lists a product, a buyer orders it and sees it shipped with tracking', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const project = testInfo.project.name;
  const suffix = project === 'phone' ? 'Phone' : 'Desk';
  const storeName = `Cockpit Country Apiary ${suffix}`;
  const storeId = storeName.toLowerCase().replace(/\s+/g, '-');
  // A word no sample product has, so the search finds this product alone.
  const productName = `Zinnialeaf Wildflower Honey ${suffix}`;
  const tracking = `KE-JOURNEY-${suffix.toUpperCase()}-${Date.now() % 100_000}`;
  const viewport = page.viewportSize() ?? undefined;
  await withConsent(page.context());

  // 1. A shopper applies on /sell.
  await signInByApi(page.request, `apiary-${project}-${Date.now()}@yaad.test`, 'Desmond Clarke');
  await page.goto('/sell');
  await page.getByRole('textbox', { name: 'Store name', exact: true }).fill(storeName);
  await page
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Raw honey and beeswax from the hills of Trelawny, harvested by hand.');
  await page.getByRole('textbox', { name: 'Town', exact: true }).fill('Albert Town');
  await page.getByRole('combobox', { name: 'Parish', exact: true }).selectOption('Trelawny');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('876-555-0177');
  await page.getByRole('textbox', { name: 'Courier', exact: true }).fill(COURIER);
  await page.getByRole('textbox', { name: 'Method', exact: true }).fill('Depot pickup');
  await page.getByRole('textbox', { name: 'Cost (US$)', exact: true }).fill('6.50');
  for (const parish of ['Kingston', BUYER_PARISH, 'Trelawny'])
    await page.getByRole('checkbox', { name: parish, exact: true }).check();
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.locator('[data-store-status]')).toHaveAttribute('data-store-status', 'pending');

  // 2. The operator approves it on /admin/stores/.
  const operator = await browser.newContext({ viewport });
  await withConsent(operator);
  const admin = await operator.newPage();
  await signInByApi(admin.request, DEMO_OPERATOR_EMAIL);
  await admin.goto('/admin/stores/');
  const card = admin.locator(`[data-store-id="${storeId}"]`);
  await expect(card).toContainText('Pending review');
  await card.getByRole('button', { name: `Approve ${storeName}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Approve ${storeName}?` });
  await dialog.getByRole('button', { name: 'Yes, approve' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('region', { name: 'Action log' })).toContainText(`approved ${storeName}`);
  await operator.close();
  await page.goto('/sell');
  await expect(page.locator('[data-store-status]')).toHaveAttribute('data-store-status', 'active');

  // 3. The new seller creates a product with two photos.
  await page.goto('/dashboard/products/new/');
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(productName);
  await page.getByLabel('Description').fill('Dark, raw wildflower honey from hives in the Cockpit Country.');
  await page.getByLabel('Category', { exact: true }).selectOption('Health & Beauty');
  await page.getByLabel('Subcategory').selectOption('Personal Care');
  await page.getByLabel('Price (US$)', { exact: true }).fill('1250.00');
  await page.getByLabel('Stock', { exact: true }).fill('12');
  await page.getByLabel('SKU').fill(`E2E-HONEY-${suffix.toUpperCase()}`);
  await page.getByLabel('Tags').fill('honey, raw');
  await page.getByLabel('Photo files').setInputFiles([
    { name: 'amber.jpg', mimeType: 'image/jpeg', buffer: await photo('#c98a1b') },
    { name: 'green.jpg', mimeType: 'image/jpeg', buffer: await photo('#1d6f42') },
  ]);
  await expect(page.getByRole('img', { name: 'Photo 2' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Create product' }).click();
  await page.waitForURL(/\/dashboard\/products\/edit\/\?id=/);
  const productId = new URL(page.url()).searchParams.get('id') as string;
  await expect(page.getByText('Product created.')).toBeVisible();

  // 4. Public: the product page (with both photos), its card on the store's page, its search entry.
  const buyerContext = await browser.newContext({ viewport });
  await withConsent(buyerContext);
  const shopper = await buyerContext.newPage();
  await expect.poll(() => productHeading(shopper, productId), PUBLISHED).toBe(productName);
  await expect(shopper.locator('[data-price]:visible').first()).toHaveText('US$1,250.00');
  await expect(shopper.locator('img[src*="/uploads/"]')).not.toHaveCount(0);
  // Each photo is a folder of sizes (`/uploads/…/<hash>/800.webp`): two folders, two photos.
  const photoSources = await shopper
    .locator('img[src*="/uploads/"]')
    .evaluateAll((imgs) => new Set(imgs.map((img) => (img as HTMLImageElement).src.replace(/\/[^/]+$/, ''))).size);
  expect(photoSources, 'both photos on the product page').toBeGreaterThanOrEqual(2);

  await expect
    .poll(async () => {
      await shopper.goto(`/seller/${storeId}/`);
      return shopper.getByRole('link', { name: new RegExp(productName) }).count();
    }, PUBLISHED)
    .toBeGreaterThan(0);
  await expect(shopper.getByText('✓ Verified Seller')).toBeVisible();

  await shopper.goto('/');
  await shopper.getByRole('searchbox', { name: 'Search products' }).fill('zinnialeaf honey');
  await expect(
    shopper.getByRole('listbox', { name: 'Suggested products' }).getByRole('option', { name: new RegExp(productName) }),
  ).toBeVisible({ timeout: 20_000 });
  await shopper.goto('/search?q=zinnialeaf');
  await expect(shopper.getByRole('link', { name: new RegExp(productName) }).first()).toBeVisible({ timeout: 20_000 });

  // 5. A buyer orders it as a shopper: two on the product page, the cart, checkout with their
  // parish and the new store's courier, cash on delivery, the confirmation.
  // Signed in on the login page, as a shopper does (the page tells the cart whose it is).
  const buyerEmail = `honey-buyer-${project}-${Date.now()}@yaad.test`;
  const registered = await shopper.request.post('/api/v1/auth/register', {
    headers: { origin: baseURL },
    data: { name: 'Marcia Reid', email: buyerEmail, password: DEMO_PASSWORD },
  });
  expect(registered.status()).toBe(201);
  await shopper.goto(`/login?next=${encodeURIComponent(`/product/${productId}/`)}`);
  await shopper.getByLabel('Email').fill(buyerEmail);
  await shopper.getByLabel('Password').fill(DEMO_PASSWORD);
  await shopper.getByRole('button', { name: /log in/i }).click();
  await shopper.waitForURL(`**/product/${productId}/`);
  await shopper.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(shopper.getByLabel('Quantity', { exact: true })).toHaveValue('2');
  await shopper.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(shopper.locator('[data-toast]')).toContainText('Added to cart');
  await shopper.goto('/cart');
  await expect(shopper.getByRole('link', { name: productName }).first()).toBeVisible();
  await expect(shopper.locator('[data-cart-subtotal]')).toHaveText('US$2,500.00');
  await shopper.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await shopper.waitForURL('**/checkout');
  const field = (name: string) => shopper.getByRole('textbox', { name, exact: true });
  await field('Full name').fill('Marcia Reid');
  // The store's name ends in "Phone" too: the field is named exactly.
  await field('Phone').fill('876-555-0142');
  await field('Street or district').fill('12 Barbican Road');
  await field('Town / city').fill('Kingston 6');
  await shopper.getByRole('combobox', { name: 'Parish', exact: true }).selectOption(BUYER_PARISH);
  await shopper.getByRole('button', { name: 'Save address' }).click();
  await expect(shopper.getByTestId('saved-address')).toContainText('12 Barbican Road');
  await shopper
    .locator(`[data-seller="${storeId}"]`)
    .getByRole('radio', { name: new RegExp(COURIER) })
    .check();
  await shopper.getByRole('radio', { name: 'Cash on delivery' }).check();
  await expect(shopper.getByTestId('summary-shipping')).toHaveText('US$6.50');
  await expectNoSidewaysScroll(shopper);
  await shopper.getByRole('button', { name: 'Place Order' }).click();
  await shopper.waitForURL('**/order-confirmation');
  await expect(shopper.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  const order = {
    orderNumber: ((await shopper.getByTestId('order-number').textContent()) ?? '').trim(),
    id: ((await shopper.getByRole('link', { name: 'View Order Details' }).getAttribute('href')) ?? '').split('/').pop(),
  };
  expect(order.orderNumber).toMatch(/^YM-\d{4}-[0-9A-Z]{6}$/);
  await expect(shopper.getByText(productName).first()).toBeVisible();

  // 6. The seller finds it, accepts it and marks it shipped with the courier and a tracking number.
  await page.goto('/dashboard/orders/');
  await page.getByLabel('Order number or buyer').fill(order.orderNumber);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: `Order ${order.orderNumber}` }).click();
  await page.waitForURL(/\/dashboard\/orders\/view\/\?id=/);
  await expect(page.getByTestId('part-status')).toHaveText('Pending');
  await expect(page.getByTestId('part-courier')).toContainText(COURIER);
  await page.getByRole('button', { name: 'Accept order' }).click();
  const acceptDialog = page.getByRole('dialog', { name: 'Accept order' });
  await acceptDialog.getByRole('button', { name: 'Accept order' }).click();
  await expect(page.getByTestId('part-status')).toHaveText('Processing');
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  const shipDialog = page.getByRole('dialog', { name: 'Mark shipped' });
  await expect(shipDialog.getByLabel('Courier')).toHaveValue(COURIER);
  await shipDialog.getByLabel('Tracking number').fill(tracking);
  await shipDialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByTestId('part-status')).toHaveText('Shipped');
  await expect(page.getByTestId('part-courier')).toContainText(tracking);

  // 7. The buyer's order details: shipped, the courier, the tracking number.
  await shopper.goto(`/order/${order.id}`);
  await expect(shopper.getByTestId('order-status')).toHaveText('Shipped');
  const shipment = shopper.getByTestId('part-shipment');
  await expect(shipment).toContainText(COURIER);
  await expect(shipment).toContainText(tracking);
  await expect(shopper.getByText(productName).first()).toBeVisible();
  await expectNoSidewaysScroll(shopper);
  await expectNoSeriousA11yIssues(shopper);
  await shopper.screenshot({ path: testInfo.outputPath(`seller-journey-buyer-order-${project}.png`), fullPage: true });
  await buyerContext.close();
});
