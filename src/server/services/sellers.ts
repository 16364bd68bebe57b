/**
 * Who the seller is, and what is its (docs/decisions/027). A seller is a signed-in account and the
 * one store it owns: one store per account (decision 015), a unique index since migration 0015.
 * The route guard (`sellersOnly`, routes/guards.ts) resolves it once per request into
 * `c.var.seller`; every seller service takes that `Seller` and reaches rows through the lookups
 * below, which name the store AND its owner in the WHERE, so a query cannot reach another
 * account's rows even with a store id that is no longer the account's.
 *
 * One refusal rule for every seller call:
 *   - an account that owns no store (a buyer): 403, in the calling route's own words;
 *   - something that is not this seller's (another seller's product, order part or photo) or
 *     that does not exist: 404, the same answer for both, so a seller cannot learn what another
 *     store has (decision 025 for parts; products and photos alike).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { MESSAGES } from '../../lib/messages';
import type { StoreStatus } from '../../lib/store-status';
import type { Db } from '../db/client';
import { orderParts, orders, products, stores, users } from '../db/schema';
import { ApiError } from '../http/errors';

export type Seller = {
  /** The signed-in account. */
  userId: string;
  /** The one store it owns. */
  storeId: string;
  /** The store's status when the request came in (pending, active, rejected, suspended): a seller works on its store in any. */
  status: StoreStatus;
};

/** The seller an account is, or undefined when it owns no store (one statement, by the owner index). */
export async function sellerOf(db: Db, userId: string): Promise<Seller | undefined> {
  const [store] = await db
    .select({ id: stores.id, status: stores.status })
    .from(stores)
    .where(eq(stores.ownerId, userId));
  return store && { userId, storeId: store.id, status: store.status as StoreStatus };
}

/** A buyer on a seller call: 403, saying what that call is for (`refusal` is the route's words). */
export const notASeller = (refusal: string) => new ApiError(403, 'forbidden', refusal);

/** Not this seller's, or none: 404 either way (`message` names what: "Product not found"…). */
export const notTheSellers = (message: string) => new ApiError(404, 'not_found', message);

/**
 * The rows of the seller's store: `storeColumn` (products.store_id, order_parts.store_id,
 * uploads.store_id…) is its store, and the store is still its owner's. The store id lets
 * PostgreSQL use the column's index; the owner check is one primary-key probe, run once.
 */
export const soldBy = (seller: Seller, storeColumn: AnyPgColumn): SQL =>
  sql`(${storeColumn} = ${seller.storeId} and exists (select 1 from ${stores} where ${stores.id} = ${seller.storeId} and ${stores.ownerId} = ${seller.userId}))`;

/**
 * The seller's order parts it may see: its own (`soldBy`), of an order that does not await a card
 * payment (docs/decisions/029). A card order is its sellers' only once it is paid; one cancelled
 * unpaid never was. The order is probed by its primary key.
 */
export const partsSoldBy = (seller: Seller): SQL =>
  sql`(${soldBy(seller, orderParts.storeId)} and exists (select 1 from ${orders} where ${orders.id} = ${orderParts.orderId} and ${orders.awaitingPaymentUntil} is null))`;

export type ProductRow = typeof products.$inferSelect;

/**
 * One of the seller's products; 404 "Product not found" for another store's or none. `lock`
 * reads it `for update`, for a change in the caller's transaction.
 */
export async function ownProduct(
  db: Db,
  seller: Seller,
  productId: string,
  options: { lock?: boolean } = {},
): Promise<ProductRow> {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), soldBy(seller, products.storeId)));
  const [row] = await (options.lock ? query.for('update') : query);
  if (!row) throw notTheSellers('Product not found');
  return row;
}

/** One of the seller's order parts, with its order and buyer; 404 "Order not found" for another seller's or none. */
export async function ownPart(db: Db, seller: Seller, partId: string) {
  const [row] = await db
    .select({ part: orderParts, order: orders, buyer: { name: users.name, email: users.email } })
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(and(eq(orderParts.id, partId), partsSoldBy(seller)));
  if (!row) throw notTheSellers(MESSAGES.orders.notFound);
  return row;
}
