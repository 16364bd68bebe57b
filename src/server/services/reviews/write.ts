/**
 * A buyer writes, edits and deletes their review. Who may (docs/decisions/018): a buyer with a
 * delivered order part containing the product, once per product, not the product's own seller;
 * the author alone edits or deletes, for REVIEW_EDIT_DAYS. Every change recounts the product's
 * rating and queues its pages for publishing (its page, its seller's page, the listings) in the
 * same transaction.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { MyReview, Review, ReviewInput, ReviewUpdate } from '../../../lib/contract/reviews';
import { reviewerName, withinEditWindow } from '../../../lib/ratings';
import { REVIEW_TEXT } from '../../../lib/review-messages';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { orderLines, orderParts, orders, productReviews, products, users } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { enqueueMail } from '../../mail/outbox';
import { sellerNewReviewMail } from '../../mail/review-mails';
import { catalogChanged } from '../publish-queue';
import { storeContact } from '../stores/contact';
import { productSeller, reviewById } from './read';
import { lockProduct, lockReviewsProduct, recountProduct } from './totals';

/**
 * The newest delivered part of the buyer's orders that contains the product, if any, with the
 * variant its line sold ("Size 10, Brown"; '' for a product without options).
 */
async function deliveredLine(
  db: Db | Tx,
  buyerId: string,
  productId: string,
): Promise<{ partId: string; variantLabel: string } | undefined> {
  const [row] = await db
    .select({ partId: orderParts.id, variantLabel: orderLines.variantLabel })
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .innerJoin(orderLines, eq(orderLines.partId, orderParts.id))
    .where(and(eq(orders.buyerId, buyerId), eq(orderParts.status, 'delivered'), eq(orderLines.productId, productId)))
    .orderBy(desc(orderParts.updatedAt), desc(orderLines.id))
    .limit(1);
  return row;
}

async function ownReviewId(db: Db | Tx, authorId: string, productId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: productReviews.id })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.authorId, authorId)));
  return row?.id;
}

/** What the signed-in shopper may do on a product's reviews: write one, or theirs (even hidden). */
export async function myReview(db: Db, productId: string, userId: string): Promise<MyReview> {
  const seller = await productSeller(db, productId);
  const existing = await ownReviewId(db, userId, productId);
  if (existing)
    return {
      canReview: false,
      reason: 'already_reviewed',
      message: REVIEW_TEXT.alreadyReviewed,
      review: await reviewById(db, existing, userId),
    };
  if (seller.ownerId === userId)
    return { canReview: false, reason: 'own_product', message: REVIEW_TEXT.ownProduct, review: null };
  if (!(await deliveredLine(db, userId, productId)))
    return { canReview: false, reason: 'not_delivered', message: REVIEW_TEXT.notDelivered, review: null };
  return { canReview: true, reason: null, message: null, review: null };
}

export async function createReview(db: Db, productId: string, authorId: string, input: ReviewInput): Promise<Review> {
  const id = await writeReview(db, productId, authorId, input).catch((error) => {
    // The product's row lock makes a double submission wait and see the first; the unique index backs it.
    if (isUniqueViolation(error, 'product_reviews_product_author_key'))
      throw new ApiError(409, 'conflict', REVIEW_TEXT.alreadyReviewed);
    throw error;
  });
  return reviewById(db, id, authorId);
}

function writeReview(db: Db, productId: string, authorId: string, input: ReviewInput): Promise<string> {
  return db.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    if (product.ownerId === authorId) throw new ApiError(403, 'forbidden', REVIEW_TEXT.ownProduct);
    if (await ownReviewId(tx, authorId, productId)) throw new ApiError(409, 'conflict', REVIEW_TEXT.alreadyReviewed);
    const bought = await deliveredLine(tx, authorId, productId);
    if (!bought) throw new ApiError(403, 'forbidden', REVIEW_TEXT.notDelivered);
    const [row] = await tx
      .insert(productReviews)
      .values({
        productId,
        authorId,
        orderPartId: bought.partId,
        // The variant bought, as its order line froze it (issue 30 #3).
        variantLabel: bought.variantLabel || null,
        rating: input.rating,
        title: input.title ?? null,
        body: input.body ?? null,
      })
      .returning({ id: productReviews.id });
    await recountProduct(tx, productId);
    await catalogChanged(tx, 'product', productId, 'review written');
    await tellSeller(tx, product, authorId, input);
    return row.id;
  });
}

/** The store's mail about its product's new review, queued with the review (docs/decisions/013). */
async function tellSeller(
  tx: Tx,
  product: { id: string; storeId: string | null },
  authorId: string,
  input: ReviewInput,
): Promise<void> {
  const store = product.storeId ? await storeContact(tx, product.storeId) : undefined;
  if (!store?.to) return;
  const [names] = await tx
    .select({ product: products.name, author: users.name })
    .from(products)
    .innerJoin(users, eq(users.id, authorId))
    .where(eq(products.id, product.id));
  await enqueueMail(tx, {
    to: store.to,
    ...sellerNewReviewMail({
      storeName: store.name,
      productId: product.id,
      productName: names.product,
      authorName: reviewerName(names.author),
      rating: input.rating,
      title: input.title ?? null,
      body: input.body ?? null,
    }),
  });
}

/**
 * The author's review, locked with its product for a change: 404 when there is no such review,
 * 403 when it is someone else's or older than the edit window.
 */
async function ownChangeableReview(tx: Tx, id: string, authorId: string) {
  await lockReviewsProduct(tx, id);
  const [review] = await tx
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.id, id), eq(productReviews.authorId, authorId)))
    .for('update');
  if (!review) throw new ApiError(403, 'forbidden', REVIEW_TEXT.notAuthor);
  if (!withinEditWindow(review.createdAt)) throw new ApiError(403, 'forbidden', REVIEW_TEXT.editWindowClosed);
  return review;
}

export async function updateReview(db: Db, id: string, authorId: string, change: ReviewUpdate): Promise<Review> {
  await db.transaction(async (tx) => {
    const review = await ownChangeableReview(tx, id, authorId);
    await tx
      .update(productReviews)
      .set({
        ...(change.rating !== undefined ? { rating: change.rating } : {}),
        ...(change.title !== undefined ? { title: change.title } : {}),
        ...(change.body !== undefined ? { body: change.body } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(productReviews.id, id), eq(productReviews.authorId, authorId)));
    await recountProduct(tx, review.productId);
    await catalogChanged(tx, 'product', review.productId, 'review edited');
  });
  return reviewById(db, id, authorId);
}

export async function deleteReview(db: Db, id: string, authorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const review = await ownChangeableReview(tx, id, authorId);
    await tx.delete(productReviews).where(and(eq(productReviews.id, id), eq(productReviews.authorId, authorId)));
    await recountProduct(tx, review.productId);
    await catalogChanged(tx, 'product', review.productId, 'review deleted');
  });
}
