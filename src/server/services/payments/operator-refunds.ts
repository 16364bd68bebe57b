import { and, eq, sql } from 'drizzle-orm';
import type { RecordBankRefund, RefundByBankTransfer, SettledRefund } from '../../../lib/contract/payments';
import { MESSAGES } from '../../../lib/messages';
import { formatCents } from '../../../lib/money';
import { REFUND_ACTIONS } from '../../../lib/operator-actions';
import type { Db, Tx } from '../../db/client';
import { orders, payments, refunds } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { recordOperatorAction } from '../operator-log';
import { noticeRefundMade } from '../orders/notices';
import { decideRefund, recordRefund, reopenRefund } from './attempts';
import { operatorsSeeAll } from './operator-list';
import { lockOrder } from './order-lock';
import { lockTransfers } from './received';
import { type RefundGateway, sendRefund } from './refund';
import { answer, byReference, lockReference, notInFuture, type Operator, sentBy } from './settled-refunds';

/*
 * The refunds an operator settles (issue 26 #6, docs/decisions/034's update), each in one
 * transaction under the order's row lock (the lock every payment decision takes first), written
 * through attempts.ts like every refund (recordRefund, then decideRefund: the one path a refund is
 * made by, so whatever hangs on it covers these too), with the buyer's "refund made" mail and a
 * row of the operators' action log:
 *   - a bank-transfer order's money the marketplace owes back (an over-payment's excess, a transfer
 *     for an order no longer awaiting one, a paid order or part cancelled): the operator sends it
 *     by bank transfer and records it (amount in cents, day sent, the bank's reference), never more
 *     than is owed; spread over the order's transfers oldest first, one refund row per transfer;
 *   - a card refund the gateway refused: asked of the gateway again (its own id, as the first time),
 *     or sent by bank transfer and recorded so (day, reference).
 *   - a return's refund owed by the operators (an order not paid by card: cash on delivery, a bank
 *     transfer; issue 28, decision 042): paid back by bank transfer (its reference) or in cash (a
 *     receipt, if any), all of it at once, recorded against the request, reason `returned`, so the
 *     books clear the part's `refunds_due` (`returned:<refund>`) and the buyer's mail names the return.
 * A bank reference counts once: the same reference again for the same refund answers it
 * (replayed) and changes nothing; for another order, amount or refund, 409. Two operators
 * recording at once queue on an advisory lock on the reference, then on the order's row.
 */

/** POST /admin/payments/refunds: a refund the marketplace's bank sent to a bank-transfer order's buyer. */
export async function recordBankRefund(
  db: Db,
  operator: Operator,
  input: RecordBankRefund,
  options: { log: RefundGateway['log']; now?: Date },
): Promise<SettledRefund> {
  operatorsSeeAll(operator);
  notInFuture(input.sentOn, options.now ?? new Date());
  const result = await db.transaction(async (tx) => {
    await lockReference(tx, input.bankReference);
    const [found] = await tx
      .select({ id: orders.id, bankTransferTo: orders.bankTransferTo })
      .from(orders)
      .where(eq(orders.orderNumber, input.orderNumber));
    const order = found && (await lockOrder(tx, found.id));
    if (!found || !order) throw new ApiError(404, 'not_found', MESSAGES.payments.noSuchOrder(input.orderNumber));
    if (order.paymentMethod !== 'bank_transfer' || !found.bankTransferTo)
      throw new ApiError(409, 'conflict', MESSAGES.payments.refundNotBankTransfer(order.orderNumber));

    const before = await byReference(tx, input.bankReference);
    if (before.length > 0) {
      const same =
        before.every((r) => r.orderId === order.id) &&
        before.reduce((n, r) => n + r.amountCents, 0) === input.amountCents;
      if (!same) throw new ApiError(409, 'conflict', MESSAGES.payments.refundReferenceTaken(input.bankReference));
      return { ids: before.map((r) => r.id), replayed: true, orderNumber: order.orderNumber };
    }

    const transfers = await lockTransfers(tx, order.id);
    const owed = transfers.reduce((n, t) => n + t.owedCents, 0);
    if (input.amountCents > owed) {
      const text =
        owed === 0
          ? MESSAGES.payments.nothingOwed(order.orderNumber)
          : MESSAGES.payments.moreThanOwed(order.orderNumber, formatCents(owed));
      throw new ApiError(409, 'conflict', text, { amountCents: text });
    }
    const ids: string[] = [];
    let left = input.amountCents;
    for (const transfer of transfers) {
      const piece = Math.min(left, transfer.owedCents);
      if (piece <= 0) continue;
      const id = await recordRefund(tx, {
        paymentId: transfer.id,
        orderId: order.id,
        reason: 'excess',
        amountCents: piece,
        method: 'bank_transfer',
        sentOn: input.sentOn,
        recordedBy: operator.id,
      });
      await decideRefund(tx, id, 'refunded', { refundReference: input.bankReference });
      ids.push(id);
      left -= piece;
    }
    const [given] = await tx
      .select({ cents: sql<string>`coalesce(sum(${refunds.amountCents}), 0)` })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'refunded')));
    await noticeRefundMade(tx, order.id, {
      refundId: ids[0],
      amountCents: input.amountCents,
      currency: 'USD',
      reference: input.bankReference,
      cause: 'excess',
      method: 'bank_transfer',
      refundedCents: Number(given.cents),
    });
    await recordOperatorAction(tx, operator, {
      action: REFUND_ACTIONS.record.action,
      target: { type: 'order', id: order.id },
      from: null,
      to: 'refunded',
      reason: sentBy(input.amountCents, input.sentOn, input.bankReference),
    });
    return { ids, replayed: false, orderNumber: order.orderNumber };
  });
  options.log.info(
    {
      orderNumber: result.orderNumber,
      refundIds: result.ids,
      operatorId: operator.id,
      amountCents: input.amountCents,
      replayed: result.replayed,
    },
    result.replayed ? 'bank refund already recorded' : 'bank refund recorded',
  );
  return answer(db, result.ids, result.replayed);
}

/** The refund, its order locked first (404 when there is none): the lock every payment decision takes. */
async function lockRefundOrder(tx: Tx, refundId: string) {
  const [found] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
  const order = found && (await lockOrder(tx, found.orderId));
  if (!found || !order) throw new ApiError(404, 'not_found', MESSAGES.payments.refundNotFound);
  const [{ refund, currency }] = await tx
    .select({ refund: refunds, currency: payments.currency })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  return { order, refund, currency };
}

/** Only a refused refund is taken up; any other answers what it is. */
function mustBeRefused(refund: { status: string }) {
  if (refund.status === 'refunded') throw new ApiError(409, 'conflict', MESSAGES.payments.refundAlreadyMade);
  if (refund.status === 'refund_pending') throw new ApiError(409, 'conflict', MESSAGES.payments.refundOnItsWay);
}

/** POST /admin/payments/refunds/{id}/retry: a refused card refund is asked of the gateway again, after the commit. */
export async function retryRefund(
  db: Db,
  operator: Operator,
  refundId: string,
  gateway: RefundGateway,
): Promise<SettledRefund> {
  operatorsSeeAll(operator);
  const orderNumber = await db.transaction(async (tx) => {
    const { order, refund } = await lockRefundOrder(tx, refundId);
    mustBeRefused(refund);
    if (!(await reopenRefund(tx, refund.id))) throw new ApiError(409, 'conflict', MESSAGES.payments.refundOnItsWay);
    await recordOperatorAction(tx, operator, {
      action: REFUND_ACTIONS.retry.action,
      target: { type: 'order', id: order.id },
      from: 'refund_failed',
      to: 'refund_pending',
      reason: `${formatCents(refund.amountCents)} asked of the card gateway again`,
    });
    return order.orderNumber;
  });
  // Its own id again: a gateway that made it after all answers that refund, never a second one.
  const outcome = await sendRefund(db, gateway.payments, refundId, gateway.log);
  gateway.log.info({ orderNumber, refundId, operatorId: operator.id, outcome }, 'card refund asked again');
  return answer(db, [refundId], false);
}

/** POST /admin/payments/refunds/{id}/bank-transfer: a refused card refund, sent by the marketplace's bank instead. */
export async function refundByBankTransfer(
  db: Db,
  operator: Operator,
  refundId: string,
  input: RefundByBankTransfer,
  options: { log: RefundGateway['log']; now?: Date },
): Promise<SettledRefund> {
  operatorsSeeAll(operator);
  notInFuture(input.sentOn, options.now ?? new Date());
  const result = await db.transaction(async (tx) => {
    await lockReference(tx, input.bankReference);
    const { order, refund, currency } = await lockRefundOrder(tx, refundId);
    const before = await byReference(tx, input.bankReference);
    if (before.length > 0) {
      if (before.length === 1 && before[0].id === refund.id) return { replayed: true, orderNumber: order.orderNumber };
      throw new ApiError(409, 'conflict', MESSAGES.payments.refundReferenceTaken(input.bankReference));
    }
    mustBeRefused(refund);
    const reopened = await reopenRefund(tx, refund.id, { sentOn: input.sentOn, recordedBy: operator.id });
    if (!reopened) throw new ApiError(409, 'conflict', MESSAGES.payments.refundOnItsWay);
    // The gateway's refusal stays on the row: why the money went by bank.
    const made = await decideRefund(tx, refund.id, 'refunded', {
      refundReference: input.bankReference,
      message: refund.message ?? undefined,
    });
    if (!made) throw new ApiError(409, 'conflict', MESSAGES.payments.refundOnItsWay);
    await noticeRefundMade(tx, order.id, {
      refundId: refund.id,
      amountCents: refund.amountCents,
      currency,
      reference: input.bankReference,
      cause: refund.reason,
      method: 'bank_transfer',
    });
    await recordOperatorAction(tx, operator, {
      action: REFUND_ACTIONS.byTransfer.action,
      target: { type: 'order', id: order.id },
      from: 'refund_failed',
      to: 'refunded',
      reason: sentBy(refund.amountCents, input.sentOn, input.bankReference),
    });
    return { replayed: false, orderNumber: order.orderNumber };
  });
  options.log.info(
    { orderNumber: result.orderNumber, refundId, operatorId: operator.id, replayed: result.replayed },
    result.replayed ? 'card refund already recorded as sent by bank transfer' : 'card refund sent by bank transfer',
  );
  return answer(db, [refundId], result.replayed);
}
