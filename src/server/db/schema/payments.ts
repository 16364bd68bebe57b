import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  PAYMENT_RECORD_STATUSES,
  type PaymentRecordStatus,
  REFUND_METHODS,
  REFUND_REASONS,
  REFUND_STATUSES,
  type RefundMethod,
  type RefundReason,
} from '../../../lib/contract/payments';
import type { NextStep } from '../../payments/provider';
import { cents, id } from './columns';
import { orderParts, orders } from './commerce';
import { users } from './users';

/*
 * What a payment record may be (PAYMENT_RECORD_STATUSES, docs/decisions/029):
 *   pending            started at the gateway, the shopper is (or was) on its page
 *   approved           the gateway took the money and it paid the order
 *   declined           the gateway refused the card; the order still awaits payment
 *   cancelled          never finished: the order was paid by another attempt, or expired unpaid
 *   refund_pending     a refund of it is decided and not yet made (a late approval: all of it; a
 *                      cancelled paid part: its share)
 *   refunded           all of it given back; partially_refunded: some of it
 *   refund_failed      the gateway refused a refund: an operator must act (logged)
 * Once refunds exist, the status and refunded_cents follow the `refunds` rows below (decision 033).
 */
export { PAYMENT_RECORD_STATUSES, type PaymentRecordStatus };

/**
 * Every payment of an order (docs/decisions/029, 034): one row per attempt at the gateway, per bank
 * transfer an operator recorded (provider `bank`, the bank's reference), per part whose seller
 * recorded the cash (provider `seller`, the part's id as reference). Written only
 * by src/server/services/payments, in the transaction of the order's own change. A gateway's
 * reference counts once: the unique key on (provider, gateway_reference).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's payment method (credit_card, debit_card). */
    method: text('method').notNull(),
    /** Which gateway: test, powertranz, wipay. */
    provider: text('provider').notNull(),
    /** The gateway's id of the attempt (PowerTranz TransactionIdentifier, WiPay transaction_id). */
    gatewayReference: text('gateway_reference').notNull(),
    amountCents: cents('amount_cents').notNull(),
    currency: text('currency', { enum: ['USD', 'JMD'] }).notNull(),
    status: text('status', { enum: PAYMENT_RECORD_STATUSES }).notNull().default('pending'),
    /** The gateway's words on its decision ("Transaction is approved", "Do not honour"). */
    message: text('message'),
    /** How the shopper's browser reaches the hosted page, kept while the attempt is pending. */
    nextStep: jsonb('next_step').$type<NextStep>(),
    /** A bank transfer: the day the bank says it arrived. */
    receivedOn: date('received_on', { mode: 'string' }),
    /** Who recorded the money: the operator (a bank transfer) or the seller (cash on delivery). */
    recordedBy: text('recorded_by').references(() => users.id),
    /** A bank transfer: what the order still awaited after it (an under-payment: the rest is due). */
    dueAfterCents: cents('due_after_cents').notNull().default(0),
    /** A bank transfer: the part of it the order did not need (an over-payment, or a transfer for an order that no longer awaited one): to refund. */
    excessCents: cents('excess_cents').notNull().default(0),
    refundedCents: cents('refunded_cents').notNull().default(0),
    refundReference: text('refund_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_gateway_reference_key').on(t.provider, t.gatewayReference),
    index('payments_order_idx').on(t.orderId, t.createdAt),
    // The operators' payments screen, newest first (services/payments/operator-list.ts).
    index('payments_created_idx').on(t.createdAt, t.id),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_excess_within_amount', sql`${t.excessCents} between 0 and ${t.amountCents}`),
    check('payments_due_after_not_negative', sql`${t.dueAfterCents} >= 0`),
    check('payments_refund_within_amount', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
  ],
);

/*
 * A refund's life (docs/decisions/033), one row per refund the shop asks a gateway for, or an
 * operator sent by bank transfer (decision 034's update):
 *   refund_pending   decided in the transaction of its cause (a cancel, a late approval) and not yet
 *                    confirmed by the gateway; sent after that commit, and again by the sweeper
 *   refunded         the gateway gave the money back, or the operator's bank sent it
 *   refund_failed    the gateway refused: an operator must act (logged as an error with the order
 *                    number): asks the gateway again, or sends it by bank transfer and records it
 * Its id is the refund id the gateway is sent (PowerTranz ExternalIdentifier), so asking again
 * after a crash is the same refund, not a second one.
 */
export { REFUND_METHODS, REFUND_REASONS, REFUND_STATUSES, type RefundMethod, type RefundReason };
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Every refund of a payment. Written only by src/server/services/payments/attempts.ts. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('refund_pending'),
    /** The gateway's id of the refund, once made; a bank transfer's: the bank's reference. */
    refundReference: text('refund_reference'),
    /** The gateway's words on a refusal. */
    message: text('message'),
    method: text('method', { enum: REFUND_METHODS }).notNull().default('gateway'),
    /** A refund by bank transfer: the day the operator's bank sent it. */
    sentOn: date('sent_on', { mode: 'string' }),
    /** A refund by bank transfer: the operator who recorded it. */
    recordedBy: text('recorded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId, t.createdAt),
    index('refunds_order_idx').on(t.orderId),
    // The sweeper's look: refunds decided but never confirmed.
    index('refunds_pending_idx').on(t.updatedAt).where(sql`${t.status} = 'refund_pending'`),
    // A bank's reference counts once for a payment (an operator's refund split over an order's
    // transfers is one row per transfer, each with the reference).
    uniqueIndex('refunds_bank_reference_key')
      .on(t.paymentId, t.refundReference)
      .where(sql`${t.method} = 'bank_transfer'`),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Which cancelled parts a refund gives back, and each part's share (src/lib/pricing.ts,
 * `partShares`). The part is the key: a part is refunded once, whatever races.
 */
export const refundParts = pgTable(
  'refund_parts',
  {
    partId: text('part_id')
      .primaryKey()
      .references(() => orderParts.id, { onDelete: 'cascade' }),
    refundId: text('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [index('refund_parts_refund_idx').on(t.refundId)],
);
