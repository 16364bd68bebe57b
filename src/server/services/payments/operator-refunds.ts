import { and, eq, sql } from 'drizzle-orm';
import type {
  RecordBankRefund,
  RecordReturnRefund,
  RefundByBankTransfer,
  SettledRefund,
} from '../../../lib/contract/payments';
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
import { decideRefund, lockTransfers, promisedBack, recordRefund, reopenRefund } from './attempts';
import { operatorsSeeAll, owedBackCents, refundRows, toOperatorRefund } from './operator-list';
import { lockOrder } from './order-lock';
import { type RefundGateway, sendRefund } from './refund';

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

type Operator = { id: string; email: string; role: string };

const today = (now: Date) => now.toISOString().slice(0, 10);

function notInFuture(sentOn: string, now: Date) {
  // Jamaica is behind UTC: its today is never after UTC's.
  if (sentOn > today(now))
    throw new ApiError(400, 'validation_failed', MESSAGES.payments.sentInFuture, {
      sentOn: MESSAGES.payments.sentInFuture,
    });
}

/** Recordings of one bank reference queue here, whichever order they name. */
const lockReference = (tx: Tx, reference: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bank-refund:${reference}`}))`);

/** The refunds already recorded under this bank reference, any order's. */
const byReference = (tx: Tx, reference: string) =>
  tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.method, 'bank_transfer'), eq(refunds.refundReference, reference)));

/** What the order is still owed back, over all its payment records. */
async function owedBackOf(db: Db | Tx, orderId: string): Promise<number> {
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId));
  const given = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
  return rows.reduce(
    (n, p) =>
      n +
      owedBackCents(
        p,
        given.filter((r) => r.paymentId === p.id),
      ),
    0,
  );
}

async function answer(db: Db, refundIds: string[], replayed: boolean): Promise<SettledRefund> {
  const rows = await refundRows(db, { ids: refundIds });
  const [order] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(eq(orders.id, rows[0].orderId));
  return {
    success: true,
    replayed,
    refunds: rows.map(toOperatorRefund),
    order: { ...order, owedBack: (await owedBackOf(db, order.id)) / 100 },
  };
}

/** The bank transfer that made these refunds, in the operator's log's words. */
const sentBy = (cents: number, sentOn: string, reference: string) =>
  `${formatCents(cents)} sent by bank transfer on ${sentOn}, bank reference ${reference}`;

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
