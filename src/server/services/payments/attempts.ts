import { and, eq, inArray, sql, sum } from 'drizzle-orm';
import type { PaymentRecordStatus } from '../../../lib/contract/payments';
import type { Tx } from '../../db/client';
import { payments } from '../../db/schema';
import type { Currency, NextStep, ProviderName } from '../../payments/provider';

/*
 * THE writes of the payments table (docs/decisions/029, 034): an attempt is recorded when the
 * gateway starts it and decided once; money received outside a gateway (a bank transfer an operator
 * recorded, the cash a seller's courier collected) is recorded once, already received. Each in the
 * transaction of the order's own change, after that transaction locked the order row. Every decision is a conditional UPDATE from the statuses it
 * may leave, so a decision taken twice (a return and a callback) changes the row once.
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

/** Who received money without a gateway: the marketplace's bank, or the seller (its courier's cash). */
export type ReceivedBy = 'bank' | 'seller';

/**
 * Money already received, recorded once: the (provider, reference) key makes the same bank
 * reference, or the same part's cash, count once. Answers the new row, or undefined when that
 * reference was recorded before (the caller reads it with `receivedRecord`).
 */
export async function recordReceived(
  tx: Tx,
  received: {
    orderId: string;
    method: string;
    provider: ReceivedBy;
    reference: string;
    amountCents: number;
    recordedBy: string;
    receivedOn?: string;
    dueAfterCents?: number;
    excessCents?: number;
    at?: Date;
  },
): Promise<PaymentRow | undefined> {
  const { reference, at, ...fields } = received;
  const [row] = await tx
    .insert(payments)
    .values({
      ...fields,
      gatewayReference: reference,
      currency: 'USD',
      status: 'approved',
      decidedAt: at ?? sql`now()`,
    })
    .onConflictDoNothing({ target: [payments.provider, payments.gatewayReference] })
    .returning();
  return row;
}

/** The record of money received under this reference, whichever order it is for. */
export async function receivedRecord(tx: Tx, provider: ReceivedBy, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.gatewayReference, reference)));
  return row;
}

/** What the marketplace's bank has received for one order so far, in cents. */
export async function receivedByBank(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(payments.amountCents) })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'bank'), eq(payments.status, 'approved')));
  return Number(row?.total ?? 0);
}

/**
 * A bank-transfer order cancelled unpaid kept what was transferred for it: every such transfer is
 * now excess, to refund (the screen flags it; the refund itself is an operator's, issue 26 #6).
 */
export async function flagTransfersForRefund(tx: Tx, orderId: string): Promise<void> {
  await tx
    .update(payments)
    .set({ excessCents: payments.amountCents, dueAfterCents: 0, updatedAt: sql`now()` })
    .where(and(eq(payments.orderId, orderId), eq(payments.provider, 'bank'), eq(payments.status, 'approved')));
}
