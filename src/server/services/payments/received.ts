import { and, asc, eq, inArray, sql, sum } from 'drizzle-orm';
import { MONEY_IN_STATUSES } from '../../../lib/contract/payments';
import type { Tx } from '../../db/client';
import { payments } from '../../db/schema';
import { postTransfersOfUnpaidOrder } from '../ledger/events';
import type { PaymentRow } from './attempts';

/*
 * Money received without a gateway (docs/decisions/034): a transfer to the marketplace's bank or a
 * seller's recorded cash, each reference counted once; a bank-transfer order's transfers and what
 * of them is to be given back. Refunds of them are written through ./attempts.ts like every refund.
 */

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
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.provider, 'bank'),
        inArray(payments.status, [...MONEY_IN_STATUSES]),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The order's transfers to the marketplace's bank (money in, whatever was sent back of it since). */
const transfersOf = (orderId: string) =>
  and(eq(payments.orderId, orderId), eq(payments.provider, 'bank'), inArray(payments.status, [...MONEY_IN_STATUSES]));

/**
 * A bank-transfer order cancelled (unpaid, or by its buyer) kept what was transferred for it: every
 * such transfer is now excess, to refund; an operator records the refund (./operator-refunds.ts).
 */
export async function flagTransfersForRefund(tx: Tx, orderId: string): Promise<void> {
  const transfers = await tx
    .select({ id: payments.id, owedBack: sql<number>`${payments.amountCents} - ${payments.excessCents}` })
    .from(payments)
    .where(transfersOf(orderId));
  await postTransfersOfUnpaidOrder(
    tx,
    orderId,
    transfers.map((t) => ({ id: t.id, owedBack: Number(t.owedBack) })),
  );
  await tx
    .update(payments)
    .set({ excessCents: payments.amountCents, dueAfterCents: 0, updatedAt: sql`now()` })
    .where(transfersOf(orderId));
}

/**
 * Cancelled paid parts of a bank-transfer order: their shares become excess of its transfers, to
 * refund, the oldest transfer first and none past its own amount (its check). Answers what was flagged.
 */
export async function flagExcess(tx: Tx, orderId: string, cents: number): Promise<number> {
  let left = cents;
  const rows = await lockTransfers(tx, orderId);
  for (const row of rows) {
    const add = Math.min(left, row.amountCents - row.excessCents);
    if (add <= 0) continue;
    await tx
      .update(payments)
      .set({ excessCents: row.excessCents + add, updatedAt: sql`now()` })
      .where(eq(payments.id, row.id));
    left -= add;
  }
  return cents - left;
}

/** The order's transfers to the marketplace's bank, locked, oldest first; each owes back its excess less what was sent back. */
export async function lockTransfers(tx: Tx, orderId: string): Promise<(PaymentRow & { owedCents: number })[]> {
  const rows = await tx
    .select()
    .from(payments)
    .where(transfersOf(orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .for('update');
  // A transfer's refunds are all by bank transfer and recorded made, so refunded_cents is all sent back.
  return rows.map((row) => ({ ...row, owedCents: Math.max(row.excessCents - row.refundedCents, 0) }));
}
