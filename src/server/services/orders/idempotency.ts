import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { PlaceOrderRequest } from '../../../lib/contract/orders';
import { MESSAGES } from '../../../lib/messages';
import type { Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { ApiError } from '../../http/errors';

/*
 * Retried submissions never make a second order: an Idempotency-Key (the client's, or without one
 * the key the request implies: docs/decisions/009) is claimed in the order's transaction and
 * remembers the order it made. A failure rolls the claim back with everything else.
 */

/** The hash an Idempotency-Key is bound to: the request as parsed (so spacing and key order do not matter). */
export function requestHash(request: PlaceOrderRequest): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/** Not a valid Idempotency-Key (IDEMPOTENCY_KEY_PATTERN has no "~"), so a client's key can never collide. */
const implicitKey = (hash: string) => `~same-request:${hash}`;

/**
 * Claims the client's key. A second request with the key waits for the first (the row's primary
 * key) and then gets its order; the same key with another body is a 409. Answers the order to
 * give back, or undefined when this request is to place its own.
 */
export async function claimKey(tx: Tx, buyerId: string, key: string, hash: string): Promise<string | undefined> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: buyerId, key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return undefined;
  const [prior] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, buyerId), eq(idempotencyKeys.key, key)));
  if (!prior || prior.requestHash !== hash) throw new ApiError(409, 'conflict', MESSAGES.orders.keyReused);
  if (!prior.orderId) throw new ApiError(409, 'conflict', MESSAGES.orders.keyReused);
  return prior.orderId;
}

/**
 * A place-order request without an Idempotency-Key (a double click, a resent submit) gets the key
 * its own content implies. The row's primary key makes identical requests queue behind the first;
 * once it commits, a request that arrived before the first's order was written (it was in flight
 * meanwhile) answers that order instead of placing a second one. A request arriving afterwards
 * takes the row over and places its own order: buying the same basket again later is allowed.
 * A first attempt that fails rolls its row back, and the next one goes ahead on its own.
 * Answers the order to give back, or undefined when this request is to place its own.
 */
export async function claimImplicitKey(tx: Tx, buyerId: string, hash: string, arrivedAt: string) {
  const key = implicitKey(hash);
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: buyerId, key, requestHash: hash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { orderId: null, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} < ${arrivedAt}::timestamptz`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return undefined;
  const [prior] = await tx
    .select({ orderId: idempotencyKeys.orderId })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, buyerId), eq(idempotencyKeys.key, key)));
  return prior?.orderId ?? undefined;
}

/** The claimed key remembers its order; an implicit key also when it was written (see claimImplicitKey). */
export async function rememberOrder(tx: Tx, buyerId: string, key: string | undefined, hash: string, orderId: string) {
  await tx
    .update(idempotencyKeys)
    .set({ orderId, ...(key ? {} : { createdAt: new Date() }) })
    .where(and(eq(idempotencyKeys.userId, buyerId), eq(idempotencyKeys.key, key ?? implicitKey(hash))));
}
