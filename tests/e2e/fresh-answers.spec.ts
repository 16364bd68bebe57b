/**
 * A page's call for today's price and stock (the static pages' script, the cart, the favourites:
 * GET /products?ids=…) reaches the shop every time: the browser never answers it from its own
 * cache, however recent. With `stale-while-revalidate=60` in the answers' Cache-Control, Chromium
 * answered the next call from its cache, up to a minute old, and asked again only in the
 * background (docs/decisions/019, its 2026-11-28 update).
 */
import { expect, test } from '../fixtures/e2e-test';

test.skip(({ isMobile }) => isMobile, "the browser's cache, not a screen: one project is enough");

test('a price changed a moment ago is the price the next call is told', async ({ page, openStore }) => {
  const store = await openStore({
    label: 'Fresh Answers',
    products: [{ name: 'Fresh Answers Mug', price: 12, stock: 5 }],
  });
  const [mug] = store.products;
  await page.goto('/about');
  const url = `/api/v1/products?ids=${mug.id}&limit=100`;
  const told = () =>
    page.evaluate(async (u) => {
      const { products } = (await (await fetch(u)).json()) as { products: { price: number; stock: number }[] };
      return { price: products[0]?.price, stock: products[0]?.stock };
    }, url);
  expect(await told()).toEqual({ price: 12, stock: 5 });
  // The seller changes price and stock; the shop forgets its kept answer as the change commits.
  const changed = await store.seller.put(`/api/v1/seller/products/${mug.id}`, { data: { price: 14, stock: 2 } });
  expect(changed.status(), await changed.text()).toBe(200);
  // The very next call, not an eventual one: a poll would pass on a stale cache's second try.
  expect(await told()).toEqual({ price: 14, stock: 2 });
});
