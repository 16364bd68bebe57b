import { RUNS_ONCE, screenAtBothWidths } from '../fixtures/both-widths';
import { DEMO_OPERATOR_EMAIL, ORIGIN, signedInContext, signInByApi, withConsent } from '../fixtures/e2e-session';
import { expect, test } from '../fixtures/e2e-test';
import { courierToStAndrew } from '../fixtures/own-store';
import { cheapestOf, SHOPPER_ADDRESS, shopperWithCart } from '../fixtures/sample-cart';

/*
 * Bank transfer to the marketplace end to end (issue 26 #4, #7; docs/decisions/034), at 360 and
 * 1280 px: a shopper places a bank-transfer order and is shown the marketplace's one account with
 * the order number as reference; an operator records the transfer on /admin/payments/; the
 * shopper's order page then says paid. An over-paid order's excess is owed back: the operator finds
 * it under "Refund due", records the refund sent by bank transfer (never more than is owed), and
 * the shopper's order page says it was sent back (decision 034's update).
 */

const STORE = 'blue-mountain-roasters'; // takes bank transfer in the sample data
test.skip(({ isMobile }) => isMobile, RUNS_ONCE);

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
  await screenAtBothWidths(page, 'bank-transfer-confirmation');
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
  await screenAtBothWidths(operator, 'bank-transfer-operator');
  await operatorContext.close();

  // The shopper's order page says paid.
  await page.goto(`/order/${order.id}`);
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');
  await expect(page.getByTestId('marketplace-transfer')).toHaveAttribute('data-stage', 'paid');
  await screenAtBothWidths(page, 'bank-transfer-order-paid');
});

test('an over-payment’s excess is refunded by an operator on the payments screen, and the shopper sees it', async ({
  page,
  browser,
  playwright,
  openStore,
}) => {
  test.setTimeout(150_000);
  const store = await openStore({
    label: 'Refund Pottery',
    products: [{ name: 'Refund Test Bowl', price: 20, stock: 5 }],
  });
  const [bowl] = store.products;
  await shopperWithCart(page, [bowl]);
  const placed = await page.request.post('/api/v1/orders/place', {
    headers: ORIGIN,
    data: {
      items: [{ productId: bowl.id, quantity: 1 }],
      shippingAddress: { ...SHOPPER_ADDRESS, state: SHOPPER_ADDRESS.parish },
      paymentMethod: 'bank_transfer',
      shippingSelections: [{ sellerId: store.storeId, shippingRateId: await courierToStAndrew(page.request, bowl.id) }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = await placed.json();
  // The bank statement shows US$5.00 more than the order came to.
  const api = await signedInContext(playwright, DEMO_OPERATOR_EMAIL);
  const recorded = await api.post('/api/v1/admin/payments/bank-transfers', {
    data: {
      orderNumber: order.orderNumber,
      amountCents: Math.round(order.total * 100) + 500,
      receivedOn: new Date().toISOString().slice(0, 10),
      bankReference: `FT-E2E-IN-${Date.now().toString(36)}`,
    },
  });
  expect(recorded.status(), await recorded.text()).toBe(201);
  await api.dispose();

  const operatorContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  await withConsent(operatorContext);
  const operator = await operatorContext.newPage();
  await signInByApi(operator.request, DEMO_OPERATOR_EMAIL);
  await operator.goto('/admin/payments/');
  await operator.getByLabel('Refund due: only money still to give back').check();
  const row = operator.locator(`[data-testid="payment"][data-order="${order.orderNumber}"]`);
  await expect(row).toContainText('US$5.00 to refund');
  await row.getByRole('button', { name: 'Record refund of US$5.00' }).click();

  const dialog = operator.getByRole('dialog', { name: `Record a refund for ${order.orderNumber}` });
  await expect(dialog.getByLabel('Amount sent (US$)')).toHaveValue('5.00');
  // More than is owed is refused before it is sent, under the field.
  await dialog.getByLabel('Amount sent (US$)').fill('6');
  const reference = `FT-E2E-BACK-${Date.now().toString(36)}`;
  await dialog.getByLabel('Bank reference').fill(reference);
  await dialog.getByRole('button', { name: 'Record refund' }).click();
  await expect(dialog.getByText('Amount sent can be at most the US$5.00 owed back')).toBeVisible();
  await expect(dialog.getByLabel('Amount sent (US$)')).toBeFocused();
  await screenAtBothWidths(operator, 'bank-transfer-refund-dialog');
  await dialog.getByLabel('Amount sent (US$)').fill('5.00');
  await dialog.getByRole('button', { name: 'Record refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(operator.getByText('Refund recorded', { exact: true })).toBeVisible();
  // Nothing more is owed: it leaves the "refund due" list.
  await expect(row).toHaveCount(0);

  await operator.getByLabel('Refund due: only money still to give back').uncheck();
  await operator.getByLabel('Method').selectOption('bank_transfer');
  await expect(row).toContainText('Partly refunded');
  await expect(row.getByTestId('refund')).toHaveText(
    new RegExp(
      `^US\\$5\\.00 refunded by bank transfer on \\d{4}-\\d{2}-\\d{2}, reference ${reference} · recorded by ${DEMO_OPERATOR_EMAIL}$`,
    ),
  );
  await expect(row.getByRole('button')).toHaveCount(0);
  await screenAtBothWidths(operator, 'bank-transfer-refunded');
  await operatorContext.close();

  await page.goto(`/order/${order.id}`);
  await expect(page.getByTestId('marketplace-transfer')).toContainText(
    'US$5.00 was sent back to you by bank transfer.',
  );
  await screenAtBothWidths(page, 'bank-transfer-order-refunded');
});
