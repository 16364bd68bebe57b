import { and, eq } from 'drizzle-orm';
import type { RecordReturnRefund, SettledRefund } from '../../../lib/contract/payments';
import { paidByCard } from '../../../lib/contract/payments';
import { MESSAGES } from '../../../lib/messages';
import { formatCents } from '../../../lib/money';
import { REFUND_ACTIONS } from '../../../lib/operator-actions';
import type { Db, Tx } from '../../db/client';
import { orders, payments, refunds, returnRequests } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { paidToMarketplace } from '../ledger/events';
import { recordOperatorAction } from '../operator-log';
import { noticeRefundMade } from '../orders/notices';
import { linkReturnRefund, lockOwedReturn } from '../returns/refund';
import { decideRefund, promisedBack, recordRefund } from './attempts';
import { operatorsSeeAll } from './operator-list';
import { lockOrder } from './order-lock';
import { lockTransfers } from './received';
import type { RefundGateway } from './refund';
import { answer, byReference, lockReference, notInFuture, type Operator } from './settled-refunds';

/*
 * A return's refund owed by the operators (issue 28, docs/decisions/042): an order not paid by card
 * (cash on delivery, a bank transfer) is paid back by bank transfer or in cash and recorded here,
 * through attempts.ts like every refund (./operator-refunds.ts says how refunds are recorded).
 */
/** The payment record a return's refund is paid back against, locked: what the order paid for that part. */
async function returnPayment(
  tx: Tx,
  order: { id: string; paymentMethod: string; bankTransferTo: unknown },
  partId: string,
  amountCents: number,
): Promise<string | undefined> {
  if (paidToMarketplace(order)) {
    // Its refund was flagged as excess of the order's transfers (returns/refund.ts): sent from one.
    const transfers = await lockTransfers(tx, order.id);
    return transfers.find((t) => t.owedCents >= amountCents)?.id;
  }
  // Cash on delivery (or an older order's transfer to the seller): the part's own record, its id the reference.
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.provider, 'seller'), eq(payments.gatewayReference, partId)))
    .for('update');
  if (!payment || payment.amountCents - (await promisedBack(tx, payment.id)) < amountCents) return undefined;
  return payment.id;
}

/** How a return's refund was paid back, in the operator's log's words. */
const paidBackBy = (cents: number, input: RecordReturnRefund) =>
  input.method === 'cash'
    ? `${formatCents(cents)} of a return paid back in cash on ${input.sentOn}${input.reference ? `, receipt ${input.reference}` : ''}`
    : `${formatCents(cents)} of a return paid back by bank transfer on ${input.sentOn}, bank reference ${input.reference}`;

/** POST /admin/payments/returns/{id}/refund: a return's refund the operators owe, recorded as paid back. */
export async function recordReturnRefund(
  db: Db,
  operator: Operator,
  requestId: string,
  input: RecordReturnRefund,
  options: { log: RefundGateway['log']; now?: Date },
): Promise<SettledRefund> {
  operatorsSeeAll(operator);
  notInFuture(input.sentOn, options.now ?? new Date());
  const reference = input.reference ? input.reference : null;
  const result = await db.transaction(async (tx) => {
    if (input.method === 'bank_transfer' && reference) await lockReference(tx, reference);
    const [found] = await tx
      .select({ orderId: returnRequests.orderId })
      .from(returnRequests)
      .where(eq(returnRequests.id, requestId));
    const order = found && (await lockOrder(tx, found.orderId));
    if (!found || !order) throw new ApiError(404, 'not_found', MESSAGES.returns.notFound);
    const request = await lockOwedReturn(tx, requestId);
    const [{ bankTransferTo }] = await tx
      .select({ bankTransferTo: orders.bankTransferTo })
      .from(orders)
      .where(eq(orders.id, order.id));
    if (paidByCard(order.paymentMethod)) throw new ApiError(409, 'conflict', MESSAGES.payments.returnRefundByCard);

    if (request.refundId) {
      // Recorded before: the same recording again answers it; any other, 409.
      const [made] = await tx.select().from(refunds).where(eq(refunds.id, request.refundId));
      const same =
        made.method === input.method &&
        (made.refundReference ?? null) === reference &&
        made.amountCents === input.amountCents &&
        made.sentOn === input.sentOn;
      if (!same) throw new ApiError(409, 'conflict', MESSAGES.payments.returnAlreadyPaid);
      return { ids: [made.id], replayed: true, orderNumber: order.orderNumber };
    }
    const owed = request.refundCents ?? 0;
    if (owed <= 0 || (request.status !== 'refunded' && request.status !== 'decided'))
      throw new ApiError(409, 'conflict', MESSAGES.payments.returnNothingOwed);
    if (input.amountCents !== owed) {
      const text = MESSAGES.payments.returnAmountNotOwed(formatCents(owed));
      throw new ApiError(409, 'conflict', text, { amountCents: text });
    }
    if (input.method === 'bank_transfer' && reference && (await byReference(tx, reference)).length > 0)
      throw new ApiError(409, 'conflict', MESSAGES.payments.refundReferenceTaken(reference));
    const paymentId = await returnPayment(tx, { ...order, bankTransferTo }, request.partId, owed);
    // Nothing left to send it from: already sent back another way (the payments screen's refund).
    if (!paymentId) throw new ApiError(409, 'conflict', MESSAGES.payments.returnNothingOwed);

    const id = await recordRefund(tx, {
      paymentId,
      orderId: order.id,
      reason: 'returned',
      amountCents: owed,
      method: input.method,
      sentOn: input.sentOn,
      recordedBy: operator.id,
    });
    if (!(await linkReturnRefund(tx, request.id, id)))
      throw new ApiError(409, 'conflict', MESSAGES.payments.returnAlreadyPaid);
    // Made: the books clear what the part owed its buyer (ledger/events.ts `returned:<refund>`).
    await decideRefund(tx, id, 'refunded', { refundReference: reference ?? undefined });
    await noticeRefundMade(tx, order.id, {
      refundId: id,
      amountCents: owed,
      currency: 'USD',
      reference: reference ?? `paid in cash on ${input.sentOn}`,
      cause: 'returned',
      method: input.method,
    });
    await recordOperatorAction(tx, operator, {
      action: REFUND_ACTIONS.returned.action,
      target: { type: 'order', id: order.id },
      from: null,
      to: 'refunded',
      reason: paidBackBy(owed, input),
    });
    return { ids: [id], replayed: false, orderNumber: order.orderNumber };
  });
  options.log.info(
    {
      orderNumber: result.orderNumber,
      returnId: requestId,
      refundIds: result.ids,
      operatorId: operator.id,
      replayed: result.replayed,
    },
    result.replayed ? 'return refund already recorded' : 'return refund recorded as paid back',
  );
  return answer(db, result.ids, result.replayed);
}
