import { expect, test } from '@playwright/test';

test('a clean start serves the home page and the API', async ({ page, request }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Yaad Market/);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Kingston');

  const health = await request.get('/api/v1/health');
  expect(health.status()).toBe(200);
  expect((await health.json()).database).toBe('pglite');
});

test('an unknown page answers 404 with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('pages run their scripts under a policy without unsafe-inline, with no violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `Content Security Policy violation on ${location.pathname}: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`,
      );
    });
  });
  for (const path of ['/', '/category/electronics', '/products', '/search?q=coffee', '/login', '/cart']) {
    const response = await page.goto(path);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp, path).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+ 'wasm-unsafe-eval'/);
    expect(csp, path).not.toMatch(/script-src [^;]*unsafe-inline/);
    await page.waitForLoadState('networkidle');
  }
  // The islands' inline hydration scripts ran: a card's Add to cart works.
  await page.goto('/');
  await page.locator('article [data-add-to-cart]:not([disabled])').first().click();
  await expect(page.locator('[data-toast]')).toContainText('Added to cart');
  await expect(page.locator('[data-cart-count]:visible').first()).toHaveText('1');
  expect(violations).toEqual([]);
});
