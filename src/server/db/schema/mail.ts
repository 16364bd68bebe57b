import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stores } from './catalog';
import { id } from './columns';
import { users } from './users';

/**
 * Mail waiting to be sent (docs/decisions/013). A row is written in the same transaction as what
 * caused it (an order and its notice commit together, or neither does); a worker in every shop
 * process claims due rows with FOR UPDATE SKIP LOCKED and a lease, sends, and marks them sent
 * under the same lease token, so a crash loses nothing and two workers never send one row twice.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** What the mail is (`password_reset`, `order_placed`…): for the log and the tests. */
    kind: text('kind').notNull(),
    to: text('to_address').notNull(),
    /**
     * Reply-To as two values, the address and the display name (a shopper's, for Contact Seller),
     * handed to nodemailer as `{ name, address }` and never parsed from one string: a comma in a
     * name cannot add an address.
     */
    replyTo: text('reply_to'),
    replyToName: text('reply_to_name'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Extra headers (List-Unsubscribe for marketing mail). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a worker sends: until when the row is its own, and its token (only that worker may mark it). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    leaseToken: text('lease_token'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
  ],
);

/**
 * Single-use links sent by e-mail: a password reset, an address to verify, a newsletter sign-up to
 * confirm. Only the SHA-256 of the token is stored; a newer token of the same purpose for the same
 * subject voids the older ones (usedAt set).
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['password_reset', 'verify_email', 'newsletter'] }).notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to: the new address for a verification of a changed e-mail. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_key').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
    index('email_tokens_email_idx').on(t.email, t.purpose, t.createdAt),
  ],
);

/** A shopper's message to a seller ("Contact Seller"), kept as sent; the seller gets it by e-mail. */
export const storeMessages = pgTable(
  'store_messages',
  {
    id: id(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order number the message is about, when sent from an order's page. */
    orderNumber: text('order_number'),
    productId: text('product_id'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('store_messages_store_idx').on(t.storeId, t.createdAt),
    index('store_messages_sender_idx').on(t.senderId, t.createdAt),
  ],
);
