import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../../components/ui/FormError';
import { ApiRequestError, api } from '../../../lib/api';
import { RecordedBankTransfer } from '../../../lib/contract/payments';
import { toastSuccess } from '../../../lib/stores/toasts';
import { checkTransfer, type TransferDraft } from './payments-query';
import { StatementField, todayHere } from './StatementField';

const EMPTY: TransferDraft = { orderNumber: '', amount: '', receivedOn: '', bankReference: '' };

/** What the answer means for the order, in the operator's words. */
function outcome(answer: RecordedBankTransfer): string {
  const { payment, order } = answer;
  if (answer.replayed)
    return `This transfer (${payment.reference}) was already recorded for ${order.orderNumber}: nothing changed.`;
  if (payment.balance === 'under')
    return `Recorded. ${order.orderNumber} is under-paid: US$${order.due.toFixed(2)} is still due.`;
  if (payment.balance === 'over')
    return `Recorded. ${order.orderNumber} is ${order.paymentStatus === 'paid' ? 'paid' : 'not awaiting a transfer'}; US$${payment.excess.toFixed(2)} is over-paid and flagged to refund.`;
  return `Recorded. ${order.orderNumber} is paid.`;
}

/** The form an operator fills from the bank statement: order number, amount, date, the bank's reference. */
export function RecordTransferForm({ onRecorded }: { onRecorded: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<TransferDraft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof TransferDraft, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const today = todayHere();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    setResult(null);
    const checked = checkTransfer(draft, today);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0];
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const answer = await api.post('/admin/payments/bank-transfers', checked.body, RecordedBankTransfer);
      setResult(outcome(answer));
      toastSuccess(answer.replayed ? 'Already recorded' : 'Bank transfer recorded');
      if (!answer.replayed) setDraft(EMPTY);
      onRecorded();
    } catch (error) {
      if (error instanceof ApiRequestError) {
        const fields = error.errors ?? {};
        setErrors({
          orderNumber: fields.orderNumber,
          amount: fields.amountCents,
          receivedOn: fields.receivedOn,
          bankReference: fields.bankReference,
        });
        setProblem(error.message);
      } else setProblem('The transfer could not be recorded. Check your connection and try again.');
    } finally {
      setSending(false);
    }
  };

  const field = (
    name: keyof TransferDraft,
    label: string,
    input: { type?: string; inputMode?: 'decimal'; max?: string; autoComplete?: string },
    hint?: string,
  ) => (
    <StatementField
      id={`${id}-${name}`}
      label={label}
      value={draft[name]}
      onChange={(value) => setDraft((d) => ({ ...d, [name]: value }))}
      error={errors[name]}
      hint={hint}
      input={{ name, ...input }}
    />
  );

  return (
    <section aria-labelledby={`${id}-h`} className="card p-4 sm:p-5">
      <h2 id={`${id}-h`} className="text-lg font-bold">
        Record a bank transfer
      </h2>
      <p className="mt-1 text-sm text-muted">
        From the bank statement: the order number the shopper quoted, the amount, the day it arrived and the bank’s own
        reference. The same reference is recorded once.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2">
        {field(
          'orderNumber',
          'Order number',
          { autoComplete: 'off' },
          'The reference the shopper quoted, such as YM-2611-ABC123',
        )}
        {field(
          'amount',
          'Amount received (US$)',
          { inputMode: 'decimal', autoComplete: 'off' },
          'As on the statement, such as 125.50',
        )}
        {field('receivedOn', 'Date received', { type: 'date', max: today })}
        {field('bankReference', 'Bank reference', { autoComplete: 'off' })}
        <div className="flex flex-col gap-3 sm:col-span-2">
          <FormError message={problem} />
          <div>
            <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={sending}>
              {sending ? 'Recording…' : 'Record transfer'}
            </button>
          </div>
          <p role="status" className="text-sm font-medium" data-testid="transfer-result">
            {result}
          </p>
        </div>
      </form>
    </section>
  );
}
