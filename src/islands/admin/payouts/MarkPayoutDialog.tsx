import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../../components/ui/FormError';
import { Modal } from '../../../components/ui/Modal';
import { ApiRequestError, api } from '../../../lib/api';
import { MarkedPayout, type Payout } from '../../../lib/contract/payouts';
import { StatementField, todayHere } from '../payments/StatementField';
import { usd } from './payout-words';

export type Marking = 'paid' | 'failed' | 'returned';

/**
 * Marking one payout paid (the bank's reference and the day it paid), failed (why), or — once
 * paid — returned by the bank (the bank's reference of the return and why): the server checks
 * everything again (docs/decisions/039, 040) and its texts show under the fields.
 */
export function MarkPayoutDialog({
  payout,
  marking,
  onClose,
  onDone,
  returnFocus,
}: {
  payout: Payout;
  marking: Marking;
  onClose: () => void;
  onDone: () => void;
  returnFocus: () => HTMLElement | null | undefined;
}) {
  const id = useId();
  const [bankReference, setBankReference] = useState('');
  const [paidOn, setPaidOn] = useState(todayHere());
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const missing: Record<string, string> = {};
    if (marking !== 'failed' && !bankReference.trim()) missing.bankReference = 'Enter the bank reference';
    if (marking === 'paid' && !paidOn) missing.paidOn = 'Date paid must be a date (YYYY-MM-DD)';
    if (marking === 'failed' && !reason.trim()) missing.reason = 'Enter why the payout failed';
    if (marking === 'returned' && !reason.trim()) missing.reason = 'Enter why the bank returned the payout';
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      document.getElementById(`${id}-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await api.post(
        `/admin/payouts/${encodeURIComponent(payout.id)}/${marking}`,
        marking === 'paid' ? { bankReference, paidOn } : marking === 'failed' ? { reason } : { bankReference, reason },
        MarkedPayout,
      );
      onDone();
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setErrors(error.errors ?? {});
        setProblem(error.message);
      } else setProblem('The payout could not be marked. Check your connection and try again.');
    } finally {
      setSending(false);
    }
  };

  const title = `Mark ${usd(payout.amount)} to ${payout.storeName} ${marking === 'returned' ? 'returned by the bank' : marking}`;
  return (
    <Modal title={title} onClose={onClose} returnFocus={returnFocus}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 p-5">
        <p className="text-sm">
          {marking === 'paid'
            ? `Once the bank has paid reference ${payout.reference}, record its reference and the day it paid. The seller sees it paid out.`
            : marking === 'failed'
              ? 'The money goes back to the seller’s available balance and is paid in the next run.'
              : `The bank sent back payout ${payout.reference} after it was paid: the money goes back to the seller’s available balance, is paid in the next run, and the seller is mailed.`}
        </p>
        {marking === 'paid' ? (
          <>
            <StatementField
              id={`${id}-bankReference`}
              label="Bank reference"
              value={bankReference}
              onChange={setBankReference}
              error={errors.bankReference}
              hint="The bank’s reference for this transfer"
              input={{ autoComplete: 'off', name: 'bankReference' }}
            />
            <StatementField
              id={`${id}-paidOn`}
              label="Date paid"
              value={paidOn}
              onChange={setPaidOn}
              error={errors.paidOn}
              input={{ type: 'date', max: todayHere(), name: 'paidOn' }}
            />
          </>
        ) : (
          <>
            {marking === 'returned' && (
              <StatementField
                id={`${id}-bankReference`}
                label="Bank reference of the return"
                value={bankReference}
                onChange={setBankReference}
                error={errors.bankReference}
                hint="The bank’s reference for the money it sent back"
                input={{ autoComplete: 'off', name: 'bankReference' }}
              />
            )}
            <StatementField
              id={`${id}-reason`}
              label={marking === 'failed' ? 'Why it failed' : 'Why the bank returned it'}
              value={reason}
              onChange={setReason}
              error={errors.reason}
              hint="As the bank said, such as “account closed”"
              input={{ autoComplete: 'off', name: 'reason' }}
            />
          </>
        )}
        <FormError message={problem} />
        <div>
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={sending}>
            {sending ? 'Saving…' : `Mark ${marking}`}
          </button>
        </div>
      </form>
    </Modal>
  );
}
