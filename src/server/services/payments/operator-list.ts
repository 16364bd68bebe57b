import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../../lib/contract/payment-methods';
import type {
  OperatorPayment,
  OperatorPaymentList,
  OperatorPaymentQuery,
  OperatorRefund,
  PaymentProviderName,
} from '../../../lib/contract/payments';
import { toDollars } from '../../../lib/money';
import type { Db } from '../../db/client';
import { orders, payments, refunds, users } from '../../db/schema';
import { ApiError } from '../../http/errors';

/*
 * The operators' payments screen (issue 26 #7, docs/decisions/034): every payment record (card
 * attempts, bank transfers, cash collected), newest first, with its order, its refunds and what
 * is still owed back of it, filtered by status, method, the day it was recorded and "refund due".
 * The principal is the operator: the role is checked again here (operators see every payment,
 * nobody else any), beside `operatorsOnly` on the route.
 */

/**
 * What is still owed back of a record: a bank transfer's excess not yet sent back (its refunds
 * are all recorded made), or a card refund the gateway refused. In SQL for the "refund due" filter.
 */
const refundDue = or(
  and(eq(payments.provider, 'bank'), sql`${payments.excessCents} > ${payments.refundedCents}`),
  sql`exists (select 1 from ${refunds} where ${refunds.paymentId} = ${payments.id} and ${refunds.status} = 'refund_failed')`,
);

/** The same, in cents, for one record and its refunds. */
export const owedBackCents = (
  p: { provider: string; excessCents: number; refundedCents: number },
  its: readonly { status: string; amountCents: number }[],
) =>
  p.provider === 'bank'
    ? Math.max(p.excessCents - p.refundedCents, 0)
    : its.filter((r) => r.status === 'refund_failed').reduce((n, r) => n + r.amountCents, 0);

/** Only the shop's operators read payments; anyone else is refused whatever the route did. */
export function operatorsSeeAll(who: { role: string }): SQL | undefined {
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

type RefundRow = typeof refunds.$inferSelect & { recordedByEmail: string | null };

export function toOperatorRefund(r: RefundRow): OperatorRefund {
  return {
    id: r.id,
    amount: toDollars(r.amountCents),
    status: r.status,
    cause: r.reason,
    method: r.method,
    reference: r.refundReference,
    sentOn: r.sentOn,
    recordedBy: r.recordedByEmail,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    decidedAt: r.decidedAt?.toISOString() ?? null,
  };
}

/** The refunds of these payments (or these refunds), oldest first, with who recorded each. */
export async function refundRows(db: Db, where: { paymentIds?: string[]; ids?: string[] }): Promise<RefundRow[]> {
  const ids = where.paymentIds ?? where.ids ?? [];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ refund: refunds, recordedByEmail: users.email })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.recordedBy))
    .where(where.paymentIds ? inArray(refunds.paymentId, ids) : inArray(refunds.id, ids))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return rows.map((r) => ({ ...r.refund, recordedByEmail: r.recordedByEmail }));
}

function toOperatorPayment(
  { payment: p, orderNumber, orderExpired, recordedBy }: Row,
  its: readonly RefundRow[],
): OperatorPayment {
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
    owedBack: toDollars(owedBackCents(p, its)),
    refunds: its.map(toOperatorRefund),
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
    q.refundDue === 'true' ? refundDue : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(payments).where(where);
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    payments: await withRefunds(db, rows),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
  };
}

async function withRefunds(db: Db, rows: Row[]): Promise<OperatorPayment[]> {
  const given = await refundRows(db, { paymentIds: rows.map((r) => r.payment.id) });
  return rows.map((row) =>
    toOperatorPayment(
      row,
      given.filter((r) => r.paymentId === row.payment.id),
    ),
  );
}

/** One record as the screen shows it (the answer of recording a transfer). */
export async function operatorPayment(db: Db, id: string): Promise<OperatorPayment> {
  const [row] = await joined(db).where(eq(payments.id, id));
  const [shown] = await withRefunds(db, [row]);
  return shown;
}
