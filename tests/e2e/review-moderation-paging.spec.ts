import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { DEMO_OPERATOR_EMAIL, signInByApi, withConsent } from '../fixtures/e2e-session';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import { PASSWORD, register, shoot } from '../fixtures/review-journey';

/*
 * /admin/reviews/ pages its lists (Previous, "Page n of m", Next), by keyboard, at 360 and 1280 px.
 * The screen asks for 20 reviews a page; this test has the same real API answer 1 a page (the
 * request's `limit` rewritten), so two reports make several pages without leaving dozens of
 * reported reviews in the queue the moderation journey reads.
 */

test.beforeEach(async ({ context }) => withConsent(context));

type Page1 = { reviews: { review: { id: string } }[]; pagination: { total: number; totalPages: number } };

test('the operator pages through the reported reviews by keyboard', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  // A shopper reports two sample reviews of a product the other journeys do not take.
  const email = `e2e-paging-${info.project.name}-${Date.now()}@yaad.test`;
  await register(request, 'Paul Pager', email);
  await request.post('/api/v1/auth/login', { headers: { origin: baseURL }, data: { email, password: PASSWORD } });
  const listed = await (await request.get('/api/v1/products?limit=50&sort=price-high')).json();
  const product = (listed.products as { id: string; reviewCount: number }[]).find((p) => p.reviewCount >= 3);
  expect(product, 'a product with three reviews').toBeTruthy();
  const { reviews } = await (await request.get(`/api/v1/products/${product?.id}/reviews`)).json();
  for (const r of (reviews as { id: string }[]).slice(1, 3)) {
    const sent = await request.post(`/api/v1/reviews/${r.id}/reports`, {
      headers: { origin: baseURL },
      data: { reason: 'Copied from another shop’s page.' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  await signInByApi(page.request, DEMO_OPERATOR_EMAIL);
  const apiPage = async (n: number): Promise<Page1> =>
    (await page.request.get(`/api/v1/admin/reviews?status=reported&limit=1&page=${n}`)).json();
  const [first, second] = [await apiPage(1), await apiPage(2)];
  expect(first.pagination.total).toBeGreaterThanOrEqual(2);
  const pages = first.pagination.totalPages;

  await page.route(
    (url) => url.pathname === '/api/v1/admin/reviews',
    (route) => route.continue({ url: route.request().url().replace('limit=20', 'limit=1') }),
  );
  await page.goto('/admin/reviews/');
  const pager = page.getByRole('navigation', { name: 'Review pages' });
  const item = page.locator('article[data-moderated]');
  await expect(pager).toContainText(`Page 1 of ${pages}`);
  await expect(item).toHaveAttribute('data-moderated', first.reviews[0].review.id);
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'admin-paging-1');

  const next = pager.getByRole('button', { name: 'Next' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(pager).toContainText(`Page 2 of ${pages}`);
  await expect(item).toHaveAttribute('data-moderated', second.reviews[0].review.id);
  // On the last page Next is disabled: the focus moves to Previous, not to the top of the page.
  const focused = pages === 2 ? pager.getByRole('button', { name: 'Previous' }) : next;
  await expect(focused).toBeFocused();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'admin-paging-2');

  await pager.getByRole('button', { name: 'Previous' }).focus();
  await page.keyboard.press('Enter');
  await expect(pager).toContainText(`Page 1 of ${pages}`);
  await expect(next).toBeFocused();
  // Another filter starts again at its first page.
  await page.getByRole('button', { name: 'Hidden' }).click();
  await expect(page.getByRole('button', { name: 'Hidden' })).toHaveAttribute('aria-pressed', 'true');
  await expect(pager.or(page.getByText('No hidden reviews'))).toBeVisible();
  if (await pager.isVisible()) await expect(pager).toContainText('Page 1 of');
});
