import { and, eq, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Account, EntryKind, SellerBalanceCents } from '../../../lib/ledger';
import type { Db } from '../../db/client';
import { ledgerEntries, payouts, stores } from '../../db/schema';
import { type Seller, soldBy } from '../sellers';
import { sellerEntriesWhere } from './entries';

/*
 * Balances are sums of entries, never stored (docs/decisions/036): a seller's pending and
 * available are what the marketplace owes it on each (the negated sum: the books are debit
 * positive), negative when the seller owes (its couriers' cash commission), carried over; paid out
 * is what its payouts took from available (none until payouts exist, issue 27 #4).
 */

const cents = (value: string | number | null) => Number(value ?? 0);

/** The seller's balance sums over its own entries: callers pass the owner-scoped condition (`soldBy`). */
export const balanceColumns = {
  pending: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'seller_pending'), 0)`,
  available: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'seller_available'), 0)`,
  paidOut: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} in ('payout', 'payout_failed', 'payout_returned')), 0)`,
};

/** The sums above as a balance. */
export const asBalance = (
  row: { pending: string; available: string; paidOut: string } | undefined,
): SellerBalanceCents => ({
  pendingCents: -cents(row?.pending ?? 0) || 0,
  availableCents: -cents(row?.available ?? 0) || 0,
  paidOutCents: cents(row?.paidOut ?? 0),
});

/** Entries posted in a window of time: from (inclusive), until (exclusive); either end open. */
export type LedgerWindow = { from?: Date; until?: Date };

const within = (window: LedgerWindow): SQL | undefined =>
  and(
    window.from ? gte(ledgerEntries.createdAt, window.from) : undefined,
    window.until ? lt(ledgerEntries.createdAt, window.until) : undefined,
  );

/**
 * The sum of the entries of each account and kind posted in the window, in cents (debit positive):
 * what moved where, for the operators' monthly report (./report.ts). `sumOf(account, kind)` is 0
 * where nothing moved; a list of accounts or kinds sums them all.
 */
export async function movements(db: Db, window: LedgerWindow) {
  const rows = await db
    .select({
      account: ledgerEntries.account,
      kind: ledgerEntries.kind,
      cents: sql<string>`sum(${ledgerEntries.amountCents})::text`,
    })
    .from(ledgerEntries)
    .where(within(window))
    .groupBy(ledgerEntries.account, ledgerEntries.kind);
  const list = <T>(value: T | readonly T[]) => (Array.isArray(value) ? value : [value]) as readonly T[];
  return {
    sumOf(account: Account | readonly Account[], kind?: EntryKind | readonly EntryKind[]): number {
      const accounts = list(account);
      const kinds = kind === undefined ? undefined : list(kind);
      return rows
        .filter((r) => accounts.includes(r.account) && (kinds === undefined || kinds.includes(r.kind)))
        .reduce((sum, r) => sum + cents(r.cents), 0);
    },
  };
}

/** A seller's balance as it reads it: what its payouts took is split into confirmed paid and still in transit. */
export type SellerBalanceSplit = {
  pendingCents: number;
  availableCents: number;
  /** Payouts the bank confirmed paid. */
  paidOutCents: number;
  /** Payouts sent and not yet marked paid or failed. */
  inTransitCents: number;
};

/**
 * The seller's balance now, or as it stood just before `at` (a statement's opening and closing):
 * the sums of its entries posted before then, and its payouts made before then and not yet
 * decided then. Owner-scoped (`soldBy`).
 */
export async function sellerBalance(db: Db, seller: Seller, at?: Date): Promise<SellerBalanceSplit> {
  const [sums] = await db
    .select(balanceColumns)
    .from(ledgerEntries)
    .where(sellerEntriesWhere(seller, { before: at }));
  const [transit] = await db
    .select({ cents: sql<string>`coalesce(sum(${payouts.amountCents}), 0)::text` })
    .from(payouts)
    .where(
      and(
        soldBy(seller, payouts.storeId),
        at
          ? and(lt(payouts.createdAt, at), or(isNull(payouts.decidedAt), gte(payouts.decidedAt, at)))
          : eq(payouts.status, 'in_transit'),
      ),
    );
  const balance = asBalance(sums);
  const inTransitCents = Number(transit.cents);
  return {
    pendingCents: balance.pendingCents,
    availableCents: balance.availableCents,
    paidOutCents: balance.paidOutCents - inTransitCents,
    inTransitCents,
  };
}

/** What the marketplace holds, owes and earned, in cents, from its books: now, or at the end of a window (`until`). */
export type MarketplaceSummary = {
  /** Money held for paid parts: at the gateway and the bank. */
  holdsCents: number;
  /** Owed to sellers, pending and available (less what sellers owe it). */
  owedToSellersCents: number;
  commissionEarnedCents: number;
  gctOnCommissionCents: number;
  /** Owed back to buyers of cancelled paid parts, not yet refunded. */
  refundsDueCents: number;
  payoutsInTransitCents: number;
  /** Each store with entries: its balance. */
  sellers: ({ storeId: string; storeName: string } & SellerBalanceCents)[];
  /** What it holds is exactly what it owes and earned: the books balance to the cent. */
  balanced: boolean;
};

export async function marketplaceSummary(db: Db, at: { until?: Date } = {}): Promise<MarketplaceSummary> {
  const before = within({ until: at.until });
  const byAccount = await db
    .select({ account: ledgerEntries.account, cents: sql<string>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .where(before)
    .groupBy(ledgerEntries.account);
  const total = (account: Account) => cents(byAccount.find((r) => r.account === account)?.cents ?? 0);
  const sellers = await db
    .select({ storeId: ledgerEntries.storeId, storeName: stores.name, ...balanceColumns })
    .from(ledgerEntries)
    .innerJoin(stores, eq(stores.id, ledgerEntries.storeId))
    .where(before)
    .groupBy(ledgerEntries.storeId, stores.name)
    .orderBy(stores.name);
  const summary = {
    holdsCents: total('marketplace_cash'),
    owedToSellersCents: -(total('seller_pending') + total('seller_available')) || 0,
    commissionEarnedCents: -total('commission_revenue') || 0,
    gctOnCommissionCents: -total('gct_payable') || 0,
    refundsDueCents: -total('refunds_due') || 0,
    payoutsInTransitCents: -total('payouts_in_transit') || 0,
    sellers: sellers.map((s) => ({ storeId: s.storeId as string, storeName: s.storeName, ...asBalance(s) })),
  };
  const owed =
    summary.owedToSellersCents +
    summary.commissionEarnedCents +
    summary.gctOnCommissionCents +
    summary.refundsDueCents +
    summary.payoutsInTransitCents;
  return {
    ...summary,
    balanced: byAccount.reduce((n, r) => n + BigInt(r.cents), 0n) === 0n && owed === summary.holdsCents,
  };
}
