import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../../lib/messages';
import type { Db } from '../../db/client';
import { orders, payments } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { NextStep } from '../../payments/provider';

/**
 * The gateway's next step for one of the buyer's pending attempts (owner-scoped: the order's
 * buyer in the WHERE). Another buyer's attempt is not found; a decided one has no way in any more.
 */
export async function attemptPage(db: Db, principal: { paymentId: string; buyerId: string }) {
  const [row] = await db
    .select({ status: payments.status, next: payments.nextStep, orderId: payments.orderId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, principal.paymentId), eq(orders.buyerId, principal.buyerId)));
  if (!row) throw new ApiError(404, 'not_found', MESSAGES.payments.attemptNotFound);
  if (row.status !== 'pending' || !row.next) throw new ApiError(409, 'conflict', MESSAGES.payments.attemptDecided);
  return { orderId: row.orderId, next: row.next as NextStep };
}
