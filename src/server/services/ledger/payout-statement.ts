import { and, asc, desc, eq, gt, inArray, lt, ne } from 'drizzle-orm';
import type { EntryKind } from '../../../lib/ledger';
import { type MonthKey, shopMonth } from '../../../lib/shop-time';
import type { Tx } from '../../db/client';
import { ledgerEntries, ledgerTransactions, orders } from '../../db/schema';
import { totalsByKind } from './statements';

/*
 * What a payout pays (docs/decisions/041), for its mail: a run takes a store's whole available
 * balance (payouts/run.ts), so after each payout it is zero, and the next payout pays exactly what
 * reached available since: the store's available entries posted after its previous payout and
 * before this one. Most arrive as releases (a part's pending money, once its return window
 * passed); each release is shown as what its part holds — the sale, the commission, the GCT on
 * it, the cash the courier kept — so the mail reads by kind of money, not "now available". What
 * the listed entries do not explain (an entry posted while the run was being made, by the clock
 * of its own transaction) is shown as carried over, so the lines always add up to the payout.
 */

export type PayoutStatement = {
  /** The Jamaican month the payout was made in: its statement holds the payout's entry. */
  month: MonthKey;
  /** Cents as the seller reads them (positive: owed to it), by kind. */
  lines: { kind: EntryKind; cents: number }[];
  carriedCents: number;
  orderNumbers: string[];
};

export async function payoutStatement(
  tx: Tx,
  payout: { id: string; storeId: string; amountCents: number },
): Promise<PayoutStatement> {
  const store = eq(ledgerEntries.storeId, payout.storeId);
  const [made] = await tx
    .select({ at: ledgerTransactions.createdAt })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.key, `payout:${payout.id}`));
  const [previous] = await tx
    .select({ at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(and(store, eq(ledgerEntries.kind, 'payout'), lt(ledgerEntries.createdAt, made.at)))
    .orderBy(desc(ledgerEntries.createdAt))
    .limit(1);
  const since = await tx
    .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amountCents, partId: ledgerEntries.partId })
    .from(ledgerEntries)
    .where(
      and(
        store,
        eq(ledgerEntries.account, 'seller_available'),
        previous ? gt(ledgerEntries.createdAt, previous.at) : undefined,
        lt(ledgerEntries.createdAt, made.at),
      ),
    );
  const released = [...new Set(since.flatMap((e) => (e.kind === 'release' && e.partId ? [e.partId] : [])))];
  // A released part's money as it was posted on pending (everything of it before its release).
  const ofParts =
    released.length === 0
      ? []
      : await tx
          .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amountCents, partId: ledgerEntries.partId })
          .from(ledgerEntries)
          .where(
            and(
              store,
              eq(ledgerEntries.account, 'seller_pending'),
              ne(ledgerEntries.kind, 'release'),
              inArray(ledgerEntries.partId, released),
            ),
          );
  const entries = [...since.filter((e) => e.kind !== 'release'), ...ofParts];
  const lines = totalsByKind(entries.map((e) => ({ kind: e.kind, cents: -e.amountCents || 0 })));
  const explained = lines.reduce((n, l) => n + l.cents, 0);
  const parts = [...new Set(entries.flatMap((e) => (e.partId ? [e.partId] : [])))];
  const numbers =
    parts.length === 0
      ? []
      : await tx
          .selectDistinct({ orderNumber: orders.orderNumber })
          .from(ledgerTransactions)
          .innerJoin(orders, eq(orders.id, ledgerTransactions.orderId))
          .where(inArray(ledgerTransactions.partId, parts))
          .orderBy(asc(orders.orderNumber));
  return {
    month: shopMonth(made.at),
    lines,
    carriedCents: payout.amountCents - explained,
    orderNumbers: numbers.map((n) => n.orderNumber),
  };
}
