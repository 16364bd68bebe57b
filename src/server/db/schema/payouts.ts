import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYOUT_STATUSES } from '../../../lib/payouts';
import type { BankDetails } from '../../../lib/store-status';
import { stores } from './catalog';
import { cents, id } from './columns';

/*
 * Payouts (issue 27 #4, docs/decisions/039): an operator's run pays every store whose available
 * balance reaches PAYOUT_MINIMUM and that has bank details; each payout moves exactly that amount
 * from available to in transit in the books (services/payouts/run.ts), and is then marked paid
 * (the bank's reference and day) or failed (its money back to available, with the reason); a paid
 * payout the bank returns later is marked returned (docs/decisions/040).
 */

/** One run. `key` is the operator's Idempotency-Key, when sent: the same key again answers this run. */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: id(),
    key: text('key'),
    startedBy: text('started_by').notNull(),
    startedByEmail: text('started_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_runs_key').on(t.key), index('payout_runs_created_idx').on(t.createdAt)],
);

/** One store's payout in a run: its amount and its bank details as they were when the run was made. */
export const payouts = pgTable(
  'payouts',
  {
    id: id(),
    runId: text('run_id')
      .notNull()
      .references(() => payoutRuns.id),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    /** The store's name when paid: the bank file's payee line reads it. */
    storeName: text('store_name').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** Copied from the store when the run was made: a later change of account never redirects this payout. */
    bankDetails: jsonb('bank_details').$type<BankDetails>().notNull(),
    /** What the bank file gives the bank as the transfer's reference, and the seller sees on its statement. */
    reference: text('reference').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('in_transit'),
    bankReference: text('bank_reference'),
    paidOn: date('paid_on', { mode: 'string' }),
    failureReason: text('failure_reason'),
    /** A paid payout the bank returned later (docs/decisions/040): why, and the bank's reference of the return. */
    returnReason: text('return_reason'),
    returnBankReference: text('return_bank_reference'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payouts_run_store').on(t.runId, t.storeId),
    uniqueIndex('payouts_reference').on(t.reference),
    index('payouts_store_idx').on(t.storeId, t.createdAt),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
