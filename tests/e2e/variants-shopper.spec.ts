import type { Page } from '@playwright/test';
import { atBothWidths } from '../fixtures/both-widths';
import { withConsent } from '../fixtures/e2e-session';
import { expect, test } from '../fixtures/e2e-test';
import { holdScripts } from '../fixtures/hold-request';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import {
  chooseOption as choose,
  optionGroup as group,
  shownPrice as price,
  optionRadio as radio,
  shownStock as stock,
} from '../fixtures/variant-picker';

/*
 * A shopper picks a size and colour on the sample catalogue's Leather Desert Boots (issue 30,
 * decision 053): the page opens on the first variant (Size 8 / Brown), Size 10 / Brown shows its
 * own price, compare-at and stock, the sold-out Size 11 / Black cannot be chosen, the address
 * carries the variant and reopening it keeps it, the keyboard moves within a group, and Add to
 * Cart carries the variant. Runs at 1280 px (desktop) and 360 px (phone); the desktop run also
 * checks the chosen screen at both widths (atBothWidths). The sample catalogue is only read (the
 * shopper is a guest: the cart is the browser's).
 */

const BOOTS = '/product/leather-desert-boots/';
const TEN_BROWN = 'leather-desert-boots~10-brown';

const addToCart = (page: Page) => page.getByRole('button', { name: 'Add to Cart' });

test.beforeEach(async ({ context }) => withConsent(context));

test('picks Size 10 / Brown: its own price and stock, a sold-out combination cannot be chosen, the address keeps it', async ({
  page,
}, info) => {
  await page.goto(BOOTS);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Leather Desert Boots');
  // The first variant, as the page was built (also without JavaScript).
  await expect(radio(page, 'Size', '8')).toBeChecked();
  await expect(radio(page, 'Colour', 'Brown')).toBeChecked();
  await expect(price(page)).toHaveText('US$95.00');
  await expect(stock(page)).toHaveText('Only 5 left in stock');

  await choose(page, 'Size', '10');
  await expect(radio(page, 'Size', '10')).toBeChecked();
  await expect(price(page)).toHaveText('US$89.00');
  await expect(page.locator('[data-compare-at]')).toBeVisible();
  await expect(page.locator('[data-compare-at]')).toContainText('US$109.00');
  await expect(stock(page)).toHaveText('Only 3 left in stock');
  await expect(page).toHaveURL(new RegExp(`\\?variant=${TEN_BROWN}$`));
  await expect(group(page, 'Size')).toContainText('Size: 10');
  await expect(page.locator('[data-sku]')).toHaveText(/-10-BROWN$/);

  // Black with Size 11 is sold out: with Black chosen, 11 is struck through and cannot be chosen.
  await choose(page, 'Colour', 'Black');
  await expect(price(page)).toHaveText('US$95.00');
  await expect(stock(page)).toHaveText('6 in stock');
  await expect(page).toHaveURL(/\?variant=leather-desert-boots~10-black$/);
  await expect(radio(page, 'Size', '11')).toBeDisabled();
  await expect(radio(page, 'Size', '9')).toBeEnabled();
  await choose(page, 'Colour', 'Brown');
  await expect(radio(page, 'Size', '11')).toBeEnabled();
  // …and with Size 11 chosen, Black cannot be.
  await choose(page, 'Size', '11');
  await expect(radio(page, 'Colour', 'Black')).toBeDisabled();

  // The keyboard moves within a group and the page follows.
  await radio(page, 'Size', '11').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(radio(page, 'Size', '10')).toBeChecked();
  await expect(radio(page, 'Size', '10')).toBeFocused();
  await expect(price(page)).toHaveText('US$89.00');
  await expect(page).toHaveURL(new RegExp(`\\?variant=${TEN_BROWN}$`));

  if (info.project.name === 'desktop') {
    await atBothWidths(
      page,
      (width) => info.outputPath(`boots-size-10-brown-${width}.png`),
      async () => {
        await expect(price(page)).toHaveText('US$89.00');
      },
    );
  } else {
    await expectNoSeriousA11yIssues(page);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: info.outputPath('boots-size-10-brown-phone.png'), fullPage: true });
  }

  // A shared link opens on its variant.
  await page.goto(`${BOOTS}?variant=${TEN_BROWN}`);
  await expect(radio(page, 'Size', '10')).toBeChecked();
  await expect(radio(page, 'Colour', 'Brown')).toBeChecked();
  await expect(price(page)).toHaveText('US$89.00');
  await expect(stock(page)).toHaveText('Only 3 left in stock');
  await expect(page).toHaveURL(new RegExp(`\\?variant=${TEN_BROWN}$`));

  // Add to Cart carries the chosen variant, and the (guest) cart holds that variant at its price.
  const added = JSON.parse((await addToCart(page).getAttribute('data-add-to-cart')) ?? '{}');
  expect(added).toMatchObject({
    id: 'leather-desert-boots',
    variantId: TEN_BROWN,
    variantLabel: 'Size 10, Brown',
    price: 89,
    stock: 3,
  });
  await expect(addToCart(page)).toBeEnabled();
  await addToCart(page).click();
  await expect(page.getByText('Leather Desert Boots (Size 10, Brown) has been added to your cart.')).toBeVisible();
  await page.goto('/cart');
  const line = page.locator(`[data-cart-line="${TEN_BROWN}"]`);
  await expect(line.locator('[data-variant-label]')).toHaveText('Size 10, Brown');
  await expect(line).toContainText('US$89.00');
});

test('a size tapped before the page’s script arrived is followed once it does', async ({ page }) => {
  // A slow phone: the page is drawn and tapped while its script is still on the way.
  const release = await holdScripts(page);
  await page.goto(BOOTS, { waitUntil: 'commit' });
  await choose(page, 'Size', '10');
  await expect(radio(page, 'Size', '10')).toBeChecked();
  await expect(price(page)).toHaveText('US$95.00');
  release();
  await expect(price(page)).toHaveText('US$89.00');
  await expect(stock(page)).toHaveText('Only 3 left in stock');
  await expect(page).toHaveURL(new RegExp(`\\?variant=${TEN_BROWN}$`));
});

test('a card of the boots says "from" and how many sizes and colours, and leads to the page to choose', async ({
  page,
}, info) => {
  // Search finds the boots by a size, once (the page is one, whatever its variants).
  await page.goto('/search?q=boots%20size%2010');
  await expect(page.locator('[data-search-status]')).toHaveText('Found 1 result for "boots size 10"');
  await expect(page.locator('section[aria-label="Results"] article')).toHaveCount(1);
  await expect(page.locator('section[aria-label="Results"] article')).toContainText('Leather Desert Boots');
  await page.goto('/seller/black-river-threads/');
  const sellerCard = page.locator('article').filter({ hasText: 'Leather Desert Boots' });
  await expect(sellerCard).toContainText('from US$89.00');
  await expect(sellerCard).toContainText('4 sizes · 2 colours');
  await sellerCard.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath(`boots-card-${info.project.name}.png`) });
  await sellerCard.getByRole('link', { name: 'Choose options for Leather Desert Boots' }).click();
  await expect(page).toHaveURL(/\/product\/leather-desert-boots\/?$/);
  await expect(radio(page, 'Size', '8')).toBeChecked();
});

test('the Clothing page filters by size, sizes listed by size: Size 10 lists the leather boots alone, and the address keeps it', async ({
  page,
  isMobile,
}, info) => {
  await page.goto('/category/clothing/');
  // The filters are the sidebar at 1280 px and a sheet at 360 px.
  const scope = isMobile ? page.getByRole('dialog', { name: 'Filters' }) : page.locator('aside');
  if (isMobile) await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const size = scope.getByRole('group', { name: 'Size', exact: true });
  await expect(size).toBeVisible();
  // Sizes by size and colours alphabetically, whichever product is newest (src/lib/option-order.ts).
  await expect(size.locator('label')).toHaveText(['8', '9', '10', '11', 'S', 'M', 'L', 'XL']);
  await expect(scope.getByRole('group', { name: 'Colour', exact: true }).locator('label')).toHaveText([
    'Black',
    'Blue',
    'Brown',
    'Red',
  ]);
  await size.locator('label').filter({ hasText: /^10$/ }).click();
  await expect(page).toHaveURL(/[?&]options=Size%3A10(&|$)/);
  if (isMobile) await scope.getByRole('button', { name: 'Done' }).click();
  const cards = page.locator('main article');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Leather Desert Boots');
  await expectNoSeriousA11yIssues(page);
  await page.screenshot({ path: info.outputPath(`clothing-size-10-${info.project.name}.png`), fullPage: true });
  await page.reload();
  await expect(page.locator('main article')).toHaveCount(1);
  await expect(page.locator('main article')).toContainText('Leather Desert Boots');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page shows and sells the first variant, with its price and stock', async ({ page }) => {
    await page.goto(BOOTS);
    await expect(radio(page, 'Size', '8')).toBeChecked();
    await expect(radio(page, 'Colour', 'Brown')).toBeChecked();
    await expect(price(page)).toHaveText('US$95.00');
    await expect(stock(page)).toHaveText('Only 5 left in stock');
    const added = JSON.parse((await addToCart(page).getAttribute('data-add-to-cart')) ?? '{}');
    expect(added).toMatchObject({ variantId: 'leather-desert-boots~8-brown', price: 95, stock: 5 });
  });
});
