import { and, eq, sql } from 'drizzle-orm';
import { partShares } from '../../../lib/pricing';
import type { Db, Tx } from '../../db/client';
import { orderParts, orders, refundParts, returnRequests } from '../../db/schema';

/*
 * What a part may still be refunded (issue 28, docs/decisions/042): its share of what the order was
 * paid (`partShares`) less its refunds so far (a cancellation's, its returns' decided refunds).
 */

/** A part's share of what its order was paid, its items and shipping. */
export async function partMoney(db: Db | Tx, partId: string) {
  const [part] = await db
    .select({ orderId: orderParts.orderId, taxCents: orders.taxCents })
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .where(eq(orderParts.id, partId));
  const parts = await db
    .select({
      id: orderParts.id,
      storeName: orderParts.storeName,
      subtotalCents: orderParts.subtotalCents,
      shippingCents: orderParts.shippingCents,
      taxCents: orderParts.taxCents,
    })
    .from(orderParts)
    .where(eq(orderParts.orderId, part.orderId));
  const own = parts.find((p) => p.id === partId)!;
  return {
    shareCents: partShares(part.taxCents, parts).get(partId) ?? 0,
    subtotalCents: own.subtotalCents,
    shippingCents: own.shippingCents,
  };
}

/** What of a part was already refunded or decided to be: a cancellation's refund, its returns' refunds (`except` one request). */
export async function refundedOfPart(db: Db | Tx, partId: string, except?: string): Promise<number> {
  const [cancelled] = await db
    .select({ cents: sql<string>`coalesce(sum(${refundParts.amountCents}), 0)` })
    .from(refundParts)
    .where(eq(refundParts.partId, partId));
  const [returned] = await db
    .select({ cents: sql<string>`coalesce(sum(${returnRequests.refundCents}), 0)` })
    .from(returnRequests)
    .where(
      and(
        eq(returnRequests.partId, partId),
        except ? sql`${returnRequests.id} <> ${except}` : undefined,
        sql`${returnRequests.refundCents} is not null`,
      ),
    );
  return Number(cancelled.cents) + Number(returned.cents);
}
