import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { BALANCE_OF_ACCOUNT } from '../../../lib/contract/earnings';
import { type EntryKind, SELLER_ACCOUNTS } from '../../../lib/ledger';
import { type MonthKey, monthBounds } from '../../../lib/shop-time';
import type { Db } from '../../db/client';
import { ledgerEntries, ledgerTransactions, orders, payouts } from '../../db/schema';
import { type Seller, soldBy } from '../sellers';

/*
 * THE read of a seller's entries (docs/decisions/036, 041): its own entries on its own accounts
 * (`soldBy`: the store and its owner in the WHERE), by kind and by Jamaican month, each with its
 * order and, for a payout, the payout's reference and bank. The earnings list pages it newest
 * first; a statement reads a month of it oldest first.
 */

export type EntryFilter = { kind?: EntryKind; month?: MonthKey; before?: Date };

/** The seller's entries the filter keeps: its own, on its accounts, of the kind, in the month, before an instant. */
export function sellerEntriesWhere(seller: Seller, filter: EntryFilter = {}): SQL | undefined {
  const bounds = filter.month ? monthBounds(filter.month) : undefined;
  return and(
    soldBy(seller, ledgerEntries.storeId),
    inArray(ledgerEntries.account, [...SELLER_ACCOUNTS]),
    filter.kind ? eq(ledgerEntries.kind, filter.kind) : undefined,
    bounds ? gte(ledgerEntries.createdAt, bounds.from) : undefined,
    bounds ? lt(ledgerEntries.createdAt, bounds.to) : undefined,
    filter.before ? lt(ledgerEntries.createdAt, filter.before) : undefined,
  );
}

/** A payout's postings (`payout:<id>`, `payout-failed:<id>`) name it by their key. */
const ofPayout = sql`(${ledgerTransactions.key} = 'payout:' || ${payouts.id} or ${ledgerTransactions.key} = 'payout-failed:' || ${payouts.id})`;

/** The entries `where` keeps, with their order and payout: a query the caller orders and pages. */
export function sellerEntryRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: ledgerEntries.id,
      at: ledgerEntries.createdAt,
      kind: ledgerEntries.kind,
      account: ledgerEntries.account,
      amountCents: ledgerEntries.amountCents,
      partId: ledgerEntries.partId,
      orderId: ledgerTransactions.orderId,
      orderNumber: orders.orderNumber,
      payoutReference: payouts.reference,
      payoutBank: sql<string | null>`${payouts.bankDetails}->>'bankName'`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(orders, eq(orders.id, ledgerTransactions.orderId))
    .leftJoin(payouts, ofPayout)
    .where(where)
    .$dynamic();
}

export type SellerEntryRow = Awaited<ReturnType<typeof sellerEntryRows>>[number];

/** Which of the seller's balances an entry moved. */
export const balanceOf = (row: { account: string }) =>
  BALANCE_OF_ACCOUNT[row.account as keyof typeof BALANCE_OF_ACCOUNT];

/** An entry's amount as the seller reads it, in cents: a credit to its account is owed to it. */
export const sellerCents = (row: { amountCents: number }) => -row.amountCents || 0;
