import type { Order, SellerOrder } from '../../../lib/contract/orders';
import { MESSAGES } from '../../../lib/messages';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import { loadOrders } from './rows';
import { boughtBy, refuse, requireSellerStores, soldBy } from './scope';
import { toOrder, toSellerOrder } from './shapes';

/* Reading orders: the buyer's own, and a seller's (only its own parts of them). */

const O = MESSAGES.orders;

/** The buyer's own order (GET /orders/{id}). */
export async function getBuyerOrder(db: Db, principal: { orderId: string; buyerId: string }): Promise<Order> {
  const [loaded] = await loadOrders(db, boughtBy(principal.buyerId, principal.orderId));
  return loaded ? toOrder(loaded) : refuse(db, principal.orderId, O.accessDeniedDetail);
}

export async function listBuyerOrders(db: Db, buyerId: string, page: number, limit: number): Promise<Order[]> {
  return (await loadOrders(db, boughtBy(buyerId), limit, (page - 1) * limit)).map(toOrder);
}

/** GET /orders/seller: the parts of orders that contain this seller's products, newest first. */
export async function listSellerOrders(db: Db, userId: string, page: number, limit: number): Promise<SellerOrder[]> {
  const own = await requireSellerStores(db, userId);
  return (await loadOrders(db, soldBy(own), limit, (page - 1) * limit)).map((l) => toSellerOrder(l, own));
}

/**
 * One order as a seller of it sees it (only its own parts). An order without the seller's products
 * is not found, as for a move (./move-part.ts): a seller does not learn that it exists.
 */
export async function getSellerOrder(db: Db, principal: { orderId: string; userId: string }): Promise<SellerOrder> {
  const own = await requireSellerStores(db, principal.userId);
  const [loaded] = await loadOrders(db, soldBy(own, principal.orderId));
  if (!loaded) throw new ApiError(404, 'not_found', O.notFound);
  return toSellerOrder(loaded, own);
}
