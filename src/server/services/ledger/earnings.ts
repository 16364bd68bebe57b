import { asc, count, desc } from 'drizzle-orm';
import type { EarningsQuery, SellerEarnings } from '../../../lib/contract/earnings';
import { toDollars } from '../../../lib/money';
import { nextPayoutDay, type Weekday } from '../../../lib/payouts';
import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/schema';
import type { Seller } from '../sellers';
import { sellerBalance } from './balances';
import { balanceOf, sellerCents, sellerEntriesWhere, sellerEntryRows } from './entries';

/*
 * GET /seller/earnings (docs/decisions/036): the seller's balance and its entries on its own
 * accounts, newest first (a transaction's entries in the order they were posted), by kind and by
 * month. The entries are THE seller's read (./entries.ts), which names the store and its owner
 * (`soldBy`, decision 027).
 */
export async function sellerEarnings(
  db: Db,
  seller: Seller,
  query: { kind?: EarningsQuery['kind']; month?: string; page: number; limit: number },
  options: { payoutDay: Weekday; now?: Date },
): Promise<SellerEarnings> {
  const balance = await sellerBalance(db, seller);
  const listed = sellerEntriesWhere(seller, { kind: query.kind, month: query.month });
  const [{ total }] = await db.select({ total: count() }).from(ledgerEntries).where(listed);
  const rows = await sellerEntryRows(db, listed)
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.transactionId), asc(ledgerEntries.line))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    success: true,
    balance: {
      pending: toDollars(balance.pendingCents),
      available: toDollars(balance.availableCents),
      paidOut: toDollars(balance.paidOutCents),
      inTransit: toDollars(balance.inTransitCents),
    },
    nextPayoutOn: nextPayoutDay(options.payoutDay, options.now),
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      kind: r.kind,
      balance: balanceOf(r),
      // As the seller reads it: a credit to its account is money owed to it.
      amount: toDollars(sellerCents(r)),
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
