import { expect, type Page, test } from '@playwright/test';
import { payOnGatewayPage, TEST_CARDS } from '../fixtures/card-checkout';
import { sellerEmail, signInByApi, withConsent } from '../fixtures/e2e-session';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import { cheapestOf, shopperWithCart } from '../fixtures/sample-cart';

/*
 * Card payments end to end on the offline test gateway (issue 26 #3, #7; docs/decisions/029), at
 * 1280 px and 360 px: checkout names the gateway and its cards; Place Order goes to the hosted
 * page and back to a confirmation that says paid; both sellers of a two-seller order see it only
 * then, ready to prepare. A declined card comes back as "Payment failed" with Try again, which pays.
 */

const FIRST = 'falmouth-art-gallery';
const SECOND = 'blue-mountain-roasters';
async function shoot(page: Page, name: string, full = false) {
  await page.screenshot({
    path: test.info().outputPath(`card-payment-${name}-${test.info().project.name}.png`),
    fullPage: full,
  });
}

/** A signed-in shopper at checkout with one item of each store, a courier chosen for each. */
async function atCheckout(page: Page) {
  await shopperWithCart(page, [await cheapestOf(page.request, FIRST), await cheapestOf(page.request, SECOND)]);
  await page.goto('/checkout');
  for (const store of [FIRST, SECOND])
    await page.locator(`[data-seller="${store}"]`).getByRole('radio').first().check();
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await expect(placeOrder).toBeEnabled({ timeout: 15_000 });
  return placeOrder;
}

const orderIdOf = (page: Page) => new URL(page.url()).searchParams.get('order') ?? '';

test('a card order from two sellers is paid on the gateway’s page, and both sellers see it ready', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const placeOrder = await atCheckout(page);
  await expect(page.getByRole('radio', { name: 'Credit card' })).toBeChecked();
  const note = page.getByTestId('card-gateway-note');
  await expect(note).toContainText('Yaad Market test gateway (no real money)');
  await expect(note).toContainText('Visa and Mastercard');
  await expect(note).toContainText('held for 30 minutes');
  await note.scrollIntoViewIfNeeded();
  await shoot(page, 'checkout');

  await placeOrder.click();
  await payOnGatewayPage(page, TEST_CARDS.approve, (gateway) => shoot(gateway, 'gateway'));
  const orderId = orderIdOf(page);
  await expect(page.getByTestId('card-payment')).toHaveAttribute('data-stage', 'paid');
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await expect(page.getByText('is paid and confirmed')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'paid', true);

  // The order page says paid.
  await page.goto(`/order/${orderId}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');

  // Each seller now has the order, ready to prepare (New) and paid.
  for (const store of [FIRST, SECOND]) {
    const seller = await playwright.request.newContext({ baseURL });
    await signInByApi(seller, sellerEmail(store));
    const view = await seller.get(`/api/v1/orders/${orderId}/seller-view`);
    expect(view.status(), store).toBe(200);
    const { order } = await view.json();
    expect(order.parts.map((p: { status: string; paymentStatus: string }) => [p.status, p.paymentStatus])).toEqual([
      ['pending', 'paid'],
    ]);
    await seller.dispose();
  }
  const sellerContext = await page
    .context()
    .browser()
    ?.newContext({ viewport: page.viewportSize() ?? undefined });
  if (sellerContext) {
    await withConsent(sellerContext);
    await signInByApi(sellerContext.request, sellerEmail(SECOND));
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto('/dashboard/orders');
    const orderNumber = (await page.getByRole('heading', { level: 1 }).textContent())?.replace('Order ', '') ?? '';
    await expect(sellerPage.getByText(orderNumber).first()).toBeVisible();
    await shoot(sellerPage, 'seller-sees-it');
    await sellerContext.close();
  }
});

test('a declined card comes back as failed with Try again, which pays', async ({ page }) => {
  test.setTimeout(180_000);
  const placeOrder = await atCheckout(page);
  await placeOrder.click();
  await payOnGatewayPage(page, TEST_CARDS.decline);
  const status = page.getByTestId('card-payment');
  await expect(status).toHaveAttribute('data-stage', 'awaiting_payment');
  await expect(status.getByRole('heading', { name: 'Payment failed' })).toBeVisible();
  await expect(status).toContainText('Your card was declined');
  await expect(page.getByRole('heading', { name: 'Your order needs its payment' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'declined');

  // The order page says the same, with the button.
  const orderId = orderIdOf(page);
  await page.goto(`/order/${orderId}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Payment failed');
  await expect(page.getByTestId('card-payment').getByRole('button', { name: 'Try again' })).toBeVisible();
  await shoot(page, 'order-page-declined');

  await page.getByTestId('card-payment').getByRole('button', { name: 'Try again' }).click();
  await payOnGatewayPage(page, TEST_CARDS.approve);
  await expect(page.getByTestId('card-payment')).toHaveAttribute('data-stage', 'paid');
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
  await shoot(page, 'paid-after-retry');
});
