import type { Order, SellerOrder } from '../../../lib/contract/orders';
import { MESSAGES } from '../../../lib/messages';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import { loadOrders } from './rows';
import { boughtBy, ownedStoreIds, refuse, soldBy } from './scope';
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
  const own = await ownedStoreIds(db, userId);
  if (own.size === 0) throw new ApiError(403, 'forbidden', O.notSeller);
  return (await loadOrders(db, soldBy(own), limit, (page - 1) * limit)).map((l) => toSellerOrder(l, own));
}

/** One order as a seller of it sees it (only its own parts); 403 for an order without its products. */
export async function getSellerOrder(db: Db, principal: { orderId: string; userId: string }): Promise<SellerOrder> {
  const own = await ownedStoreIds(db, principal.userId);
  const [loaded] = await loadOrders(db, soldBy(own, principal.orderId));
  if (!loaded) return refuse(db, principal.orderId, O.notYourPart);
  return toSellerOrder(loaded, own);
}
