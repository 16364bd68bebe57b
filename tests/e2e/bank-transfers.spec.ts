import { expect, type Page, test } from '@playwright/test';
import { DEMO_OPERATOR_EMAIL, signInByApi, withConsent } from '../fixtures/e2e-session';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import { cheapestOf, shopperWithCart } from '../fixtures/sample-cart';

/*
 * Bank transfer to the marketplace end to end (issue 26 #4, #7; docs/decisions/034), at 360 and
 * 1280 px: a shopper places a bank-transfer order and is shown the marketplace's one account with
 * the order number as reference; an operator records the transfer on /admin/payments/; the
 * shopper's order page then says paid.
 */

const STORE = 'blue-mountain-roasters'; // takes bank transfer in the sample data
async function shoot(page: Page, name: string, full = false) {
  await page.screenshot({
    path: test.info().outputPath(`bank-transfer-${name}-${test.info().project.name}.png`),
    fullPage: full,
  });
}

test('a bank-transfer order is recorded paid by an operator, and the shopper’s order page says paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await shopperWithCart(page, [await cheapestOf(page.request, STORE)]);
  await page.goto('/checkout');
  await page.locator(`[data-seller="${STORE}"]`).getByRole('radio').first().check();
  await page.getByRole('radio', { name: 'Bank transfer' }).check();
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await expect(placeOrder).toBeEnabled({ timeout: 15_000 });
  await placeOrder.click();

  // The confirmation: one transfer to the marketplace, the order number as reference.
  const transfer = page.getByTestId('marketplace-transfer');
  await expect(transfer).toHaveAttribute('data-stage', 'awaiting_payment', { timeout: 15_000 });
  const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
  expect(orderNumber).toMatch(/^YM-/);
  await expect(transfer).toContainText('Yaad Market Ltd (sample)');
  await expect(transfer).toContainText(orderNumber);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'confirmation', true);
  // The shopper's one order (a new account), as the API reads it.
  const mine = await (await page.request.get('/api/v1/orders/my-orders')).json();
  const order = mine.data.find((o: { orderNumber: string }) => o.orderNumber === orderNumber);
  expect(order, orderNumber).toBeTruthy();

  // The operator records the transfer from the bank statement.
  const operatorContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  await withConsent(operatorContext);
  const operator = await operatorContext.newPage();
  await signInByApi(operator.request, DEMO_OPERATOR_EMAIL);
  await operator.goto('/admin/payments/');
  await expect(operator.getByRole('heading', { name: 'Record a bank transfer' })).toBeVisible();
  await operator.getByLabel('Order number').fill(orderNumber);
  await operator.getByLabel('Amount received (US$)').fill(order.total.toFixed(2));
  await operator.getByLabel('Date received').fill(new Date().toISOString().slice(0, 10));
  await operator.getByLabel('Bank reference').fill(`FT-E2E-${Date.now().toString(36)}`);
  await operator.getByRole('button', { name: 'Record transfer' }).click();
  await expect(operator.getByTestId('transfer-result')).toHaveText(`Recorded. ${orderNumber} is paid.`);
  // The list shows it, found by its method.
  await operator.getByLabel('Method').selectOption('bank_transfer');
  const row = operator.locator(`[data-testid="payment"][data-order="${orderNumber}"]`);
  await expect(row).toContainText('Received');
  await expect(row).toContainText('Bank transfer');
  await expectNoSidewaysScroll(operator);
  await expectNoSeriousA11yIssues(operator);
  await shoot(operator, 'operator', true);
  await operatorContext.close();

  // The shopper's order page says paid.
  await page.goto(`/order/${order.id}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');
  await expect(page.getByTestId('marketplace-transfer')).toHaveAttribute('data-stage', 'paid');
  await shoot(page, 'order-paid');
});
