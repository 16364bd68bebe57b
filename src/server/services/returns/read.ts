import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../../lib/contract/payment-methods';
import type { Returnable, ReturnList, ReturnRequest, ReturnsFilter } from '../../../lib/contract/returns';
import { toDollars } from '../../../lib/money';
import { DISPUTE_STATUSES, RETURN_TRANSITIONS, returnedItemsRefundCents } from '../../../lib/returns';
import { nameWithVariant } from '../../../lib/variants';
import type { Db, Tx } from '../../db/client';
import {
  orderLines,
  orderParts,
  orders,
  partDeliveries,
  refunds,
  returnLines,
  returnRequests,
  users,
} from '../../db/schema';
import { partMoney, refundedOfPart } from './part-money';
import { type ReturnScope, scopeWhere } from './scope';
import { messagesOf, photosOf } from './thread';

/*
 * Return requests read back (issue 28, docs/decisions/042), each side through its own scope
 * (./scope.ts), with their thread's messages and photos (./thread.ts). What a part may still be
 * refunded is ./part-money.ts.
 */

type Row = {
  request: typeof returnRequests.$inferSelect;
  orderNumber: string;
  paymentMethod: string;
  storeName: string;
  buyerName: string;
  buyerEmail: string;
  refundStatus: string | null;
};

async function shape(db: Db | Tx, scope: ReturnScope, rows: Row[], answerDays: number): Promise<ReturnRequest[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      requestId: returnLines.requestId,
      lineId: returnLines.lineId,
      quantity: returnLines.quantity,
      restocked: returnLines.restocked,
      productId: orderLines.productId,
      productName: orderLines.productName,
      variantLabel: orderLines.variantLabel,
      image: orderLines.image,
      unitPriceCents: orderLines.unitPriceCents,
    })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.lineId))
    .where(
      inArray(
        returnLines.requestId,
        rows.map((r) => r.request.id),
      ),
    )
    .orderBy(orderLines.productName, returnLines.lineId);
  const messages = await messagesOf(
    db,
    rows.map((r) => r.request.id),
    new Map(rows.map((r) => [r.request.id, r.storeName])),
  );
  const photos = await photosOf(
    db,
    scope,
    rows.map((r) => r.request.id),
  );
  const out: ReturnRequest[] = [];
  for (const row of rows) {
    const r = row.request;
    const own = lines.filter((l) => l.requestId === r.id);
    const money = await partMoney(db, r.partId);
    const left = Math.max(money.shareCents - (await refundedOfPart(db, r.partId)), 0);
    const itemsCents = own.reduce((n, l) => n + l.unitPriceCents * l.quantity, 0);
    out.push({
      id: r.id,
      orderId: r.orderId,
      orderNumber: row.orderNumber,
      partId: r.partId,
      storeId: r.storeId,
      storeName: row.storeName,
      buyer: { name: row.buyerName, email: row.buyerEmail },
      paymentMethod: row.paymentMethod as PaymentMethod,
      status: r.status,
      next: [...RETURN_TRANSITIONS[r.status]],
      reason: r.reason,
      note: r.note,
      settlement: r.settlement,
      instructions: r.instructions,
      sellerNote: r.sellerNote,
      decisionNote: r.decisionNote,
      messages: messages.get(r.id) ?? [],
      photos: photos.get(r.id) ?? [],
      lines: own.map((l) => ({
        lineId: l.lineId,
        productId: l.productId,
        // The variant returned, as sold: "Leather Desert Boots (Size 10, Brown)".
        productName: nameWithVariant(l.productName, l.variantLabel),
        image: l.image,
        unitPrice: toDollars(l.unitPriceCents),
        quantity: l.quantity,
        restocked: l.restocked,
      })),
      itemsRefund: toDollars(returnedItemsRefundCents(money, itemsCents, left)),
      partRefundable: toDollars(left),
      refunded: r.refundCents === null ? null : toDollars(r.refundCents),
      refundStatus: (row.refundStatus as ReturnRequest['refundStatus']) ?? null,
      escalableFrom:
        r.answeredAt === null && r.status === 'requested'
          ? new Date(r.createdAt.getTime() + answerDays * 86_400_000).toISOString()
          : null,
      createdAt: r.createdAt.toISOString(),
      answeredAt: r.answeredAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    });
  }
  return out;
}

const select = (db: Db | Tx) =>
  db
    .select({
      request: returnRequests,
      orderNumber: orders.orderNumber,
      paymentMethod: orders.paymentMethod,
      storeName: orderParts.storeName,
      buyerName: users.name,
      buyerEmail: users.email,
      refundStatus: refunds.status,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(orderParts, eq(orderParts.id, returnRequests.partId))
    .innerJoin(users, eq(users.id, returnRequests.buyerId))
    .leftJoin(refunds, eq(refunds.id, returnRequests.refundId));

/** One request in the scope; undefined when it is none of the scope's (or none). */
export async function readReturn(
  db: Db | Tx,
  scope: ReturnScope,
  id: string,
  answerDays: number,
): Promise<ReturnRequest | undefined> {
  const rows = await select(db).where(and(eq(returnRequests.id, id), scopeWhere(scope)));
  return (await shape(db, scope, rows, answerDays))[0];
}

/** A return's refund the operators owe and have not recorded paid back (payments/operator-refunds.ts `recordReturnRefund`). */
const owedByOperators = and(
  inArray(returnRequests.status, ['refunded', 'decided']),
  sql`${returnRequests.refundCents} > 0`,
  isNull(returnRequests.refundId),
  sql`exists (select 1 from ${orders} where ${orders.id} = ${returnRequests.orderId} and ${orders.paymentMethod} in ('cash_on_delivery', 'bank_transfer'))`,
);

/** The scope's requests, newest first; the operators' are disputes (escalated, decided, closed) unless a status is asked. */
export async function listReturns(
  db: Db,
  scope: ReturnScope,
  q: ReturnsFilter,
  answerDays: number,
): Promise<ReturnList> {
  const { page, limit } = q;
  const owed = q.owed === '1' && 'operator' in scope;
  const where = and(
    scopeWhere(scope),
    q.orderId ? eq(returnRequests.orderId, q.orderId) : undefined,
    owed ? owedByOperators : undefined,
    q.status
      ? eq(returnRequests.status, q.status)
      : 'operator' in scope && !owed
        ? inArray(returnRequests.status, [...DISPUTE_STATUSES])
        : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(returnRequests).where(where);
  const rows = await select(db)
    .where(where)
    .orderBy(desc(returnRequests.updatedAt), desc(returnRequests.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    requests: await shape(db, scope, rows, answerDays),
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };
}

/**
 * The buyer's order's parts that may be returned now (delivered, paid, inside RETURN_DAYS of the
 * delivery) and how many of each line are left to ask for; undefined when the order is not the buyer's.
 */
export async function returnableOf(
  db: Db,
  buyerId: string,
  orderId: string,
  returnDays: number,
  now = new Date(),
): Promise<Returnable | undefined> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)));
  if (!order) return undefined;
  const parts = await db
    .select({ id: orderParts.id, updatedAt: orderParts.updatedAt, deliveredAt: partDeliveries.deliveredAt })
    .from(orderParts)
    .leftJoin(partDeliveries, eq(partDeliveries.partId, orderParts.id))
    .where(
      and(eq(orderParts.orderId, order.id), eq(orderParts.status, 'delivered'), eq(orderParts.paymentStatus, 'paid')),
    );
  const out: Returnable['parts'] = [];
  for (const part of parts) {
    const until = new Date((part.deliveredAt ?? part.updatedAt).getTime() + returnDays * 86_400_000);
    if (until < now) continue;
    const lines = await db
      .select({
        lineId: orderLines.id,
        productName: orderLines.productName,
        variantLabel: orderLines.variantLabel,
        quantity: orderLines.quantity,
        requested: sql<string>`coalesce((select sum(${returnLines.quantity}) from ${returnLines} where ${returnLines.lineId} = ${orderLines.id}), 0)`,
      })
      .from(orderLines)
      .where(eq(orderLines.partId, part.id))
      .orderBy(orderLines.productName, orderLines.id);
    out.push({
      partId: part.id,
      until: until.toISOString(),
      lines: lines.map((l) => ({
        lineId: l.lineId,
        productName: nameWithVariant(l.productName, l.variantLabel),
        left: l.quantity - Number(l.requested),
      })),
    });
  }
  return { parts: out, returnDays };
}
