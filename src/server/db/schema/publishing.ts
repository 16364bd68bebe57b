import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Catalogue changes waiting to be published to the static site (docs/decisions/008). A row is
 * written in the same transaction as the change, so a change is never lost, whichever instance
 * made it; the one instance that publishes (a PostgreSQL advisory lock) takes the rows, renders
 * the pages they affect and deletes them once the new site is live.
 */
export const publishQueue = pgTable(
  'publish_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `product`, `store`, or `all` (everything: a full render of the catalogue pages). */
    kind: text('kind').notNull(),
    /** The product or store id; empty for `all`. */
    ref: text('ref').notNull().default(''),
    /** What the product was before the change (category, subcategory, price), so pages that showed it there are redone. */
    before: jsonb('before'),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('publish_queue_created_idx').on(t.createdAt)],
);
