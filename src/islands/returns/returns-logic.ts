import type { ReturnRequest } from '../../lib/contract/returns';
import { RETURN_STATUS_LABELS, type ReturnStatus } from '../../lib/returns';

/*
 * What each side's returns screen reads and may do (issue 28 #6, docs/decisions/042): the API paths
 * of a side, the status badge, and which actions a request offers now (from the status table's
 * `next`, which the API answers with the request).
 */

export type ReturnSide = 'buyer' | 'seller' | 'operator';

export const SIDE_PATHS: Record<ReturnSide, string> = {
  buyer: '/returns',
  seller: '/seller/returns',
  operator: '/admin/disputes',
};

export const statusBadgeOf = (status: ReturnStatus): { className: string; label: string } => ({
  label: RETURN_STATUS_LABELS[status],
  className:
    status === 'refunded' || status === 'decided'
      ? 'badge-green'
      : status === 'rejected' || status === 'closed'
        ? 'badge-grey'
        : status === 'escalated'
          ? 'badge-red'
          : 'badge-gold',
});

export type ReturnAction = 'accept' | 'reject' | 'receive' | 'refund' | 'escalate' | 'decide';

/** The actions a side may take on the request now. */
export function actionsFor(side: ReturnSide, request: Pick<ReturnRequest, 'next' | 'escalableFrom'>, now = new Date()) {
  const can = (to: ReturnStatus) => request.next.includes(to);
  const out: ReturnAction[] = [];
  if (side === 'seller') {
    if (can('accepted')) out.push('accept');
    if (can('received')) out.push('receive');
    if (can('refunded')) out.push('refund');
    if (can('rejected')) out.push('reject');
  }
  if (
    side === 'buyer' &&
    can('escalated') &&
    (request.escalableFrom === null || new Date(request.escalableFrom) <= now)
  )
    out.push('escalate');
  if (side === 'operator' && can('decided')) out.push('decide');
  return out;
}

export const ACTION_LABELS: Record<ReturnAction, string> = {
  accept: 'Accept return',
  reject: 'Reject',
  receive: 'Mark received',
  refund: 'Refund',
  escalate: 'Ask Yaad Market to decide',
  decide: 'Decide',
};

/** Items of a request in one line: "1 × Blue Mountain Coffee, 2 × Mug". */
export const itemsLine = (request: Pick<ReturnRequest, 'lines'>) =>
  request.lines.map((l) => `${l.quantity} × ${l.productName}`).join(', ');
