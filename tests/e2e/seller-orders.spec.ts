import type { APIRequestContext, Page } from '@playwright/test';
import { atBothWidths, RUNS_ONCE } from '../fixtures/both-widths';
import { DEMO_PASSWORD, sellerEmail, withConsent } from '../fixtures/e2e-session';
import { expect, type OpenStore, test } from '../fixtures/e2e-test';
import { courierToStAndrew, type OwnStore } from '../fixtures/own-store';
import { pdfText } from '../fixtures/pdf-text';

/*
 * A seller's day with an order (issue 14 #2, #3): a buyer orders from a store of the test's own
 * (tests/fixtures/own-store.ts: no other journey's orders on its dashboard); the seller
 * signs in, sees the order waiting on the dashboard and in the orders list (found by its number),
 * opens it, accepts it and marks it shipped with a tracking number through the dialogs; the
 * buyer's order details then show the part shipped, its courier and its tracking number; the
 * packing slip is the part's PDF; the seller marks it delivered and records the payment. Another
 * order is cancelled with a reason, its stock back. At
 * 1280 px and 360 px, with screenshots (test-results/<port>/seller-*) and axe on every screen.
 */

const PASSWORD = 'yaadmarket-e2e-pass';
type ApiProduct = { id: string; name: string; price: number; stock: number };

/** The seller's own store, with a product to order. */
const sellersStore = (openStore: OpenStore) =>
  openStore({
    label: 'Orders Roastery',
    products: [{ name: `Peaberry Beans ${Date.now().toString(36)}`, price: 18, stock: 10 }],
  });

/** A buyer (a fresh account, signed in on this request context) orders two of the store's product. */
async function buyerOrders(request: APIRequestContext, email: string, store: OwnStore) {
  expect(
    (await request.post('/api/v1/auth/register', { data: { name: 'Marcia Reid', email, password: PASSWORD } })).ok(),
  ).toBe(true);
  expect((await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } })).ok()).toBe(true);
  const product: ApiProduct = store.products[0];
  const rateId = await courierToStAndrew(request, product.id);
  const placed = await request.post('/api/v1/orders/place', {
    data: {
      items: [{ productId: product.id, quantity: 2 }],
      shippingAddress: {
        name: 'Marcia Reid',
        phone: '876-555-0142',
        street: '12 Barbican Road',
        city: 'Kingston 6',
        state: 'St. Andrew',
        parish: 'St. Andrew',
        country: 'Jamaica',
      },
      paymentMethod: 'cash_on_delivery',
      shippingSelections: [{ sellerId: store.storeId, shippingRateId: rateId }],
      customerNotes: 'Please call before you come.',
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { id: string; orderNumber: string } };
  return { ...order, product };
}

/** The product's stock as the shop tells it now. */
async function stockOf(request: APIRequestContext, productId: string): Promise<number> {
  return ((await (await request.get(`/api/v1/products/${productId}`)).json()) as ApiProduct).stock;
}

/** From the orders list: the order found by its number, and its detail opened. */
async function openOrder(page: Page, orderNumber: string) {
  await page.goto('/dashboard/orders/');
  await page.getByLabel('Order number or buyer').fill(orderNumber);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: `Order ${orderNumber}` }).click();
  await page.waitForURL(/\/dashboard\/orders\/view\/\?id=/);
}

/** The toast closed and the page at its top, for a screenshot of the screen itself. */
async function clearView(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  if (await close.isVisible()) await close.dispatchEvent('click', undefined, { timeout: 2_000 }).catch(() => {});
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The innermost elements reaching past the screen's right edge (named in a failure, to find the culprit). */
const spilling = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // Inside a scrolling or clipping box (a tab row, a screen-reader-only text) is not spilling.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      return getComputedStyle(el).clip !== 'auto' && getComputedStyle(el).position === 'absolute';
    };
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !clipped(el))
      .filter((el) => ![...el.children].some((child) => child.getBoundingClientRect().right > width + 0.5))
      .slice(0, 8)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${el.textContent?.slice(0, 40)}": ${Math.round(el.getBoundingClientRect().right)}`,
      );
  });

/** The screen at 1280 and 360 px: nothing spills past its edge, no sideways scroll, axe, a screenshot. */
async function checkScreen(page: Page, name: string) {
  await clearView(page);
  await atBothWidths(
    page,
    (width) => test.info().outputPath(`seller-${name}-${width}.png`),
    async () => expect(await spilling(page), `${name}: elements wider than the screen`).toEqual([]),
  );
}

/** Signs the page in as a seller (the demo password) through the login form, on the way to `path`. */
async function signInSeller(page: Page, email: string, path: string) {
  await page.goto(path);
  await page.waitForURL(/\/login\?next=/);
  await page.getByLabel(/^e-?mail$/i).fill(email);
  await page.getByLabel(/^password$/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^(log ?in|sign in)$/i }).click();
  await page.waitForURL(`**${path}`);
}

test.describe('seller orders', () => {
  test.skip(({ isMobile }) => isMobile, RUNS_ONCE);
  test.beforeEach(async ({ context }) => withConsent(context));

  test('a seller without orders sees zeros and what will appear, on the dashboard and the orders list', async ({
    page,
  }) => {
    // No other journey orders from this store.
    await signInSeller(page, sellerEmail('oracabessa-sound-system'), '/dashboard/');
    await expect(page.getByTestId('today-sales')).toHaveText('US$0.00');
    await expect(page.getByTestId('month-orders')).toHaveText('0');
    await expect(page.getByTestId('chart-empty')).toBeVisible();
    await expect(page.getByTestId('waiting')).toContainText('Nothing waiting');
    // Its products' sample reviews, newest first, each linking to where the seller replies.
    const { reviews } = (await (await page.request.get('/api/v1/seller/dashboard')).json()) as {
      reviews: { unanswered: number; latest: { productId: string; productName: string }[] };
    };
    expect(reviews.latest.length, 'the sample has reviews of this seller').toBeGreaterThan(0);
    const card = page.getByTestId('reviews');
    await expect(card.getByRole('heading', { name: 'Latest reviews' })).toBeVisible();
    await expect(card.getByTestId('unanswered')).toContainText(`${reviews.unanswered} review`);
    await expect(card.getByRole('link')).toHaveCount(reviews.latest.length);
    await expect(card.getByRole('link').first()).toContainText(reviews.latest[0].productName);
    await expect(card.getByRole('link').first()).toHaveAttribute(
      'href',
      `/product/${encodeURIComponent(reviews.latest[0].productId)}/#reviews`,
    );
    await checkScreen(page, 'dashboard-new');
    await page.goto('/dashboard/orders/');
    await expect(page.getByText('No orders yet')).toBeVisible();
    await checkScreen(page, 'orders-empty');
  });

  test('buyer orders → seller sees it, accepts, ships with tracking → buyer sees courier and tracking', async ({
    page,
    browser,
    openStore,
  }, info) => {
    test.setTimeout(180_000);
    const project = info.project.name;
    const store = await sellersStore(openStore);
    const buyerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    await withConsent(buyerContext);
    const buyerPage = await buyerContext.newPage();
    const order = await buyerOrders(buyerPage.request, `e2e-seller-orders-${project}-${Date.now()}@yaad.test`, store);

    // The seller signs in and lands on the dashboard.
    await signInSeller(page, store.email, '/dashboard/');
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect(page.getByTestId('today-orders')).not.toHaveText('0');
    const waiting = page.getByTestId('waiting');
    await expect(waiting.getByRole('link', { name: new RegExp(`Order ${order.orderNumber}`) })).toBeVisible();
    await expect(page.getByRole('img', { name: /Sales per day, last 30 days/ })).toBeVisible();
    await checkScreen(page, 'dashboard');

    // The orders list finds it by its number.
    await page.getByRole('navigation', { name: 'Seller workspace' }).getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/dashboard/orders/');
    await expect(page.getByTestId('seller-orders')).toBeVisible();
    await page.getByLabel('Order number or buyer').fill(order.orderNumber);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('seller-orders').getByRole('listitem')).toHaveCount(1);
    await expect(page).toHaveURL(new RegExp(`q=${order.orderNumber}`));
    await checkScreen(page, 'orders');

    // The detail: what to pack and where; accept, then ship with a tracking number.
    await page.getByRole('link', { name: `Order ${order.orderNumber}` }).click();
    await page.waitForURL(/\/dashboard\/orders\/view\/\?id=/);
    await expect(page.getByTestId('part-status')).toHaveText('Pending');
    await expect(page.getByTestId('part-address')).toContainText('12 Barbican Road');
    await expect(page.getByTestId('part-notes')).toContainText('Please call before you come.');
    await expect(page.getByTestId('part-courier')).toContainText('Knutsford Express');
    await checkScreen(page, 'order-detail');

    await page.getByRole('button', { name: 'Accept order' }).click();
    const acceptDialog = page.getByRole('dialog', { name: 'Accept order' });
    await expect(acceptDialog).toBeVisible();
    await acceptDialog.getByRole('button', { name: 'Accept order' }).click();
    await expect(page.locator('[data-toast]')).toContainText('Order accepted');
    await expect(page.getByTestId('part-status')).toHaveText('Processing');

    await page.getByRole('button', { name: 'Mark shipped' }).click();
    const shipDialog = page.getByRole('dialog', { name: 'Mark shipped' });
    await expect(shipDialog.getByLabel('Courier')).toHaveValue('Knutsford Express');
    await shipDialog.getByRole('button', { name: 'Mark shipped' }).click();
    // The courier is filled in: only the tracking number is asked for.
    const trackingRequired = 'Tracking number is required: copy it from the courier’s receipt';
    await expect(shipDialog.getByRole('alert')).toContainText(trackingRequired);
    await expect(shipDialog.getByRole('alert')).not.toContainText('Courier');
    await expect(shipDialog.getByLabel('Tracking number')).toHaveAttribute('aria-invalid', 'true');
    await expect(shipDialog.getByLabel('Tracking number')).toHaveAccessibleDescription(trackingRequired);
    await expect(shipDialog.getByLabel('Courier')).not.toHaveAttribute('aria-invalid', 'true');
    await checkScreen(page, 'ship-dialog');
    await shipDialog.getByLabel('Tracking number').fill('ZM-E2E-4471');
    await shipDialog.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(page.locator('[data-toast]')).toContainText('Marked as shipped');
    await expect(page.getByTestId('part-status')).toHaveText('Shipped');
    await expect(page.getByTestId('part-courier')).toContainText('ZM-E2E-4471');
    await checkScreen(page, 'order-shipped');

    // The buyer's order details: shipped, the courier, the tracking number.
    await buyerPage.goto(`/order/${order.id}`);
    await expect(buyerPage.getByTestId('order-status')).toHaveText('Shipped');
    const shipment = buyerPage.getByTestId('part-shipment');
    await expect(shipment).toContainText('Knutsford Express');
    await expect(shipment).toContainText('ZM-E2E-4471');
    await atBothWidths(buyerPage, (width) => info.outputPath(`seller-buyer-view-${width}.png`));
    await buyerContext.close();

    // The packing slip: the link answers this part's PDF.
    const slipHref = await page.getByRole('link', { name: 'Packing slip (PDF)' }).getAttribute('href');
    const slip = await page.request.get(slipHref ?? '');
    expect(slip.status()).toBe(200);
    expect(slip.headers()['content-type']).toContain('application/pdf');
    const slipText = pdfText(await slip.body());
    expect(slipText).toContain(order.orderNumber);
    expect(slipText).toContain('12 Barbican Road');

    // Delivered, then the cash recorded as received.
    await page.getByRole('button', { name: 'Mark delivered' }).click();
    await page.getByRole('dialog', { name: 'Mark delivered' }).getByRole('button', { name: 'Mark delivered' }).click();
    await expect(page.locator('[data-toast]')).toContainText('Marked as delivered');
    await expect(page.getByTestId('part-status')).toHaveText('Delivered');
    await expect(page.getByTestId('part-payment')).toHaveText('Unpaid');
    await page.getByRole('button', { name: 'Record payment received' }).click();
    const payDialog = page.getByRole('dialog', { name: 'Record payment received' });
    await expect(payDialog).toContainText(`Record that you received the payment for order ${order.orderNumber}?`);
    await checkScreen(page, 'payment-dialog');
    // Confirmed by keyboard: the button it came from is gone, so the focus goes on from the actions.
    await payDialog.getByRole('button', { name: 'Record payment received' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-toast]')).toContainText('Payment recorded');
    // Nothing left to do but the packing slip: the focus is on it, inside the actions.
    await expect(page.getByRole('region', { name: 'Actions' }).locator(':focus')).toHaveCount(1);
    await expect(page.getByTestId('part-payment')).toHaveText('Paid');
    await expect(page.getByRole('button', { name: 'Record payment received' })).toHaveCount(0);
    await expect(page.getByText('Nothing left to do: this order is complete.')).toBeVisible();
    await checkScreen(page, 'order-complete');
  });

  test('a seller cancels an order with a reason: the buyer is told why and the stock is back', async ({
    page,
    browser,
    openStore,
  }, info) => {
    test.setTimeout(150_000);
    const project = info.project.name;
    const store = await sellersStore(openStore);
    const buyerContext = await browser.newContext();
    const order = await buyerOrders(
      buyerContext.request,
      `e2e-seller-cancel-${project}-${Date.now()}@yaad.test`,
      store,
    );
    expect(await stockOf(page.request, order.product.id)).toBe(order.product.stock - 2);

    await signInSeller(page, store.email, '/dashboard/orders/');
    await openOrder(page, order.orderNumber);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel order' });
    await expect(dialog).toContainText('the stock goes back');
    // No reason, no cancellation: the dialog says what is missing.
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'Reason is required: tell the buyer why the order is cancelled',
    );
    const reason = 'The last bags of this roast went to a market stall; sorry.';
    await dialog.getByLabel('Reason (the buyer sees it)').fill(reason);
    await checkScreen(page, 'cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.locator('[data-toast]')).toContainText('Order cancelled; its stock is back');
    await expect(page.getByTestId('part-status')).toHaveText('Cancelled');
    await expect(page.getByText(`Cancelled: ${reason}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Record payment received' })).toHaveCount(0);
    await checkScreen(page, 'order-cancelled');
    expect(await stockOf(page.request, order.product.id)).toBe(order.product.stock);

    // The buyer's order details say it is cancelled, and why.
    const buyerPage = await buyerContext.newPage();
    await buyerPage.goto(`/order/${order.id}`);
    await expect(buyerPage.getByTestId('order-status')).toHaveText('Cancelled');
    await expect(buyerPage.getByTestId('part-cancel-reason')).toContainText(reason);
    await buyerContext.close();
  });
});
