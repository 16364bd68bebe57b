import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, dollarsShown, money, withConsent } from '../fixtures/e2e-session';
import { expectNoSeriousA11yIssues } from '../fixtures/page-checks';

/*
 * The cart, favourites, cookie consent and toasts, as a shopper meets them: a guest adds from a
 * card, from a product page and from favourites, changes quantities, removes, is stopped by the
 * validation before checkout, signs in and sees the guest cart merged, then finds the same cart
 * after a reload and in a second tab. Runs at 1280 px (desktop) and 360 px (phone).
 */

type ApiProduct = { id: string; name: string; price: number; stock: number };

/** A shopper of this test's own (registered in the test), so the two projects never share a server cart. */
const SHOPPER = { email: '', password: DEMO_PASSWORD };

/** Products with room in stock, read from the API (the same catalogue the pages were built from). */
async function stockedProducts(request: APIRequestContext): Promise<ApiProduct[]> {
  const res = await request.get('/api/v1/products?inStock=true&limit=100&sort=price-low');
  const { products } = (await res.json()) as { products: ApiProduct[] };
  return products.filter((p) => p.stock >= 6);
}

const toast = (page: Page) => page.locator('[data-toast]');
const badge = (page: Page) => page.locator('[data-cart-count]:visible').first();
const cartRow = (page: Page, name: string): Locator => page.locator('tr[data-cart-line]').filter({ hasText: name });

async function expectToast(page: Page, title: string, description?: string | RegExp) {
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toContainText(title);
  if (description) await expect(toast(page)).toContainText(description);
}

async function closeToast(page: Page) {
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(toast(page)).toHaveCount(0);
}

/** Signs in through the login page, as a shopper does. */
async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(SHOPPER.email);
  await page.getByLabel(/^password$/i).fill(SHOPPER.password);
  await page.getByRole('button', { name: /^(log ?in|sign in)$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await expect.poll(() => page.evaluate(() => localStorage.getItem('yaad-user'))).not.toBeNull();
}

test.describe('guest cart', () => {
  test.beforeEach(async ({ context }) => withConsent(context));

  test('adds from a card, a product page and favourites; quantities, removal, validation; reload and a second tab', async ({
    page,
    context,
    request,
  }) => {
    const [, fromPage] = await stockedProducts(request);

    // 1. From a product card on the home page.
    await page.goto('/');
    const card = page.locator('article:has([data-add-to-cart]:not([disabled]))').first();
    const cardName = ((await card.locator('h3').textContent()) ?? '').trim();
    await card.getByRole('button', { name: `Add ${cardName} to cart` }).click();
    await expectToast(page, 'Added to cart', `${cardName} has been added to your cart.`);
    await expect(badge(page)).toHaveText('1');

    // 2. From a product page, two at once.
    await page.goto(`/product/${fromPage.id}`);
    await page.getByLabel('Quantity', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectToast(page, 'Added to cart', `${fromPage.name} has been added to your cart.`);
    await expect(badge(page)).toHaveText('3');

    // 3. Saved as a favourite on a card, then Add All to Cart on /favorites.
    await page.goto('/');
    const other = page
      .locator('article:has([data-add-to-cart]:not([disabled]))')
      .filter({ hasNot: page.getByText(cardName, { exact: true }) })
      .first();
    const favName = ((await other.locator('h3').textContent()) ?? '').trim();
    const heart = other.getByRole('button', { name: `Save ${favName} to favorites` });
    await heart.click();
    await expectToast(page, 'Added to favorites', `${favName} has been added to your favorites.`);
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/favorites');
    await expect(page.getByRole('heading', { level: 1, name: 'Your Favorites' })).toBeVisible();
    await expect(page.getByText('1 saved item')).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'Add All to Cart' }).click();
    await expectToast(page, 'Added to cart', '1 item has been added to your cart.');
    await expect(badge(page)).toHaveText('4');

    // 4. The cart page: three lines, the summary, quantities and removal.
    await page.goto('/cart');
    await expect(page.locator('tr[data-cart-line]')).toHaveCount(3);
    await expect(page.getByText('Calculated at checkout')).toBeVisible();
    await expect(page.getByText('Subtotal (4 items)')).toBeVisible();
    const pageRow = cartRow(page, fromPage.name);
    await expect(pageRow.getByLabel(`Quantity of ${fromPage.name}`, { exact: true })).toHaveValue('2');
    await expect(pageRow.getByText(money(fromPage.price * 2))).toBeVisible();
    const favRow = cartRow(page, favName);
    const minus = favRow.getByRole('button', { name: `Decrease quantity of ${favName}` });
    await expect(minus).toBeDisabled();
    await favRow.getByRole('button', { name: `Increase quantity of ${favName}` }).click();
    await expect(favRow.getByLabel(`Quantity of ${favName}`, { exact: true })).toHaveValue('2');
    await expect(minus).toBeEnabled();
    await minus.click();
    await expect(favRow.getByLabel(`Quantity of ${favName}`, { exact: true })).toHaveValue('1');
    await expect(minus).toBeDisabled();
    await pageRow.getByLabel(`Quantity of ${fromPage.name}`, { exact: true }).fill('3');
    await pageRow.getByLabel(`Quantity of ${fromPage.name}`, { exact: true }).press('Enter');
    await expect(badge(page)).toHaveText('5');
    await cartRow(page, cardName)
      .getByRole('button', { name: `Remove ${cardName} from cart` })
      .click();
    await expectToast(page, 'Removed from cart', `${cardName} has been removed from your cart.`);
    await expect(page.locator('tr[data-cart-line]')).toHaveCount(2);
    await expect(badge(page)).toHaveText('4');
    const favPrice = dollarsShown(await favRow.locator('td').nth(2).locator('span').first().textContent());
    await expect(page.locator('[data-cart-subtotal]')).toHaveText(money(fromPage.price * 3 + favPrice));
    await expectNoSeriousA11yIssues(page);

    // 5. Validation before checkout: a price the shopper saw that is no longer today's.
    await page.evaluate((id) => {
      const lines = JSON.parse(localStorage.getItem('yaad-cart') ?? '[]');
      for (const l of lines) if (l.product.id === id) l.addedPrice = l.addedPrice + 1;
      localStorage.setItem('yaad-cart', JSON.stringify(lines));
    }, fromPage.id);
    await page.reload();
    await expect(pageRow.getByText(/Price changed, was/)).toBeVisible();
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    const problems = page.getByRole('alert').filter({ hasText: 'Please review your cart before checkout' });
    await expect(problems).toContainText(`Price changed for "${fromPage.name}". Please refresh your cart`);
    await expect(page).toHaveURL(/\/cart$/);
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'Refresh cart' }).click();
    await expect(problems).toHaveCount(0);

    // 6. A reload and a second tab find the same cart; a change in one tab shows in the other.
    await page.reload();
    await expect(page.locator('tr[data-cart-line]')).toHaveCount(2);
    const second = await context.newPage();
    await second.goto('/cart');
    await expect(second.locator('tr[data-cart-line]')).toHaveCount(2);
    await expect(badge(second)).toHaveText('4');
    await cartRow(second, favName)
      .getByRole('button', { name: `Increase quantity of ${favName}` })
      .click();
    await expect(badge(second)).toHaveText('5');
    await expect(badge(page)).toHaveText('5');
    await expect(cartRow(page, favName).getByLabel(`Quantity of ${favName}`, { exact: true })).toHaveValue('2');
    await second.close();

    // 7. A valid cart goes on to checkout.
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('refuses more than the stock with the spec text', async ({ page, request }) => {
    const products = await stockedProducts(request);
    const product = products[products.length - 1];
    await page.goto(`/product/${product.id}`);
    await page.evaluate(
      (p) =>
        localStorage.setItem(
          'yaad-cart',
          JSON.stringify([
            {
              product: { ...p, images: [], category: '', store: { id: 'x', name: 'x' } },
              quantity: p.stock,
              addedPrice: p.price,
            },
          ]),
        ),
      product,
    );
    await page.reload();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectToast(page, 'Error', `Insufficient stock for "${product.name}". Available: ${product.stock}`);
    await expect(toast(page)).toHaveAttribute('data-toast', 'error');
    await expect(page.getByRole('alert').filter({ hasText: 'Insufficient stock' })).toBeVisible();
  });

  test('empty cart and empty favourites offer a way back', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
    await expect(badge(page)).toHaveCount(0);
    await expectNoSeriousA11yIssues(page);
    await page.goto('/favorites');
    await expect(page.getByRole('heading', { name: 'No favorites yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Discover Products' })).toHaveAttribute('href', '/');
    await expectNoSeriousA11yIssues(page);
  });

  test('one toast at a time; it closes by hand and leaves by itself', async ({ page }) => {
    await page.goto('/');
    const hearts = page.locator('button[data-favorite]');
    await hearts.nth(0).click();
    await hearts.nth(1).click();
    await expect(toast(page)).toHaveCount(1);
    await expect(page.getByRole('status').filter({ has: toast(page) })).toContainText('Added to favorites');
    await closeToast(page);
    await hearts.nth(1).click();
    await expectToast(page, 'Removed from favorites', 'Item has been removed from your favorites.');
    await page.mouse.move(0, 0);
    await expect(toast(page)).toHaveCount(0, { timeout: 8000 });
  });
});

test.describe('signing in', () => {
  test.beforeEach(async ({ context }) => {
    await withConsent(context);
  });

  test('merges the guest cart at sign-in; the server cart survives a reload and shows in a second tab', async ({
    page,
    context,
    request,
  }) => {
    const [a, b] = await stockedProducts(request);
    SHOPPER.email = `cart-${test.info().project.name}-${Date.now()}@example.com`;
    const registered = await request.post('/api/v1/auth/register', {
      data: { name: 'Cart Tester', email: SHOPPER.email, password: SHOPPER.password },
    });
    expect(registered.status()).toBe(201);
    // A new shopper's server cart starts empty: anything in it is a bug, not something to clear.
    await signIn(page);
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.locator('tr[data-cart-line]')).toHaveCount(0);
    await page.evaluate(() => fetch('/api/v1/auth/logout', { method: 'POST', credentials: 'include' }));
    await page.evaluate(() => {
      localStorage.removeItem('yaad-user');
      window.dispatchEvent(new Event('yaad:session'));
    });

    // A guest fills the cart.
    for (const p of [a, b]) {
      await page.goto(`/product/${p.id}`);
      await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await expectToast(page, 'Added to cart');
    }
    await expect(badge(page)).toHaveText('2');

    // Signing in merges it: "Cart Synced", the count, and local storage cleared.
    await signIn(page);
    await expect(page.getByText('Cart Synced')).toBeVisible();
    await expect(page.getByText('2 items from this device were added to your cart.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('yaad-cart'))).toBeNull();
    await page.goto('/cart');
    await expect(page.locator('tr[data-cart-line]')).toHaveCount(2);

    // Reload, and a second tab, find the server cart; a change in one reaches the other.
    await page.reload();
    await expect(page.locator('tr[data-cart-line]')).toHaveCount(2);
    const second = await context.newPage();
    await second.goto('/cart');
    await expect(second.locator('tr[data-cart-line]')).toHaveCount(2);
    await cartRow(second, a.name)
      .getByRole('button', { name: `Increase quantity of ${a.name}` })
      .click();
    await expect(badge(second)).toHaveText('3');
    await expect(badge(page)).toHaveText('3');
    await second.close();
    await expectNoSeriousA11yIssues(page);
  });
});

test.describe('cookie consent', () => {
  test('first visit: Customize, toggles, Save Preferences; stays away afterwards', async ({ page }) => {
    await page.goto('/');
    const banner = page.locator('[data-cookie-banner]');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Accept All' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Reject All' })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
    await banner.getByRole('button', { name: 'Customize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: /Necessary/ })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: /Necessary/ })).toBeDisabled();
    await expectNoSeriousA11yIssues(page);
    await dialog.getByRole('switch', { name: 'Analytics' }).check();
    await dialog.getByRole('switch', { name: 'Functional' }).check();
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(banner).toBeHidden();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookie-consent'))) ?? 'null')).toEqual({
      necessary: true,
      analytics: true,
      marketing: false,
      functional: true,
    });
    // No analytics id is configured, so even with consent no tag loads.
    await expect(page.locator('script[data-consent-tag]')).toHaveCount(0);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-cookie-banner]')).toBeHidden();
  });

  test('Accept All, Reject All, and the X that closes without saving', async ({ page }) => {
    await page.goto('/about');
    const banner = page.locator('[data-cookie-banner]');
    await banner.getByRole('button', { name: 'Close cookie banner' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent'))).toBeNull();

    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await banner.getByRole('button', { name: 'Reject All' }).click();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookie-consent'))) ?? 'null')).toEqual({
      necessary: true,
      analytics: false,
      marketing: false,
      functional: false,
    });

    await page.evaluate(() => localStorage.removeItem('cookie-consent'));
    await page.reload();
    await banner.getByRole('button', { name: 'Accept All' }).click();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookie-consent'))) ?? 'null')).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      functional: true,
    });
  });
});
