import { sql } from 'drizzle-orm';
import { type Account, type EntryKind, isSellerAccount } from '../../../lib/ledger';
import type { Tx } from '../../db/client';
import { ledgerEntries, ledgerTransactions } from '../../db/schema';

/*
 * THE writer of the marketplace's books (docs/decisions/036): every ledger row is written here,
 * in the transaction of the money event it records, and nowhere else. It refuses a set of entries
 * that does not add up to zero (a bug, never a user's input: it throws and the event's whole
 * transaction rolls back), and it writes an event once: the transaction's key (`sale:<part id>`)
 * is unique, inserted ON CONFLICT DO NOTHING, so posting the same event again — a replay, a retry,
 * two requests at once — writes nothing. Nothing updates or deletes a ledger row (the database
 * refuses it: migration 0020); a correction is a new transaction.
 */

/** One line of a transaction: signed cents, debit positive. Zero amounts are left out. */
export type Entry = {
  account: Account;
  /** The store whose account it is: required on a seller's account, refused on the marketplace's. */
  storeId?: string;
  kind: EntryKind;
  amountCents: number;
};

export type Posting = {
  /** The event and its subject, unique: `sale:<part id>`, `cancel:<part id>`, `release:<part id>`. */
  key: string;
  event: string;
  orderId?: string;
  partId?: string;
  entries: readonly Entry[];
};

/** The entries do not add up to zero, or name an account wrongly: the books would not balance. */
export class UnbalancedPosting extends Error {}

export type Posted = 'posted' | 'replayed';

/** The advisory lock a payout run holds alone while it reads and takes available balances. */
export const PAYOUT_LOCK = 27_000_004;

export async function post(tx: Tx, posting: Posting): Promise<Posted> {
  const entries = posting.entries.filter((e) => e.amountCents !== 0);
  let sum = 0n;
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amountCents))
      throw new UnbalancedPosting(`${posting.key}: ${e.amountCents} is not whole cents`);
    if (isSellerAccount(e.account) !== (e.storeId !== undefined))
      throw new UnbalancedPosting(`${posting.key}: ${e.account} ${e.storeId ? 'names no store' : 'needs its store'}`);
    sum += BigInt(e.amountCents);
  }
  if (sum !== 0n) throw new UnbalancedPosting(`${posting.key}: the entries add up to ${sum} cents, not 0`);
  // Taking from a seller's available balance (a cancellation or cash recorded after the release)
  // shares the payout lock, so a payout run reads available balances only between such events,
  // never in the middle of one: a payout never exceeds what was available (payouts/run.ts).
  if (entries.some((e) => e.account === 'seller_available' && e.amountCents > 0 && e.kind !== 'payout'))
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${PAYOUT_LOCK})`);
  const [written] = await tx
    .insert(ledgerTransactions)
    .values({ key: posting.key, event: posting.event, orderId: posting.orderId, partId: posting.partId })
    .onConflictDoNothing({ target: ledgerTransactions.key })
    .returning({ id: ledgerTransactions.id });
  if (!written) return 'replayed';
  if (entries.length > 0)
    await tx.insert(ledgerEntries).values(
      entries.map((e, line) => ({
        transactionId: written.id,
        line,
        account: e.account,
        storeId: e.storeId ?? null,
        kind: e.kind,
        partId: posting.partId ?? null,
        amountCents: e.amountCents,
      })),
    );
  return 'posted';
}
