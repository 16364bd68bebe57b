/**
 * The operator side of stores (docs/decisions/015): the stores by status, one store, the status
 * changes along STORE_TRANSITIONS, and the audit record. A change, its audit row and the owner's
 * mail (./notices.ts) commit together, and a change that makes a store public or private is queued
 * for publishing in the same transaction (its seller page and its products' pages appear or go).
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { OperatorStore, OperatorStoreList } from '../../../lib/contract/stores';
import {
  isPublicStatus,
  STORE_ACTION_PAST,
  STORE_STATUSES,
  STORE_TRANSITIONS,
  type StoreAction,
  type StoreStatus,
} from '../../../lib/store-status';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { recordOperatorAction } from '../operator-log';
import { catalogChanged } from '../publish-queue';
import { queueDecisionMail } from './notices';
import { operatorStoresOf } from './shapes';

const pagination = (page: number, limit: number, total: number) => ({
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});

/** Stores for the operator screen: by status (pending first come first), newest decisions first otherwise. */
export async function listStoresForOperator(
  db: Db,
  q: { status?: StoreStatus; page: number; limit: number },
): Promise<OperatorStoreList> {
  const where = q.status ? eq(stores.status, q.status) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(stores).where(where);
  const rows = await db
    .select()
    .from(stores)
    .where(where)
    // Waiting applications oldest first (fair queue); the rest by name.
    .orderBy(
      sql`case when ${stores.status} = 'pending' then 0 else 1 end`,
      asc(stores.appliedAt),
      asc(stores.name),
      asc(stores.id),
    )
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const byStatus = await db.select({ status: stores.status, n: count() }).from(stores).groupBy(stores.status);
  const counts = Object.fromEntries(STORE_STATUSES.map((s) => [s, byStatus.find((b) => b.status === s)?.n ?? 0]));
  return {
    stores: await operatorStoresOf(db, rows),
    counts: counts as Record<StoreStatus, number>,
    pagination: pagination(q.page, q.limit, total),
  };
}

export async function storeForOperator(db: Db, id: string): Promise<OperatorStore> {
  const rows = await db.select().from(stores).where(eq(stores.id, id));
  if (!rows[0]) throw notFound('Store not found');
  return (await operatorStoresOf(db, rows))[0];
}

/**
 * Moves a store along the status table, or refuses with 409 naming why. Approval verifies the
 * store (the Verified Seller badge). Rows are locked, so two operators deciding at once are
 * ordered: the second sees the first's status and gets its 409.
 */
export async function decideStore(
  db: Db,
  operator: Pick<SessionUser, 'id' | 'email'>,
  id: string,
  action: StoreAction,
  reason?: string,
): Promise<OperatorStore> {
  const rule = STORE_TRANSITIONS[action];
  await db.transaction(async (tx) => {
    const [store] = await tx.select({ status: stores.status }).from(stores).where(eq(stores.id, id)).for('update');
    if (!store) throw notFound('Store not found');
    if (!rule.from.includes(store.status)) {
      const allowed = rule.from.join(' or ');
      const article = /^[aeiou]/.test(allowed) ? 'an' : 'a';
      throw new ApiError(
        409,
        'conflict',
        `This store is ${store.status}: only ${article} ${allowed} store can be ${pastTense(action)}.`,
      );
    }
    await tx
      .update(stores)
      .set({
        status: rule.to,
        statusReason: rule.reason ? (reason ?? null) : null,
        decidedAt: sql`now()`,
        updatedAt: sql`now()`,
        ...(action === 'approve' ? { verified: true } : {}),
      })
      .where(eq(stores.id, id));
    await recordOperatorAction(tx, operator, {
      action,
      target: { type: 'store', id },
      from: store.status,
      to: rule.to,
      reason: reason ?? null,
    });
    if (isPublicStatus(store.status) !== isPublicStatus(rule.to)) {
      await catalogChanged(tx, 'store', id, `store ${pastTense(action)} by an operator`);
    }
    await queueDecisionMail(tx, id, action, rule.reason ? (reason ?? null) : null);
  });
  return storeForOperator(db, id);
}

const pastTense = (action: StoreAction) => STORE_ACTION_PAST[action];
