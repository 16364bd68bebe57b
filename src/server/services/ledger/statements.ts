import { asc, count, min, sql } from 'drizzle-orm';
import type {
  SellerStatement,
  StatementBalance,
  StatementLine,
  StatementMonths,
} from '../../../lib/contract/statements';
import { ENTRY_KIND_LABELS, ENTRY_KINDS, type EntryKind } from '../../../lib/ledger';
import { MESSAGES } from '../../../lib/messages';
import { toDollars } from '../../../lib/money';
import { type MonthKey, monthBounds, monthName, nextMonth, shopMonth } from '../../../lib/shop-time';
import type { Db } from '../../db/client';
import { ledgerEntries, stores } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { type Seller, soldBy } from '../sellers';
import { type SellerBalanceSplit, sellerBalance } from './balances';
import { balanceOf, type SellerEntryRow, sellerCents, sellerEntriesWhere, sellerEntryRows } from './entries';

/*
 * A seller's monthly statements (issue 27 #5, docs/decisions/041), from its entries (./entries.ts,
 * owner-scoped) and its balance at the month's two ends (./balances.ts): so the opening balance
 * plus the month's entries is the closing balance, on each of pending and available, to the cent.
 * A statement exists for each Jamaican month from the one the store opened in to the current one
 * (a month without entries is an empty statement); any other month is a 404.
 */

/** The Jamaican months the seller's books have entries in, newest first. */
export async function statementMonths(db: Db, seller: Seller, now = new Date()): Promise<StatementMonths> {
  const own = sellerEntriesWhere(seller);
  const [first] = await db
    .select({ at: min(ledgerEntries.createdAt) })
    .from(ledgerEntries)
    .where(own);
  if (!first?.at) return { success: true, months: [] };
  const months: MonthKey[] = [];
  for (let m = shopMonth(new Date(first.at)); m <= shopMonth(now); m = nextMonth(m)) months.push(m);
  // Each entry's month by where it falls among the months' first instants (the last one's end
  // closes them). The instants are written into the statement (ISO text made here, never input),
  // so the grouped expression is the selected one, not two sets of parameters.
  const edges = [...months.map((m) => monthBounds(m).from), monthBounds(months[months.length - 1]).to];
  const bucket = sql<number>`width_bucket(${ledgerEntries.createdAt}, array[${sql.raw(
    edges.map((e) => `'${e.toISOString()}'::timestamptz`).join(', '),
  )}])`;
  const rows = await db.select({ bucket, n: count() }).from(ledgerEntries).where(own).groupBy(bucket);
  const used = new Set(rows.filter((r) => Number(r.n) > 0).map((r) => Number(r.bucket)));
  return { success: true, months: months.filter((_, i) => used.has(i + 1)).reverse() };
}

const dollars = (b: SellerBalanceSplit): StatementBalance => ({
  pending: toDollars(b.pendingCents),
  available: toDollars(b.availableCents),
  paidOut: toDollars(b.paidOutCents),
  inTransit: toDollars(b.inTransitCents),
});

/** What an entry is, in a statement's words. */
export function describeEntry(row: Pick<SellerEntryRow, 'kind' | 'orderNumber' | 'payoutReference' | 'payoutBank'>) {
  const label = ENTRY_KIND_LABELS[row.kind];
  if (row.kind === 'payout' && row.payoutReference)
    return `Payout ${row.payoutReference}${row.payoutBank ? ` to ${row.payoutBank}` : ''}`;
  if (row.kind === 'payout_failed' && row.payoutReference)
    return `Payout ${row.payoutReference} failed: back to available`;
  return row.orderNumber ? `${label}, order ${row.orderNumber}` : label;
}

/** Entries summed by kind, in the ledger's order of kinds; a release (pending → available) moves nothing in or out and is left out. */
export function totalsByKind(lines: readonly { kind: EntryKind; cents: number }[]) {
  const sums = new Map<EntryKind, number>();
  for (const l of lines) if (l.kind !== 'release') sums.set(l.kind, (sums.get(l.kind) ?? 0) + l.cents);
  return ENTRY_KINDS.flatMap((kind) => (sums.has(kind) ? [{ kind, cents: sums.get(kind) ?? 0 }] : []));
}

/** GET /seller/statements/{month}: the statement, or 404 for a month not begun or before the store. */
export async function sellerStatement(
  db: Db,
  seller: Seller,
  month: MonthKey,
  now = new Date(),
): Promise<SellerStatement> {
  const [store] = await db
    .select({ id: stores.id, name: stores.name, createdAt: stores.createdAt })
    .from(stores)
    .where(soldBy(seller, stores.id));
  // sellersOnly resolved this seller's store in this request: gone since, it is not the seller's.
  if (!store) throw new ApiError(404, 'not_found', MESSAGES.statements.notYet(month));
  if (month > shopMonth(now)) throw new ApiError(404, 'not_found', MESSAGES.statements.notYet(month));
  const opened = shopMonth(store.createdAt);
  if (month < opened) throw new ApiError(404, 'not_found', MESSAGES.statements.beforeStore(month, monthName(opened)));

  const { from, to } = monthBounds(month);
  const [opening, closing] = [await sellerBalance(db, seller, from), await sellerBalance(db, seller, to)];
  const rows = await sellerEntryRows(db, sellerEntriesWhere(seller, { month })).orderBy(
    asc(ledgerEntries.createdAt),
    asc(ledgerEntries.transactionId),
    asc(ledgerEntries.line),
  );
  const lines: StatementLine[] = rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    kind: r.kind,
    balance: balanceOf(r),
    description: describeEntry(r),
    amount: toDollars(sellerCents(r)),
    partId: r.partId,
    orderNumber: r.orderNumber,
  }));
  const moved = (balance: 'pending' | 'available') =>
    rows.filter((r) => balanceOf(r) === balance).reduce((n, r) => n + sellerCents(r), 0);
  return {
    success: true,
    store: { id: store.id, name: store.name },
    month,
    from: from.toISOString(),
    to: to.toISOString(),
    opening: dollars(opening),
    lines,
    totals: totalsByKind(rows.map((r) => ({ kind: r.kind, cents: sellerCents(r) }))).map((t) => ({
      kind: t.kind,
      amount: toDollars(t.cents),
    })),
    movement: { pending: toDollars(moved('pending')), available: toDollars(moved('available')) },
    closing: dollars(closing),
  };
}
