import { eq } from 'drizzle-orm';
import { amountsDuePerPart } from '../../../lib/pricing';
import type { Tx } from '../../db/client';
import { orderParts, orders } from '../../db/schema';
import { byStoreName } from '../orders/rows';
import { recordReceived } from './received';

/**
 * A seller recorded the money for its parts (cash on delivery collected by its courier; an older
 * order's transfer to the seller): each part it paid is a payment record like the others (issue
 * 26 #5, docs/decisions/034), by the payments table's one writer, in movePart's transaction. The
 * amount is the part's share as its invoice shows it (items, shipping, its share of the tax); the
 * part's id is the reference, so a part's cash is recorded once.
 */
export async function recordCashCollected(
  tx: Tx,
  seller: { userId: string },
  orderId: string,
  paidPartIds: readonly string[],
): Promise<void> {
  if (paidPartIds.length === 0) return;
  const [order] = await tx
    .select({ taxCents: orders.taxCents, method: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.id, orderId));
  // Every part of the order, in the invoice's order: the tax is shared across all of them.
  const parts = (await tx.select().from(orderParts).where(eq(orderParts.orderId, orderId))).sort(byStoreName);
  const due = amountsDuePerPart(order.taxCents, parts);
  for (const [i, part] of parts.entries()) {
    if (!paidPartIds.includes(part.id) || due[i] <= 0) continue;
    await recordReceived(tx, {
      orderId,
      method: order.method,
      provider: 'seller',
      reference: part.id,
      amountCents: due[i],
      recordedBy: seller.userId,
    });
  }
}
