import { and, eq, sql } from 'drizzle-orm';
import type { Account, SellerAccount } from '../../../lib/ledger';
import type { Tx } from '../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';

/*
 * Small reads the ledger's events share (docs/decisions/036): the keys of a part's events, where
 * a part's seller money is now, and what a part's entries hold on an account.
 */

/** The idempotency key of an event about a part: one sale, one cancellation, one refund, one release each. */
export const partKey = (event: 'sale' | 'cancel' | 'refund' | 'release', partId: string) => `${event}:${partId}`;

/** The ledger transaction of an event (its id and order), if it was posted. */
export async function postedTransaction(
  tx: Tx,
  key: string,
): Promise<{ id: string; orderId: string | null } | undefined> {
  const [row] = await tx
    .select({ id: ledgerTransactions.id, orderId: ledgerTransactions.orderId })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.key, key));
  return row;
}

/**
 * Where a part's seller money goes: pending until the part is released (delivered + RETURN_DAYS),
 * available after, so an event recorded after the release (cash recorded late) is not left pending.
 */
export async function sellerAccountOf(tx: Tx, partId: string): Promise<SellerAccount> {
  return (await postedTransaction(tx, partKey('release', partId))) ? 'seller_available' : 'seller_pending';
}

/** The sum of a transaction's entries on one account (debit positive), in cents. */
export async function heldOn(tx: Tx, transactionId: string, account: Account): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.transactionId, transactionId), eq(ledgerEntries.account, account)));
  return Number(row.cents);
}
