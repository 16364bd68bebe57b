import { useRef, useState } from 'react';
import { ApiRequestError, api } from '../../../lib/api';
import { type OperatorPayment, SettledRefund } from '../../../lib/contract/payments';
import { toCents } from '../../../lib/money';
import { toastError, toastSuccess } from '../../../lib/stores/toasts';
import { refundLine } from './payments-query';
import { RefundDialog, type RefundTarget } from './RefundDialog';

/** What an operator's settled refund did, in a toast's words. */
function settledSaid(answer: SettledRefund): string {
  const [first] = answer.refunds;
  if (answer.replayed) return 'This refund was already recorded: nothing changed';
  if (first?.status === 'refund_failed') return 'The gateway refused the refund again';
  if (first?.status === 'refund_pending') return 'The gateway could not be reached: the refund will be asked again';
  return answer.order.owedBack > 0
    ? `Refund recorded; US$${answer.order.owedBack.toFixed(2)} is still owed back`
    : 'Refund recorded';
}

/**
 * A record's refunds (made, on their way, refused) and what the operator can do about what is owed
 * back (docs/decisions/034's update): a bank transfer's excess is recorded as sent by bank
 * transfer; a refused card refund is asked of the gateway again, or recorded as sent by bank transfer.
 */
export function RefundActions({ payment: p, onChanged }: { payment: OperatorPayment; onChanged: () => void }) {
  const [target, setTarget] = useState<RefundTarget | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  const actions = useRef<HTMLDivElement>(null);
  const refused = p.refunds.filter((r) => r.status === 'refund_failed');
  if (p.refunds.length === 0 && p.owedBack === 0) return null;

  const retry = async (refundId: string) => {
    setRetrying(refundId);
    try {
      const answer = await api.post(
        `/admin/payments/refunds/${encodeURIComponent(refundId)}/retry`,
        undefined,
        SettledRefund,
      );
      (answer.refunds[0]?.status === 'refunded' ? toastSuccess : toastError)(settledSaid(answer));
      onChanged();
    } catch (error) {
      toastError(error instanceof ApiRequestError ? error.message : 'The refund could not be asked again.');
    } finally {
      setRetrying(null);
    }
  };

  return (
    <div className="mt-3 border-t border-line pt-3" data-testid="refunds">
      {p.refunds.length > 0 && (
        <>
          <h4 className="text-sm font-semibold">Refunds</h4>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {p.refunds.map((r) => (
              <li key={r.id} className="break-words" data-testid="refund" data-status={r.status}>
                {refundLine(r)}
                {r.recordedBy && <span className="text-muted"> · recorded by {r.recordedBy}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {p.owedBack > 0 && (
        <div ref={actions} className="mt-2 flex flex-wrap gap-2">
          {p.provider === 'bank' && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => setTarget({ kind: 'order', orderNumber: p.orderNumber, owedCents: toCents(p.owedBack) })}
            >
              Record refund of US${p.owedBack.toFixed(2)}
            </button>
          )}
          {refused.map((r) => (
            <div key={r.id} className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={retrying !== null}
                onClick={() => retry(r.id)}
              >
                {retrying === r.id ? 'Asking the gateway…' : `Retry refund of US$${r.amount.toFixed(2)}`}
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() =>
                  setTarget({
                    kind: 'card',
                    orderNumber: p.orderNumber,
                    refundId: r.id,
                    amountCents: toCents(r.amount),
                  })
                }
              >
                Sent US${r.amount.toFixed(2)} by bank transfer
              </button>
            </div>
          ))}
        </div>
      )}
      {target && (
        <RefundDialog
          target={target}
          onClose={() => setTarget(null)}
          returnFocus={() => actions.current?.querySelector('button') ?? null}
          onDone={(answer) => {
            setTarget(null);
            toastSuccess(settledSaid(answer));
            onChanged();
          }}
        />
      )}
    </div>
  );
}
