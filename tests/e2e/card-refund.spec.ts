import { expect, type Page, test } from '@playwright/test';
import { payOnGatewayPage, TEST_CARDS } from '../fixtures/card-checkout';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import { cheapestOf, SHOPPER_ADDRESS, shopperWithCart } from '../fixtures/sample-cart';

/*
 * A paid card order cancelled by its buyer is refunded (issue 26 #6, docs/decisions/033), at
 * 360 px and 1280 px on the offline test gateway: placed through the API (the checkout is
 * card-payments.spec.ts's), paid on the gateway's page, cancelled on the order page, which then
 * says what went back to the card.
 */

const STORE = 'blue-mountain-roasters';
const shoot = (page: Page, name: string) =>
  page.screenshot({
    path: test.info().outputPath(`card-refund-${name}-${test.info().project.name}.png`),
    fullPage: true,
  });

test('a paid card order cancelled by the buyer shows as refunded', async ({ page }) => {
  test.setTimeout(120_000);
  const product = await cheapestOf(page.request, STORE);
  await shopperWithCart(page, [product]);
  const placed = await page.request.post('/api/v1/orders/place', {
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: { ...SHOPPER_ADDRESS, state: SHOPPER_ADDRESS.parish },
      paymentMethod: 'credit_card',
      shippingSelections: [{ sellerId: STORE, shippingRateId: `${STORE}--zipmail` }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, payment } = await placed.json();
  await page.goto(payment.payUrl);
  await payOnGatewayPage(page, TEST_CARDS.approve);
  await expect(page.getByTestId('card-payment')).toHaveAttribute('data-stage', 'paid');

  await page.goto(`/order/${order.id}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');
  await page.getByRole('button', { name: 'Cancel Order' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('What you paid by card is refunded to your card.');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();

  const status = page.getByTestId('card-payment');
  await expect(status.getByRole('heading', { name: 'Refunded' })).toBeVisible();
  await expect(status).toContainText(`$${order.total.toFixed(2)} was refunded to your card`);
  await expect(page.getByTestId('payment-status')).toHaveText('Refunded');
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByText('Cancelled, refunded to your card')).toBeVisible();
  await expect(page.getByTestId('amount-due')).toHaveText('US$0.00');
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'order-page');
});
