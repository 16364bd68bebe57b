import type { Order, PlaceOrderRequest } from '../../../lib/contract/orders';
import type { Db } from '../../db/client';
import { claimImplicitKey, claimKey, rememberOrder, requestHash } from './idempotency';
import { noticeOrderPlaced } from './notices';
import { getBuyerOrder } from './read';
import type { Buyer } from './rows';
import { toOrder } from './shapes';
import { type OrderTerms, writeOrder } from './write-order';

/** The invoice PDF's address (its one home: src/lib/invoice-url.ts). */
export { invoicePdfUrl as invoiceUrlFor } from '../../../lib/invoice-url';

/**
 * POST /orders/place. One transaction: the Idempotency-Key (or without one, the key the request
 * implies) claimed, then the order written (./write-order.ts: every rule checked again, stock
 * taken, one part per seller, the ordered lines out of the cart), the key remembering it. Any
 * failure rolls everything back, the key included, so a corrected retry can use it again.
 * A replayed request answers the first order, read after the commit.
 */
export async function placeOrder(
  db: Db,
  buyer: Buyer,
  request: PlaceOrderRequest,
  options: OrderTerms & { idempotencyKey?: string; receivedAt?: Date },
): Promise<{ order: Order; replayed: boolean }> {
  const hash = requestHash(request);
  const key = options.idempotencyKey;
  // When the request reached the API (before its session was read and its body parsed: on a busy
  // machine that took long enough for a twin sent at the same moment to count as a later purchase),
  // else now: what "in flight at the same time" counts from.
  const arrivedAt = (options.receivedAt ?? new Date()).toISOString();
  const placed = await db.transaction(async (tx) => {
    const prior = key ? await claimKey(tx, buyer.id, key, hash) : await claimImplicitKey(tx, buyer.id, hash, arrivedAt);
    if (prior) return { orderId: prior };
    const written = await writeOrder(tx, buyer, request, options);
    await noticeOrderPlaced(tx, written);
    await rememberOrder(tx, buyer.id, key, hash, written.order.id);
    return { orderId: written.order.id, order: toOrder(written) };
  });
  if (placed.order) return { order: placed.order, replayed: false };
  return { order: await getBuyerOrder(db, { orderId: placed.orderId, buyerId: buyer.id }), replayed: true };
}
