import { and, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderParts } from '../../db/schema';
import { postPartsPaid } from '../ledger/events';

/**
 * THE write by which order parts become paid: a seller recording the payment it received
 * (./move-part.ts) and a verified card payment (services/payments) both pay through here, in the
 * caller's transaction after it locked the order row. A cancelled part needs no payment and a
 * paid one is not paid again. Answers the parts it paid; the caller settles the order row
 * (./settle.ts), as every change of a part does.
 */
export async function payParts(tx: Tx, partIds: readonly string[]): Promise<string[]> {
  if (partIds.length === 0) return [];
  const paid = await tx
    .update(orderParts)
    .set({ paymentStatus: 'paid' })
    .where(
      and(
        inArray(orderParts.id, [...partIds]),
        ne(orderParts.paymentStatus, 'paid'),
        ne(orderParts.status, 'cancelled'),
      ),
    )
    .returning({ id: orderParts.id });
  // Each sale in the books, in this same transaction (docs/decisions/036).
  await postPartsPaid(
    tx,
    paid.map((p) => p.id),
  );
  return paid.map((p) => p.id);
}
