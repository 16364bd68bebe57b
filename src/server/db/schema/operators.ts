import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { users } from './users';

/**
 * The audit record of the operator side (docs/decisions/015): who did what to which target,
 * when and why. Written in the same transaction as the change it records, never updated.
 */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: id(),
    /** The operator; kept (as null) when that account is deleted, the row itself is not. */
    operatorId: text('operator_id').references(() => users.id, { onDelete: 'set null' }),
    /** The operator's e-mail at the time, so the record reads without the user row. */
    operatorEmail: text('operator_email').notNull(),
    /** One of LOGGED_ACTIONS (src/lib/operator-actions.ts): `approve`, `suspend`, `hide_review`… */
    action: text('action').notNull(),
    /** What was acted on: `store` or `review`. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** A store's status, or a review's visibility (`visible`, `hidden`), before and after. */
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_actions_created_idx').on(t.createdAt),
    index('operator_actions_target_idx').on(t.targetType, t.targetId),
  ],
);
