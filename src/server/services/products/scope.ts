import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, stores } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { toSellerProduct } from './shapes';

/**
 * Whose products a query reaches: every query here names the owner in its WHERE
 * (`products.store_id in (stores owned by me)`), so a product of another store is never read or
 * touched; another store's id answers 403 and an unknown one 404, as the first seller call did.
 */

/** The stores the user owns, as a subquery for WHERE … IN. */
export const ownStores = (db: Db, ownerId: string) =>
  db.select({ id: stores.id }).from(stores).where(eq(stores.ownerId, ownerId));

/** One product, when it is one of the owner's. */
export const ownProduct = (db: Db, ownerId: string, id: string) =>
  and(eq(products.id, id), inArray(products.storeId, ownStores(db, ownerId)));

/** 404 for a product that does not exist, 403 for one of another store (the first seller call's answers). */
export async function notYours(db: Db, id: string): Promise<never> {
  const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  if (!exists) throw new ApiError(404, 'not_found', 'Product not found');
  throw new ApiError(403, 'forbidden', 'You can only change your own products');
}

/** One of the owner's products as the seller sees it, after a change. */
export async function readOwn(db: Db, ownerId: string, id: string) {
  const [row] = await db
    .select()
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(ownProduct(db, ownerId, id));
  return toSellerProduct(row.products, row.stores);
}
