import type { DecideDisputeInput, ReturnRequest } from '../../../lib/contract/returns';
import { MESSAGES } from '../../../lib/messages';
import { formatCents, toCents } from '../../../lib/money';
import { DISPUTE_ACTIONS } from '../../../lib/operator-actions';
import { canMoveReturn } from '../../../lib/returns';
import type { Db, Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import { returnDecidedMail, returnEscalatedMail } from '../../mail/return-mails';
import { recordOperatorAction } from '../operator-log';
import { type RefundGateway, sendRefunds } from '../payments/refund';
import { mailFacts, mailParties } from './notices';
import { decideReturnRefund } from './refund';
import { DAY_MS, getReturn, lockRequest, move, type Operator, type ReturnSettings } from './request-lock';

/*
 * A buyer's escalation and an operator's decision on a dispute (issue 28 #3, docs/decisions/042),
 * each one transaction under the order's row lock (./request-lock.ts).
 */

/** POST /returns/{id}/escalate: a rejected request, or one unanswered SELLER_ANSWER_DAYS, goes to the operators. */
export async function escalateReturn(
  db: Db,
  buyerId: string,
  id: string,
  settings: ReturnSettings,
): Promise<ReturnRequest> {
  const now = settings.now ?? new Date();
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, { buyerId }, id);
    if (request.status === 'requested') {
      const from = new Date(request.createdAt.getTime() + settings.answerDays * DAY_MS);
      if (now < from) throw new ApiError(409, 'conflict', MESSAGES.returns.tooEarlyToEscalate(from.toISOString()));
    }
    await move(tx, request, 'escalated');
    // The operators act next.
    const facts = await mailFacts(tx, request.id);
    await mailParties(tx, facts, ['operators'], returnEscalatedMail(facts.mail, request.status));
  });
  return getReturn(db, { buyerId }, id, settings);
}

/** POST /admin/disputes/{id}/decide: an operator refunds in full or in part (charged to the seller), or closes it. */
export async function decideDispute(
  db: Db,
  operator: Operator,
  id: string,
  input: DecideDisputeInput,
  settings: ReturnSettings,
  gateway: RefundGateway,
): Promise<ReturnRequest> {
  if (operator.role !== 'admin') throw new ApiError(403, 'forbidden', 'Only the shop’s operators can do this.');
  const scope = { operator: true } as const;
  const refundIds = await db.transaction(async (tx) => {
    const request = await lockRequest(tx, scope, id);
    if (input.outcome === 'close') {
      await move(tx, request, 'closed', { decisionNote: input.note, decidedBy: operator.id });
      await recordOperatorAction(tx, operator, {
        action: DISPUTE_ACTIONS.close.action,
        target: { type: 'order', id: request.orderId },
        from: request.status,
        to: 'closed',
        reason: `Return request ${request.id}: ${input.note}`,
      });
      await mailDecision(tx, request.id, { outcome: 'close', note: input.note });
      return [];
    }
    if (!canMoveReturn(request.status, 'decided'))
      throw new ApiError(409, 'conflict', MESSAGES.returns.badMove(request.status, 'decided'));
    const refund = await decideReturnRefund(tx, request, toCents(input.amount));
    await move(tx, request, 'decided', {
      decisionNote: input.note,
      decidedBy: operator.id,
      refundCents: refund.amountCents,
      refundId: refund.refundId,
    });
    await recordOperatorAction(tx, operator, {
      action: DISPUTE_ACTIONS.refund.action,
      target: { type: 'order', id: request.orderId },
      from: request.status,
      to: 'decided',
      reason: `Return request ${request.id}: ${formatCents(refund.amountCents)} refunded, charged to the seller: ${input.note}`,
    });
    await mailDecision(tx, request.id, { outcome: 'refund', amountCents: refund.amountCents, note: input.note });
    return refund.refundId ? [refund.refundId] : [];
  });
  await sendRefunds(db, gateway.payments, refundIds, gateway.log);
  return getReturn(db, scope, id, settings);
}

/** Both sides hear of an operator's decision. */
async function mailDecision(tx: Tx, requestId: string, decision: Parameters<typeof returnDecidedMail>[1]) {
  const facts = await mailFacts(tx, requestId);
  await mailParties(tx, facts, ['buyer'], returnDecidedMail(facts.mail, decision, 'buyer'));
  await mailParties(tx, facts, ['seller'], returnDecidedMail(facts.mail, decision, 'seller'));
}
