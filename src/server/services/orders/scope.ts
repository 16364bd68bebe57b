import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../lib/messages';
import type { Db } from '../../db/client';
import { orderParts, orders, stores } from '../../db/schema';
import { ApiError } from '../../http/errors';

/*
 * Whose orders a query may reach. Every read names its principal in the WHERE clause: a buyer's
 * orders by buyer_id, a seller's by the stores it owns, so another user's order cannot be reached
 * by a forgotten check. A miss is told apart only afterwards (`refuse`: 403 or 404).
 */

/** The buyer's own orders (one of them with `orderId`). */
export const boughtBy = (buyerId: string, orderId?: string): SQL =>
  orderId === undefined
    ? eq(orders.buyerId, buyerId)
    : (and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)) as SQL);

/** Orders with a part sold by one of these stores (one of them with `orderId`); none for no stores. */
export function soldBy(own: ReadonlySet<string>, orderId?: string): SQL {
  if (own.size === 0) return sql`false`;
  const withPart = sql`${orders.id} in (select ${orderParts.orderId} from ${orderParts} where ${inArray(orderParts.storeId, [...own])})`;
  return orderId === undefined ? withPart : sql`${orders.id} = ${orderId} and ${withPart}`;
}

/** The stores a user owns (a seller's principal). */
export async function ownedStoreIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.select({ id: stores.id }).from(stores).where(eq(stores.ownerId, userId));
  return new Set(rows.map((r) => r.id));
}

/** A seller's stores; 403 for a user who owns none (a buyer on a seller route), in `refusal`'s words. */
export async function requireSellerStores(
  db: Db,
  userId: string,
  refusal: string = MESSAGES.sellerOrders.notSeller,
): Promise<Set<string>> {
  const own = await ownedStoreIds(db, userId);
  if (own.size === 0) throw new ApiError(403, 'forbidden', refusal);
  return own;
}

/** After a miss: 403 when the order exists (it is someone else's), 404 when it does not. */
export async function refuse(
  db: Db,
  orderId: string,
  forbidden: string,
  notFound: string = MESSAGES.orders.notFound,
): Promise<never> {
  const [exists] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (exists) throw new ApiError(403, 'forbidden', forbidden);
  throw new ApiError(404, 'not_found', notFound);
}
