/**
 * A buyer rates the seller of a delivered part of their order: delivery and communication, once
 * per part. The order is found by its buyer (another shopper's order answers 404), the part by
 * the order and the store; the store's rating is recounted and its pages queued in the same
 * transaction.
 */
import { and, eq } from 'drizzle-orm';
import { REVIEW_TEXT } from '../../../lib/review-messages';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { orderParts, orders, sellerRatings } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { catalogChanged } from '../publish-queue';
import { lockStore, recountStore } from './totals';

export async function rateSeller(
  db: Db,
  buyerId: string,
  input: { orderId: string; storeId: string; delivery: number; communication: number },
) {
  try {
    return await db.transaction(async (tx) => {
      const [part] = await tx
        .select({ id: orderParts.id, status: orderParts.status })
        .from(orderParts)
        .innerJoin(orders, eq(orders.id, orderParts.orderId))
        .where(and(eq(orders.id, input.orderId), eq(orders.buyerId, buyerId), eq(orderParts.storeId, input.storeId)));
      if (!part) throw notFound(REVIEW_TEXT.orderNotFound);
      if (part.status !== 'delivered') throw new ApiError(403, 'forbidden', REVIEW_TEXT.ratingNotDelivered);
      await lockStore(tx, input.storeId);
      const added = await tx
        .insert(sellerRatings)
        .values({
          storeId: input.storeId,
          authorId: buyerId,
          orderPartId: part.id,
          delivery: input.delivery,
          communication: input.communication,
        })
        .onConflictDoNothing()
        .returning({ id: sellerRatings.id });
      if (added.length === 0) throw new ApiError(409, 'conflict', REVIEW_TEXT.alreadyRatedSeller);
      const totals = await recountStore(tx, input.storeId);
      await catalogChanged(tx, 'store', input.storeId, 'seller rated');
      return {
        storeId: input.storeId,
        delivery: input.delivery,
        communication: input.communication,
        storeRating: totals.rating,
        storeReviewCount: totals.reviewCount,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'seller_ratings_part_key'))
      throw new ApiError(409, 'conflict', REVIEW_TEXT.alreadyRatedSeller);
    throw error;
  }
}

/** The ratings this buyer gave the sellers of this order of theirs (none for another's order). */
export async function mySellerRatings(db: Db, buyerId: string, orderId: string) {
  const ratings = await db
    .select({
      storeId: orderParts.storeId,
      delivery: sellerRatings.delivery,
      communication: sellerRatings.communication,
    })
    .from(sellerRatings)
    .innerJoin(orderParts, eq(orderParts.id, sellerRatings.orderPartId))
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId), eq(sellerRatings.authorId, buyerId)));
  return { ratings: ratings.map((r) => ({ ...r, storeId: r.storeId as string })) };
}
