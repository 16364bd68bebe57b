import { sql } from 'drizzle-orm';
import { atBothWidths } from '../../fixtures/both-widths';
import { signInByApi, uniqueEmail, withConsent } from '../../fixtures/e2e-session';
import { expect, OWN_SHOP_OPERATOR, test } from '../../fixtures/own-shop';
import { openOwnStore } from '../../fixtures/own-store';
import { SHOPPER_ADDRESS } from '../../fixtures/sample-cart';

/*
 * An unpaid card order expires and its stock is back (issue 26's "Done when"; docs/decisions/029),
 * at 360 px and 1280 px on the offline test gateway, on the journeys' own shop
 * (tests/fixtures/own-shop.ts: its sweeper runs every 2 seconds, and its mail lands in its
 * /dev/mail box). A shopper of the test's own orders from a store of the test's own, goes to the
 * gateway's page and does not pay; the order page says awaiting with Pay now, the stock is held.
 * Then the hold's end is moved to now, as the clock would after 30 minutes; the page reads "Not
 * paid in time", the stock is back and the expiry mail is in the box. No fixed wait: the order is
 * read until the sweeper has taken it.
 */

const shot = (name: string) => (width: string) => test.info().outputPath(`card-hold-expiry-${name}-${width}.png`);

test('an unpaid card order expires when its hold ends, and its stock is back', async ({ page, playwright, scene }) => {
  test.setTimeout(300_000);
  const origin = scene.shop.origin;
  const project = test.info().project.name;
  const store = await openOwnStore(playwright, {
    label: 'Hold Pottery',
    project,
    products: [{ name: 'Hold Test Mug', price: 12.5, stock: 3 }],
    shop: { origin, operatorEmail: OWN_SHOP_OPERATOR },
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
    await expect(page.getByTestId('card-gateway-note')).toContainText('held for 30 minutes');
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

    // The hold ends (the clock moved to its end for this order only); the sweeper, every 2 s,
    // cancels the order. Read it until it has.
    await scene.database.db.execute(
      sql`update orders set awaiting_payment_until = now() - interval '1 second' where id = ${order.id} and awaiting_payment_until is not null`,
    );
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`${origin}/api/v1/orders/${order.id}`)).json()).order?.cardPayment?.stage,
        { timeout: 30_000, intervals: [1_000] },
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
    await expect(page.getByText('for 30 minutes for your card payment')).toBeVisible();
    await atBothWidths(page, shot('mail'), () => expect(page.getByText('Nothing was charged.')).toBeVisible());
  } finally {
    await store.close();
  }
});
