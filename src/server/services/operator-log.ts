/**
 * The operator action log (docs/decisions/015 and 018), read back newest first: who did what to
 * which store, review or order (a refund it settled), when and why. Each row names its target as
 * an operator knows it (a store by its name; a review by its product's name and its author; an
 * order by its number), read at the time of asking: the log
 * rows themselves hold only ids and are never updated.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OperatorAction, OperatorActionList } from '../../lib/contract/stores';
import type { LoggedAction } from '../../lib/operator-actions';
import { reviewerName } from '../../lib/ratings';
import type { Db, Tx } from '../db/client';
import { operatorActions, orders, productReviews, products, stores, users } from '../db/schema';

const author = alias(users, 'review_author');

/**
 * Writes one row of the log, in the transaction of the change it records: who (their e-mail at
 * the time, so the row reads without the user), which action on which store or review, the
 * status or visibility before and after, and why.
 */
export async function recordOperatorAction(
  tx: Tx,
  who: { id: string; email: string },
  entry: {
    action: LoggedAction;
    /** A category's target id is its name (a commission rate of a category: docs/decisions/040). */
    target: { type: 'store' | 'review' | 'order' | 'category'; id: string };
    from: string | null;
    to: string;
    reason: string | null;
  },
): Promise<void> {
  await tx.insert(operatorActions).values({
    operatorId: who.id,
    operatorEmail: who.email,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    fromStatus: entry.from,
    toStatus: entry.to,
    reason: entry.reason,
  });
}

export async function listOperatorActions(
  db: Db,
  q: { targetId?: string; action?: LoggedAction; page: number; limit: number },
): Promise<OperatorActionList> {
  const where = and(
    q.targetId ? eq(operatorActions.targetId, q.targetId) : undefined,
    q.action ? eq(operatorActions.action, q.action) : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(operatorActions).where(where);
  const rows = await db
    .select({
      row: operatorActions,
      storeName: stores.name,
      productName: products.name,
      authorName: author.name,
      orderNumber: orders.orderNumber,
    })
    .from(operatorActions)
    .leftJoin(stores, and(eq(operatorActions.targetType, 'store'), eq(stores.id, operatorActions.targetId)))
    .leftJoin(
      productReviews,
      and(eq(operatorActions.targetType, 'review'), eq(productReviews.id, operatorActions.targetId)),
    )
    .leftJoin(products, eq(products.id, productReviews.productId))
    .leftJoin(author, eq(author.id, productReviews.authorId))
    .leftJoin(orders, and(eq(operatorActions.targetType, 'order'), eq(orders.id, operatorActions.targetId)))
    .where(where)
    .orderBy(desc(operatorActions.createdAt), desc(operatorActions.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const actions: OperatorAction[] = rows.map(({ row: r, storeName, productName, authorName, orderNumber }) => ({
    id: r.id,
    operator: { id: r.operatorId, email: r.operatorEmail },
    action: r.action,
    targetType: r.targetType,
    targetId: r.targetId,
    targetName:
      (r.targetType === 'review'
        ? productName
        : r.targetType === 'order'
          ? orderNumber
          : r.targetType === 'category'
            ? r.targetId
            : storeName) ?? null,
    reviewAuthor: authorName === null ? null : reviewerName(authorName),
    fromStatus: r.fromStatus,
    toStatus: r.toStatus,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }));
  return {
    actions,
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
  };
}
