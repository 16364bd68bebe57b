/**
 * Operators moderate reviews: the reported ones wait in a list; hiding one takes it off the page
 * and out of the product's average, restoring brings it back, keeping one closes its reports and
 * leaves it on the page. Each resolves its open reports and records who acted and when: the latest
 * on the review row, and every one in the operator action log (docs/decisions/015), whose rows are
 * never updated, so the history stays.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ModeratedReview, ModerationList, Review } from '../../../lib/contract/reviews';
import { REVIEW_MODERATION } from '../../../lib/operator-actions';
import { REVIEW_TEXT } from '../../../lib/review-messages';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { productReviews, products, reviewReports, users } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { recordOperatorAction } from '../operator-log';
import { catalogChanged } from '../publish-queue';
import { reviewById, reviewRows } from './read';
import { lockReviewsProduct, recountProduct } from './totals';

const openReports = sql<number>`(select count(*)::int from ${reviewReports} where ${reviewReports.reviewId} = ${productReviews.id} and ${reviewReports.resolvedAt} is null)`;
const hasOpenReport = sql`exists (select 1 from ${reviewReports} where ${reviewReports.reviewId} = ${productReviews.id} and ${reviewReports.resolvedAt} is null)`;

export async function moderationList(
  db: Db,
  q: { status: 'reported' | 'hidden'; page: number; limit: number },
  operatorId: string,
): Promise<ModerationList> {
  const where = q.status === 'hidden' ? isNotNull(productReviews.hiddenAt) : hasOpenReport;
  const [{ total }] = await db.select({ total: count() }).from(productReviews).where(where);
  const page = await db
    .select({
      id: productReviews.id,
      productName: products.name,
      storeId: products.storeId,
      hiddenReason: productReviews.hiddenReason,
      moderatedAt: productReviews.moderatedAt,
      openReports,
    })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(where)
    .orderBy(
      ...(q.status === 'hidden'
        ? [desc(productReviews.moderatedAt), asc(productReviews.id)]
        : [desc(openReports), desc(productReviews.createdAt), asc(productReviews.id)]),
    )
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const ids = page.map((r) => r.id);
  const reviews = ids.length ? await reviewRows(db, inArray(productReviews.id, ids), operatorId) : [];
  const reports = ids.length
    ? await db
        .select({
          reviewId: reviewReports.reviewId,
          reason: reviewReports.reason,
          reporterName: users.name,
          createdAt: reviewReports.createdAt,
          resolvedAt: reviewReports.resolvedAt,
        })
        .from(reviewReports)
        .innerJoin(users, eq(users.id, reviewReports.reporterId))
        .where(inArray(reviewReports.reviewId, ids))
        .orderBy(asc(reviewReports.createdAt))
    : [];
  const byId = new Map<string, Review>(reviews.map((r) => [r.id, r]));
  const list: ModeratedReview[] = page.flatMap((r) => {
    const review = byId.get(r.id);
    if (!review) return [];
    return [
      {
        review,
        productName: r.productName,
        storeId: r.storeId,
        hiddenReason: r.hiddenReason,
        moderatedAt: r.moderatedAt?.toISOString() ?? null,
        openReports: Number(r.openReports),
        reports: reports
          .filter((x) => x.reviewId === r.id)
          .map((x) => ({
            reason: x.reason,
            reporterName: x.reporterName,
            createdAt: x.createdAt.toISOString(),
            resolved: x.resolvedAt !== null,
          })),
      },
    ];
  });
  return { reviews: list, pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) } };
}

/** Hides (with the operator's reason) or restores a review, and logs it in the same transaction. */
export async function moderateReview(
  db: Db,
  id: string,
  operator: Pick<SessionUser, 'id' | 'email'>,
  action: { hide: true; reason: string } | { hide: false },
): Promise<Review> {
  const move = action.hide ? REVIEW_MODERATION.hide : REVIEW_MODERATION.restore;
  await db.transaction(async (tx) => {
    const productId = await lockReviewsProduct(tx, id);
    // Read under the product's lock, which every change of its reviews takes first: the state
    // the log says it came from is the one this change replaced.
    const [before] = await tx
      .select({ hiddenAt: productReviews.hiddenAt })
      .from(productReviews)
      .where(eq(productReviews.id, id));
    if (!before) throw notFound(REVIEW_TEXT.notFound);
    // Hiding a hidden review (or restoring a visible one) changes nothing: refused before any
    // write, so the log holds no visible → visible row and its reports stay open. Two operators
    // acting at once are ordered by the lock above, and the second gets this 409.
    if (action.hide === (before.hiddenAt !== null)) {
      throw new ApiError(409, 'conflict', action.hide ? REVIEW_TEXT.alreadyHidden : REVIEW_TEXT.alreadyVisible);
    }
    await tx
      .update(productReviews)
      .set({
        hiddenAt: action.hide ? sql`now()` : null,
        hiddenReason: action.hide ? action.reason : null,
        moderatedBy: operator.id,
        moderatedAt: sql`now()`,
      })
      .where(eq(productReviews.id, id));
    await recordOperatorAction(tx, operator, {
      action: move.action,
      target: { type: 'review', id },
      from: before.hiddenAt ? REVIEW_MODERATION.hide.to : REVIEW_MODERATION.restore.to,
      to: move.to,
      reason: action.hide ? action.reason : null,
    });
    await tx
      .update(reviewReports)
      .set({ resolvedAt: sql`now()` })
      .where(and(eq(reviewReports.reviewId, id), isNull(reviewReports.resolvedAt)));
    await recountProduct(tx, productId);
    await catalogChanged(tx, 'product', productId, action.hide ? 'review hidden' : 'review restored');
  });
  return reviewById(db, id, operator.id);
}

/**
 * Keeps a reported review as it is: closes its open reports (the operator read them and found
 * nothing to hide) and logs it, with the operator's optional note, in the same transaction. The
 * page and the average do not change, so nothing is recounted or republished.
 */
export async function keepReview(
  db: Db,
  id: string,
  operator: Pick<SessionUser, 'id' | 'email'>,
  note: string | null,
): Promise<Review> {
  await db.transaction(async (tx) => {
    // The lock hide and restore take: an operator hiding it at the same time goes first or second,
    // never both closing the same reports.
    await lockReviewsProduct(tx, id);
    const closed = await tx
      .update(reviewReports)
      .set({ resolvedAt: sql`now()` })
      .where(and(eq(reviewReports.reviewId, id), isNull(reviewReports.resolvedAt)))
      .returning({ id: reviewReports.id });
    // No open report (another operator acted first, or it is hidden: hiding closed them): nothing
    // to keep, and no log row saying otherwise.
    if (closed.length === 0) throw new ApiError(409, 'conflict', REVIEW_TEXT.noOpenReports);
    await tx
      .update(productReviews)
      .set({ moderatedBy: operator.id, moderatedAt: sql`now()` })
      .where(eq(productReviews.id, id));
    await recordOperatorAction(tx, operator, {
      action: REVIEW_MODERATION.keep.action,
      target: { type: 'review', id },
      from: REVIEW_MODERATION.keep.to,
      to: REVIEW_MODERATION.keep.to,
      reason: note,
    });
  });
  return reviewById(db, id, operator.id);
}
