import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { Modal } from '../../components/ui/Modal';
import { ApiRequestError, api } from '../../lib/api';
import { paidByCard, SettledRefund } from '../../lib/contract/payments';
import { ReturnAnswer, type ReturnRequest } from '../../lib/contract/returns';
import { formatDollars, toCents } from '../../lib/money';
import {
  MAX_RETURN_PHOTOS,
  RETURN_INSTRUCTION_LABELS,
  RETURN_INSTRUCTIONS,
  RETURN_REASON_LABELS,
  type ReturnInstructions,
} from '../../lib/returns';
import { toastSuccess } from '../../lib/stores/toasts';
import { AddPhotosForm, ReturnPhotoList } from './ReturnPhotos';
import {
  ACTION_LABELS,
  actionsFor,
  type ReturnAction,
  type ReturnSide,
  SIDE_PATHS,
  statusBadgeOf,
} from './returns-logic';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Jamaica' }).format(
    new Date(iso),
  );

const errorText = (error: unknown) =>
  error instanceof ApiRequestError || error instanceof Error ? error.message : String(error);

/**
 * One return request as a side sees it (issue 28 #6): its status, items, money, the seller's answer
 * and an operator's decision, the thread with a message form, and the actions the side may take now.
 */
export function ReturnDetail({
  side,
  request,
  onChange,
}: {
  side: ReturnSide;
  request: ReturnRequest;
  onChange: (request: ReturnRequest) => void;
}) {
  const [action, setAction] = useState<ReturnAction | null>(null);
  const [payingBack, setPayingBack] = useState(false);
  const badge = statusBadgeOf(request.status);
  const actions = actionsFor(side, request);
  const headingId = useId();
  return (
    <article className="card flex flex-col gap-4 p-5" aria-labelledby={headingId} data-testid="return-detail">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold">
          Return for order {request.orderNumber}
        </h2>
        <span className={`badge ${badge.className}`} data-testid="return-status">
          {badge.label}
        </span>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Store</dt>
          <dd>{request.storeName}</dd>
        </div>
        <div>
          <dt className="text-muted">Buyer</dt>
          <dd>{request.buyer.name}</dd>
        </div>
        <div>
          <dt className="text-muted">Reason</dt>
          <dd>{RETURN_REASON_LABELS[request.reason]}</dd>
        </div>
        <div>
          <dt className="text-muted">Asked</dt>
          <dd>{when(request.createdAt)}</dd>
        </div>
        {request.instructions ? (
          <div>
            <dt className="text-muted">How it comes back</dt>
            <dd>{RETURN_INSTRUCTION_LABELS[request.instructions]}</dd>
          </div>
        ) : null}
        {request.refunded !== null ? (
          <div>
            <dt className="text-muted">Refunded</dt>
            <dd data-testid="return-refunded">
              {formatDollars(request.refunded)}
              {request.refundStatus === 'refund_pending' ? ' (on its way)' : ''}
              {request.refundStatus === 'refund_failed' ? ' (delayed: the team is on it)' : ''}
              {owedBack(request) ? ' (to be paid back by the Yaad Market team)' : ''}
              {request.refundStatus === 'refunded' && !paidByCard(request.paymentMethod) ? ' (paid back)' : ''}
            </dd>
          </div>
        ) : (
          <div>
            <dt className="text-muted">Refund for these items</dt>
            <dd>{formatDollars(request.itemsRefund)}</dd>
          </div>
        )}
      </dl>
      {request.note ? <p className="rounded-lg bg-surface p-3 text-sm">{request.note}</p> : null}
      <ReturnPhotoList photos={request.photos} />
      {side === 'buyer' && request.next.length > 0 && request.photos.length < MAX_RETURN_PHOTOS ? (
        <AddPhotosForm
          request={request}
          onAdded={(next) => {
            onChange(next);
            toastSuccess('Photos added', 'The seller can see them now.');
          }}
        />
      ) : null}
      <section aria-label="Items to return">
        <ul className="flex flex-col gap-1 text-sm">
          {request.lines.map((l) => (
            <li key={l.lineId}>
              {l.quantity} × {l.productName} at {formatDollars(l.unitPrice)}
              {l.restocked ? ' · back in stock' : ''}
            </li>
          ))}
        </ul>
      </section>
      {request.sellerNote ? (
        <p className="text-sm">
          <strong>{request.status === 'rejected' || request.next.length === 0 ? 'Seller:' : 'Seller’s note:'}</strong>{' '}
          {request.sellerNote}
        </p>
      ) : null}
      {request.decisionNote ? (
        <p className="text-sm">
          <strong>Yaad Market’s decision:</strong> {request.decisionNote}
        </p>
      ) : null}
      {actions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {actions.map((a) => (
            <button
              key={a}
              type="button"
              className={`btn ${a === 'reject' ? 'btn-secondary' : 'btn-primary'}`}
              onClick={() => setAction(a)}
            >
              {ACTION_LABELS[a]}
            </button>
          ))}
        </div>
      ) : null}
      {side === 'operator' && owedBack(request) ? (
        <button type="button" className="btn btn-primary self-start" onClick={() => setPayingBack(true)}>
          Record refund paid back
        </button>
      ) : null}
      {payingBack ? (
        <PaidBackDialog
          request={request}
          onClose={() => setPayingBack(false)}
          onDone={(next) => {
            setPayingBack(false);
            onChange(next);
            toastSuccess('Refund recorded', `Paid back for order ${next.orderNumber}`);
          }}
        />
      ) : null}
      {action ? (
        <ActionDialog
          side={side}
          action={action}
          request={request}
          onClose={() => setAction(null)}
          onDone={(next) => {
            setAction(null);
            onChange(next);
            toastSuccess('Return updated', statusBadgeOf(next.status).label);
          }}
        />
      ) : null}
      <Thread side={side} request={request} onChange={onChange} />
    </article>
  );
}

function ActionDialog({
  side,
  action,
  request,
  onClose,
  onDone,
}: {
  side: ReturnSide;
  action: ReturnAction;
  request: ReturnRequest;
  onClose: () => void;
  onDone: (request: ReturnRequest) => void;
}) {
  const [instructions, setInstructions] = useState<ReturnInstructions>('courier');
  const [text, setText] = useState('');
  const [restock, setRestock] = useState<string[]>(request.lines.map((l) => l.lineId));
  const [outcome, setOutcome] = useState<'refund' | 'close'>('refund');
  const [amount, setAmount] = useState(String(request.partRefundable.toFixed(2)));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const ids = { text: useId(), amount: useId() };
  const base = `${SIDE_PATHS[side]}/${encodeURIComponent(request.id)}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const body =
        action === 'accept'
          ? { instructions, note: text }
          : action === 'reject'
            ? { reason: text }
            : action === 'receive'
              ? { restockLineIds: restock }
              : action === 'decide'
                ? outcome === 'refund'
                  ? { outcome, amount: Number(amount), note: text }
                  : { outcome, note: text }
                : undefined;
      const path = action === 'decide' ? `${base}/decide` : `${base}/${action}`;
      const answer = await api.post(path, body, ReturnAnswer);
      onDone(answer.request);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={ACTION_LABELS[action]} onClose={onClose}>
      <form className="flex flex-col gap-4 p-5" onSubmit={submit} aria-describedby={error ? errorId : undefined}>
        <FormError message={error} id={errorId} />
        {action === 'accept' ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="label">How the item comes back</legend>
            {RETURN_INSTRUCTIONS.map((i) => (
              <label key={i} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="instructions"
                  value={i}
                  checked={instructions === i}
                  onChange={() => setInstructions(i)}
                />
                {RETURN_INSTRUCTION_LABELS[i]}
              </label>
            ))}
          </fieldset>
        ) : null}
        {action === 'receive' ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="label">Put back in stock</legend>
            {request.lines.map((l) => (
              <label key={l.lineId} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={restock.includes(l.lineId)}
                  onChange={(e) =>
                    setRestock((r) => (e.target.checked ? [...r, l.lineId] : r.filter((x) => x !== l.lineId)))
                  }
                />
                {l.quantity} × {l.productName}
              </label>
            ))}
          </fieldset>
        ) : null}
        {action === 'refund' ? (
          <p className="text-sm">
            Refund {formatDollars(request.itemsRefund)} to the buyer (the items’ price and their share of the tax),
            charged to your earnings.
          </p>
        ) : null}
        {action === 'escalate' ? (
          <p className="text-sm">
            The Yaad Market team reads both sides and decides: a refund, or closing the request.
          </p>
        ) : null}
        {action === 'decide' ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="label">Decision</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="outcome" checked={outcome === 'refund'} onChange={() => setOutcome('refund')} />
              Refund, charged to the seller
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="radio" name="outcome" checked={outcome === 'close'} onChange={() => setOutcome('close')} />
              Close with no refund
            </label>
            {outcome === 'refund' ? (
              <div>
                <label htmlFor={ids.amount} className="label">
                  Amount to refund (up to {formatDollars(request.partRefundable)})
                </label>
                <input
                  id={ids.amount}
                  className="input"
                  inputMode="decimal"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              </div>
            ) : null}
          </fieldset>
        ) : null}
        {action === 'accept' || action === 'reject' || action === 'decide' ? (
          <div>
            <label htmlFor={ids.text} className="label">
              {action === 'reject'
                ? 'Reason for rejecting'
                : action === 'decide'
                  ? 'Reason for the decision'
                  : 'Note to the buyer (optional)'}
            </label>
            <textarea
              id={ids.text}
              className="input min-h-24"
              value={text}
              required={action !== 'accept'}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : ACTION_LABELS[action]}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A refund the operators owe: decided, of an order not paid by card, not yet recorded paid back (decision 042). */
const owedBack = (request: ReturnRequest) =>
  request.refunded !== null &&
  request.refunded > 0 &&
  !paidByCard(request.paymentMethod) &&
  request.refundStatus === null;

/** The operator records how a return's refund was paid back: by bank transfer (its reference) or in cash. */
function PaidBackDialog({
  request,
  onClose,
  onDone,
}: {
  request: ReturnRequest;
  onClose: () => void;
  onDone: (request: ReturnRequest) => void;
}) {
  const [method, setMethod] = useState<'bank_transfer' | 'cash'>('bank_transfer');
  const [sentOn, setSentOn] = useState(() => new Date().toISOString().slice(0, 10));
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const ids = { date: useId(), reference: useId() };
  const owed = request.refunded ?? 0;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.post(
        `/admin/payments/returns/${encodeURIComponent(request.id)}/refund`,
        {
          method,
          amountCents: toCents(owed),
          sentOn,
          ...(reference.trim() ? { reference: reference.trim() } : {}),
        },
        SettledRefund,
      );
      const answer = await api.get(`/admin/disputes/${encodeURIComponent(request.id)}`, ReturnAnswer);
      onDone(answer.request);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Record refund paid back" onClose={onClose}>
      <form className="flex flex-col gap-4 p-5" onSubmit={submit} aria-describedby={error ? errorId : undefined}>
        <FormError message={error} id={errorId} />
        <p className="text-sm">
          {request.buyer.name} is owed {formatDollars(owed)} for the items returned from order {request.orderNumber}.
          Record it once the money is sent: the buyer is mailed.
        </p>
        <fieldset className="flex flex-col gap-2">
          <legend className="label">How it was paid back</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="paid-back-method"
              checked={method === 'bank_transfer'}
              onChange={() => setMethod('bank_transfer')}
            />
            Bank transfer
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="paid-back-method"
              checked={method === 'cash'}
              onChange={() => setMethod('cash')}
            />
            Cash
          </label>
        </fieldset>
        <div>
          <label htmlFor={ids.date} className="label">
            Date paid back
          </label>
          <input
            id={ids.date}
            type="date"
            className="input"
            value={sentOn}
            required
            onChange={(e) => setSentOn(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor={ids.reference} className="label">
            {method === 'bank_transfer' ? 'Bank reference' : 'Receipt number (optional)'}
          </label>
          <input
            id={ids.reference}
            className="input"
            value={reference}
            required={method === 'bank_transfer'}
            minLength={method === 'bank_transfer' ? 3 : undefined}
            maxLength={64}
            onChange={(e) => setReference(e.target.value)}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : `Record ${formatDollars(owed)} paid back`}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function Thread({
  side,
  request,
  onChange,
}: {
  side: ReturnSide;
  request: ReturnRequest;
  onChange: (request: ReturnRequest) => void;
}) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();
  const errorId = useId();
  async function send(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post(
        `${SIDE_PATHS[side]}/${encodeURIComponent(request.id)}/messages`,
        { message },
        ReturnAnswer,
      );
      setMessage('');
      onChange(answer.request);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-label="Messages" className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 className="font-bold">Messages</h3>
      {request.messages.length === 0 ? (
        <p className="text-sm text-muted">No messages yet.</p>
      ) : (
        <ol className="flex flex-col gap-2" data-testid="return-messages">
          {request.messages.map((m) => (
            <li key={m.id} className="rounded-lg bg-surface p-3 text-sm">
              <p className="font-medium">
                {m.name} <span className="font-normal">· {when(m.createdAt)}</span>
              </p>
              <p className="whitespace-pre-wrap">{m.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={send} className="flex flex-col gap-2">
        <FormError message={error} id={errorId} />
        <label htmlFor={fieldId} className="label">
          Write a message
        </label>
        <textarea
          id={fieldId}
          className="input min-h-20"
          value={message}
          required
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setMessage(e.target.value)}
        />
        <button type="submit" className="btn btn-secondary self-start" disabled={busy || message.trim() === ''}>
          {busy ? 'Sending…' : 'Send message'}
        </button>
      </form>
    </section>
  );
}
