import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents } from './columns';

/**
 * The offline test gateway's transactions (src/server/payments/test-gateway, docs/decisions/028).
 * A table rather than memory: a payment the gateway confirmed stays readable (status, refunds)
 * after the shop restarts, as it would at a real gateway. The id is PowerTranz's
 * TransactionIdentifier, chosen by the merchant.
 */
export const testGatewayTransactions = pgTable(
  'test_gateway_transactions',
  {
    id: text('id').primaryKey(),
    /** The hosted page's and the payment completion's key; a random 256-bit value. */
    spiToken: text('spi_token').notNull(),
    orderIdentifier: text('order_identifier').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** ISO 4217 numeric: 840 or 388. */
    currencyCode: text('currency_code').notNull(),
    merchantResponseUrl: text('merchant_response_url').notNull(),
    /** awaiting_card → (challenge →) collected → approved | declined; a failed challenge is declined at once. */
    stage: text('stage', { enum: ['awaiting_card', 'challenge', 'collected', 'approved', 'declined'] })
      .notNull()
      .default('awaiting_card'),
    /** Which test card paid: what the completion decides. */
    card: text('card', { enum: ['approve', 'decline', 'challenge', 'slow'] }),
    cardSuffix: text('card_suffix'),
    isoResponseCode: text('iso_response_code').notNull().default('SP4'),
    responseMessage: text('response_message').notNull().default('SPI Preprocessing complete'),
    refundedCents: cents('refunded_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('test_gateway_transactions_spi_token_key').on(t.spiToken),
    index('test_gateway_transactions_order_idx').on(t.orderIdentifier),
  ],
);

/**
 * The test gateway's refunds. A refund carries the merchant's own id (ExternalIdentifier); the
 * same id again is the same refund, answered again and not made twice (docs/decisions/033).
 */
export const testGatewayRefunds = pgTable(
  'test_gateway_refunds',
  {
    id: text('id').primaryKey(),
    transactionId: text('transaction_id').notNull(),
    externalIdentifier: text('external_identifier').notNull(),
    amountCents: cents('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_gateway_refunds_external_key').on(t.transactionId, t.externalIdentifier)],
);
