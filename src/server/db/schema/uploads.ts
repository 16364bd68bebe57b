import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { stores } from './catalog';
import { users } from './users';

/**
 * Photos sellers uploaded (docs/decisions/012-photo-uploads.md): which store owns each and who
 * sent it. The files live in the upload storage under `key`; this row is what lets the owner,
 * and only the owner, delete them.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The content hash (of the store and the photo's bytes) naming the photo's files. */
    key: text('key').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    /** The user who uploaded it (kept when that user is deleted, as who it was no longer matters). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The largest stored size; the smaller ones follow from it (src/lib/uploads.ts). */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The size of the file as uploaded. */
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_store_idx').on(t.storeId, t.createdAt)],
);
