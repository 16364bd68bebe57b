import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Product, ProductList, SellerStore } from '../../src/lib/contract/catalog';
import { ModerationList, MyReview, Review, ReviewList } from '../../src/lib/contract/reviews';
import { OperatorActionList } from '../../src/lib/contract/stores';
import { REVIEW_TEXT } from '../../src/lib/review-messages';
import { productReviews, products, publishQueue, reviewReports, users } from '../../src/server/db/schema';
import { REPORTS_PER_WINDOW } from '../../src/server/services/reviews/feedback';
import {
  A,
  a,
  a2,
  B,
  b,
  buyer,
  call,
  deliver,
  openOrderScene,
  placeOne,
  sellerA,
  sellerB,
  stranger,
  t,
} from '../fixtures/order-scene';
import { signIn, type Who } from '../fixtures/orders';

/* Reviews (issue 16, docs/decisions/018): who may write, edit, vote, reply, report and moderate, and how the ratings follow. */

openOrderScene();

let buyer2: Who;
let operator: Who;
let orderId: string;

const product = async (id: string) => Product.parse((await call(null, 'GET', `/products/${id}`)).body);
const reviews = async (id: string, who: Who | null = null, query = '') =>
  ReviewList.parse((await call(who, 'GET', `/products/${id}/reviews${query}`)).body);
/** How many changes of this product (or store) wait to be published. */
const queued = async (ref: string, kind: 'product' | 'store' = 'product') =>
  (
    await t.database.db
      .select()
      .from(publishQueue)
      .where(and(eq(publishQueue.kind, kind), eq(publishQueue.ref, ref)))
  ).length;

beforeAll(async () => {
  const db = t.database.db;
  // The scene's products start without the sample reviews, so every number below is exact.
  await db.delete(productReviews).where(inArray(productReviews.productId, [a.id, a2.id, b.id]));
  await db
    .update(products)
    .set({ rating: 0, reviewCount: 0 })
    .where(inArray(products.id, [a.id, a2.id, b.id]));
  buyer2 = await signIn(db, 'reviews-buyer2@yaad.test', 'Dwayne Ellis');
  operator = await signIn(db, 'reviews-operator@yaad.test', 'Olive Operator');
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, operator.id));
});

describe('who may review', () => {
  it('refuses guests, shoppers without a delivered order, and the seller; takes a delivered buyer once', async () => {
    const draft = { rating: 4, title: 'Rich and smooth', body: 'Lovely <b>coffee</b>, ground fine.' };
    expect((await call(null, 'POST', `/products/${a.id}/reviews`, draft)).status).toBe(401);

    const none = await call(stranger, 'POST', `/products/${a.id}/reviews`, draft);
    expect(none.status).toBe(403);
    expect(none.body.message).toBe(REVIEW_TEXT.notDelivered);

    // An order that is placed but not delivered does not count.
    const { order } = await placeOne(buyer);
    orderId = order.id;
    const early = await call(buyer, 'POST', `/products/${a.id}/reviews`, draft);
    expect(early.status).toBe(403);
    expect(MyReview.parse((await call(buyer, 'GET', `/products/${a.id}/reviews/mine`)).body)).toMatchObject({
      canReview: false,
      reason: 'not_delivered',
    });

    const seller = await call(sellerA, 'POST', `/products/${a.id}/reviews`, draft);
    expect(seller.status).toBe(403);
    expect(seller.body.message).toBe(REVIEW_TEXT.ownProduct);

    await deliver(sellerA, order.id);
    expect(MyReview.parse((await call(buyer, 'GET', `/products/${a.id}/reviews/mine`)).body).canReview).toBe(true);
    const before = await queued(a.id);
    const created = await call(buyer, 'POST', `/products/${a.id}/reviews`, draft);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const review = Review.parse(created.body);
    expect(review).toMatchObject({ rating: 4, verifiedPurchase: true, sample: false, mine: true, editable: true });
    // Stored and answered as text: the page shows it as text, never as HTML.
    expect(review.body).toBe('Lovely <b>coffee</b>, ground fine.');
    expect(review.authorName).toBe('Shanice B.');
    expect(await queued(a.id)).toBe(before + 1);

    expect(await product(a.id)).toMatchObject({ rating: 4, reviewCount: 1 });
    const list = await reviews(a.id);
    expect(list.summary).toEqual({ average: 4, count: 1, histogram: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 } });
    expect(list.reviews.map((r) => r.id)).toEqual([review.id]);
    expect(list.reviews[0].mine).toBe(false);

    const twice = await call(buyer, 'POST', `/products/${a.id}/reviews`, { rating: 5 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(REVIEW_TEXT.alreadyReviewed);
    expect(await product(a.id)).toMatchObject({ rating: 4, reviewCount: 1 });

    // Store B's part of the same order is not delivered: b cannot be reviewed yet.
    expect((await call(buyer, 'POST', `/products/${b.id}/reviews`, draft)).status).toBe(403);
  });

  it('checks stars and lengths (400) and changes nothing', async () => {
    for (const bad of [
      { rating: 0 },
      { rating: 6 },
      { rating: 3.5 },
      {},
      { rating: 3, title: 'x'.repeat(121) },
      { rating: 3, body: 'x'.repeat(4001) },
    ]) {
      const res = await call(buyer, 'POST', `/products/${a2.id}/reviews`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await product(a2.id)).toMatchObject({ rating: 0, reviewCount: 0 });
    expect((await call(buyer, 'POST', '/products/no-such-product/reviews', { rating: 3 })).status).toBe(404);
  });
});

describe('the author edits and deletes for 30 days', () => {
  it('edits and deletes their own, recounting; others and late edits get 403', async () => {
    const created = Review.parse((await call(buyer, 'POST', `/products/${a2.id}/reviews`, { rating: 2 })).body);
    expect(await product(a2.id)).toMatchObject({ rating: 2, reviewCount: 1 });

    const beforeEdit = await queued(a2.id);
    const edited = await call(buyer, 'PUT', `/reviews/${created.id}`, { rating: 5, title: 'Better than I said' });
    expect(edited.status).toBe(200);
    expect(Review.parse(edited.body)).toMatchObject({ rating: 5, title: 'Better than I said', body: null });
    expect(await product(a2.id)).toMatchObject({ rating: 5, reviewCount: 1 });
    // The edit republishes the product's pages (its page, its seller's page, the listings).
    expect(await queued(a2.id)).toBe(beforeEdit + 1);

    const other = await call(stranger, 'PUT', `/reviews/${created.id}`, { rating: 1 });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(REVIEW_TEXT.notAuthor);
    expect((await call(stranger, 'DELETE', `/reviews/${created.id}`)).status).toBe(403);
    expect((await call(buyer, 'PUT', `/reviews/${created.id}`, {})).status).toBe(400);
    expect((await call(buyer, 'PUT', '/reviews/nope', { rating: 3 })).status).toBe(404);
    expect(await queued(a2.id)).toBe(beforeEdit + 1);

    // 31 days later the window is closed, for editing and deleting alike.
    const db = t.database.db;
    await db
      .update(productReviews)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(productReviews.id, created.id));
    const late = await call(buyer, 'PUT', `/reviews/${created.id}`, { rating: 1 });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(REVIEW_TEXT.editWindowClosed);
    expect((await call(buyer, 'DELETE', `/reviews/${created.id}`)).status).toBe(403);
    expect(MyReview.parse((await call(buyer, 'GET', `/products/${a2.id}/reviews/mine`)).body).review?.editable).toBe(
      false,
    );
    expect(await product(a2.id)).toMatchObject({ rating: 5, reviewCount: 1 });

    // Day 29: still open; deleting takes it out of the rating.
    await db
      .update(productReviews)
      .set({ createdAt: sql`now() - interval '29 days'` })
      .where(eq(productReviews.id, created.id));
    const before = await queued(a2.id);
    expect((await call(buyer, 'DELETE', `/reviews/${created.id}`)).status).toBe(204);
    expect(await product(a2.id)).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(await queued(a2.id)).toBe(before + 1);
    expect((await reviews(a2.id)).summary.count).toBe(0);
    // Deleted, the buyer may write again (the delivered order still stands).
    expect(MyReview.parse((await call(buyer, 'GET', `/products/${a2.id}/reviews/mine`)).body).canReview).toBe(true);
  });
});

describe('helpful votes, replies and reports', () => {
  let reviewId: string;
  beforeAll(async () => {
    reviewId = (await reviews(a.id)).reviews[0].id;
  });

  it('counts one helpful vote per shopper, never the author’s', async () => {
    expect((await call(null, 'POST', `/reviews/${reviewId}/helpful`)).status).toBe(401);
    const own = await call(buyer, 'POST', `/reviews/${reviewId}/helpful`);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(REVIEW_TEXT.ownVote);
    const first = await call(stranger, 'POST', `/reviews/${reviewId}/helpful`);
    expect(first.body).toEqual({ helpfulCount: 1, votedHelpful: true });
    const again = await call(stranger, 'POST', `/reviews/${reviewId}/helpful`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REVIEW_TEXT.alreadyVoted);
    expect((await call(buyer2, 'POST', `/reviews/${reviewId}/helpful`)).body).toEqual({
      helpfulCount: 2,
      votedHelpful: true,
    });
    const seen = await reviews(a.id, stranger);
    expect(seen.reviews[0]).toMatchObject({ helpfulCount: 2, votedHelpful: true });
    expect((await reviews(a.id)).reviews[0].votedHelpful).toBe(false);
    expect((await call(buyer2, 'DELETE', `/reviews/${reviewId}/helpful`)).body).toEqual({
      helpfulCount: 1,
      votedHelpful: false,
    });
    // Taking back a vote one never gave changes nothing.
    expect((await call(buyer2, 'DELETE', `/reviews/${reviewId}/helpful`)).body.helpfulCount).toBe(1);
  });

  it('lets only the product’s seller reply, once (sending again rewords it)', async () => {
    const other = await call(sellerB, 'PUT', `/reviews/${reviewId}/reply`, { body: 'Thanks!' });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(REVIEW_TEXT.notSeller);
    expect((await call(buyer, 'PUT', `/reviews/${reviewId}/reply`, { body: 'Me again' })).status).toBe(403);
    expect((await call(sellerA, 'PUT', `/reviews/${reviewId}/reply`, { body: '   ' })).status).toBe(400);
    const before = await queued(a.id);
    const reply = await call(sellerA, 'PUT', `/reviews/${reviewId}/reply`, { body: 'Thank you, come again!' });
    expect(reply.status).toBe(200);
    expect(Review.parse(reply.body).reply).toMatchObject({ body: 'Thank you, come again!' });
    expect(await queued(a.id)).toBe(before + 1);
    await call(sellerA, 'PUT', `/reviews/${reviewId}/reply`, { body: 'Thank you! Walk good.' });
    const list = await reviews(a.id, sellerA);
    expect(list.viewerIsSeller).toBe(true);
    expect(list.reviews[0].reply).toMatchObject({ body: 'Thank you! Walk good.' });
    const storeName = SellerStore.parse((await call(null, 'GET', `/seller/stores/${A}`)).body).name;
    expect(list.reviews[0].reply?.storeName).toBe(storeName);
    expect((await reviews(a.id, stranger)).viewerIsSeller).toBe(false);
  });

  it('takes one report per shopper, with a reason', async () => {
    expect((await call(null, 'POST', `/reviews/${reviewId}/reports`, { reason: 'Spam' })).status).toBe(401);
    expect((await call(stranger, 'POST', `/reviews/${reviewId}/reports`, { reason: '  ' })).status).toBe(400);
    expect(
      (await call(stranger, 'POST', `/reviews/${reviewId}/reports`, { reason: 'Not about the coffee' })).status,
    ).toBe(201);
    const again = await call(stranger, 'POST', `/reviews/${reviewId}/reports`, { reason: 'Still wrong' });
    expect(again.status).toBe(409);
    expect((await call(buyer, 'POST', `/reviews/${reviewId}/reports`, { reason: 'Mine' })).status).toBe(403);
    expect((await call(stranger, 'POST', '/reviews/nope/reports', { reason: 'x' })).status).toBe(404);
  });

  it('takes at most REPORTS_PER_WINDOW reports from one shopper in a short time', async () => {
    const db = t.database.db;
    const flagger = await signIn(db, 'reviews-flagger@yaad.test', 'Fay Flagg');
    const targets = await db
      .select({ id: productReviews.id })
      .from(productReviews)
      // The sample's reviews, not the scene's (the tests below count those reports).
      .where(and(isNull(productReviews.hiddenAt), notInArray(productReviews.productId, [a.id, a2.id, b.id])))
      .orderBy(productReviews.id)
      .limit(REPORTS_PER_WINDOW + 1);
    expect(targets).toHaveLength(REPORTS_PER_WINDOW + 1);
    const last = targets.pop() as { id: string };
    for (const { id } of targets) {
      expect((await call(flagger, 'POST', `/reviews/${id}/reports`, { reason: 'Spam' })).status).toBe(201);
    }
    const refused = await call(flagger, 'POST', `/reviews/${last.id}/reports`, { reason: 'Spam' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(REVIEW_TEXT.tooManyReports);
    const kept = await db.select().from(reviewReports).where(eq(reviewReports.reporterId, flagger.id));
    expect(kept.map((r) => r.reviewId).sort()).toEqual(targets.map((r) => r.id).sort());
    // Someone else's allowance is their own.
    expect((await call(buyer2, 'POST', `/reviews/${last.id}/reports`, { reason: 'Spam' })).status).toBe(201);
  });
});

describe('moderation', () => {
  it('is for operators only, and hidden reviews leave the page and the average', async () => {
    // A second delivered buyer gives a 2: the average is (4 + 2) / 2.
    const { order } = await placeOne(buyer2);
    await deliver(sellerA, order.id);
    const low = Review.parse(
      (await call(buyer2, 'POST', `/products/${a.id}/reviews`, { rating: 2, body: 'Meh' })).body,
    );
    expect(await product(a.id)).toMatchObject({ rating: 3, reviewCount: 2 });

    for (const who of [buyer, sellerA]) {
      const refused = await call(who, 'GET', '/admin/reviews');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/operators/);
      expect((await call(who, 'POST', `/admin/reviews/${low.id}/hide`, { reason: 'x' })).status).toBe(403);
    }
    expect((await call(null, 'GET', '/admin/reviews')).status).toBe(401);

    const reported = ModerationList.parse((await call(operator, 'GET', '/admin/reviews?status=reported')).body);
    const item = reported.reviews.find((r) => r.review.productId === a.id);
    expect(item).toMatchObject({ openReports: 1, reports: [{ reason: 'Not about the coffee', resolved: false }] });

    expect((await call(operator, 'POST', `/admin/reviews/${low.id}/hide`, {})).status).toBe(400);
    const beforeHide = await queued(a.id);
    const hidden = await call(operator, 'POST', `/admin/reviews/${low.id}/hide`, { reason: 'Abusive language' });
    expect(hidden.status).toBe(200);
    expect(Review.parse(hidden.body).hidden).toBe(true);
    expect(await product(a.id)).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(await queued(a.id)).toBe(beforeHide + 1);
    const list = await reviews(a.id);
    expect(list.summary).toMatchObject({ average: 4, count: 1 });
    expect(list.reviews.map((r) => r.id)).not.toContain(low.id);
    // Its author still sees it, marked hidden; nobody can vote on or report it.
    expect(MyReview.parse((await call(buyer2, 'GET', `/products/${a.id}/reviews/mine`)).body).review).toMatchObject({
      id: low.id,
      hidden: true,
    });
    expect((await call(stranger, 'POST', `/reviews/${low.id}/helpful`)).status).toBe(404);
    // Nor reply to or report it (decision 018): for the public it does not exist.
    const reply = await call(sellerA, 'PUT', `/reviews/${low.id}/reply`, { body: 'Sorry to hear it.' });
    expect(reply.status).toBe(404);
    expect(reply.body.message).toBe(REVIEW_TEXT.notFound);
    const report = await call(stranger, 'POST', `/reviews/${low.id}/reports`, { reason: 'Rude' });
    expect(report.status).toBe(404);
    expect(report.body.message).toBe(REVIEW_TEXT.notFound);
    expect(await queued(a.id)).toBe(beforeHide + 1);
    const hiddenList = ModerationList.parse((await call(operator, 'GET', '/admin/reviews?status=hidden')).body);
    expect(hiddenList.reviews.map((r) => r.review.id)).toContain(low.id);
    expect(hiddenList.reviews.find((r) => r.review.id === low.id)?.hiddenReason).toBe('Abusive language');
    const [row] = await t.database.db.select().from(productReviews).where(eq(productReviews.id, low.id));
    expect(row.moderatedBy).toBe(operator.id);

    expect((await call(operator, 'POST', `/admin/reviews/${low.id}/restore`)).status).toBe(200);
    expect(await product(a.id)).toMatchObject({ rating: 3, reviewCount: 2 });
    expect((await reviews(a.id)).reviews.map((r) => r.id)).toContain(low.id);
    expect(await queued(a.id)).toBe(beforeHide + 2);
    expect((await call(operator, 'POST', '/admin/reviews/nope/restore')).status).toBe(404);
  });

  it('records every hide and restore in the operator action log (who, when, what, why), never overwritten', async () => {
    const log = async (query: string) =>
      OperatorActionList.parse((await call(operator, 'GET', `/admin/actions?${query}`)).body).actions;
    const { order } = await placeOne(stranger);
    await deliver(sellerA, order.id);
    const review = Review.parse((await call(stranger, 'POST', `/products/${a.id}/reviews`, { rating: 1 })).body);
    const started = Date.now();
    await call(operator, 'POST', `/admin/reviews/${review.id}/hide`, { reason: 'Off topic' });
    await call(operator, 'POST', `/admin/reviews/${review.id}/restore`);
    await call(operator, 'POST', `/admin/reviews/${review.id}/hide`, { reason: 'Personal details' });

    const rows = await log(`targetId=${review.id}`);
    // Newest first; the first hide is still there after the restore and the second hide.
    expect(rows.map((r) => [r.action, r.fromStatus, r.toStatus, r.reason])).toEqual([
      ['hide_review', 'visible', 'hidden', 'Personal details'],
      ['restore_review', 'hidden', 'visible', null],
      ['hide_review', 'visible', 'hidden', 'Off topic'],
    ]);
    for (const row of rows) {
      // Named as an operator knows it: the product's name and the author as shoppers read it.
      expect(row).toMatchObject({
        targetType: 'review',
        targetName: a.name,
        reviewAuthor: 'Other S.',
        operator: { id: operator.id, email: operator.email },
      });
      expect(Date.parse(row.createdAt)).toBeGreaterThanOrEqual(started - 5_000);
    }
    expect((await log('action=restore_review')).map((r) => r.targetId)).toContain(review.id);
    expect((await log('action=hide_review')).every((r) => r.action === 'hide_review')).toBe(true);

    // Refused moderation records nothing: a bad reason (400), another role (403), no review (404).
    await call(operator, 'POST', `/admin/reviews/${review.id}/hide`, { reason: '' });
    await call(sellerA, 'POST', `/admin/reviews/${review.id}/restore`);
    expect((await call(operator, 'POST', '/admin/reviews/nope/hide', { reason: 'Spam' })).status).toBe(404);
    expect(await log(`targetId=${review.id}`)).toHaveLength(3);
    expect(await log('targetId=nope')).toEqual([]);
    // Left hidden: the product's numbers are as before this test.
    expect(await product(a.id)).toMatchObject({ rating: 3, reviewCount: 2 });
    // Its author deletes it: the log keeps every row, which now says the review is gone.
    expect((await call(stranger, 'DELETE', `/reviews/${review.id}`)).status).toBe(204);
    const gone = await log(`targetId=${review.id}`);
    expect(gone.map((r) => [r.action, r.targetName, r.reviewAuthor])).toEqual([
      ['hide_review', null, null],
      ['restore_review', null, null],
      ['hide_review', null, null],
    ]);
  });

  it('refuses to restore a visible review or hide a hidden one (409), writing nothing', async () => {
    // The review the stranger reported: visible, one open report.
    const reviewId = (await reviews(a.id, null, '?sort=helpful')).reviews[0].id;
    const logged = async () =>
      OperatorActionList.parse((await call(operator, 'GET', `/admin/actions?targetId=${reviewId}`)).body).pagination
        .total;
    const reported = async () =>
      ModerationList.parse((await call(operator, 'GET', '/admin/reviews?status=reported')).body).reviews.map(
        (r) => r.review.id,
      );
    const row = async () =>
      (await t.database.db.select().from(productReviews).where(eq(productReviews.id, reviewId)))[0];
    const numbers = await product(a.id);
    const [logBefore, rowBefore, queuedBefore] = [await logged(), await row(), await queued(a.id)];
    expect(await reported()).toContain(reviewId);

    const visible = await call(operator, 'POST', `/admin/reviews/${reviewId}/restore`);
    expect(visible.status).toBe(409);
    expect(visible.body).toEqual({ code: 'conflict', message: REVIEW_TEXT.alreadyVisible });
    // Nothing written: no log row, the review row as it was, its report still open, nothing to publish.
    expect(await logged()).toBe(logBefore);
    expect(await row()).toEqual(rowBefore);
    expect(await reported()).toContain(reviewId);
    expect(await queued(a.id)).toBe(queuedBefore);

    // Hidden (which resolves its report), hiding it again is refused the same way.
    expect((await call(operator, 'POST', `/admin/reviews/${reviewId}/hide`, { reason: 'Spam' })).status).toBe(200);
    expect(await reported()).not.toContain(reviewId);
    const hiddenRow = await row();
    const again = await call(operator, 'POST', `/admin/reviews/${reviewId}/hide`, { reason: 'Spam again' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'conflict', message: REVIEW_TEXT.alreadyHidden });
    expect(await row()).toEqual(hiddenRow);
    expect(await logged()).toBe(logBefore + 1);
    expect(await queued(a.id)).toBe(queuedBefore + 1);

    // Restored: as before this test, the log holding the two real changes.
    expect((await call(operator, 'POST', `/admin/reviews/${reviewId}/restore`)).status).toBe(200);
    expect(await logged()).toBe(logBefore + 2);
    expect(await product(a.id)).toMatchObject({ rating: numbers.rating, reviewCount: numbers.reviewCount });
  });

  it('pages the moderation lists (page, limit, pagination) and refuses a bad page or limit (400)', async () => {
    const shown = (await reviews(a.id)).reviews.map((r) => r.id);
    expect(shown).toHaveLength(2);
    for (const id of shown) {
      expect((await call(operator, 'POST', `/admin/reviews/${id}/hide`, { reason: 'Paging' })).status).toBe(200);
    }
    const hiddenPage = async (n: number) =>
      ModerationList.parse((await call(operator, 'GET', `/admin/reviews?status=hidden&limit=1&page=${n}`)).body);
    const [first, second, past] = [await hiddenPage(1), await hiddenPage(2), await hiddenPage(3)];
    expect(first.pagination).toEqual({ page: 1, limit: 1, total: 2, totalPages: 2 });
    expect(second.pagination).toMatchObject({ page: 2, total: 2 });
    expect([first, second].flatMap((p) => p.reviews.map((r) => r.review.id)).sort()).toEqual([...shown].sort());
    expect(past.reviews).toEqual([]);
    for (const query of ['limit=0', 'limit=101', 'page=0', 'page=two']) {
      const bad = await call(operator, 'GET', `/admin/reviews?status=hidden&${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.code).toBe('validation_failed');
    }
    for (const id of shown) await call(operator, 'POST', `/admin/reviews/${id}/restore`);
    expect(await product(a.id)).toMatchObject({ rating: 3, reviewCount: 2 });
  });

  it('keeps a reported review visible and closes its reports (logged with the note); 409 with no open report', async () => {
    const low = (await reviews(a.id)).reviews.find((r) => r.rating === 2);
    if (!low) throw new Error('the 2-star review of the scene');
    for (const who of [sellerB, stranger])
      expect((await call(who, 'POST', `/reviews/${low.id}/reports`, { reason: 'Unfair' })).status).toBe(201);
    const reportedIds = async () =>
      ModerationList.parse((await call(operator, 'GET', '/admin/reviews?status=reported')).body).reviews.map(
        (r) => r.review.id,
      );
    const logRows = async () =>
      OperatorActionList.parse((await call(operator, 'GET', `/admin/actions?targetId=${low.id}`)).body).actions;
    expect(await reportedIds()).toContain(low.id);
    const [numbers, logBefore, queuedBefore] = [await product(a.id), (await logRows()).length, await queued(a.id)];

    // Refused like its siblings, writing nothing: another role, nobody, no such review, a note too long.
    expect((await call(buyer, 'POST', `/admin/reviews/${low.id}/dismiss`)).status).toBe(403);
    expect((await call(null, 'POST', `/admin/reviews/${low.id}/dismiss`)).status).toBe(401);
    expect((await call(operator, 'POST', '/admin/reviews/nope/dismiss')).status).toBe(404);
    const long = await call(operator, 'POST', `/admin/reviews/${low.id}/dismiss`, { note: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe('validation_failed');
    expect(await reportedIds()).toContain(low.id);
    expect(await logRows()).toHaveLength(logBefore);

    const kept = await call(operator, 'POST', `/admin/reviews/${low.id}/dismiss`, { note: '  Fair criticism  ' });
    expect(kept.status).toBe(200);
    expect(Review.parse(kept.body)).toMatchObject({ id: low.id, hidden: false });
    // Its reports are closed, it stays on the page and in the average: nothing to recount or publish.
    expect(await reportedIds()).not.toContain(low.id);
    expect((await reviews(a.id)).reviews.map((r) => r.id)).toContain(low.id);
    expect(await product(a.id)).toMatchObject({ rating: numbers.rating, reviewCount: numbers.reviewCount });
    expect(await queued(a.id)).toBe(queuedBefore);
    const [row] = await t.database.db.select().from(productReviews).where(eq(productReviews.id, low.id));
    expect(row).toMatchObject({ moderatedBy: operator.id, hiddenAt: null });
    const [logged] = await logRows();
    expect(await logRows()).toHaveLength(logBefore + 1);
    expect(logged).toMatchObject({
      action: 'keep_review',
      fromStatus: 'visible',
      toStatus: 'visible',
      reason: 'Fair criticism',
      operator: { id: operator.id, email: operator.email },
      targetType: 'review',
      targetName: a.name,
    });

    // Nothing left to keep: a second keep (another operator, a moment later) and a hidden review answer 409.
    const again = await call(operator, 'POST', `/admin/reviews/${low.id}/dismiss`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: 'conflict', message: REVIEW_TEXT.noOpenReports });
    expect(await logRows()).toHaveLength(logBefore + 1);
    // A new report opens it again; once hidden (which closes it), keeping is refused.
    expect((await call(buyer, 'POST', `/reviews/${low.id}/reports`, { reason: 'Rude' })).status).toBe(201);
    expect((await call(operator, 'POST', `/admin/reviews/${low.id}/hide`, { reason: 'Rude' })).status).toBe(200);
    expect((await call(operator, 'POST', `/admin/reviews/${low.id}/dismiss`, {})).status).toBe(409);
    expect((await call(operator, 'POST', `/admin/reviews/${low.id}/restore`)).status).toBe(200);
    expect(await product(a.id)).toMatchObject({ rating: numbers.rating, reviewCount: numbers.reviewCount });
  });
});

describe('listing reviews', () => {
  it('sorts newest or most helpful first and pages', async () => {
    const newest = await reviews(a.id, null, '?sort=newest');
    const dates = newest.reviews.map((r) => r.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const helpful = await reviews(a.id, null, '?sort=helpful');
    const counts = helpful.reviews.map((r) => r.helpfulCount);
    expect([...counts].sort((x, y) => y - x)).toEqual(counts);
    expect(helpful.reviews[0].helpfulCount).toBe(1);
    const first = await reviews(a.id, null, '?limit=1&page=1');
    const second = await reviews(a.id, null, '?limit=1&page=2');
    expect(first.pagination).toMatchObject({ total: 2, totalPages: 2 });
    expect(first.reviews[0].id).not.toBe(second.reviews[0].id);
    expect((await call(null, 'GET', `/products/${a.id}/reviews?sort=best`)).status).toBe(400);
    expect((await call(null, 'GET', '/products/nope/reviews')).status).toBe(404);
  });
});

describe('ratings drive the catalogue', () => {
  it('sorts by the Bayesian average and filters by the real average', async () => {
    const db = t.database.db;
    const [x, y, z] = [a.id, a2.id, b.id];
    await db.update(products).set({ rating: 5, reviewCount: 1 }).where(eq(products.id, x));
    await db.update(products).set({ rating: 4.8, reviewCount: 200 }).where(eq(products.id, y));
    await db.update(products).set({ rating: 0, reviewCount: 0 }).where(eq(products.id, z));
    const sorted = ProductList.parse((await call(null, 'GET', `/products?ids=${x},${y},${z}&sort=rating`)).body);
    // One 5-star review does not outrank two hundred 4.8s; no reviews comes last.
    expect(sorted.products.map((p) => p.id)).toEqual([y, x, z]);
    const good = ProductList.parse((await call(null, 'GET', `/products?ids=${x},${y},${z}&minRating=4.9`)).body);
    expect(good.products.map((p) => p.id)).toEqual([x]);
    const any = ProductList.parse((await call(null, 'GET', `/products?ids=${x},${y},${z}&minRating=1`)).body);
    expect(any.products.map((p) => p.id).sort()).toEqual([x, y].sort());
    // Back to what the reviews say.
    await db.update(products).set({ rating: 3, reviewCount: 2 }).where(eq(products.id, x));
    await db
      .update(products)
      .set({ rating: 0, reviewCount: 0 })
      .where(inArray(products.id, [y, z]));
  });
});

describe('seller ratings', () => {
  it('rates the seller of a delivered part once; the store’s rating follows', async () => {
    const input = { orderId, storeId: A, delivery: 5, communication: 4 };
    expect((await call(null, 'POST', '/seller-ratings', input)).status).toBe(401);
    expect((await call(stranger, 'POST', '/seller-ratings', input)).status).toBe(404);
    const notYet = await call(buyer, 'POST', '/seller-ratings', { ...input, storeId: B });
    expect(notYet.status).toBe(403);
    expect(notYet.body.message).toBe(REVIEW_TEXT.ratingNotDelivered);
    expect((await call(buyer, 'POST', '/seller-ratings', { ...input, delivery: 6 })).status).toBe(400);

    const store = async () => SellerStore.parse((await call(null, 'GET', `/seller/stores/${A}`)).body);
    const before = await store();
    const queuedBefore = await queued(A, 'store');
    const rated = await call(buyer, 'POST', '/seller-ratings', input);
    expect(rated.status, JSON.stringify(rated.body)).toBe(201);
    // The store's pages are republished (its seller page shows the rating).
    expect(await queued(A, 'store')).toBe(queuedBefore + 1);
    const after = await store();
    expect(after.reviewCount).toBe(before.reviewCount + 1);
    expect(after.rating).toBeCloseTo((before.rating * before.reviewCount + 4.5) / (before.reviewCount + 1), 10);
    expect(rated.body).toMatchObject({ storeRating: after.rating, storeReviewCount: after.reviewCount });
    const again = await call(buyer, 'POST', '/seller-ratings', input);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REVIEW_TEXT.alreadyRatedSeller);
    expect((await store()).reviewCount).toBe(after.reviewCount);
    expect(await queued(A, 'store')).toBe(queuedBefore + 1);
  });

  it('the buyer reads back the ratings they gave an order’s sellers; nobody else reads them', async () => {
    const mine = await call(buyer, 'GET', `/seller-ratings?orderId=${orderId}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ ratings: [{ storeId: A, delivery: 5, communication: 4 }] });
    expect((await call(stranger, 'GET', `/seller-ratings?orderId=${orderId}`)).body).toEqual({ ratings: [] });
    expect((await call(null, 'GET', `/seller-ratings?orderId=${orderId}`)).status).toBe(401);
    expect((await call(buyer, 'GET', '/seller-ratings')).status).toBe(400);
  });
});

describe('at the same time', () => {
  it('counts every review of simultaneous writers once (meaningful on PostgreSQL)', async () => {
    const db = t.database.db;
    const writers = [
      await signIn(db, 'reviews-race-1@yaad.test', 'Race One'),
      await signIn(db, 'reviews-race-2@yaad.test', 'Race Two'),
      await signIn(db, 'reviews-race-3@yaad.test', 'Race Three'),
    ];
    for (const who of writers) {
      const { order } = await placeOne(who);
      await deliver(sellerB, order.id);
    }
    const before = await product(b.id);
    const answers = await Promise.all([
      ...writers.map((who, i) => call(who, 'POST', `/products/${b.id}/reviews`, { rating: i + 3 })),
      // The first writer's double submission: one review, one 409.
      call(writers[0], 'POST', `/products/${b.id}/reviews`, { rating: 3 }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 409]);
    const after = await product(b.id);
    expect(after.reviewCount).toBe(before.reviewCount + 3);
    const list = await reviews(b.id);
    expect(list.summary.count).toBe(after.reviewCount);
    expect(after.rating).toBeCloseTo(list.summary.average, 10);
  });
});
