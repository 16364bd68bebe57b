import type { Order, SellerOrder } from '../../../lib/contract/orders';
import { MESSAGES } from '../../../lib/messages';
import type { Db } from '../../db/client';
import { notTheSellers, type Seller } from '../sellers';
import { loadOrders } from './rows';
import { boughtBy, orderSoldBy, refuse } from './scope';
import { toOrder, toSellerOrder } from './shapes';

/* Reading orders: the buyer's own, and a seller's (only its own parts of them). */

/** The buyer's own order (GET /orders/{id}). */
export async function getBuyerOrder(db: Db, principal: { orderId: string; buyerId: string }): Promise<Order> {
  const [loaded] = await loadOrders(db, boughtBy(principal.buyerId, principal.orderId));
  return loaded ? toOrder(loaded) : refuse(db, principal.orderId, MESSAGES.orders.accessDeniedDetail);
}

export async function listBuyerOrders(db: Db, buyerId: string, page: number, limit: number): Promise<Order[]> {
  return (await loadOrders(db, boughtBy(buyerId), limit, (page - 1) * limit)).map(toOrder);
}

/** GET /orders/seller: the parts of orders that contain this seller's products, newest first. */
export async function listSellerOrders(db: Db, seller: Seller, page: number, limit: number): Promise<SellerOrder[]> {
  return (await loadOrders(db, orderSoldBy(seller), limit, (page - 1) * limit)).map((l) => toSellerOrder(l, seller));
}

/**
 * One order as a seller of it sees it (only its own parts). An order without the seller's products
 * is not found, as for a move (./move-part.ts): a seller does not learn that it exists.
 */
export async function getSellerOrder(db: Db, seller: Seller, orderId: string): Promise<SellerOrder> {
  const [loaded] = await loadOrders(db, orderSoldBy(seller, orderId));
  if (!loaded) throw notTheSellers(MESSAGES.orders.notFound);
  return toSellerOrder(loaded, seller);
}
