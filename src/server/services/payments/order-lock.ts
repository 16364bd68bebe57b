import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';

/** What a payment decision reads of its order, under the order's row lock (the lock every order change takes first). */
export type LockedOrder = {
  id: string;
  orderNumber: string;
  buyerId: string;
  status: string;
  paymentMethod: string;
  paymentStatus: string;
  totalCents: number;
  awaitingPaymentUntil: Date | null;
};

const columns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  buyerId: orders.buyerId,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  totalCents: orders.totalCents,
  awaitingPaymentUntil: orders.awaitingPaymentUntil,
};

/** The order row, locked; `buyerId` scopes it to its buyer (a shopper's request), absent for the gateway's (verified) word. */
export async function lockOrder(tx: Tx, orderId: string, buyerId?: string): Promise<LockedOrder | undefined> {
  const [row] = await tx
    .select(columns)
    .from(orders)
    .where(buyerId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
    .for('update');
  return row;
}

/**
 * A card order still awaits its payment: not paid, not cancelled, and placed to be paid by card.
 * The hold's end itself changes nothing: the sweeper's cancellation does (./hold.ts).
 */
export const awaitsPayment = (order: LockedOrder): boolean =>
  order.awaitingPaymentUntil !== null && order.paymentStatus === 'unpaid' && order.status !== 'cancelled';

/** The condition of `awaitsPayment` in SQL, with the hold ended by `now`: what the sweeper takes. */
export const holdEndedBy = (now: Date) =>
  sql`${orders.awaitingPaymentUntil} <= ${now.toISOString()}::timestamptz and ${orders.paymentStatus} = 'unpaid' and ${orders.status} <> 'cancelled'`;
