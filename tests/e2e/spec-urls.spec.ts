import { expect, test } from '@playwright/test';

/*
 * The spec's own addresses (its footer, its hero rule, its routes) lead to pages, not to 404s
 * (issue 12, items 17 and 26).
 */

const SPELLINGS: [asked: string, canonical: string, heading: string][] = [
  ['/category/Fashion', '/category/fashion', 'Fashion'],
  ['/category/Electronics', '/category/electronics', 'Electronics'],
  ['/category/Home%20&%20Garden', '/category/home-garden', 'Home & Garden'],
  ['/category/home-&-garden', '/category/home-garden', 'Home & Garden'],
  ['/category/art-&-collectibles', '/category/art-collectibles', 'Art & Collectibles'],
  ['/category/health-&-beauty', '/category/health-beauty', 'Health & Beauty'],
  ['/category/home_garden', '/category/home-garden', 'Home & Garden'],
];

for (const [asked, canonical, heading] of SPELLINGS) {
  test(`${asked} is moved for good to ${canonical}`, async ({ page, request }) => {
    const res = await request.get(`${asked}?inStock=true`, { maxRedirects: 0 });
    expect(res.status()).toBe(301);
    expect(res.headers().location).toBe(`${canonical}?inStock=true`);

    await page.goto(asked);
    await expect(page).toHaveURL(new RegExp(`${canonical}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

test('an unknown category is still not found', async ({ request }) => {
  expect((await request.get('/category/no-such-thing', { maxRedirects: 0 })).status()).toBe(404);
});

test('/profile/* (the spec’s route) answers the profile for any tail', async ({ page }) => {
  for (const path of ['/profile/orders', '/profile/anything', '/profile/settings/cards', '/profile/profile']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.getByText('Please log in to view your profile'), path).toBeVisible();
  }
});
