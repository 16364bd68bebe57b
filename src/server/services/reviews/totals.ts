/**
 * The denormalised ratings (docs/decisions/018): products.rating / review_count from the visible
 * reviews, stores.rating / review_count from the seller ratings. Recomputed from the rows, never
 * incremented, in the transaction of the change, after the product's (or store's) row is locked
 * first thing in that transaction: two reviews of one product then take turns, and the second's
 * recount sees the first (each statement reads what committed before it, READ COMMITTED).
 */
import { and, eq, sql } from 'drizzle-orm';
import { REVIEW_TEXT } from '../../../lib/review-messages';
import type { Tx } from '../../db/client';
import { productReviews, products, sellerRatings, stores } from '../../db/schema';
import { notFound } from '../../http/errors';
import { visible } from './read';

/** Locks a product's row for this transaction; its store and the store's owner. 404 when missing. */
export async function lockProduct(tx: Tx, productId: string) {
  const [row] = await tx
    .select({ id: products.id, storeId: products.storeId })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!row) throw notFound('Product not found');
  const [store] = row.storeId
    ? await tx.select({ ownerId: stores.ownerId }).from(stores).where(eq(stores.id, row.storeId))
    : [];
  return { ...row, ownerId: store?.ownerId ?? null };
}

/**
 * Locks the product of a review before the review is changed (every change of a product's reviews
 * takes its lock first); answers the product's id. 404 for an unknown review.
 */
export async function lockReviewsProduct(tx: Tx, reviewId: string): Promise<string> {
  const [found] = await tx
    .select({ productId: productReviews.productId })
    .from(productReviews)
    .where(eq(productReviews.id, reviewId));
  if (!found) throw notFound(REVIEW_TEXT.notFound);
  await lockProduct(tx, found.productId);
  return found.productId;
}

export async function recountProduct(tx: Tx, productId: string): Promise<void> {
  const mine = and(eq(productReviews.productId, productId), visible);
  await tx
    .update(products)
    .set({
      rating: sql`coalesce((select avg(${productReviews.rating})::float8 from ${productReviews} where ${mine}), 0)`,
      reviewCount: sql`(select count(*)::int from ${productReviews} where ${mine})`,
    })
    .where(eq(products.id, productId));
}

/** Locks a store's row for this transaction (404 when missing). */
export async function lockStore(tx: Tx, storeId: string): Promise<void> {
  const [row] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('update');
  if (!row) throw notFound('Seller not found');
}

/** A store's rating is the mean of its ratings' delivery and communication scores. */
export async function recountStore(tx: Tx, storeId: string): Promise<{ rating: number; reviewCount: number }> {
  const of = eq(sellerRatings.storeId, storeId);
  const [row] = await tx
    .update(stores)
    .set({
      rating: sql`coalesce((select avg((${sellerRatings.delivery} + ${sellerRatings.communication}) / 2.0)::float8 from ${sellerRatings} where ${of}), 0)`,
      reviewCount: sql`(select count(*)::int from ${sellerRatings} where ${of})`,
    })
    .where(eq(stores.id, storeId))
    .returning({ rating: stores.rating, reviewCount: stores.reviewCount });
  return row;
}

/** Every product's and store's rating from its rows at once (the seeder, after loading samples). */
export async function recountAllRatings(tx: Tx): Promise<void> {
  await tx.execute(sql`
    update ${products} set rating = coalesce(r.average, 0), review_count = coalesce(r.n, 0)
      from (select p.id, avg(v.rating)::float8 as average, count(v.id)::int as n
              from ${products} p left join ${productReviews} v on v.product_id = p.id and v.hidden_at is null
             group by p.id) r
     where r.id = ${products}.id`);
  await tx.execute(sql`
    update ${stores} set rating = coalesce(r.average, 0), review_count = coalesce(r.n, 0)
      from (select s.id, avg((v.delivery + v.communication) / 2.0)::float8 as average, count(v.id)::int as n
              from ${stores} s left join ${sellerRatings} v on v.store_id = s.id
             group by s.id) r
     where r.id = ${stores}.id`);
}
