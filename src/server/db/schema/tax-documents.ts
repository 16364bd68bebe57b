import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stores } from './catalog';
import { cents, id } from './columns';
import { orderParts, orders } from './commerce';

/**
 * Each seller's one sequence of tax documents (issue 29 #3, docs/decisions/045): the last number it
 * gave. Taken by `insert … on conflict do update … returning` in the transaction that issues the
 * document, so the row is locked until that transaction ends: two orders at once wait for each
 * other, and a rolled-back order gives its number back (no gap, no duplicate).
 */
export const taxDocumentCounters = pgTable('tax_document_counters', {
  storeId: text('store_id')
    .primaryKey()
    .references(() => stores.id),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A seller's tax invoice for its part of an order, or a credit note against one (a cancelled part,
 * a return's refund), numbered in the seller's one sequence. Frozen when issued: the supplier's
 * name, TRN and GCT registration, the customer's name (and a business buyer's TRN) and the amounts. Never updated or deleted: a
 * cancelled part gets a credit note, its invoice stays.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: id(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    partId: text('part_id')
      .notNull()
      .references(() => orderParts.id),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    /** In the store's one sequence (tax_document_counters), from 1. */
    number: integer('number').notNull(),
    /** What issued it, once: `invoice:<part>`, `cancel:<part>`, `return:<request>`. */
    source: text('source').notNull(),
    /** A credit note: the number of the invoice it credits. */
    creditsNumber: integer('credits_number'),
    reason: text('reason'),
    supplierName: text('supplier_name').notNull(),
    supplierTrn: text('supplier_trn'),
    gctRegistered: boolean('gct_registered').notNull(),
    supplierGctNumber: text('supplier_gct_number'),
    customerName: text('customer_name').notNull(),
    /** The business buyer's TRN and name as the order gave them (docs/decisions/049); null when not given. */
    customerTrn: text('customer_trn'),
    customerBusinessName: text('customer_business_name'),
    /** Before GCT: the part's items and shipping (a credit note: what it gives back of them). */
    netCents: cents('net_cents').notNull(),
    gctCents: cents('gct_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    /** The GCT rate of the part, basis points (0: not charged). */
    gctBasisPoints: integer('gct_bp').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_number_key').on(t.storeId, t.number),
    uniqueIndex('tax_documents_source_key').on(t.source),
    index('tax_documents_order_idx').on(t.orderId),
    index('tax_documents_store_issued_idx').on(t.storeId, t.issuedAt),
    check('tax_documents_sum', sql`${t.netCents} + ${t.gctCents} = ${t.totalCents}`),
    check('tax_documents_customer_trn_nine_digits', sql`${t.customerTrn} is null or ${t.customerTrn} ~ '^[0-9]{9}$'`),
  ],
);

/**
 * The marketplace's own sequences of documents (issue 29 #4, docs/decisions/048): the last number
 * each gave, one row per sequence (`commission`: its invoices and credit notes for commission).
 * Locked (`select … for update`) by the transaction that issues, so issuing is one at a time: no
 * gap, no duplicate.
 */
export const marketplaceDocumentCounters = pgTable('marketplace_document_counters', {
  sequence: text('sequence').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * The marketplace's invoice to a seller for its commission of one Jamaican month (or, when the
 * month's reversals exceed its charges, its credit note), numbered in the marketplace's one
 * sequence. One per store and month; frozen when issued: the supplier's (the marketplace's) name,
 * TRN and GCT registration, the customer's (the store's) name and TRN, the amounts. Never updated.
 */
export const commissionInvoices = pgTable(
  'commission_invoices',
  {
    id: id(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    /** The Jamaican month of the commission, YYYY-MM. */
    month: text('month').notNull(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    /** In the marketplace's commission sequence (marketplace_document_counters), from 1. */
    number: integer('number').notNull(),
    supplierName: text('supplier_name').notNull(),
    supplierTrn: text('supplier_trn'),
    gctRegistered: boolean('gct_registered').notNull(),
    supplierGctNumber: text('supplier_gct_number'),
    customerName: text('customer_name').notNull(),
    customerTrn: text('customer_trn'),
    /** The month's commission after reversals (a credit note: what it gives back), before GCT. */
    netCents: cents('net_cents').notNull(),
    gctCents: cents('gct_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    /** The marketplace's GCT rate on commission when issued, basis points (0: not registered). */
    gctBasisPoints: integer('gct_bp').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commission_invoices_number_key').on(t.number),
    uniqueIndex('commission_invoices_store_month_key').on(t.storeId, t.month),
    index('commission_invoices_month_idx').on(t.month),
    check('commission_invoices_sum', sql`${t.netCents} + ${t.gctCents} = ${t.totalCents}`),
    check('commission_invoices_positive', sql`${t.totalCents} > 0`),
  ],
);
