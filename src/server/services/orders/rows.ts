import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { paidByCard } from '../../../lib/contract/payments';
import type { Db } from '../../db/client';
import {
  orderLines,
  orderParts,
  orders,
  payments,
  refundParts,
  refunds,
  type shippingRates,
  stores,
  users,
} from '../../db/schema';

/* The tables an order lives in (docs/decisions/007), and the one query that reads them back. */

export type OrderRow = typeof orders.$inferSelect;
export type PartRow = typeof orderParts.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;
export type RateRow = typeof shippingRates.$inferSelect;
export type Buyer = { id: string; name: string; email: string };

/** An order as read: its buyer, its parts (each with its store, which may be gone) and its lines. */
export type LoadedOrder = {
  order: OrderRow;
  buyer: Buyer;
  parts: { part: PartRow; store: StoreRow | null }[];
  lines: LineRow[];
  /** A card order's attempts at the gateway, a bank-transfer order's transfers, oldest first (empty for the other methods). */
  payments: PaymentRow[];
  /** A card order's refunds, oldest first, each with the parts it gave back (docs/decisions/033). */
  refunds: (RefundRow & { partIds: string[] })[];
};

/** Parts in store-name order, lines in the order they were listed: the same in every answer. */
export const byStoreName = (x: PartRow, y: PartRow) =>
  x.storeName < y.storeName ? -1 : x.storeName > y.storeName ? 1 : x.id < y.id ? -1 : 1;
export const byLineId = (x: LineRow, y: LineRow) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);

/** Orders with their buyer, parts (and stores) and lines, newest first; `where` names the principal (./scope.ts). */
export async function loadOrders(db: Db, where: SQL, limit = 1, offset = 0): Promise<LoadedOrder[]> {
  const heads = await db
    .select({ order: orders, buyer: { id: users.id, name: users.name, email: users.email } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  if (heads.length === 0) return [];
  const ids = heads.map((h) => h.order.id);
  // Only card and bank-transfer orders show their payments (and a card's refunds): a read of other
  // orders costs no statement more.
  const cardIds = heads
    .filter((h) => paidByCard(h.order.paymentMethod) || h.order.paymentMethod === 'bank_transfer')
    .map((h) => h.order.id);
  const [parts, lines, attempts, given] = await Promise.all([
    db
      .select({ part: orderParts, store: stores })
      .from(orderParts)
      .leftJoin(stores, eq(stores.id, orderParts.storeId))
      .where(inArray(orderParts.orderId, ids))
      .orderBy(asc(orderParts.createdAt), asc(orderParts.storeName), asc(orderParts.id)),
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    cardIds.length
      ? db
          .select()
          .from(payments)
          .where(inArray(payments.orderId, cardIds))
          .orderBy(asc(payments.createdAt), asc(payments.id))
      : Promise.resolve([] as PaymentRow[]),
    cardIds.length
      ? db
          .select({ refund: refunds, partId: refundParts.partId })
          .from(refunds)
          .leftJoin(refundParts, eq(refundParts.refundId, refunds.id))
          .where(inArray(refunds.orderId, cardIds))
          .orderBy(asc(refunds.createdAt), asc(refunds.id), asc(refundParts.partId))
      : Promise.resolve([]),
  ]);
  const refundsOf = new Map<string, LoadedOrder['refunds'][number]>();
  for (const { refund, partId } of given) {
    const seen = refundsOf.get(refund.id) ?? { ...refund, partIds: [] };
    if (partId) seen.partIds.push(partId);
    refundsOf.set(refund.id, seen);
  }
  return heads.map((h) => ({
    ...h,
    parts: parts.filter((p) => p.part.orderId === h.order.id).sort((x, y) => byStoreName(x.part, y.part)),
    lines: lines.filter((l) => l.orderId === h.order.id).sort(byLineId),
    payments: attempts.filter((p) => p.orderId === h.order.id),
    refunds: [...refundsOf.values()].filter((r) => r.orderId === h.order.id),
  }));
}
