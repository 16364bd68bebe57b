import { test as base, expect } from '@playwright/test';
import { type Database, openDatabase } from '../../src/server/db/client';
import { productVariants } from '../../src/server/db/schema';
import { atBothWidths, RUNS_ONCE } from '../fixtures/both-widths';
import { createPostgresDatabase } from '../fixtures/database';
import { signedInContext, signInByApi, uniqueEmail, withConsent } from '../fixtures/e2e-session';
import { openOwnStore } from '../fixtures/own-store';
import { SHOPPER_ADDRESS } from '../fixtures/sample-cart';
import { type ShopProcess, startShopProcess } from '../fixtures/shop-process';
import { giveVariants } from '../fixtures/variants';

/*
 * Lines are variants, in the browser (issue 30 #3, docs/decisions/052): a shopper's cart holds Size
 * 10 / Brown of the test's own "Leather Desert Boots" at its own price; the cart page, checkout,
 * confirmation and order page name it "Size 10, Brown"; the order takes that variant's stock only;
 * delivered, the buyer's review on the product page says "Bought: Size 10, Brown".
 * The product page's pickers are not this test's: the line is added through the cart API, as they
 * will add it. The variants are written with `giveVariants` (until the seller's variants door
 * lands), so the shop is one of the test's own over a PostgreSQL database the test can also open
 * (TEST_DATABASE_URL, else the local server). It builds for a minute or two: the journey runs once
 * and looks at each screen at 1280 and 360 px (decision 047).
 */

const OPERATOR = 'variant-cart-operator@example.com';
const SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

type Scene = { shop: ShopProcess; database: Database };

const test = base.extend<{ scene: Scene }>({
  scene: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use, testInfo) => {
      testInfo.skip(testInfo.project.name !== 'desktop', RUNS_ONCE);
      const fresh = await createPostgresDatabase(SERVER, { suffix: `e2e_variants_${Date.now().toString(36)}` });
      let shop: ShopProcess | undefined;
      let database: Database | undefined;
      try {
        shop = await startShopProcess(
          { DATABASE_URL: fresh.url, ADMIN_EMAILS: OPERATOR, SIGNUPS_PER_ADDRESS: '1000' },
          { readyPath: '/cart' },
        );
        database = await openDatabase({ url: fresh.url });
        await use({ shop, database });
      } finally {
        await database?.close();
        await shop?.stop();
        await fresh.drop();
      }
    },
    { timeout: 300_000 },
  ],
});

const shot = (name: string) => (width: string) => test.info().outputPath(`variant-cart-${name}-${width}.png`);

test('a shopper buys Size 10 / Brown: its price in the cart, its label to the order, its stock only', async ({
  page,
  playwright,
  scene,
}) => {
  test.setTimeout(300_000);
  const { origin } = scene.shop;
  const project = test.info().project.name;
  const operator = await signedInContext(playwright, OPERATOR, 'Variant Operator', origin);
  await operator.dispose();
  const store = await openOwnStore(playwright, {
    label: 'Desert Boot Co',
    project,
    products: [{ name: 'Leather Desert Boots', price: 75, stock: 1 }],
    shop: { origin, operatorEmail: OPERATOR },
  });
  const [boots] = store.products;
  const variants = await giveVariants(
    scene.database.db,
    boots.id,
    [
      { name: 'Size', values: ['9', '10'] },
      { name: 'Colour', values: ['Brown', 'Black'] },
    ],
    [
      { values: ['9', 'Brown'], stock: 4 },
      { values: ['10', 'Brown'], stock: 3, priceCents: 8_999 },
      { values: ['10', 'Black'], stock: 5 },
    ],
  );
  const brown10 = variants[1];
  const stockOf = async () =>
    Object.fromEntries(
      (await scene.database.db.select().from(productVariants)).map((v) => [v.optionValues.join('/'), v.stock]),
    );

  try {
    await withConsent(page.context());
    await signInByApi(page.request, uniqueEmail('variant-cart', project), 'Shanice Brown', origin);
    // The hint the login page leaves, so the cart opens the server cart at once.
    await page
      .context()
      .addInitScript(() => localStorage.setItem('yaad-user', JSON.stringify({ firstName: 'Shanice' })));
    const write = { headers: { origin } };
    const noChoice = await page.request.post(`${origin}/api/v1/cart/add`, {
      ...write,
      data: { productId: boots.id, quantity: 1 },
    });
    expect(noChoice.status()).toBe(400);
    expect((await noChoice.json()).message).toBe('Choose a Size and Colour');
    const added = await page.request.post(`${origin}/api/v1/cart/add`, {
      ...write,
      data: { productId: boots.id, variantId: brown10.id, quantity: 2 },
    });
    expect(added.ok(), await added.text()).toBe(true);

    await page.goto(`${origin}/cart`);
    const line = page.locator(`[data-cart-line="${brown10.id}"]`);
    await expect(line).toContainText('Leather Desert Boots');
    await expect(line.locator('[data-variant-label]')).toHaveText('Size 10, Brown');
    await expect(line).toContainText('US$89.99');
    await expect(line.getByRole('link', { name: 'Leather Desert Boots' })).toHaveAttribute(
      'href',
      `/product/${boots.id}/?variant=${encodeURIComponent(brown10.id)}`,
    );
    await atBothWidths(page, shot('cart'), () =>
      expect(
        line.getByRole('button', { name: 'Remove Leather Desert Boots (Size 10, Brown) from cart' }),
      ).toBeVisible(),
    );

    expect(
      (await page.request.post(`${origin}/api/v1/cart/shipping-address`, { ...write, data: SHOPPER_ADDRESS })).ok(),
    ).toBe(true);
    await page.goto(`${origin}/checkout`);
    const seller = page.locator(`[data-seller="${store.storeId}"]`);
    await expect(seller).toContainText('Size 10, Brown');
    await seller.getByRole('radio').first().check();
    await page.getByRole('radio', { name: 'Cash on delivery' }).check();
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    await expect(placeOrder).toBeEnabled({ timeout: 15_000 });
    await atBothWidths(page, shot('checkout'), () => expect(seller).toContainText('US$89.99'));
    await placeOrder.click();
    await page.waitForURL('**/order-confirmation');
    await expect(page.getByText('Leather Desert Boots (Size 10, Brown) × 2')).toBeVisible();

    expect(await stockOf()).toEqual({ '9/Brown': 4, '10/Brown': 1, '10/Black': 5 });
    const mine = await (await page.request.get(`${origin}/api/v1/orders/my-orders`)).json();
    const [order] = mine.data as { id: string }[];
    await page.goto(`${origin}/order/${order.id}`);
    await expect(page.getByText('Size 10, Brown', { exact: true })).toBeVisible();
    await atBothWidths(page, shot('order'), () => expect(page.getByTestId('order-status')).toBeVisible());

    // Delivered, the buyer's review says on the product page which variant they bought.
    for (const status of ['processing', 'shipped', 'delivered']) {
      const moved = await store.seller.put(`${origin}/api/v1/orders/update-status/${order.id}`, {
        headers: { origin },
        data: { status },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    const reviewed = await page.request.post(`${origin}/api/v1/products/${boots.id}/reviews`, {
      ...write,
      data: { rating: 5, title: 'Fit true to size', body: 'Comfortable from the first day.' },
    });
    expect(reviewed.status(), await reviewed.text()).toBe(201);
    await page.goto(`${origin}/product/${boots.id}/`);
    // The reviews come to life when they come into view (issue 31).
    await page.evaluate(() => document.getElementById('reviews')?.scrollIntoView());
    const review = page.getByRole('article').filter({ hasText: 'Fit true to size' });
    await expect(review.getByText('Bought: Size 10, Brown')).toBeVisible();
    await atBothWidths(page, shot('review'), () => expect(review).toBeVisible());
  } finally {
    await store.close();
  }
});
