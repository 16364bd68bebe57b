import { and, eq, type SQL, sql } from 'drizzle-orm';
import { MESSAGES } from '../../../lib/messages';
import type { Db } from '../../db/client';
import { orderParts, orders } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { partsSoldBy, type Seller } from '../sellers';

/*
 * Whose orders a query may reach. Every read names its principal in the WHERE clause: a buyer's
 * orders by buyer_id, a seller's by its store and owner (services/sellers.ts), so another user's order cannot be reached
 * by a forgotten check. A miss is told apart only afterwards (`refuse`: 403 or 404).
 */

/** The buyer's own orders (one of them with `orderId`). */
export const boughtBy = (buyerId: string, orderId?: string): SQL =>
  orderId === undefined
    ? eq(orders.buyerId, buyerId)
    : (and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)) as SQL);

/** Orders with a part of the seller's store that it may see (one of them with `orderId`), its owner named too. */
export function orderSoldBy(seller: Seller, orderId?: string): SQL {
  const withPart = sql`${orders.id} in (select ${orderParts.orderId} from ${orderParts} where ${partsSoldBy(seller)})`;
  return orderId === undefined ? withPart : sql`${orders.id} = ${orderId} and ${withPart}`;
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
