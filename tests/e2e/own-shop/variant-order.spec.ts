import { atBothWidths } from '../../fixtures/both-widths';
import { signInByApi, uniqueEmail, withConsent } from '../../fixtures/e2e-session';
import { expect, OWN_SHOP_OPERATOR, test } from '../../fixtures/own-shop';
import { openOwnStore } from '../../fixtures/own-store';
import { SHOPPER_ADDRESS } from '../../fixtures/sample-cart';
import { chooseOption as choose, optionRadio as radio, shownPrice, shownStock } from '../../fixtures/variant-picker';

/*
 * Sizes and colours from the seller's grid to the buyer's order (issue 30's "Done when";
 * docs/decisions/051–054), at 1280 and 360 px, on the journeys' own shop
 * (tests/fixtures/own-shop.ts). A seller of the test's own gives its "Leather Desert Boots" sizes
 * and colours through its variants door (PUT /seller/products/{id}/variants), Size 11 in Brown
 * sold out; once the page is published, a shopper picks Size 10 / Brown on the product page and
 * sees its own price and stock, cannot choose the sold-out Size 11, adds it and orders it. The
 * cart, checkout, confirmation and order name it "Size 10, Brown"; the seller's stock of that
 * variant drops, and only that one's; delivered, the buyer's review says which variant was bought.
 */

const shot = (name: string) => (width: string) => test.info().outputPath(`variant-order-${name}-${width}.png`);

test('a shopper picks Size 10 / Brown, orders it, and only that variant’s stock drops', async ({
  page,
  playwright,
  scene,
}) => {
  test.setTimeout(300_000);
  const { origin } = scene.shop;
  const project = test.info().project.name;
  const write = { headers: { origin } };
  const store = await openOwnStore(playwright, {
    label: 'Desert Boot Co',
    project,
    products: [{ name: 'Leather Desert Boots', price: 75, stock: 1 }],
    shop: { origin, operatorEmail: OWN_SHOP_OPERATOR },
  });
  const [boots] = store.products;

  try {
    // The seller's grid, through its door: Size 11 is made in Brown only, and sold out.
    const row = (size: string, colour: string, stock: number, price = 75) => ({
      options: [size, colour],
      sku: `BOOT-${size}-${colour.toUpperCase()}`,
      price,
      stock,
    });
    const saved = await store.seller.put(`${origin}/api/v1/seller/products/${boots.id}/variants`, {
      ...write,
      data: {
        options: [
          { name: 'Size', values: ['9', '10', '11'] },
          { name: 'Colour', values: ['Brown', 'Black'] },
        ],
        variants: [row('9', 'Brown', 4), row('10', 'Brown', 3, 89.99), row('10', 'Black', 6), row('11', 'Brown', 0)],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const variants = (await saved.json()).variants as { id: string; label: string; stock: number }[];
    const brown10 = variants.find((v) => v.label === 'Size 10, Brown');
    if (!brown10) throw new Error(`no Size 10, Brown in ${JSON.stringify(variants)}`);
    const sellersStock = async () =>
      Object.fromEntries(
        (
          (await (await store.seller.get(`${origin}/api/v1/seller/products/${boots.id}`)).json()).variants as {
            label: string;
            stock: number;
          }[]
        ).map((v) => [v.label, v.stock]),
      );
    const before = await sellersStock();
    expect(before).toEqual({ 'Size 9, Brown': 4, 'Size 10, Brown': 3, 'Size 10, Black': 6, 'Size 11, Brown': 0 });

    // The product page is published with its pickers (read until it is: publishing is the shop's).
    const productPage = `${origin}/product/${boots.id}/`;
    await expect
      .poll(async () => (await (await page.request.get(productPage)).text()).includes(brown10.id), {
        timeout: 60_000,
        intervals: [1_000],
      })
      .toBe(true);

    await withConsent(page.context());
    await signInByApi(page.request, uniqueEmail('variant-order', project), 'Shanice Brown', origin);
    // The hint the login page leaves, so the cart opens the server cart at once.
    await page
      .context()
      .addInitScript(() => localStorage.setItem('yaad-user', JSON.stringify({ firstName: 'Shanice' })));
    // A product with options is not added without its choice.
    const noChoice = await page.request.post(`${origin}/api/v1/cart/add`, {
      ...write,
      data: { productId: boots.id, quantity: 1 },
    });
    expect(noChoice.status()).toBe(400);
    expect((await noChoice.json()).message).toBe('Choose a Size and Colour');

    await page.goto(productPage);
    const price = shownPrice(page);
    const stock = shownStock(page);
    await expect(radio(page, 'Size', '9')).toBeChecked();
    await expect(price).toHaveText('US$75.00');
    await choose(page, 'Size', '10');
    await expect(radio(page, 'Colour', 'Brown')).toBeChecked();
    await expect(price).toHaveText('US$89.99');
    await expect(stock).toHaveText('Only 3 left in stock');
    await expect(page).toHaveURL(new RegExp(`\\?variant=${encodeURIComponent(brown10.id)}$`));
    // Size 11 is sold out in Brown and not made in Black: it cannot be chosen.
    await expect(radio(page, 'Size', '11')).toBeDisabled();
    await atBothWidths(page, shot('picked'), () => expect(price).toHaveText('US$89.99'));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Leather Desert Boots (Size 10, Brown) has been added to your cart.')).toBeVisible();

    await page.goto(`${origin}/cart`);
    const line = page.locator(`[data-cart-line="${brown10.id}"]`);
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
    await expect(page.getByText('Leather Desert Boots (Size 10, Brown) × 1')).toBeVisible();

    // The seller's stock of Size 10 / Brown dropped by the one ordered; no other variant's moved.
    expect(await sellersStock()).toEqual({ ...before, 'Size 10, Brown': 2 });
    const mine = await (await page.request.get(`${origin}/api/v1/orders/my-orders`)).json();
    const [order] = mine.data as { id: string }[];
    await page.goto(`${origin}/order/${order.id}`);
    await expect(page.getByText('Size 10, Brown', { exact: true })).toBeVisible();
    await atBothWidths(page, shot('order'), () => expect(page.getByTestId('order-status')).toBeVisible());

    // Delivered, the buyer's review says on the product page which variant they bought.
    for (const status of ['processing', 'shipped', 'delivered']) {
      const moved = await store.seller.put(`${origin}/api/v1/orders/update-status/${order.id}`, {
        ...write,
        data: { status },
      });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    const reviewed = await page.request.post(`${origin}/api/v1/products/${boots.id}/reviews`, {
      ...write,
      data: { rating: 5, title: 'Fit true to size', body: 'Comfortable from the first day.' },
    });
    expect(reviewed.status(), await reviewed.text()).toBe(201);
    await page.goto(productPage);
    // The reviews come to life when they come into view (issue 31).
    await page.evaluate(() => document.getElementById('reviews')?.scrollIntoView());
    const review = page.getByRole('article').filter({ hasText: 'Fit true to size' });
    await expect(review.getByText('Bought: Size 10, Brown')).toBeVisible();
    await atBothWidths(page, shot('review'), () => expect(review).toBeVisible());

    // The seller's product list: each variant's stock, Size 10 / Brown down to 2.
    await page.context().clearCookies();
    await signInByApi(page.request, store.email, undefined, origin);
    await page.goto(`${origin}/dashboard/products/`);
    const product = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Leather Desert Boots' }) });
    await product.getByText('4 variants').click();
    await expect(product.getByRole('listitem').filter({ hasText: 'Size 10, Brown' })).toContainText('Low: 2');
    await expect(product.getByRole('listitem').filter({ hasText: 'Size 10, Black' })).toContainText('6 in stock');
    await expect(product.getByRole('listitem').filter({ hasText: 'Size 11, Brown' })).toContainText('Out of stock');
    await atBothWidths(page, shot('seller-stock'), () => expect(product).toBeVisible());
  } finally {
    await store.close();
  }
});
