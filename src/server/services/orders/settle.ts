import { eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../lib/contract/orders';
import type { Tx } from '../../db/client';
import { orderParts, orders } from '../../db/schema';
import { deriveOrderStatus, paymentStatusOf } from './status';

/**
 * The order row's status and payment status follow its parts. Its updatedAt ("last update", which
 * the delivery estimate counts from) moves when a part's status or tracking changes, not for a payment.
 */
export async function settleOrder(tx: Tx, orderId: string, options: { touch: boolean }) {
  const parts = await tx
    .select({ status: orderParts.status, paymentStatus: orderParts.paymentStatus })
    .from(orderParts)
    .where(eq(orderParts.orderId, orderId));
  const statuses = parts.map((p) => ({ status: p.status as OrderStatus, paymentStatus: p.paymentStatus }));
  await tx
    .update(orders)
    .set({
      status: deriveOrderStatus(statuses.map((p) => p.status)),
      paymentStatus: paymentStatusOf(statuses),
      ...(options.touch ? { updatedAt: sql`now()` } : {}),
    })
    .where(eq(orders.id, orderId));
}
