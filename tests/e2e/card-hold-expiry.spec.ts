import { test as base, expect } from '@playwright/test';
import { atBothWidths } from '../fixtures/both-widths';
import { signedInContext, signInByApi, uniqueEmail, withConsent } from '../fixtures/e2e-session';
import { ownShopFixture } from '../fixtures/own-shop-test';
import { openOwnStore } from '../fixtures/own-store';
import { SHOPPER_ADDRESS } from '../fixtures/sample-cart';
import type { ShopProcess } from '../fixtures/shop-process';

/*
 * An unpaid card order expires and its stock is back (issue 26's "Done when"; docs/decisions/029),
 * at 360 px and 1280 px on the offline test gateway. The run's shop holds a card order 30 minutes,
 * so this test starts a shop of its own with the shortest hold a shop can have
 * (PAYMENT_HOLD_MINUTES=1) and a sweep every 2 seconds (PAYMENT_SWEEP_SECONDS), with no SMTP_URL so
 * its mail lands in its /dev/mail box. A shopper of the test's own orders from a store of the test's
 * own, goes to the gateway's page and does not pay; the order page says awaiting with Pay now, the
 * stock is held; once the hold ends, the page reads "Not paid in time", the stock is back and the
 * expiry mail is in the box. No fixed wait: the order is read until the sweeper has taken it.
 *
 * Its shop starts and builds for a minute or two, so the journey runs once (in the desktop
 * project) and looks at each of its screens at both widths, 1280 and 360 px, rather than starting
 * a second shop for the phone project.
 */

const OPERATOR = 'hold-expiry-operator@example.com';

const test = base.extend<{ shop: ShopProcess }>({
  shop: ownShopFixture(
    {
      PAYMENT_HOLD_MINUTES: '1',
      PAYMENT_SWEEP_SECONDS: '2',
      ADMIN_EMAILS: OPERATOR,
      SIGNUPS_PER_ADDRESS: '1000',
    },
    '/checkout',
  ),
});

const shot = (name: string) => (width: string) => test.info().outputPath(`card-hold-expiry-${name}-${width}.png`);

test('an unpaid card order expires when its hold ends, and its stock is back', async ({ page, playwright, shop }) => {
  test.setTimeout(300_000);
  const origin = shop.origin;
  const project = test.info().project.name;
  // The shop's operator (ADMIN_EMAILS), who approves the test's store.
  const operator = await signedInContext(playwright, OPERATOR, 'Hold Operator', origin);
  await operator.dispose();
  const store = await openOwnStore(playwright, {
    label: 'Hold Pottery',
    project,
    products: [{ name: 'Hold Test Mug', price: 12.5, stock: 3 }],
    shop: { origin, operatorEmail: OPERATOR },
  });
  const [mug] = store.products;
  const stock = async () => (await (await page.request.get(`${origin}/api/v1/products/${mug.id}`)).json()).stock;

  try {
    await withConsent(page.context());
    await signInByApi(page.request, uniqueEmail('hold', project), 'Kemar Brown', origin);
    const write = { headers: { origin } };
    expect(
      (
        await page.request.post(`${origin}/api/v1/cart/add`, { ...write, data: { productId: mug.id, quantity: 1 } })
      ).ok(),
    ).toBe(true);
    expect(
      (await page.request.post(`${origin}/api/v1/cart/shipping-address`, { ...write, data: SHOPPER_ADDRESS })).ok(),
    ).toBe(true);

    await page.goto(`${origin}/checkout`);
    await page.locator(`[data-seller="${store.storeId}"]`).getByRole('radio').first().check();
    await expect(page.getByTestId('card-gateway-note')).toContainText('held for 1 minute');
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    await expect(placeOrder).toBeEnabled({ timeout: 15_000 });
    await placeOrder.click();
    // On the gateway's page, the shopper does not pay.
    await page.waitForURL('**/dev/gateway/hpp/**');
    await expect(page.getByLabel('Card number')).toBeVisible();

    const mine = await (await page.request.get(`${origin}/api/v1/orders/my-orders`)).json();
    const [order] = mine.data as { id: string; orderNumber: string }[];
    expect(await stock()).toBe(2);

    await page.goto(`${origin}/order/${order.id}`);
    const box = page.getByTestId('card-payment');
    await expect(box).toHaveAttribute('data-stage', 'awaiting_payment');
    await expect(box.getByRole('heading', { name: 'Awaiting payment' })).toBeVisible();
    await expect(box).toContainText('Your items are held until');
    await atBothWidths(page, shot('awaiting'), () =>
      expect(box.getByRole('button', { name: 'Pay now' })).toBeVisible(),
    );

    // The hold ends; the sweeper (every 2 s) cancels the order. Read it until it has.
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`${origin}/api/v1/orders/${order.id}`)).json()).order?.cardPayment?.stage,
        { timeout: 120_000, intervals: [2_000] },
      )
      .toBe('expired');
    await page.reload();
    await expect(box).toHaveAttribute('data-stage', 'expired');
    await expect(box.getByRole('heading', { name: 'Not paid in time' })).toBeVisible();
    await expect(box).toContainText('Nothing was charged.');
    await expect(box.getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('payment-status')).toHaveText('Not paid in time');
    await atBothWidths(page, shot('expired'), () => expect(page.getByTestId('order-status')).toHaveText('Cancelled'));

    // The stock held for it is back.
    await expect.poll(stock, { timeout: 15_000 }).toBe(3);

    // The buyer's mail, in the shop's dev mail box.
    await page.goto(`${origin}/dev/mail`);
    const subject = `Your order ${order.orderNumber} was not paid and is cancelled`;
    const mail = page.getByRole('listitem').filter({ hasText: subject });
    await expect(mail).toHaveCount(1);
    await mail.getByRole('link', { name: 'view' }).click();
    await expect(page.getByText('for 1 minute for your card payment')).toBeVisible();
    await atBothWidths(page, shot('mail'), () => expect(page.getByText('Nothing was charged.')).toBeVisible());
  } finally {
    await store.close();
  }
});
