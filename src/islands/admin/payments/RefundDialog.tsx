import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../../components/ui/FormError';
import { Modal } from '../../../components/ui/Modal';
import { ApiRequestError, api } from '../../../lib/api';
import { SettledRefund } from '../../../lib/contract/payments';
import { checkRefund, type RefundDraft } from './payments-query';
import { StatementField, todayHere } from './StatementField';

/**
 * What the operator settles by a bank transfer the marketplace's bank sent: what a bank-transfer
 * order is owed back (the amount is asked, at most what is owed), or one card refund the gateway
 * refused (its own amount).
 */
export type RefundTarget =
  | { kind: 'order'; orderNumber: string; owedCents: number }
  | { kind: 'card'; orderNumber: string; refundId: string; amountCents: number };

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The dialog an operator records a refund sent by bank transfer in (docs/decisions/034's update). */
export function RefundDialog({
  target,
  onClose,
  onDone,
  returnFocus,
}: {
  target: RefundTarget;
  onClose: () => void;
  /** The refund is recorded (or was already): the list reloads. */
  onDone: (answer: SettledRefund) => void;
  returnFocus: () => HTMLElement | null | undefined;
}) {
  const id = useId();
  const owed = target.kind === 'order' ? target.owedCents : null;
  const [draft, setDraft] = useState<RefundDraft>({
    amount: owed === null ? '' : dollars(owed),
    sentOn: todayHere(),
    bankReference: '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof RefundDraft, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const checked = checkRefund(draft, todayHere(), owed);
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById(`${id}-${Object.keys(checked.errors)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer =
        target.kind === 'order'
          ? await api.post(
              '/admin/payments/refunds',
              { orderNumber: target.orderNumber, ...checked.body },
              SettledRefund,
            )
          : await api.post(
              `/admin/payments/refunds/${encodeURIComponent(target.refundId)}/bank-transfer`,
              { sentOn: checked.body.sentOn, bankReference: checked.body.bankReference },
              SettledRefund,
            );
      onDone(answer);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        const fields = error.errors ?? {};
        setErrors({ amount: fields.amountCents, sentOn: fields.sentOn, bankReference: fields.bankReference });
        setProblem(error.message);
      } else setProblem('The refund could not be recorded. Check your connection and try again.');
    } finally {
      setSending(false);
    }
  };

  const set = (name: keyof RefundDraft) => (value: string) => setDraft((d) => ({ ...d, [name]: value }));
  return (
    <Modal title={`Record a refund for ${target.orderNumber}`} onClose={onClose} returnFocus={returnFocus}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 p-5">
        <p className="text-sm">
          {target.kind === 'order'
            ? `Send the buyer the money back by bank transfer first, then record it here. US$${dollars(target.owedCents)} is owed back.`
            : `The gateway refused this card refund of US$${dollars(target.amountCents)}. Send it to the buyer by bank transfer, then record it here.`}
        </p>
        {target.kind === 'order' && (
          <StatementField
            id={`${id}-amount`}
            label="Amount sent (US$)"
            value={draft.amount}
            onChange={set('amount')}
            error={errors.amount}
            hint="At most what is owed back, such as 12.50"
            input={{ inputMode: 'decimal', autoComplete: 'off', name: 'amount' }}
          />
        )}
        <StatementField
          id={`${id}-sentOn`}
          label="Date sent"
          value={draft.sentOn}
          onChange={set('sentOn')}
          error={errors.sentOn}
          input={{ type: 'date', max: todayHere(), name: 'sentOn' }}
        />
        <StatementField
          id={`${id}-bankReference`}
          label="Bank reference"
          value={draft.bankReference}
          onChange={set('bankReference')}
          error={errors.bankReference}
          hint="The reference of the transfer you sent: it is recorded once"
          input={{ autoComplete: 'off', name: 'bankReference' }}
        />
        <FormError message={problem} />
        <div>
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={sending}>
            {sending ? 'Recording…' : 'Record refund'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
