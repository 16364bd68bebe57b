import { expect, test } from '@playwright/test';
import { CATEGORIES } from '../../src/lib/catalog';
import { MESSAGES } from '../../src/lib/messages';
import {
  expectCardsHoldTheirControls,
  expectNoSeriousA11yIssues,
  expectNoSidewaysScroll,
} from '../fixtures/page-checks';

test('home → category → product → seller', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Products' })).toBeVisible();
  await expect(
    page.locator('#featured-products ~ div article, section[aria-labelledby="featured-products"] article'),
  ).toHaveCount(10);
  await expectNoSeriousA11yIssues(page);

  // The hero's first slide (chosen by its dot, which stops the rotation) leads to a category page.
  await page.getByRole('button', { name: 'Show slide 1: Art & Collectibles' }).click();
  await page.getByRole('link', { name: 'Shop Art & Collectibles' }).click();
  await expect(page).toHaveURL(/\/category\/art-collectibles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Art & Collectibles' })).toBeVisible();
  await expect(page.getByText(/\d+ products? found/)).toBeVisible();
  const firstCard = page.locator('section[aria-label="Products"] article').first();
  await expect(firstCard).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await expectNoSidewaysScroll(page);

  // A product page: breadcrumb, gallery, quantity clamped to stock, tabs.
  const name = (await firstCard.locator('h3').textContent())?.trim() ?? '';
  await firstCard.locator('h3 a').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Products');
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await quantity.fill('0');
  await quantity.blur();
  await expect(quantity).toHaveValue('1');
  await page.getByRole('tab', { name: 'Shipping' }).click();
  await page.getByLabel('Deliver to parish').selectOption('Kingston');
  await expect(page.locator('[data-estimate-result]')).toContainText(/business day|No shipping options available/);
  await expectNoSeriousA11yIssues(page);
  await expectNoSidewaysScroll(page);

  // Its seller.
  const soldBy = page.getByText('Sold by').getByRole('link');
  const store = (await soldBy.textContent())?.trim() ?? '';
  await soldBy.click();
  await expect(page.getByRole('heading', { level: 1, name: store })).toBeVisible();
  await expect(page.getByText(/Joined \w+ \d{4}/)).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await expectNoSidewaysScroll(page);
});

test('the listing filters through the URL and shows its empty state', async ({ page }) => {
  await page.goto('/products?category=Books');
  await expect(page.getByRole('heading', { level: 1, name: 'Books' })).toBeVisible();
  await page.getByRole('button', { name: 'Fiction', exact: true }).click();
  await expect(page).toHaveURL(/subcategory=Fiction/);
  await expect(page.getByRole('button', { name: /Back to Books/ })).toBeVisible();

  // Strict filters on each Books shelf, counted by the API first, so the page is held to the
  // truth: a shelf they empty shows the empty state, one they leave shows its exact count.
  const shelves: { subcategory: string; total: number }[] = [];
  for (const subcategory of CATEGORIES.Books) {
    const q = new URLSearchParams({
      category: 'Books',
      subcategory,
      minRating: '4',
      inStock: 'true',
      discounted: 'true',
    });
    const { pagination } = await (await page.request.get(`/api/v1/products?${q}&limit=1`)).json();
    shelves.push({ subcategory, total: pagination.total });
  }
  const empty = shelves.find((s) => s.total === 0);
  const kept = shelves.find((s) => s.total > 0);
  expect(empty, 'a Books shelf that the strict filters empty').toBeDefined();
  const strict = (subcategory: string) =>
    `/products?category=Books&rating=4&inStock=true&discounted=true&sortBy=price-high&subcategory=${encodeURIComponent(subcategory)}`;
  await page.goto(strict(empty?.subcategory ?? ''));
  const emptyState = page.locator('.card', { hasText: MESSAGES.products.noMatches });
  await expect(emptyState.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
  if (kept) {
    await page.goto(strict(kept.subcategory));
    await expect(page.getByText(`${kept.total} product${kept.total === 1 ? '' : 's'} found`)).toBeVisible();
  }
});

test('the dearest electronics keep their price and Add button inside the card', async ({ page }) => {
  await page.goto('/products?category=Electronics&sort=price-high');
  await expect(page.locator('section[aria-label="Products"] article').first()).toBeVisible();
  await expect(page.locator('[data-price]').first()).toHaveText(/^US\$\d,\d{3}\.\d{2}$/);
  await expectCardsHoldTheirControls(page);
  await expectNoSidewaysScroll(page);
});

test('a product with five photos fits the screen: its row of thumbnails scrolls inside the gallery', async ({
  page,
  request,
}) => {
  const res = await request.get('/api/v1/products?limit=100');
  const { products } = (await res.json()) as { products: { id: string; images: string[] }[] };
  const five = products.find((p) => p.images.length >= 5);
  expect(five, 'a sample product with five photos').toBeTruthy();
  await page.goto(`/product/${five?.id}/`);
  await expect(page.getByRole('button', { name: 'Show photo 5' })).toBeAttached();
  await expectNoSidewaysScroll(page);
});

test('the listing switches between grid and list on desktop', async ({ page }, info) => {
  test.skip(info.project.name === 'phone', 'the toggle is a desktop control');
  await page.goto('/products?category=Books');
  const cards = page.locator('section[aria-label="Products"] article');
  await expect(cards.first()).toBeVisible();
  await page.getByRole('button', { name: 'List', exact: true }).click();
  await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.first().locator('p.line-clamp-2')).toBeVisible(); // the list shows descriptions
  await page.getByRole('button', { name: 'Grid', exact: true }).click();
  await expect(cards.first().locator('p.line-clamp-2')).toHaveCount(0);
});

test('unknown product and seller pages say so', async ({ page }) => {
  const product = await page.goto('/product/no-such-product');
  expect(product?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  const seller = await page.goto('/seller/no-such-seller');
  expect(seller?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Seller Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toBeVisible();
});
