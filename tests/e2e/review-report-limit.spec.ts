import { expect, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { REVIEW_TEXT } from '../../src/lib/review-messages';
import { REPORTS_PER_WINDOW } from '../../src/server/services/reviews/feedback';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import { PASSWORD, personAt, register, reviewsReady, shoot } from '../fixtures/review-journey';

/*
 * One shopper sends at most REPORTS_PER_WINDOW reports in 15 minutes (docs/decisions/018). The
 * one after that is refused in the Report dialog itself: the dialog stays open with the reason
 * typed and says why, so nothing the shopper wrote is lost.
 */

type Listed = { products: { id: string; reviewCount: number }[] };

test('a shopper past the report allowance is told why in the Report dialog, which keeps the reason', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const email = `e2e-report-limit-${info.project.name}-${Date.now()}@yaad.test`;
  await register(request, 'Rhona Reynolds', email);
  await request.post('/api/v1/auth/login', { headers: { origin: baseURL }, data: { email, password: PASSWORD } });

  // The product the shopper will look at: its newest review comes first on the page.
  const listed = (await (await request.get('/api/v1/products?limit=50&sort=price-low')).json()) as Listed;
  const withReviews = listed.products.filter((p) => p.reviewCount > 0);
  const [target, ...others] = withReviews;
  expect(target, 'a product with reviews').toBeTruthy();
  // The allowance used up on other products' reviews, through the API.
  const spent: string[] = [];
  for (const product of others) {
    const { reviews } = (await (await request.get(`/api/v1/products/${product.id}/reviews`)).json()) as {
      reviews: { id: string }[];
    };
    for (const review of reviews) {
      if (spent.length === REPORTS_PER_WINDOW) break;
      const sent = await request.post(`/api/v1/reviews/${review.id}/reports`, {
        headers: { origin: baseURL },
        data: { reason: 'Reads like an advert.' },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      spent.push(review.id);
    }
    if (spent.length === REPORTS_PER_WINDOW) break;
  }
  expect(spent).toHaveLength(REPORTS_PER_WINDOW);

  const shopper = await personAt(browser, email, PASSWORD, `/product/${target.id}`);
  const report = (await reviewsReady(shopper))
    .locator('article[data-review]')
    .first()
    .getByRole('button', { name: 'Report' });
  await report.click();
  const dialog = shopper.getByRole('dialog', { name: 'Report this review' });
  const reason = dialog.getByLabel('What is wrong with it?');
  await reason.fill('Not about this product at all.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText(REVIEW_TEXT.tooManyReports)).toBeVisible();
  await expect(reason).toHaveValue('Not about this product at all.');
  await expectNoSidewaysScroll(shopper);
  await expectNoSeriousA11yIssues(shopper);
  await shoot(shopper, 'report-allowance-used');
  await shopper.context().close();
});
