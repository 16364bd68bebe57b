import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../../lib/contract/payment-methods';
import type {
  OperatorPayment,
  OperatorPaymentList,
  OperatorPaymentQuery,
  PaymentProviderName,
} from '../../../lib/contract/payments';
import { toDollars } from '../../../lib/money';
import type { Db } from '../../db/client';
import { orders, payments, users } from '../../db/schema';
import { ApiError } from '../../http/errors';

/*
 * The operators' payments screen (issue 26 #7, docs/decisions/034): every payment record (card
 * attempts, bank transfers, cash collected), newest first, with its order, filtered by status,
 * method and the day it was recorded. The principal is the operator: the role is checked again
 * here (operators see every payment, nobody else any), beside `operatorsOnly` on the route.
 */

/** Only the shop's operators read payments; anyone else is refused whatever the route did. */
function operatorsSeeAll(who: { role: string }): SQL | undefined {
  if (who.role !== 'admin') throw new ApiError(403, 'forbidden', 'Only the shop’s operators can do this.');
  return undefined;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

const columns = {
  payment: payments,
  orderNumber: orders.orderNumber,
  // Cancelled unpaid once its time to pay had run out: expired (orders/shapes.ts tells it the same way).
  orderExpired: sql<boolean>`(${orders.status} = 'cancelled' and ${orders.paymentStatus} = 'unpaid' and ${orders.awaitingPaymentUntil} is not null and ${orders.awaitingPaymentUntil} <= ${orders.updatedAt})`,
  recordedBy: users.email,
};

type Row = {
  payment: typeof payments.$inferSelect;
  orderNumber: string;
  orderExpired: boolean | string | null;
  recordedBy: string | null;
};

function toOperatorPayment({ payment: p, orderNumber, orderExpired, recordedBy }: Row): OperatorPayment {
  return {
    id: p.id,
    orderId: p.orderId,
    orderNumber,
    method: p.method as PaymentMethod,
    provider: p.provider as PaymentProviderName,
    reference: p.gatewayReference,
    amount: toDollars(p.amountCents),
    currency: p.currency,
    status: p.status,
    message: p.message,
    createdAt: p.createdAt.toISOString(),
    decidedAt: p.decidedAt?.toISOString() ?? null,
    receivedOn: p.receivedOn,
    recordedBy,
    balance: p.provider !== 'bank' ? null : p.excessCents > 0 ? 'over' : p.dueAfterCents > 0 ? 'under' : 'exact',
    dueAfter: toDollars(p.dueAfterCents),
    excess: toDollars(p.excessCents),
    refunded: toDollars(p.refundedCents),
    // PGlite and PostgreSQL both answer a boolean; a driver that answers 't' is read alike.
    orderExpired: orderExpired === true || orderExpired === 't',
  };
}

const joined = (db: Db) =>
  db
    .select(columns)
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(users, eq(users.id, payments.recordedBy));

export async function listOperatorPayments(
  db: Db,
  operator: { role: string },
  q: OperatorPaymentQuery,
): Promise<OperatorPaymentList> {
  const where = and(
    operatorsSeeAll(operator),
    q.status ? eq(payments.status, q.status) : undefined,
    q.method ? eq(payments.method, q.method) : undefined,
    q.from ? gte(payments.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(payments.createdAt, new Date(nextDay(q.to))) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(payments).where(where);
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    payments: rows.map(toOperatorPayment),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
  };
}

/** One record as the screen shows it (the answer of recording a transfer). */
export async function operatorPayment(db: Db, id: string): Promise<OperatorPayment> {
  const [row] = await joined(db).where(eq(payments.id, id));
  return toOperatorPayment(row);
}
