import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { BALANCE_OF_ACCOUNT, type EarningsQuery, type SellerEarnings } from '../../../lib/contract/earnings';
import { SELLER_ACCOUNTS } from '../../../lib/ledger';
import { toDollars } from '../../../lib/money';
import { nextPayoutDay, type Weekday } from '../../../lib/payouts';
import type { Db } from '../../db/client';
import { ledgerEntries, ledgerTransactions, orders, payouts } from '../../db/schema';
import { type Seller, soldBy } from '../sellers';
import { asBalance, balanceColumns } from './balances';

/*
 * GET /seller/earnings (docs/decisions/036): the seller's balance and its entries on its own
 * accounts, newest first (a transaction's entries in the order they were posted), by kind. Every
 * read names the store and its owner (`soldBy`, decision 027).
 */
export async function sellerEarnings(
  db: Db,
  seller: Seller,
  query: { kind?: EarningsQuery['kind']; page: number; limit: number },
  options: { payoutDay: Weekday; now?: Date },
): Promise<SellerEarnings> {
  const own = soldBy(seller, ledgerEntries.storeId);
  const [sums] = await db.select(balanceColumns).from(ledgerEntries).where(own);
  // Taken from available by payouts not yet confirmed paid: what the books call paid out, split.
  const [transit] = await db
    .select({ cents: sql<string>`coalesce(sum(${payouts.amountCents}), 0)::text` })
    .from(payouts)
    .where(and(soldBy(seller, payouts.storeId), eq(payouts.status, 'in_transit')));
  const inTransitCents = Number(transit.cents);
  const listed = and(
    own,
    inArray(ledgerEntries.account, [...SELLER_ACCOUNTS]),
    query.kind ? eq(ledgerEntries.kind, query.kind) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(ledgerEntries).where(listed);
  const rows = await db
    .select({
      id: ledgerEntries.id,
      at: ledgerEntries.createdAt,
      kind: ledgerEntries.kind,
      account: ledgerEntries.account,
      amountCents: ledgerEntries.amountCents,
      partId: ledgerEntries.partId,
      orderId: ledgerTransactions.orderId,
      orderNumber: orders.orderNumber,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(orders, eq(orders.id, ledgerTransactions.orderId))
    .where(listed)
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.transactionId), asc(ledgerEntries.line))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const balance = asBalance(sums);
  return {
    success: true,
    balance: {
      pending: toDollars(balance.pendingCents),
      available: toDollars(balance.availableCents),
      paidOut: toDollars(balance.paidOutCents - inTransitCents),
      inTransit: toDollars(inTransitCents),
    },
    nextPayoutOn: nextPayoutDay(options.payoutDay, options.now),
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      kind: r.kind,
      balance: BALANCE_OF_ACCOUNT[r.account as keyof typeof BALANCE_OF_ACCOUNT],
      // As the seller reads it: a credit to its account is money owed to it.
      amount: toDollars(-r.amountCents) || 0,
      partId: r.partId,
      orderId: r.orderId,
      orderNumber: r.orderNumber,
    })),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
    },
  };
}
