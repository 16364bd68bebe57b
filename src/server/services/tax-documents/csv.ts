/**
 * A seller's tax invoices and credit notes of one Jamaican month as CSV, for its GCT return (issue
 * 29 #5, docs/decisions/045): one row per document in the order of its number (number, date,
 * kind, customer, the customer's TRN when a business buyer gave one (decision 049), order, net,
 * GCT, total); a credit note's amounts are negative, so each column sums to what the month charged. Its own only (`soldBy`: the store and its owner in the WHERE).
 */
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { toDollars } from '../../../lib/money';
import { type MonthKey, monthBounds, shopDay } from '../../../lib/shop-time';
import { formatTrn, taxDocumentNumber } from '../../../lib/tax-details';
import type { Db } from '../../db/client';
import { orders, taxDocuments } from '../../db/schema';
import { asSpreadsheetText } from '../products/csv-cells';
import { type Seller, soldBy } from '../sellers';

export const TAX_DOCUMENT_COLUMNS = [
  'number',
  'date',
  'kind',
  'customer',
  'customer_trn',
  'order',
  'net',
  'gct',
  'total',
] as const;

export async function taxDocumentsCsv(db: Db, seller: Seller, month: MonthKey): Promise<string> {
  const { from, to } = monthBounds(month);
  const rows = await db
    .select({ doc: taxDocuments, orderNumber: orders.orderNumber })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(soldBy(seller, taxDocuments.storeId), gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to)))
    .orderBy(asc(taxDocuments.number));
  const money = (cents: number, sign: number) => toDollars(sign * cents).toFixed(2);
  return stringify(
    rows.map(({ doc, orderNumber }) => {
      const sign = doc.kind === 'credit_note' ? -1 : 1;
      return [
        taxDocumentNumber(doc.kind, doc.number),
        shopDay(doc.issuedAt),
        doc.kind === 'credit_note' ? 'credit note' : 'invoice',
        asSpreadsheetText(doc.customerName),
        doc.customerTrn ? formatTrn(doc.customerTrn) : '',
        orderNumber,
        money(doc.netCents, sign),
        money(doc.gctCents, sign),
        money(doc.totalCents, sign),
      ];
    }),
    { header: true, columns: [...TAX_DOCUMENT_COLUMNS] },
  );
}
