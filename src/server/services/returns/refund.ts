import { and, eq, isNull, sql } from 'drizzle-orm';
import { paidByCard } from '../../../lib/contract/payments';
import { MESSAGES } from '../../../lib/messages';
import { formatCents } from '../../../lib/money';
import type { Tx } from '../../db/client';
import { orders, returnRequests } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { paidToMarketplace, postReturnRefunded } from '../ledger/events';
import { lockPayingAttempt, promisedBack, recordRefund } from '../payments/attempts';
import { flagExcess } from '../payments/received';
import { creditReturnRefund } from '../tax-documents/issue';
import { partMoney, refundedOfPart } from './part-money';

/*
 * A return's refund decided (issue 28 #4, docs/decisions/042), in the transaction of the move that
 * decides it (the seller's refund, an operator's decision), after that move locked the order row
 * and the request: never more than the part may still be refunded (its share of what the order was
 * paid, less its refunds so far). Then, by how the order was paid:
 *   - by card: a PARTIAL refund of the paying attempt through the one refund door (attempts.ts
 *     `recordRefund`, reason `returned`), never past what the payment took less what is already
 *     promised back; sent to the gateway after the commit (payments/refund.ts `sendRefunds`), made
 *     by `decideRefund`, which posts it to the books;
 *   - by bank transfer to the marketplace: flagged as excess of the order's transfers, for an
 *     operator to send back and record on the payments screen (payments/operator-refunds.ts);
 *   - cash on delivery (or an older order's transfer to the seller): owed to the buyer in the books;
 *     an operator pays it back and records it (payments/operator-refunds.ts `recordReturnRefund`,
 *     which a bank-transfer order's return may use too: the buyer's mail then names the return).
 * In every case the part's seller is charged in the books now (`postReturnRefunded`).
 */

export type DecidedRefund = { amountCents: number; refundId: string | null };

export async function decideReturnRefund(
  tx: Tx,
  request: { id: string; orderId: string; partId: string },
  amountCents: number,
): Promise<DecidedRefund> {
  const money = await partMoney(tx, request.partId);
  const left = money.shareCents - (await refundedOfPart(tx, request.partId, request.id));
  if (left <= 0) throw new ApiError(409, 'conflict', MESSAGES.returns.nothingLeft);
  if (amountCents > left) {
    const text = MESSAGES.returns.moreThanRefundable(formatCents(left));
    throw new ApiError(409, 'conflict', text, { amount: text });
  }
  const [order] = await tx
    .select({ paymentMethod: orders.paymentMethod, bankTransferTo: orders.bankTransferTo })
    .from(orders)
    .where(eq(orders.id, request.orderId));
  let refundId: string | null = null;
  if (paidByCard(order.paymentMethod)) {
    const payment = await lockPayingAttempt(tx, request.orderId);
    const payable = payment ? payment.amountCents - (await promisedBack(tx, payment.id)) : 0;
    if (!payment || amountCents > payable) {
      const text = MESSAGES.returns.moreThanRefundable(formatCents(Math.max(payable, 0)));
      throw new ApiError(409, 'conflict', text, { amount: text });
    }
    refundId = await recordRefund(tx, {
      paymentId: payment.id,
      orderId: request.orderId,
      reason: 'returned',
      amountCents,
    });
  } else if (paidToMarketplace(order)) {
    await flagExcess(tx, request.orderId, amountCents);
  }
  await postReturnRefunded(tx, { ...request, amountCents, shareCents: money.shareCents });
  // A credit note against the part's tax invoice, in its seller's sequence (decision 045).
  await creditReturnRefund(tx, { id: request.id, partId: request.partId, amountCents });
  return { amountCents, refundId };
}

/**
 * A return's refund the operators owe (an order not paid by card), locked for them to record as
 * paid back (payments/operator-refunds.ts `recordReturnRefund`), after they locked the order row:
 * the request, or 404. Whether it owes anything is the caller's to say.
 */
export async function lockOwedReturn(tx: Tx, requestId: string) {
  const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, requestId)).for('update');
  if (!row) throw new ApiError(404, 'not_found', MESSAGES.returns.notFound);
  return row;
}

/** The refund that paid a return back, linked to it once (the link the books' `returned:<refund>` reads). */
export async function linkReturnRefund(tx: Tx, requestId: string, refundId: string): Promise<boolean> {
  const linked = await tx
    .update(returnRequests)
    .set({ refundId, updatedAt: sql`now()` })
    .where(and(eq(returnRequests.id, requestId), isNull(returnRequests.refundId)))
    .returning({ id: returnRequests.id });
  return linked.length === 1;
}
