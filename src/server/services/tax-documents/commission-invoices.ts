/**
 * The marketplace's invoices to its sellers for commission (issue 29 #4, docs/decisions/048): one
 * per store and Jamaican month with commission in it, once the month is over. Its amounts are the
 * books': the month's commission after reversals (−Σ commission_revenue of the store's parts in
 * the month) and GCT on it (−Σ gct_payable); a month whose reversals exceed its charges gets a
 * credit note instead. Numbered in the marketplace's one sequence (`commission`), issued one at a
 * time under that counter's row lock, once per store and month (issuing again answers the one
 * issued), and frozen: the supplier's and the customer's details as they were then.
 *
 * Issued on the first request after the month ends that needs it: the seller's list of its
 * invoices (its months), or the operators' CSV of a month (every seller's).
 */
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, gte, inArray, lt, min, sql } from 'drizzle-orm';
import type { CommissionInvoiceSummary } from '../../../lib/contract/commission-invoices';
import { commissionInvoicePdfUrl } from '../../../lib/contract/commission-invoices';
import { MESSAGES } from '../../../lib/messages';
import { toDollars } from '../../../lib/money';
import { type MonthKey, monthBounds, nextMonth, shopDay, shopMonth } from '../../../lib/shop-time';
import { commissionDocumentNumber, taxDocumentTitle } from '../../../lib/tax-details';
import type { Db, Tx } from '../../db/client';
import { commissionInvoices, ledgerEntries, marketplaceDocumentCounters, orderParts, stores } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { asSpreadsheetText } from '../products/csv-cells';
import { type Seller, soldBy } from '../sellers';

/** The marketplace as the supplier, from its configuration (`marketplaceSupplier`, env.ts). */
export type MarketplaceSupplier = {
  name: string;
  trn: string | null;
  gctRegistered: boolean;
  gctNumber: string | null;
  gctBasisPoints: number;
};

type Row = typeof commissionInvoices.$inferSelect;
const SEQUENCE = 'commission';

/** A month is invoiced once it is over: before then its commission can still change. */
const closed = (month: MonthKey, now: Date) => month < shopMonth(now);

/**
 * The commission and GCT on it of each store's parts in the month, after reversals (cancellations,
 * returns), in cents, from the books; stores with none left out. One store, or every one.
 */
export async function monthCommission(
  db: Db | Tx,
  month: MonthKey,
  storeId?: string,
): Promise<{ storeId: string; netCents: number; gctCents: number }[]> {
  const { from, to } = monthBounds(month);
  const rows = await db
    .select({
      storeId: orderParts.storeId,
      net: sql<string>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'commission_revenue'), 0)::text`,
      gct: sql<string>`coalesce(-sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'gct_payable'), 0)::text`,
    })
    .from(ledgerEntries)
    .innerJoin(orderParts, eq(orderParts.id, ledgerEntries.partId))
    .where(
      and(
        inArray(ledgerEntries.account, ['commission_revenue', 'gct_payable']),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
        storeId ? eq(orderParts.storeId, storeId) : undefined,
      ),
    )
    .groupBy(orderParts.storeId)
    .orderBy(asc(orderParts.storeId));
  return rows
    .map((r) => ({
      storeId: r.storeId,
      netCents: Number(r.net),
      gctCents: Number(r.gct),
    }))
    .filter((r) => r.netCents + r.gctCents !== 0);
}

/**
 * Issues the month's invoices for commission not issued yet, for one store or every store with
 * commission in the month, in the order of their ids, in one transaction: the counter row is
 * locked first, so a second issuer waits and then finds them issued (no gap, no duplicate).
 */
export async function issueCommissionInvoices(
  db: Db,
  supplier: MarketplaceSupplier,
  month: MonthKey,
  options: { storeId?: string; now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  if (!closed(month, now)) throw new ApiError(404, 'not_found', MESSAGES.commissionInvoices.notClosed(month));
  // Nothing to issue (the common case, a month already invoiced): no lock taken.
  const due = async (tx: Db | Tx) => {
    const issued = new Set(
      (
        await tx
          .select({ storeId: commissionInvoices.storeId })
          .from(commissionInvoices)
          .where(
            and(
              eq(commissionInvoices.month, month),
              options.storeId ? eq(commissionInvoices.storeId, options.storeId) : undefined,
            ),
          )
      ).map((r) => r.storeId),
    );
    return (await monthCommission(tx, month, options.storeId)).filter((c) => !issued.has(c.storeId));
  };
  if ((await due(db)).length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(marketplaceDocumentCounters)
      .values({ sequence: SEQUENCE, lastNumber: 0 })
      .onConflictDoNothing({ target: marketplaceDocumentCounters.sequence });
    const [counter] = await tx
      .select({ last: marketplaceDocumentCounters.lastNumber })
      .from(marketplaceDocumentCounters)
      .where(eq(marketplaceDocumentCounters.sequence, SEQUENCE))
      .for('update');
    // Read again under the lock: what another issuer committed while this one waited is issued.
    const todo = await due(tx);
    if (todo.length === 0) return;
    const customers = new Map(
      (
        await tx
          .select({ id: stores.id, name: stores.name, trn: stores.trn })
          .from(stores)
          .where(
            inArray(
              stores.id,
              todo.map((c) => c.storeId),
            ),
          )
      ).map((s) => [s.id, s]),
    );
    let number = counter.last;
    for (const c of todo) {
      const customer = customers.get(c.storeId);
      if (!customer) continue;
      const sign = c.netCents + c.gctCents > 0 ? 1 : -1;
      number += 1;
      await tx.insert(commissionInvoices).values({
        storeId: c.storeId,
        month,
        kind: sign > 0 ? 'invoice' : 'credit_note',
        number,
        supplierName: supplier.name,
        supplierTrn: supplier.trn,
        gctRegistered: supplier.gctRegistered,
        supplierGctNumber: supplier.gctNumber,
        customerName: customer.name,
        customerTrn: customer.trn,
        netCents: sign * c.netCents,
        gctCents: sign * c.gctCents,
        totalCents: sign * (c.netCents + c.gctCents),
        gctBasisPoints: supplier.gctBasisPoints,
        issuedAt: now,
      });
    }
    await tx
      .update(marketplaceDocumentCounters)
      .set({ lastNumber: number })
      .where(eq(marketplaceDocumentCounters.sequence, SEQUENCE));
  });
}

function summaryOf(d: Row): CommissionInvoiceSummary {
  return {
    id: d.id,
    month: d.month,
    kind: d.kind,
    number: commissionDocumentNumber(d.kind, d.number),
    title: taxDocumentTitle(d.kind, d.gctRegistered),
    issuedAt: d.issuedAt.toISOString(),
    net: toDollars(d.netCents),
    gct: toDollars(d.gctCents),
    total: toDollars(d.totalCents),
    pdfUrl: commissionInvoicePdfUrl(d.id),
  };
}

/**
 * The seller's invoices for commission, newest month first, issuing first those due: each month
 * over since its first commission entry.
 */
export async function sellerCommissionInvoices(
  db: Db,
  seller: Seller,
  supplier: MarketplaceSupplier,
  now = new Date(),
): Promise<CommissionInvoiceSummary[]> {
  const [first] = await db
    .select({ at: min(ledgerEntries.createdAt) })
    .from(ledgerEntries)
    .innerJoin(orderParts, eq(orderParts.id, ledgerEntries.partId))
    .where(and(eq(ledgerEntries.account, 'commission_revenue'), soldBy(seller, orderParts.storeId)));
  const issued = () =>
    db
      .select()
      .from(commissionInvoices)
      .where(soldBy(seller, commissionInvoices.storeId))
      .orderBy(desc(commissionInvoices.month));
  const before = await issued();
  const months = new Set(before.map((r) => r.month));
  let issuing = false;
  if (first?.at)
    for (let m = shopMonth(new Date(first.at)); closed(m, now); m = nextMonth(m)) {
      if (months.has(m)) continue;
      issuing = true;
      await issueCommissionInvoices(db, supplier, m, { storeId: seller.storeId, now });
    }
  return (issuing ? await issued() : before).map(summaryOf);
}

export type CommissionInvoiceDetail = CommissionInvoiceSummary & {
  supplierName: string;
  supplierTrn: string | null;
  supplierGctNumber: string | null;
  gctRegistered: boolean;
  customerName: string;
  customerTrn: string | null;
  /** The GCT rate on commission when issued, a fraction (0: not charged). */
  gctRate: number;
};

/** One of the seller's own invoices for commission; another's, or none, is a 404. */
export async function sellerCommissionInvoice(db: Db, seller: Seller, id: string): Promise<CommissionInvoiceDetail> {
  const [d] = await db
    .select()
    .from(commissionInvoices)
    .where(and(eq(commissionInvoices.id, id), soldBy(seller, commissionInvoices.storeId)));
  if (!d) throw new ApiError(404, 'not_found', MESSAGES.commissionInvoices.notFound);
  return {
    ...summaryOf(d),
    supplierName: d.supplierName,
    supplierTrn: d.supplierTrn,
    supplierGctNumber: d.supplierGctNumber,
    gctRegistered: d.gctRegistered,
    customerName: d.customerName,
    customerTrn: d.customerTrn,
    gctRate: d.gctBasisPoints / 10_000,
  };
}

export const COMMISSION_INVOICE_COLUMNS = [
  'number',
  'date',
  'kind',
  'month',
  'seller',
  'seller_trn',
  'net',
  'gct',
  'total',
] as const;

/**
 * The marketplace's invoices for a month's commission as CSV, for its GCT return (issue 29 #5):
 * every seller's, issued first if due, in the order of their numbers; a credit note's amounts
 * negative, so each column sums to what the month charged. A month not over is a 404.
 */
export async function commissionInvoicesCsv(
  db: Db,
  supplier: MarketplaceSupplier,
  month: MonthKey,
  now = new Date(),
): Promise<string> {
  await issueCommissionInvoices(db, supplier, month, { now });
  const rows = await db
    .select()
    .from(commissionInvoices)
    .where(eq(commissionInvoices.month, month))
    .orderBy(asc(commissionInvoices.number));
  const money = (cents: number, sign: number) => toDollars(sign * cents).toFixed(2);
  return stringify(
    rows.map((d) => {
      const sign = d.kind === 'credit_note' ? -1 : 1;
      return [
        commissionDocumentNumber(d.kind, d.number),
        shopDay(d.issuedAt),
        d.kind === 'credit_note' ? 'credit note' : 'invoice',
        d.month,
        asSpreadsheetText(d.customerName),
        d.customerTrn ?? '',
        money(d.netCents, sign),
        money(d.gctCents, sign),
        money(d.totalCents, sign),
      ];
    }),
    { header: true, columns: [...COMMISSION_INVOICE_COLUMNS] },
  );
}
