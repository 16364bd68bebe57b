import type { APIRequestContext } from '@playwright/test';
import { ratingDisplay, starsLabel } from '../../src/lib/listing';
import { REVIEW_TEXT } from '../../src/lib/review-messages';
import { expect, test } from '../fixtures/e2e-test';
import { courierToStAndrew } from '../fixtures/own-store';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import { PUBLISHED } from '../fixtures/publishing';
import {
  DEMO_PASSWORD,
  PASSWORD,
  personAt,
  register,
  reviewsReady,
  shoot,
  summaryOf,
} from '../fixtures/review-journey';

/*
 * Reviews (issue 16), as the people involved meet them: a buyer whose order was delivered writes a
 * review on the product page, which then shows it with the new average and count; another shopper
 * finds it helpful and is refused a review of their own (no purchase); the seller replies under it.
 * Screenshots at 360 and 1280 px (test-results/<port>/reviews-*), axe on every screen.
 */

/** The product as this journey uses it: the test's own store's (tests/fixtures/own-store.ts). */
type ApiProduct = { id: string; name: string; store: { id: string; name: string } };
type ApiStore = { rating: number; reviewCount: number };

/** The buyer's order of one unit, placed through the API and moved to delivered by its seller. */
async function deliveredOrder(buyer: APIRequestContext, seller: APIRequestContext, product: ApiProduct) {
  const rateId = await courierToStAndrew(buyer, product.id);
  expect((await buyer.post('/api/v1/cart/add', { data: { productId: product.id, quantity: 1 } })).status()).toBe(200);
  const placed = await buyer.post('/api/v1/orders/place', {
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: {
        name: 'Rushane Walker',
        phone: '876-555-0142',
        street: '22 Hope Road',
        city: 'Kingston 6',
        state: 'St. Andrew',
        parish: 'St. Andrew',
        country: 'Jamaica',
      },
      paymentMethod: 'cash_on_delivery',
      shippingSelections: [{ sellerId: product.store.id, shippingRateId: rateId }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = (await placed.json()) as { order: { id: string } };
  for (const status of ['processing', 'shipped', 'delivered']) {
    const res = await seller.put(`/api/v1/orders/update-status/${order.id}`, { data: { status } });
    expect(res.status(), await res.text()).toBe(200);
  }
  return order;
}

test('a delivered buyer reviews; the page shows it; another shopper finds it helpful and may not review; the seller replies', async ({
  browser,
  request,
  playwright,
  openStore,
}, info) => {
  test.setTimeout(240_000);
  const project = info.project.name;
  const stamp = `${project}-${Date.now()}`;
  // A product of the test's own store, with no reviews: the sample catalogue's ratings stay as seeded.
  const own = await openStore({
    label: 'Reviewed Crafts',
    products: [{ name: `Woven Basket ${stamp}`, price: 24, stock: 5 }],
  });
  const product: ApiProduct = { ...own.products[0], store: { id: own.storeId, name: own.name } };
  const sellerLogin = own.email;

  // The buyer's order, delivered by the seller (both through the API: this journey is about reviews).
  const buyerEmail = `e2e-review-buyer-${stamp}@yaad.test`;
  const buyerApi = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  await register(buyerApi, 'Rushane Walker', buyerEmail);
  await buyerApi.post('/api/v1/auth/login', { data: { email: buyerEmail, password: PASSWORD } });
  const order = await deliveredOrder(buyerApi, own.seller, product);
  const before = await summaryOf(request, product.id);
  expect(before.count).toBe(0);
  // The new store's product page, published since its approval, is where the order's link goes.
  await expect.poll(async () => (await request.get(`/product/${product.id}/`)).status(), PUBLISHED).toBe(200);

  // The buyer writes a review on the product page, reached from the delivered order's own link.
  const buyer = await personAt(browser, buyerEmail, PASSWORD, `/order/${order.id}`);
  await buyer
    .getByRole('region', { name: `Items from ${product.store.name}` })
    .getByRole('link', { name: `Review this product: ${product.name}` })
    .click();
  await expect(buyer).toHaveURL(new RegExp(`/product/${product.id}/#reviews$`));
  let reviews = await reviewsReady(buyer);
  if (before.count === 0) await expect(reviews.getByText(REVIEW_TEXT.noReviews)).toBeVisible();
  await reviews.getByRole('button', { name: 'Write a review' }).click();
  // The fifth star, tapped as a shopper taps it (the radio itself is visually hidden under it).
  await reviews.locator('[data-star-picker] label').nth(4).click();
  await expect(reviews.getByRole('radio', { name: '5 stars (Excellent)' })).toBeChecked();
  await reviews.getByLabel('Title').fill('Exactly as described');
  await reviews
    .getByLabel('Your review')
    .fill('Arrived in two days, well packed. <script>alert(1)</script> stays text.');
  await shoot(buyer, 'form');
  await expectNoSeriousA11yIssues(buyer);
  await reviews.getByRole('button', { name: 'Publish review' }).click();
  await expect(buyer.getByText(REVIEW_TEXT.reviewSaved)).toBeVisible();

  const count = before.count + 1;
  const average = (before.average * before.count + 5) / count;
  const mine = reviews.locator('article', { hasText: 'Exactly as described' });
  await expect(mine).toBeVisible();
  await expect(mine.getByText('Verified purchase')).toBeVisible();
  await expect(mine.getByText('<script>alert(1)</script> stays text.', { exact: false })).toBeVisible();
  await expect(reviews.locator('[data-reviews-count]')).toHaveText(`${count} ${count === 1 ? 'review' : 'reviews'}`);
  await expect(reviews.locator('[data-reviews-average]')).toContainText(ratingDisplay(average).label);
  // The rating under the product's name follows at once.
  const line = buyer.locator('[data-live-rating]:not([data-live-rating="card"]) [data-rating-some]');
  await expect(line).toBeVisible();
  await expect(line.locator('[data-rating-count]')).toHaveText(`${count} ${count === 1 ? 'review' : 'reviews'}`);
  await expect(line.locator('[data-rating-value]')).toHaveText(ratingDisplay(average).label);
  await expectNoSidewaysScroll(buyer);
  await mine.scrollIntoViewIfNeeded();
  await shoot(buyer, 'written');
  await buyer.evaluate(() => document.getElementById('reviews')?.scrollIntoView());
  await shoot(buyer, 'summary');

  // A new visit reads the same average and count from the API (the page may still be republishing).
  await buyer.reload();
  await expect(
    buyer.locator('[data-live-rating]:not([data-live-rating="card"]) [data-rating-some] [data-rating-value]'),
  ).toHaveText(ratingDisplay(average).label);

  // The buyer rates the seller from the order page: delivery and communication, once.
  const storeApi = `/api/v1/seller/stores/${product.store.id}`;
  const storeBefore = (await (await request.get(storeApi)).json()) as ApiStore;
  await buyer.goto(`/order/${order.id}`);
  const part = buyer.getByRole('region', { name: `Items from ${product.store.name}` });
  await part.getByRole('button', { name: `Rate ${product.store.name}` }).click();
  const rating = part.getByRole('form', { name: `Rate ${product.store.name}` });
  await rating.getByRole('button', { name: 'Send rating' }).click();
  await expect(rating.getByText('Choose from 1 to 5 stars for delivery and for communication.')).toBeVisible();
  await rating.getByRole('group', { name: 'Delivery' }).locator('label').nth(4).click();
  await rating.getByRole('group', { name: 'Communication' }).locator('label').nth(3).click();
  await expect(
    rating.getByRole('group', { name: 'Delivery' }).getByRole('radio', { name: '5 stars (Excellent)' }),
  ).toBeChecked();
  await expect(
    rating.getByRole('group', { name: 'Communication' }).getByRole('radio', { name: '4 stars (Very good)' }),
  ).toBeChecked();
  await expectNoSeriousA11yIssues(buyer);
  await shoot(buyer, 'rate-seller');
  await rating.getByRole('button', { name: 'Send rating' }).click();
  const thanks = `You rated ${product.store.name}: delivery 5 of 5, communication 4 of 5. Thank you.`;
  await expect(part.getByText(thanks)).toBeVisible();
  await expectNoSidewaysScroll(buyer);
  await buyer.reload();
  await expect(buyer.getByRole('region', { name: `Items from ${product.store.name}` }).getByText(thanks)).toBeVisible();
  await expect(buyer.getByRole('button', { name: `Rate ${product.store.name}` })).toHaveCount(0);

  // Another shopper finds it helpful, and may not review: no purchase.
  const shopperEmail = `e2e-review-shopper-${stamp}@yaad.test`;
  await register(request, 'Camille Grant', shopperEmail);
  const shopper = await personAt(browser, shopperEmail, PASSWORD, `/product/${product.id}`);
  reviews = await reviewsReady(shopper);
  await expect(reviews.locator('[data-review-refusal]')).toHaveText(REVIEW_TEXT.notDelivered);
  await expect(reviews.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
  const theirs = reviews.locator('article', { hasText: 'Exactly as described' });
  await theirs.getByRole('button', { name: /Helpful/ }).click();
  await expect(theirs.getByRole('button', { name: /Helpful/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(theirs.getByRole('button', { name: /Helpful/ })).toContainText('(1)');
  const refused = await shopper.request.post(`/api/v1/products/${product.id}/reviews`, { data: { rating: 1 } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(REVIEW_TEXT.notDelivered);
  await expectNoSeriousA11yIssues(shopper);
  await shoot(shopper, 'shopper');

  // The seller replies in public under the review.
  const seller = await personAt(browser, sellerLogin, DEMO_PASSWORD, `/product/${product.id}`);
  reviews = await reviewsReady(seller);
  const review = reviews.locator('article', { hasText: 'Exactly as described' });
  await review.getByRole('button', { name: 'Reply' }).click();
  await review.getByLabel('Your public reply').fill('Thank you, Rushane! Walk good.');
  await review.getByRole('button', { name: 'Publish reply' }).click();
  await expect(review.getByText(`Response from ${product.store.name}`)).toBeVisible();
  await expect(review.getByText('Thank you, Rushane! Walk good.')).toBeVisible();
  await review.scrollIntoViewIfNeeded();
  await shoot(seller, 'reply');

  // Everyone sees the reply; the buyer's helpful count is there too.
  await shopper.reload();
  reviews = await reviewsReady(shopper);
  const seen = reviews.locator('article', { hasText: 'Exactly as described' });
  await expect(seen.getByText('Thank you, Rushane! Walk good.')).toBeVisible();

  // The seller's page, published again after the rating, shows the rating and count the API has.
  const store = (await (await request.get(storeApi)).json()) as ApiStore;
  expect(store.reviewCount).toBe(storeBefore.reviewCount + 1);
  const shown = async () => {
    await shopper.goto(`/seller/${product.store.id}/`);
    return shopper.locator('[data-seller-rating]').evaluate((el) => ({
      label: el.querySelector('[role="img"]')?.getAttribute('aria-label') ?? null,
      text: el.textContent?.replace(/\s+/g, '') ?? '',
    }));
  };
  await expect.poll(shown, PUBLISHED).toEqual({
    label: starsLabel(store.rating, store.reviewCount, 'rating'),
    text: `${ratingDisplay(store.rating).label}(${store.reviewCount})`,
  });
  await expectNoSeriousA11yIssues(shopper);

  // The operators' screen answers a shopper with a clear refusal.
  await shopper.goto('/admin/reviews/');
  await expect(shopper.getByText('Only the shop’s operators can do this.')).toBeVisible();
  await shoot(shopper, 'admin-refused');
  await expectNoSeriousA11yIssues(shopper);

  await buyerApi.dispose();
});
