import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';
import { post } from './post';

/*
 * Money the marketplace received that pays no part (docs/decisions/036, update 2026-11-28), posted
 * order-level as `unapplied:<what received it>`: into its cash and owed back to the buyer at once,
 * cleared as it is given back (./events.ts, postRefundMade).
 */

/**
 * Money received that pays no part, in the receipt's transaction: the marketplace's cash grows by it
 * and it is owed back to the buyer (`refunds_due`, order-level). Keyed by what received it (a
 * payment's id), so the same receipt again writes nothing.
 */
export async function postUnapplied(
  tx: Tx,
  received: { key: string; orderId: string; amountCents: number },
): Promise<void> {
  const amountCents = received.amountCents;
  if (amountCents <= 0) return;
  await post(tx, {
    key: `unapplied:${received.key}`,
    event: 'unapplied',
    orderId: received.orderId,
    entries: [
      { account: 'marketplace_cash', kind: 'unapplied', amountCents },
      { account: 'refunds_due', kind: 'unapplied', amountCents: -amountCents },
    ],
  });
}

/**
 * A bank-transfer order cancelled with transfers received (payments/attempts.ts,
 * flagTransfersForRefund): what each transfer newly owes back (`owedBack`, its amount less what
 * was already excess) paid no part when the order never became paid (no `sale` of it in the
 * books), so it enters the books as money to give back. A paid order's parts owe theirs through
 * their cancellation already.
 */
export async function postTransfersOfUnpaidOrder(
  tx: Tx,
  orderId: string,
  transfers: readonly { id: string; owedBack: number }[],
): Promise<void> {
  if (!transfers.some((t) => t.owedBack > 0)) return;
  const [sale] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.orderId, orderId), eq(ledgerTransactions.event, 'sale')))
    .limit(1);
  if (sale) return;
  for (const transfer of transfers)
    await postUnapplied(tx, { key: `${transfer.id}:order-cancelled`, orderId, amountCents: transfer.owedBack });
}

/** What the order still owes its buyer of money that paid no part (order-level `refunds_due`), as a negative sum. */
export async function unappliedDueOn(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerTransactions.orderId, orderId),
        isNull(ledgerEntries.partId),
        eq(ledgerEntries.account, 'refunds_due'),
      ),
    );
  return Number(row.cents);
}

/** A refund of money that paid no part, made (`refund:<refund>`): it leaves the cash and what is owed back. */
export async function postUnappliedSentBack(tx: Tx, refund: { id: string; orderId: string }, amountCents: number) {
  if (amountCents <= 0) return;
  await post(tx, {
    key: `refund:${refund.id}`,
    event: 'refund',
    orderId: refund.orderId,
    entries: [
      { account: 'refunds_due', kind: 'refund', amountCents },
      { account: 'marketplace_cash', kind: 'refund', amountCents: -amountCents },
    ],
  });
}
