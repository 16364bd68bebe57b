import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { ratingDisplay, starsCountText, starsLabel } from '../../src/lib/listing';
import { reviewCountText } from '../../src/lib/ratings';
import { DEMO_OPERATOR_EMAIL, signInByApi, withConsent } from '../fixtures/e2e-session';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import { PUBLISHED } from '../fixtures/publishing';
import {
  DEMO_PASSWORD,
  PASSWORD,
  personAt,
  register,
  reviewsReady,
  type Summary,
  shoot,
  summaryOf,
  tabTo,
} from '../fixtures/review-journey';

/*
 * Moderation (issue 16 item 4, docs/decisions/018), as the people involved meet it: a shopper
 * reports a review through the Report dialog on the product page (by keyboard); the operator hides
 * it at /admin/reviews/; the product page's average and count drop (its live line at once, the
 * static page once published again; its card's stars on a page built before, at once too) and the
 * operator's action log records it; restored, all of it comes back. Screenshots of /admin/reviews/ at 360 and 1280 px, axe on every screen.
 * Each project takes its own product, and leaves it as it found it.
 * Then an operator signed in through the API only keeps a reported review (the Keep dialog, by
 * keyboard), hides and restores another; after each, the focus goes to the next review or the list's heading.
 */

const OPERATOR = DEMO_OPERATOR_EMAIL;
type ApiProduct = { id: string; name: string; reviewCount: number; store: { id: string } };

/**
 * A product with several sample reviews whose card is on its seller page: the first for the
 * desktop project, the second for the phone.
 */
async function pickProduct(request: APIRequestContext, project: string): Promise<ApiProduct> {
  const res = await request.get('/api/v1/products?limit=200&sort=price-low');
  const { products } = (await res.json()) as { products: ApiProduct[] };
  const fit: ApiProduct[] = [];
  for (const p of products.filter((p) => p.reviewCount >= 3 && p.store.id !== 'admin')) {
    const sellerPage = await (await request.get(`/seller/${p.store.id}/`)).text();
    if (sellerPage.includes(`data-live-product="${p.id}"`)) fit.push(p);
    if (fit.length === 2) break;
  }
  const pick = fit[project === 'phone' ? 1 : 0];
  expect(pick, 'a product with reviews').toBeTruthy();
  return pick;
}

/** The product page's rating line (not its cards') as it shows after its script asked the API (src/scripts/live-products.ts). */
async function expectLiveLine(page: Page, s: Summary) {
  const line = page.locator('[data-live-rating]:not([data-live-rating="card"]) [data-rating-some]');
  await expect(line.locator('[data-rating-count]')).toHaveText(reviewCountText(s.count));
  await expect(line.locator('[data-rating-value]')).toHaveText(ratingDisplay(s.average).label);
}

/** What a page's HTML says before any script runs: its rating line, its JSON-LD, whether it shows the review. */
function pageSays(html: string, reviewId: string) {
  const lds = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]));
  const product = lds.find((ld) => ld['@type'] === 'Product');
  return {
    value: html.match(/data-rating-value[^>]*>([^<]*)</)?.[1],
    count: html.match(/data-rating-count[^>]*>([^<]*)</)?.[1],
    ldCount: product?.aggregateRating?.reviewCount,
    showsReview: html.includes(`data-review="${reviewId}"`),
  };
}
const html = async (request: APIRequestContext, path: string) => (await request.get(path)).text();
const productHtml = (request: APIRequestContext, productId: string) => html(request, `/product/${productId}/`);
const published = async (request: APIRequestContext, productId: string, reviewId: string) =>
  pageSays(await productHtml(request, productId), reviewId);

/** The page as built before the change, while its next publish has not landed (what a shopper may be served then). */
async function serveStale(page: Page, path: string, body: string) {
  const isPage = (url: URL) => url.pathname.replace(/\/$/, '') === path;
  await page.route(isPage, (route) => route.fulfill({ body, contentType: 'text/html; charset=utf-8' }));
  return () => page.unroute(isPage);
}
const publishedAs = (s: Summary, showsReview: boolean) => ({
  value: ratingDisplay(s.average).label,
  count: reviewCountText(s.count),
  ldCount: s.count,
  showsReview,
});

test('a shopper reports a review; the operator hides it and the product’s numbers drop; restored, they return', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(240_000);
  const project = info.project.name;
  const product = await pickProduct(request, project);
  const before = await summaryOf(request, product.id);

  // The shopper reports the newest review through the Report dialog, by keyboard.
  const shopperEmail = `e2e-report-${project}-${Date.now()}@yaad.test`;
  await register(request, 'Kemar Lewis', shopperEmail);
  const shopper = await personAt(browser, shopperEmail, PASSWORD, `/product/${product.id}`);
  const reviews = await reviewsReady(shopper);
  const target = reviews.locator('article[data-review]').first();
  const reviewId = (await target.getAttribute('data-review')) as string;
  const listed = (await (await request.get(`/api/v1/products/${product.id}/reviews`)).json()) as {
    reviews: { id: string; rating: number; authorName: string }[];
  };
  const stars = listed.reviews.find((r) => r.id === reviewId)?.rating as number;
  const author = listed.reviews.find((r) => r.id === reviewId)?.authorName as string;
  expect(stars).toBeGreaterThan(0);

  const report = target.getByRole('button', { name: 'Report' });
  await report.focus();
  await shopper.keyboard.press('Enter');
  const dialog = shopper.getByRole('dialog', { name: 'Report this review' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await shopper.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(report).toBeFocused();
  await shopper.keyboard.press('Enter');
  await tabTo(shopper, dialog.getByLabel('What is wrong with it?'));
  await shopper.keyboard.type('Not about this product: it names another shop.');
  await expectNoSeriousA11yIssues(shopper);
  await shoot(shopper, 'report-dialog');
  await tabTo(shopper, dialog.getByRole('button', { name: 'Send report' }));
  await shopper.keyboard.press('Enter');
  await expect(shopper.getByText('Review reported')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(report).toBeFocused();

  const stale = await productHtml(request, product.id);
  expect(pageSays(stale, reviewId)).toEqual(publishedAs(before, true));
  const sellerPath = `/seller/${product.store.id}`;
  const staleSeller = await html(request, `${sellerPath}/`);

  // The operator finds it among the reported reviews and hides it, with a reason, by keyboard.
  const admin = await personAt(browser, OPERATOR, DEMO_PASSWORD, '/admin/reviews/');
  const item = admin.locator(`article[data-moderated="${reviewId}"]`);
  await expect(item).toBeVisible();
  await expect(item.getByText('“Not about this product: it names another shop.”')).toBeVisible();
  await expectNoSidewaysScroll(admin);
  await expectNoSeriousA11yIssues(admin);
  await shoot(admin, 'admin-reported');
  await item.getByLabel('Reason for hiding').focus();
  await admin.keyboard.type('Names another business');
  await tabTo(admin, item.getByRole('button', { name: 'Hide review' }));
  await admin.keyboard.press('Enter');
  await expect(admin.getByText('Review hidden')).toBeVisible();
  await expect(item).toHaveCount(0);

  const hidden = await summaryOf(request, product.id);
  expect(hidden.count).toBe(before.count - 1);
  expect(hidden.average).toBeCloseTo((before.average * before.count - stars) / (before.count - 1), 10);

  // The product page, even as built before: the rating line from the API at once, the review gone from the list.
  const fresh = await serveStale(shopper, `/product/${product.id}`, stale);
  await shopper.reload();
  await expectLiveLine(shopper, hidden);
  await expect((await reviewsReady(shopper)).locator(`[data-review="${reviewId}"]`)).toHaveCount(0);
  await fresh();
  // Its card on a page built before (its seller page): the stars' line from the API at once too.
  const card = shopper.locator(`article[data-live-product="${product.id}"] [data-live-rating]`);
  const freshSeller = await serveStale(shopper, sellerPath, staleSeller);
  await shopper.goto(`${sellerPath}/`);
  expect(staleSeller).toContain(`aria-label="${starsLabel(before.average, before.count)}"`);
  await expect(card.locator('[data-rating-label]')).toHaveAttribute(
    'aria-label',
    starsLabel(hidden.average, hidden.count),
  );
  await expect(card.locator('[data-rating-value]')).toHaveText(ratingDisplay(hidden.average).label);
  await expect(card.locator('[data-rating-count]')).toHaveText(starsCountText(hidden.count));
  await freshSeller();
  // The static page, once published again (its rating line and its JSON-LD's AggregateRating).
  await expect.poll(() => published(request, product.id, reviewId), PUBLISHED).toEqual(publishedAs(hidden, false));
  const staleHidden = await productHtml(request, product.id);

  // The hidden list, with the reason; the action log records who hid which review.
  const showHidden = admin.getByRole('button', { name: 'Hidden' });
  await showHidden.focus();
  await admin.keyboard.press('Enter');
  await expect(showHidden).toHaveAttribute('aria-pressed', 'true');
  await expect(item.getByText('Names another business')).toBeVisible();
  await expectNoSidewaysScroll(admin);
  await expectNoSeriousA11yIssues(admin);
  await shoot(admin, 'admin-hidden');

  // Restored, the review and the numbers come back.
  await tabTo(admin, item.getByRole('button', { name: 'Restore' }));
  await admin.keyboard.press('Enter');
  await expect(admin.getByText('Review restored')).toBeVisible();
  await expect(item).toHaveCount(0);
  expect(await summaryOf(request, product.id)).toEqual(before);
  const freshAgain = await serveStale(shopper, `/product/${product.id}`, staleHidden);
  await shopper.goto(`/product/${product.id}`);
  await expectLiveLine(shopper, before);
  await expect((await reviewsReady(shopper)).locator(`[data-review="${reviewId}"]`)).toHaveCount(1);
  await freshAgain();
  await expect.poll(() => published(request, product.id, reviewId), PUBLISHED).toEqual(publishedAs(before, true));

  await admin.goto('/admin/stores/');
  const log = admin.getByRole('region', { name: 'Action log' });
  // The log names the review by its product and author, as the operator knows it.
  const entry = (done: string) =>
    log.getByRole('listitem').filter({ hasText: `${OPERATOR} ${done} of ${product.name} by ${author}` });
  await expect(entry('hid review')).toHaveCount(1);
  await expect(entry('hid review')).toContainText('(visible → hidden)');
  await expect(entry('hid review')).toContainText('Reason: Names another business');
  await expect(entry('restored review')).toContainText('(hidden → visible)');
  await expectNoSeriousA11yIssues(admin);
  await entry('hid review').scrollIntoViewIfNeeded();
  await shoot(admin, 'action-log');
});

/**
 * The operator's screen only shows the reviews this test reported: the real API's answer with the
 * other reviews (other journeys' leftovers in the shared database) taken out, so where the focus
 * goes, next review or heading, is known.
 */
async function onlyThese(page: Page, ids: string[]) {
  await page.route(
    (url) => url.pathname === '/api/v1/admin/reviews',
    async (route) => {
      const res = await route.fetch();
      const list = (await res.json()) as { reviews: { review: { id: string } }[]; pagination: { total: number } };
      const reviews = list.reviews.filter((r) => ids.includes(r.review.id));
      const pagination = { ...list.pagination, total: reviews.length, totalPages: reviews.length ? 1 : 0 };
      await route.fulfill({ response: res, json: { reviews, pagination } });
    },
  );
}

test('the operator keeps a reported review, and after each action the focus goes to the next review or the heading', async ({
  browser,
  request,
}, info) => {
  test.setTimeout(120_000);
  const project = info.project.name;
  // Two sample reviews of a product the other journeys do not take (one per project), reported.
  const email = `e2e-keep-${project}-${Date.now()}@yaad.test`;
  await register(request, 'Keisha Brown', email);
  await request.post('/api/v1/auth/login', { headers: { origin: baseURL }, data: { email, password: PASSWORD } });
  const listed = (await (await request.get('/api/v1/products?limit=50&sort=price-high')).json()) as {
    products: ApiProduct[];
  };
  const product = listed.products.filter((p) => p.reviewCount >= 3)[project === 'phone' ? 2 : 1];
  expect(product, 'a product with three reviews').toBeTruthy();
  const before = await summaryOf(request, product.id);
  const { reviews } = (await (await request.get(`/api/v1/products/${product.id}/reviews`)).json()) as {
    reviews: { id: string }[];
  };
  const [kept, hidden] = reviews.slice(0, 2).map((r) => r.id);
  for (const id of [kept, hidden]) {
    const sent = await request.post(`/api/v1/reviews/${id}/reports`, {
      headers: { origin: baseURL },
      data: { reason: 'I think this review is unfair.' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  // The operator signed in through the API only: the page itself tells the header who it is.
  const context = await browser.newContext({ ...info.project.use });
  await withConsent(context);
  const admin = await context.newPage();
  await signInByApi(admin.request, OPERATOR);
  await onlyThese(admin, [kept, hidden]);
  await admin.goto('/admin/reviews/');
  await expect
    .poll(() => admin.locator('[data-auth="out"]').evaluateAll((els) => els.every((el) => (el as HTMLElement).hidden)))
    .toBe(true);
  await expect(admin.locator('[data-auth="in"]').first()).not.toHaveAttribute('hidden', '');

  const item = (id: string) => admin.locator(`article[data-moderated="${id}"]`);
  await expect(item(kept)).toBeVisible();
  await expect(item(hidden)).toBeVisible();
  const keep = item(kept).getByRole('button', { name: 'Keep review' });
  await keep.focus();
  await admin.keyboard.press('Enter');
  const dialog = admin.getByRole('dialog', { name: 'Keep this review?' });
  await expect(dialog).toBeVisible();
  await admin.keyboard.press('Escape');
  // Out of the page (its close event handled, not only closed) before Enter opens it again.
  await expect(item(kept).locator('dialog')).toHaveCount(0);
  await expect(keep).toBeFocused();
  await admin.keyboard.press('Enter');
  await tabTo(admin, dialog.getByLabel('Note for the action log (optional)'));
  await admin.keyboard.type('Harsh but about the product.');
  await expectNoSeriousA11yIssues(admin);
  await shoot(admin, 'admin-keep-dialog');
  await tabTo(admin, dialog.getByRole('button', { name: 'Yes, keep review' }));
  await admin.keyboard.press('Enter');
  await expect(admin.getByText('Review kept')).toBeVisible();
  await expect(item(kept)).toHaveCount(0);
  // The review now in its place takes the focus: its first control, the reason for hiding.
  const reason = item(hidden).getByLabel('Reason for hiding');
  await expect(reason).toBeFocused();
  await expectNoSidewaysScroll(admin);
  await expectNoSeriousA11yIssues(admin);
  await shoot(admin, 'admin-after-keep');

  // Hiding the last one empties the list: the focus goes to the list's heading.
  await admin.keyboard.type('Names the reviewer’s neighbour');
  await tabTo(admin, item(hidden).getByRole('button', { name: 'Hide review' }));
  await admin.keyboard.press('Enter');
  await expect(admin.getByText('Review hidden')).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Reported reviews' })).toBeFocused();
  await expect(admin.getByText('No reported reviews')).toBeVisible();
  await expectNoSeriousA11yIssues(admin);
  await shoot(admin, 'admin-list-emptied');

  // Restored from the hidden list, the same: the focus goes to its heading.
  await admin.getByRole('button', { name: 'Hidden' }).click();
  await item(hidden).getByRole('button', { name: 'Restore' }).focus();
  await admin.keyboard.press('Enter');
  await expect(admin.getByText('Review restored')).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Hidden reviews' })).toBeFocused();

  // Kept: its reports closed, visible, the product's numbers as before; the log has the note.
  expect(await summaryOf(request, product.id)).toEqual(before);
  const log = (await (await admin.request.get(`/api/v1/admin/actions?targetId=${kept}`)).json()) as {
    actions: { action: string; reason: string | null; operator: { email: string } }[];
  };
  expect(log.actions[0]).toMatchObject({
    action: 'keep_review',
    reason: 'Harsh but about the product.',
    operator: { email: OPERATOR },
  });
  await context.close();
});
