import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PAYMENT_RECORD_STATUSES, type PaymentRecordStatus } from '../../../lib/contract/payments';
import type { NextStep } from '../../payments/provider';
import { cents, id } from './columns';
import { orders } from './commerce';

/*
 * What a payment record may be (PAYMENT_RECORD_STATUSES, docs/decisions/029):
 *   pending            started at the gateway, the shopper is (or was) on its page
 *   approved           the gateway took the money and it paid the order
 *   declined           the gateway refused the card; the order still awaits payment
 *   cancelled          never finished: the order was paid by another attempt, or expired unpaid
 *   refund_pending     approved for an order that no longer awaited it; its refund is being made
 *   refunded           all of it given back; partially_refunded: some of it
 *   refund_failed      the gateway refused the refund: an operator must act (logged)
 */
export { PAYMENT_RECORD_STATUSES, type PaymentRecordStatus };

/**
 * Every payment of an order, one row per attempt at the gateway (docs/decisions/029). Written only
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
    refundedCents: cents('refunded_cents').notNull().default(0),
    refundReference: text('refund_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_gateway_reference_key').on(t.provider, t.gatewayReference),
    index('payments_order_idx').on(t.orderId, t.createdAt),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_refund_within_amount', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
  ],
);
