import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { monthName, shopDay, shopMonth } from '../../src/lib/shop-time';
import { RUNS_ONCE, screenAtBothWidths } from '../fixtures/both-widths';
import { payOnGatewayPage, TEST_CARDS } from '../fixtures/card-checkout';
import { signInByApi, uniqueEmail, withConsent } from '../fixtures/e2e-session';
import { expect, test } from '../fixtures/e2e-test';
import { courierToStAndrew } from '../fixtures/own-store';
import { SHOPPER_ADDRESS } from '../fixtures/sample-cart';

/*
 * What a seller earns (issue 27 #5, docs/decisions/036), at 1280 px and 360 px: a store of the
 * test's own starts with nothing (the empty state, balances at US$0.00); a shopper pays an order
 * of it by card on the test gateway; the seller's earnings screen then shows the sale as pending,
 * less the 10% commission on its items, each entry linked to the order, filtered by kind and by
 * month, and the month's statement listed (decision 041); a failed load (of the earnings, of the
 * statements) offers Try Again; /sell and the screen say what selling costs.
 */

test.skip(({ isMobile }) => isMobile, RUNS_ONCE);

const checkScreen = (page: Page, name: string) => screenAtBothWidths(page, `seller-earnings-${name}`);

const dollars = (n: number) =>
  `US$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.beforeEach(async ({ context }) => withConsent(context));

test('/sell says what selling costs before a seller applies', async ({ page }) => {
  await page.goto('/sell');
  // Loaded when it scrolls into view (below the fold on a phone).
  await page.getByRole('heading', { name: 'What selling costs' }).scrollIntoViewIfNeeded();
  const costs = page.getByTestId('selling-costs');
  await expect(costs.getByRole('heading', { name: '10% commission on what you sell' })).toBeVisible();
  await expect(costs.getByRole('heading', { name: 'Paid out 14 days after delivery' })).toBeVisible();
  await expect(costs.getByRole('heading', { name: 'Payouts from US$20.00' })).toBeVisible();
  await expect(costs).toContainText('Shipping is yours in full');
  await checkScreen(page, 'sell');
});

test('a card order’s earning shows as pending, less commission, on the seller’s earnings screen', async ({
  page,
  context,
  openStore,
}) => {
  test.setTimeout(180_000);
  const store = await openStore({
    label: 'Earnings Pottery',
    products: [{ name: `Clay Bowl ${Date.now().toString(36)}`, price: 40, stock: 10 }],
  });

  // The seller first: nothing earned yet.
  await signInByApi(page.request, store.email);
  await page.goto('/dashboard/earnings/');
  await expect(page.getByRole('link', { name: 'Earnings' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No earnings yet')).toBeVisible();
  for (const card of ['pending', 'available', 'inTransit', 'paidOut'])
    await expect(page.locator(`[data-balance="${card}"] dd`).first()).toHaveText('US$0.00');
  await checkScreen(page, 'empty');

  // A failed load says so and tries again.
  await page.route('**/api/v1/seller/earnings*', (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load your earnings' })).toBeVisible();
  await page.unroute('**/api/v1/seller/earnings*');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('No earnings yet')).toBeVisible();
  await expect(page.getByText('No statements yet')).toBeVisible();
  // The statements alone failing: their section says so and tries again.
  await page.route('**/api/v1/seller/statements', (route) => route.abort());
  await page.reload();
  await expect(page.getByText('We could not load your statements.')).toBeVisible();
  await expect(page.getByText('No earnings yet')).toBeVisible();
  await checkScreen(page, 'statements-failed');
  await page.unroute('**/api/v1/seller/statements');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('No statements yet')).toBeVisible();

  // A shopper (this browser, signed in as one) pays an order of two bowls by card.
  await context.clearCookies();
  await signInByApi(page.request, uniqueEmail('earnings-buyer', test.info().project.name), SHOPPER_ADDRESS.name);
  const product = store.products[0];
  const placed = await page.request.post('/api/v1/orders/place', {
    data: {
      items: [{ productId: product.id, quantity: 2 }],
      shippingAddress: { ...SHOPPER_ADDRESS, state: SHOPPER_ADDRESS.parish },
      paymentMethod: 'credit_card',
      shippingSelections: [
        { sellerId: store.storeId, shippingRateId: await courierToStAndrew(page.request, product.id) },
      ],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, payment } = (await placed.json()) as {
    order: { id: string; orderNumber: string; total: number };
    payment: { payUrl: string };
  };
  await page.goto(payment.payUrl);
  await payOnGatewayPage(page, TEST_CARDS.approve);
  await expect(page.getByTestId('card-payment')).toHaveAttribute('data-stage', 'paid');

  // The seller again: the sale (what the buyer paid for its part: the whole order) and the 10% commission on 80.00.
  await context.clearCookies();
  await signInByApi(page.request, store.email);
  await page.goto('/dashboard/earnings/');
  const entries = page.getByTestId('earnings-entries');
  await expect(entries.locator('[data-kind="sale"]')).toContainText(`+${dollars(order.total)}`);
  await expect(entries.locator('[data-kind="commission"]')).toContainText('-US$8.00');
  await expect(entries.locator('[data-kind="sale"]')).toContainText('Pending');
  await expect(entries.getByRole('link', { name: `Order ${order.orderNumber}` }).first()).toBeVisible();
  await expect(page.locator('[data-balance="pending"] dd').first()).toHaveText(dollars(order.total - 8));
  await expect(page.locator('[data-balance="available"] dd').first()).toHaveText('US$0.00');
  await expect(page.getByTestId('selling-costs')).toContainText('10% commission on what you sell');
  await checkScreen(page, 'pending');

  // By kind: only the commission.
  await page.getByLabel('Kind').selectOption('commission');
  await expect(page).toHaveURL(/\?kind=commission/);
  await expect(entries.locator('li')).toHaveCount(1);
  await expect(entries.locator('[data-kind="commission"]')).toBeVisible();
  await page.getByLabel('Kind').selectOption('payout');
  await expect(page.getByText('No entries of this kind')).toBeVisible();
  await page.getByRole('button', { name: 'All entries' }).click();
  await expect(entries.locator('li')).toHaveCount(2);

  // By month: this month's statement is listed; its Entries button filters the list to it.
  const month = shopMonth(new Date());
  const statement = page.getByTestId('statements').locator(`[data-month="${month}"]`);
  await expect(statement).toContainText(monthName(month));
  await expect(statement.getByRole('link', { name: `${monthName(month)} statement, CSV` })).toHaveAttribute(
    'href',
    `/api/v1/seller/statements/${month}?format=csv`,
  );
  await statement.getByRole('button', { name: `Entries of ${monthName(month)}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?month=${month}`));
  await expect(page.getByLabel('Month', { exact: true })).toHaveValue(month);
  await expect(entries.locator('li')).toHaveCount(2);
  await checkScreen(page, 'statements');

  // The month's tax invoices as CSV, for the seller's GCT return (decision 045): the order's invoice,
  // first in this store's sequence; the store is not GCT-registered, so no GCT.
  const download = page.waitForEvent('download');
  await statement.getByRole('link', { name: `${monthName(month)} tax invoices and credit notes, CSV` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`tax-invoices-${month}.csv`);
  const csv = (await readFile((await file.path()) as string, 'utf8')).trim().split('\n');
  expect(csv[0]).toBe('number,date,kind,customer,customer_trn,order,net,gct,total');
  expect(csv.slice(1)).toEqual([
    `TI-000001,${shopDay(new Date())},invoice,${SHOPPER_ADDRESS.name},,${order.orderNumber},${order.total.toFixed(2)},0.00,${order.total.toFixed(2)}`,
  ]);
  await page.goto('/dashboard/earnings/?month=2001-01');
  await expect(page.getByText('No entries in this month')).toBeVisible();
  await page.getByRole('button', { name: 'All entries' }).click();
  await expect(entries.locator('li')).toHaveCount(2);

  // The entry leads to the order.
  await entries
    .getByRole('link', { name: `Order ${order.orderNumber}` })
    .first()
    .click();
  await page.waitForURL(/\/dashboard\/orders\/view\/\?id=/);
});
