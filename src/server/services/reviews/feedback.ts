/**
 * What others do with a review: shoppers find it helpful (once each) or report it to the
 * operators (once each); the product's seller replies in public (one reply, which it may reword).
 * Hidden reviews take none of these (404, as for the public they do not exist).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Review } from '../../../lib/contract/reviews';
import { REVIEW_TEXT } from '../../../lib/review-messages';
import type { Db, Tx } from '../../db/client';
import { productReviews, products, reviewReplies, reviewReports, reviewVotes, stores, users } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { enqueueMail } from '../../mail/outbox';
import { reviewReplyMail } from '../../mail/review-mails';
import { catalogChanged } from '../publish-queue';
import { takeAllowance } from '../rate-limit';
import { type Seller, soldBy } from '../sellers';
import { reviewById, visible } from './read';

async function visibleReview(db: Db | Tx, id: string) {
  const [review] = await db
    .select({ id: productReviews.id, authorId: productReviews.authorId, productId: productReviews.productId })
    .from(productReviews)
    .where(and(eq(productReviews.id, id), visible));
  if (!review) throw notFound(REVIEW_TEXT.notFound);
  return review;
}

export async function voteHelpful(db: Db, id: string, userId: string) {
  return db.transaction(async (tx) => {
    const review = await visibleReview(tx, id);
    if (review.authorId === userId) throw new ApiError(403, 'forbidden', REVIEW_TEXT.ownVote);
    const added = await tx
      .insert(reviewVotes)
      .values({ reviewId: id, userId })
      .onConflictDoNothing()
      .returning({ reviewId: reviewVotes.reviewId });
    if (added.length === 0) throw new ApiError(409, 'conflict', REVIEW_TEXT.alreadyVoted);
    const [row] = await tx
      .update(productReviews)
      .set({ helpfulCount: sql`${productReviews.helpfulCount} + 1` })
      .where(eq(productReviews.id, id))
      .returning({ helpfulCount: productReviews.helpfulCount });
    return { helpfulCount: row.helpfulCount, votedHelpful: true };
  });
}

/** Takes the shopper's vote back (nothing to take back is not an error). */
export async function unvoteHelpful(db: Db, id: string, userId: string) {
  return db.transaction(async (tx) => {
    await visibleReview(tx, id);
    const removed = await tx
      .delete(reviewVotes)
      .where(and(eq(reviewVotes.reviewId, id), eq(reviewVotes.userId, userId)))
      .returning({ reviewId: reviewVotes.reviewId });
    const [row] = await tx
      .update(productReviews)
      .set({ helpfulCount: sql`${productReviews.helpfulCount} - ${removed.length}` })
      .where(eq(productReviews.id, id))
      .returning({ helpfulCount: productReviews.helpfulCount });
    return { helpfulCount: row.helpfulCount, votedHelpful: false };
  });
}

/**
 * The seller's public reply: only the owner of the product's store (its store and owner are in the
 * WHERE). A review of another store's product is 403, not 404: the review is public, so saying it
 * does not exist would be false and hide nothing (decision 027).
 */
export async function replyToReview(db: Db, id: string, seller: Seller, body: string): Promise<Review> {
  const ownerId = seller.userId;
  await db.transaction(async (tx) => {
    const review = await visibleReview(tx, id);
    const [own] = await tx
      .select({ storeId: products.storeId })
      .from(products)
      .where(and(eq(products.id, review.productId), soldBy(seller, products.storeId)));
    if (!own?.storeId) throw new ApiError(403, 'forbidden', REVIEW_TEXT.notSeller);
    const [written] = await tx
      .insert(reviewReplies)
      .values({ reviewId: id, storeId: own.storeId, authorId: ownerId, body })
      .onConflictDoUpdate({
        target: reviewReplies.reviewId,
        set: { body, authorId: ownerId, updatedAt: sql`now()` },
      })
      // xmax is 0 only on a row this statement inserted: a first reply, not a rewording.
      .returning({ first: sql<boolean>`(xmax = 0)` });
    await catalogChanged(tx, 'product', review.productId, 'seller replied to a review');
    if (written.first) await tellAuthor(tx, review, own.storeId, body);
  });
  return reviewById(db, id, ownerId);
}

/** The review's author hears of the seller's first reply (a rewording sends nothing), queued with it. */
async function tellAuthor(tx: Tx, review: { authorId: string; productId: string }, storeId: string, reply: string) {
  const [row] = await tx
    .select({ name: users.name, to: users.email, product: products.name, store: stores.name })
    .from(users)
    .innerJoin(products, eq(products.id, review.productId))
    .innerJoin(stores, eq(stores.id, storeId))
    .where(eq(users.id, review.authorId));
  if (!row) return;
  await enqueueMail(tx, {
    to: row.to,
    ...reviewReplyMail({
      authorName: row.name,
      storeName: row.store,
      productId: review.productId,
      productName: row.product,
      reply,
    }),
  });
}

/**
 * Reports one shopper may send within the allowance window (services/rate-limit.ts): enough for
 * someone reading a product's reviews to flag every bad one, too few for one account to bury the
 * operators' queue. A repeated report of the same review counts too.
 */
export const REPORTS_PER_WINDOW = 10;

export async function reportReview(db: Db, id: string, reporterId: string, reason: string): Promise<void> {
  const review = await visibleReview(db, id);
  if (review.authorId === reporterId) throw new ApiError(403, 'forbidden', REVIEW_TEXT.ownReport);
  await takeAllowance(
    db,
    [{ subject: `review-report:${reporterId}`, max: REPORTS_PER_WINDOW }],
    REVIEW_TEXT.tooManyReports,
  );
  const added = await db
    .insert(reviewReports)
    .values({ reviewId: id, reporterId, reason })
    .onConflictDoNothing()
    .returning({ id: reviewReports.id });
  if (added.length === 0) throw new ApiError(409, 'conflict', REVIEW_TEXT.alreadyReported);
}
