import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { MONEY_IN_STATUSES, type PaymentRecordStatus } from '../../../lib/contract/payments';
import type { Tx } from '../../db/client';
import { payments, type RefundMethod, type RefundReason, refundParts, refunds } from '../../db/schema';
import type { Currency, NextStep, ProviderName } from '../../payments/provider';
import { postRefundMade } from '../ledger/events';

/*
 * THE writes of the payments table (docs/decisions/029, 034): an attempt is recorded when the
 * gateway starts it and decided once; money received outside a gateway (a bank transfer an operator
 * recorded, the cash a seller's courier collected) is recorded once, already received. Each in the
 * transaction of the order's own change, after that transaction locked the order row. Every decision is a conditional UPDATE from the statuses it
 * may leave, so a decision taken twice (a return and a callback) changes the row once.
 *
 * Refunds (docs/decisions/033) are written here too: a refund is recorded `refund_pending` in its
 * cause's transaction and decided once (`refunded` or `refund_failed`); after each, the payment's
 * own status and refunded amount follow its refunds (`settleRefunds`), as an order follows its parts.
 */

export type PaymentRow = typeof payments.$inferSelect;

export async function recordAttempt(
  tx: Tx,
  attempt: {
    orderId: string;
    method: string;
    provider: ProviderName;
    gatewayReference: string;
    amountCents: number;
    currency: Currency;
    nextStep: NextStep;
  },
): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({ ...attempt, status: 'pending' })
    .returning();
  return row;
}

/** The order's attempt with this gateway reference, locked; undefined when it is none of this order's. */
export async function lockAttempt(
  tx: Tx,
  orderId: string,
  provider: ProviderName,
  gatewayReference: string,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, provider),
        eq(payments.gatewayReference, gatewayReference),
      ),
    )
    .for('update');
  return row;
}

/** Moves an attempt from one of `from` to `to`; answers whether it moved (false: another decision came first). */
export async function decideAttempt(
  tx: Tx,
  id: string,
  from: readonly PaymentRecordStatus[],
  to: PaymentRecordStatus,
  fields: { message?: string | null; refundedCents?: number; refundReference?: string | null; at?: Date } = {},
): Promise<boolean> {
  const moved = await tx
    .update(payments)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(fields.message !== undefined ? { message: fields.message } : {}),
      ...(fields.refundedCents !== undefined ? { refundedCents: fields.refundedCents } : {}),
      ...(fields.refundReference !== undefined ? { refundReference: fields.refundReference } : {}),
      // The hosted page's way in is no use once the attempt is decided.
      nextStep: null,
      decidedAt: fields.at ?? sql`now()`,
    })
    .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
    .returning({ id: payments.id });
  return moved.length > 0;
}

/** The order's attempts still pending are closed (the order was paid by another, or it expired unpaid). */
export async function closePendingAttempts(tx: Tx, orderId: string, at?: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'cancelled', nextStep: null, updatedAt: sql`now()`, decidedAt: at ?? sql`now()` })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
}

export type RefundRow = typeof refunds.$inferSelect;

/**
 * The attempt that paid the order, locked; undefined when none did (not a card order, or
 * cancelled before paying). A late approval took money too, but never paid the order: it is the
 * one with a late_approval refund, recorded in the same transaction as its decision.
 */
export async function lockPayingAttempt(tx: Tx, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        inArray(payments.status, [...MONEY_IN_STATUSES]),
        notExists(
          tx
            .select({ id: refunds.id })
            .from(refunds)
            .where(and(eq(refunds.paymentId, payments.id), eq(refunds.reason, 'late_approval'))),
        ),
      ),
    )
    .for('update');
  return row;
}

/** What of a payment is already promised back: every refund decided for it, made, pending or refused. */
export async function promisedBack(tx: Tx, paymentId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  return Number(row.cents);
}

/**
 * A refund decided (refund_pending), in its cause's transaction, with the parts it gives back
 * (a part is refunded once: refund_parts is keyed by the part). Answers the refund's id, the one
 * the gateway is sent.
 */
export async function recordRefund(
  tx: Tx,
  refund: {
    paymentId: string;
    orderId: string;
    reason: RefundReason;
    amountCents: number;
    parts?: readonly { partId: string; amountCents: number }[];
    /** A refund by bank transfer (./operator-refunds.ts): how, the day it was sent, who recorded it. */
    method?: RefundMethod;
    sentOn?: string;
    recordedBy?: string;
  },
): Promise<string> {
  const { parts = [], ...row } = refund;
  const [made] = await tx.insert(refunds).values(row).returning({ id: refunds.id });
  if (parts.length > 0) await tx.insert(refundParts).values(parts.map((p) => ({ ...p, refundId: made.id })));
  await settleRefunds(tx, refund.paymentId);
  return made.id;
}

/** Decides a pending refund once; answers it when this call decided it (undefined: another came first). */
export async function decideRefund(
  tx: Tx,
  refundId: string,
  to: 'refunded' | 'refund_failed',
  fields: { refundReference?: string; message?: string },
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set({
      status: to,
      refundReference: fields.refundReference ?? null,
      message: fields.message ?? null,
      updatedAt: sql`now()`,
      decidedAt: sql`now()`,
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'refund_pending')))
    .returning();
  if (row) await settleRefunds(tx, row.paymentId, row.refundReference);
  // The money given back leaves the books, in this decision's transaction (docs/decisions/036).
  if (row) await postRefundMade(tx, row);
  return row;
}

/** A refund the gateway could not be asked for stays due; the sweeper asks again once it is stale. */
export async function postponeRefund(tx: Tx, refundId: string): Promise<void> {
  await tx
    .update(refunds)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'refund_pending')));
}

/**
 * A payment follows its refunds: refunded_cents is what the gateway gave back; the status is
 * refund_pending while one is on its way, refund_failed while one was refused (an operator acts),
 * else refunded (all of it) or partially_refunded. A payment without refunds keeps its status.
 */
async function settleRefunds(tx: Tx, paymentId: string, refundReference?: string | null): Promise<void> {
  const rows = await tx
    .select({ status: refunds.status, amountCents: refunds.amountCents })
    .from(refunds)
    .where(eq(refunds.paymentId, paymentId));
  if (rows.length === 0) return;
  const [{ amountCents }] = await tx
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(eq(payments.id, paymentId));
  const refundedCents = rows.filter((r) => r.status === 'refunded').reduce((n, r) => n + r.amountCents, 0);
  const has = (status: string) => rows.some((r) => r.status === status);
  await tx
    .update(payments)
    .set({
      refundedCents,
      status: has('refund_pending')
        ? 'refund_pending'
        : has('refund_failed')
          ? 'refund_failed'
          : refundedCents >= amountCents
            ? 'refunded'
            : 'partially_refunded',
      ...(refundReference ? { refundReference } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(payments.id, paymentId));
}

/**
 * A refused card refund is taken up again by an operator (./operator-refunds.ts): back to
 * refund_pending, to ask the gateway again, or, with `byTransfer`, to be decided made by the bank
 * transfer the operator sent. Answers it when this call moved it (undefined: it was not refused, or another came first).
 */
export async function reopenRefund(
  tx: Tx,
  refundId: string,
  byTransfer?: { sentOn: string; recordedBy: string },
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(refunds)
    .set({
      status: 'refund_pending',
      updatedAt: sql`now()`,
      ...(byTransfer ? { method: 'bank_transfer' as const, ...byTransfer } : {}),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'refund_failed')))
    .returning();
  if (row) await settleRefunds(tx, row.paymentId);
  return row;
}
