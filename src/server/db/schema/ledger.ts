import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ACCOUNTS, ENTRY_KINDS, SELLER_ACCOUNTS } from '../../../lib/ledger';
import { stores } from './catalog';
import { cents, id } from './columns';
import { orderParts } from './commerce';

/*
 * Commission and the marketplace's books (issue 27, docs/decisions/036).
 */

/**
 * Commission rates other than the marketplace's (COMMISSION_RATE): a store's, a category's, or a
 * store's for one category; the most specific wins (src/lib/commission.ts, `rateFor`). Read when
 * an order is placed; its parts keep the rate they were sold at.
 */
export const commissionRates = pgTable(
  'commission_rates',
  {
    id: id(),
    storeId: text('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    category: text('category'),
    basisPoints: integer('basis_points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One rule per (store, category) pair, "any" included (NULLs would otherwise be distinct).
    uniqueIndex('commission_rates_scope_key').on(sql`coalesce(${t.storeId}, '')`, sql`coalesce(${t.category}, '')`),
    check('commission_rates_basis_points', sql`${t.basisPoints} between 0 and 10000`),
    check('commission_rates_scoped', sql`${t.storeId} is not null or ${t.category} is not null`),
  ],
);

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * One money event (a part paid, cancelled, refunded, released…), written once: `key` names the
 * event and its subject (`sale:<part id>`), so the same event posted again writes nothing.
 * Append-only: migration 0020 refuses UPDATE, DELETE and TRUNCATE on both ledger tables.
 * Written only by src/server/services/ledger/post.ts.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: id(),
    key: text('key').notNull(),
    /** What happened: sale, cancellation, refund, release (a payout, later). */
    event: text('event').notNull(),
    orderId: text('order_id'),
    partId: text('part_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_transactions_key').on(t.key), index('ledger_transactions_part_idx').on(t.partId)],
);

/** The entries of a transaction: signed cents, debit positive; a transaction's entries add up to zero. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account', { enum: ACCOUNTS }).notNull(),
    /** The store whose account it is (seller accounts only). */
    storeId: text('store_id').references(() => stores.id),
    kind: text('kind', { enum: ENTRY_KINDS }).notNull(),
    partId: text('part_id'),
    amountCents: cents('amount_cents').notNull(),
    /** Its place in its transaction (sale, then commission, then GCT…), so a list reads in posting order. */
    line: integer('line').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A seller's list and balance, newest first.
    index('ledger_entries_store_idx').on(t.storeId, t.createdAt, t.id),
    index('ledger_entries_part_idx').on(t.partId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.account),
    check('ledger_entries_not_zero', sql`${t.amountCents} <> 0`),
    check(
      'ledger_entries_store_iff_seller_account',
      sql`(${t.account} in (${inList(SELLER_ACCOUNTS)})) = (${t.storeId} is not null)`,
    ),
  ],
);

/**
 * The settlement clock: when a part was delivered. Its pending money becomes available once
 * RETURN_DAYS have passed since (services/ledger/release.ts); the release itself is a ledger
 * transaction (`release:<part id>`), so a part is released once.
 */
export const partDeliveries = pgTable(
  'part_deliveries',
  {
    partId: text('part_id')
      .primaryKey()
      .references(() => orderParts.id, { onDelete: 'cascade' }),
    storeId: text('store_id').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('part_deliveries_delivered_idx').on(t.deliveredAt)],
);
