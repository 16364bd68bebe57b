import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import {
  RETURN_INSTRUCTIONS,
  RETURN_MESSAGE_AUTHORS,
  RETURN_REASONS,
  RETURN_SETTLEMENTS,
  RETURN_STATUSES,
  type ReturnStatus,
} from '../../../lib/returns';
import { stores } from './catalog';
import { cents, id } from './columns';
import { orderLines, orderParts, orders } from './commerce';
import { refunds } from './payments';
import { users } from './users';

/*
 * Return requests (issue 28, docs/decisions/042): a buyer's request to return items of one seller's
 * delivered part, and its life along THE status table (src/lib/returns.ts). Written only by
 * src/server/services/returns/, under the order's row lock (the lock every order change takes first).
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    partId: text('part_id')
      .notNull()
      .references(() => orderParts.id, { onDelete: 'cascade' }),
    /** The part's store and the order's buyer, copied so each side's query names its owner. */
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUSES }).$type<ReturnStatus>().notNull().default('requested'),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    settlement: text('settlement', { enum: RETURN_SETTLEMENTS }).notNull().default('refund'),
    /** The seller's answer: how the item comes back (accepted), or why not (rejected). */
    instructions: text('instructions', { enum: RETURN_INSTRUCTIONS }),
    sellerNote: text('seller_note'),
    /** An operator's decision of a dispute: why (a refund's or a closing's words). */
    decisionNote: text('decision_note'),
    decidedBy: text('decided_by').references(() => users.id),
    /** What was decided to be given back (refunded, decided), in cents; null before. */
    refundCents: cents('refund_cents'),
    /** The card refund it asked the gateway for (null: paid to the marketplace's bank or the seller's courier, recorded by an operator). */
    refundId: text('refund_id').references(() => refunds.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the seller first answered (accepted, rejected, refunded): unanswered past SELLER_ANSWER_DAYS, the buyer may escalate. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_requests_part_idx').on(t.partId),
    index('return_requests_buyer_idx').on(t.buyerId, t.createdAt),
    index('return_requests_store_idx').on(t.storeId, t.createdAt),
    index('return_requests_status_idx').on(t.status, t.updatedAt),
    check('return_requests_refund_positive', sql`${t.refundCents} is null or ${t.refundCents} > 0`),
  ],
);

/** Which of the part's lines a request returns, how many, and whether the seller put them back in stock. */
export const returnLines = pgTable(
  'return_lines',
  {
    requestId: text('request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    lineId: text('line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    restocked: boolean('restocked').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.lineId] }),
    index('return_lines_line_idx').on(t.lineId),
    check('return_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * The request's thread (issue 28 #5): the buyer, the seller and the operators write on it; each
 * message is kept and mailed to the other side(s), limited like Contact Seller.
 */
export const returnMessages = pgTable(
  'return_messages',
  {
    id: id(),
    requestId: text('request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorRole: text('author_role', { enum: RETURN_MESSAGE_AUTHORS }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_messages_request_idx').on(t.requestId, t.createdAt)],
);

/**
 * The buyer's photos of a return request (up to `MAX_RETURN_PHOTOS`, decision 043): private files
 * (`services/returns/photos.ts`, outside the public uploads folder), read only through the
 * request's scope (its buyer, the seller of its part, the operators). Written with the request,
 * in its transaction, all or none.
 */
export const returnPhotos = pgTable(
  'return_photos',
  {
    /** 128 random bits naming the photo's files (`<key>/<width>.webp`): never guessable, never shared. */
    key: text('key').primaryKey(),
    requestId: text('request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    /** The buyer who sent it (the request's buyer). */
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Its place among the request's photos, from 0. */
    position: integer('position').notNull(),
    /** The largest stored size (at most 1600 pixels wide); a 320-pixel one beside it when wider. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The size of the file as uploaded. */
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_photos_request_idx').on(t.requestId, t.position)],
);
