import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products, stores } from './catalog';
import { id } from './columns';
import { orderParts } from './commerce';
import { users } from './users';

/**
 * Where a review or a seller rating came from (docs/decisions/018): `purchase` is a buyer's own,
 * written through the API after a delivered order part ("Verified purchase"); `sample` is the
 * sample catalogue's seeded text, shown as "Sample review", never as verified.
 */
export const REVIEW_SOURCES = ['purchase', 'sample'] as const;

/**
 * A shopper's review of a product: one per shopper per product. Only visible reviews (hidden_at
 * null) count in the product's `rating` and `review_count`, which the review service recomputes in
 * the same transaction as every change.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: id(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The delivered part that made the author eligible; null for sample reviews. */
    orderPartId: text('order_part_id').references(() => orderParts.id, { onDelete: 'set null' }),
    source: text('source', { enum: REVIEW_SOURCES }).notNull().default('purchase'),
    /** The variant the author bought ("Size 10, Brown"), from their order line; null without options or for a sample review. */
    variantLabel: text('variant_label'),
    rating: integer('rating').notNull(),
    title: text('title'),
    body: text('body'),
    helpfulCount: integer('helpful_count').notNull().default(0),
    /** Set by an operator: the review leaves the page and the averages until restored. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** The operator who last hid or restored it, and when (every operator action is recorded). */
    moderatedBy: text('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_reviews_product_author_key').on(t.productId, t.authorId),
    index('product_reviews_product_created_idx').on(t.productId, t.createdAt),
    index('product_reviews_author_idx').on(t.authorId),
    check('product_reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('product_reviews_helpful_nonnegative', sql`${t.helpfulCount} >= 0`),
  ],
);

/** "Helpful" votes: one per shopper per review (the primary key). */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: text('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** The seller's one public reply under a review (the review id is the key). */
export const reviewReplies = pgTable('review_replies', {
  reviewId: text('review_id')
    .primaryKey()
    .references(() => productReviews.id, { onDelete: 'cascade' }),
  storeId: text('store_id')
    .notNull()
    .references(() => stores.id, { onDelete: 'cascade' }),
  authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A shopper's report of a review to the operators: one per shopper per review; resolved when an operator acts. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: id(),
    reviewId: text('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_reports_review_reporter_key').on(t.reviewId, t.reporterId),
    index('review_reports_open_idx').on(t.resolvedAt, t.createdAt),
  ],
);

/**
 * A buyer's rating of the seller of a delivered order part: delivery and communication, 1 to 5,
 * once per part. The store's `rating` (the mean of both scores over its ratings) and
 * `review_count` (how many) are recomputed in the same transaction.
 */
export const sellerRatings = pgTable(
  'seller_ratings',
  {
    id: id(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null only for sample ratings. */
    orderPartId: text('order_part_id').references(() => orderParts.id, { onDelete: 'cascade' }),
    source: text('source', { enum: REVIEW_SOURCES }).notNull().default('purchase'),
    delivery: integer('delivery').notNull(),
    communication: integer('communication').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seller_ratings_part_key').on(t.orderPartId).where(sql`${t.orderPartId} is not null`),
    index('seller_ratings_store_idx').on(t.storeId),
    check('seller_ratings_delivery_range', sql`${t.delivery} between 1 and 5`),
    check('seller_ratings_communication_range', sql`${t.communication} between 1 and 5`),
  ],
);
