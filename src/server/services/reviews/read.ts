/**
 * Reading reviews: a product's visible reviews with their summary (per-star histogram, average,
 * count), one review as its author or an operator sees it, and what the signed-in shopper may do.
 */
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Review, ReviewList, ReviewListQuery, ReviewSummary } from '../../../lib/contract/reviews';
import { averageOf, reviewerName, type StarCounts, withinEditWindow } from '../../../lib/ratings';
import type { Db } from '../../db/client';
import { productReviews, products, reviewReplies, reviewVotes, stores, users } from '../../db/schema';
import { notFound } from '../../http/errors';

/** Only reviews an operator has not hidden are public and counted. */
export const visible = isNull(productReviews.hiddenAt);

const ORDER: Record<ReviewListQuery['sort'], SQL[]> = {
  newest: [desc(productReviews.createdAt), asc(productReviews.id)],
  helpful: [desc(productReviews.helpfulCount), desc(productReviews.createdAt), asc(productReviews.id)],
};

const replyStore = alias(stores, 'reply_store');

/** Reviews as the API answers them, for the shopper `viewerId` (undefined: a guest). */
export async function reviewRows(
  db: Db,
  where: SQL | undefined,
  viewerId: string | undefined,
  page?: { order: SQL[]; limit: number; offset: number },
): Promise<Review[]> {
  const query = db
    .select({
      review: productReviews,
      authorName: users.name,
      reply: reviewReplies,
      replyStoreName: replyStore.name,
      voted: viewerId
        ? sql<boolean>`exists (select 1 from ${reviewVotes} where ${reviewVotes.reviewId} = ${productReviews.id} and ${reviewVotes.userId} = ${viewerId})`
        : sql<boolean>`false`,
    })
    .from(productReviews)
    .innerJoin(users, eq(users.id, productReviews.authorId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, productReviews.id))
    .leftJoin(replyStore, eq(replyStore.id, reviewReplies.storeId))
    .where(where)
    .$dynamic();
  const rows = page
    ? await query
        .orderBy(...page.order)
        .limit(page.limit)
        .offset(page.offset)
    : await query;
  const now = new Date();
  return rows.map(({ review: r, authorName, reply, replyStoreName, voted }) => ({
    id: r.id,
    productId: r.productId,
    rating: r.rating,
    title: r.title,
    body: r.body,
    authorName: reviewerName(authorName),
    verifiedPurchase: r.source === 'purchase' && r.orderPartId !== null,
    variant: r.variantLabel,
    sample: r.source === 'sample',
    helpfulCount: r.helpfulCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    hidden: r.hiddenAt !== null,
    reply: reply
      ? {
          body: reply.body,
          storeName: replyStoreName ?? '',
          createdAt: reply.createdAt.toISOString(),
          updatedAt: reply.updatedAt.toISOString(),
        }
      : null,
    mine: viewerId !== undefined && r.authorId === viewerId,
    votedHelpful: Boolean(voted),
    editable: viewerId !== undefined && r.authorId === viewerId && withinEditWindow(r.createdAt, now),
  }));
}

/** One review by id, as `viewerId` sees it (hidden ones too: callers decide who may). */
export async function reviewById(db: Db, id: string, viewerId: string | undefined): Promise<Review> {
  const [review] = await reviewRows(db, eq(productReviews.id, id), viewerId);
  if (!review) throw notFound('Review not found');
  return review;
}

/** The visible reviews of a product per star level, their average and count. */
export async function reviewSummary(db: Db, productId: string): Promise<ReviewSummary> {
  const rows = await db
    .select({ rating: productReviews.rating, n: count() })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), visible))
    .groupBy(productReviews.rating);
  const histogram: StarCounts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of rows) if (r.rating >= 1 && r.rating <= 5) histogram[r.rating as 1 | 2 | 3 | 4 | 5] = Number(r.n);
  const { average, count: total } = averageOf(histogram);
  return {
    average,
    count: total,
    histogram: { '1': histogram[1], '2': histogram[2], '3': histogram[3], '4': histogram[4], '5': histogram[5] },
  };
}

/** The product's store and its owner (404 when there is no such product). */
export async function productSeller(db: Db, productId: string) {
  const [row] = await db
    .select({ id: products.id, storeId: products.storeId, ownerId: stores.ownerId })
    .from(products)
    .leftJoin(stores, eq(stores.id, products.storeId))
    .where(eq(products.id, productId));
  if (!row) throw notFound('Product not found');
  return row;
}

/** A page of a product's visible reviews, newest or most helpful first, with the summary. */
export async function listReviews(
  db: Db,
  productId: string,
  q: ReviewListQuery,
  viewerId: string | undefined,
): Promise<ReviewList> {
  const seller = await productSeller(db, productId);
  const summary = await reviewSummary(db, productId);
  const reviews = await reviewRows(db, and(eq(productReviews.productId, productId), visible), viewerId, {
    order: ORDER[q.sort],
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  return {
    summary,
    reviews,
    pagination: { page: q.page, limit: q.limit, total: summary.count, totalPages: Math.ceil(summary.count / q.limit) },
    viewerIsSeller: viewerId !== undefined && seller.ownerId === viewerId,
  };
}
