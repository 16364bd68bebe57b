import { type FormEvent, useId, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { ACTION_LABELS, type PartAction, type SellerPartDetail } from '../../lib/contract/seller-orders';
import { FormError } from '../account/FormError';
import { Modal } from '../account/Modal';

export type DialogAction = PartAction | 'edit-tracking';

/** What each action asks before it is done: a question, and for ship and cancel the fields it needs. */
const QUESTIONS: Record<DialogAction, (part: SellerPartDetail) => string> = {
  accept: (p) => `Accept order ${p.orderNumber}? The buyer sees it as processing while you pack it.`,
  ship: (p) =>
    `Hand order ${p.orderNumber} to the courier: name it and give the tracking number the buyer will follow.`,
  'edit-tracking': (p) => `Correct the courier or tracking number of order ${p.orderNumber}.`,
  deliver: (p) => `Mark order ${p.orderNumber} delivered? Do this once the buyer has it.`,
  cancel: (p) =>
    `Cancel order ${p.orderNumber}? The buyer is told why, and the stock goes back. This cannot be undone.`,
  'record-payment': (p) => `Record that you received the payment for order ${p.orderNumber}?`,
};

/** What a ship (or tracking) form still needs, naming only the fields left empty; null when complete. */
export function shipFieldsMissing(courier: string, tracking: string): string | null {
  const missing = [!courier.trim() && 'the courier', !tracking.trim() && 'the tracking number'].filter(Boolean);
  return missing.length ? `Enter ${missing.join(' and ')}.` : null;
}

/**
 * The confirmation (and form) before a seller acts on a part: a modal dialog (focus kept inside,
 * Escape closes), the fields with labels, a refusal shown in the dialog (a 409 says why).
 */
export function PartActionDialog({
  action,
  part,
  onSubmit,
  onClose,
  returnFocus,
}: {
  action: DialogAction;
  part: SellerPartDetail;
  onSubmit: (fields: Record<string, string>) => Promise<void>;
  onClose: () => void;
  /** Where the focus goes when the action took its own button away (accepted: Accept is gone). */
  returnFocus: () => HTMLElement | null;
}) {
  const ids = { courier: useId(), tracking: useId(), reason: useId(), error: useId() };
  const [courier, setCourier] = useState(part.courier ?? part.shipping.provider);
  const [tracking, setTracking] = useState(part.trackingNumber ?? '');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shipping = action === 'ship' || action === 'edit-tracking';
  const title = action === 'edit-tracking' ? 'Edit tracking' : ACTION_LABELS[action];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const fields: Record<string, string> = {};
    if (shipping) {
      const missing = shipFieldsMissing(courier, tracking);
      if (missing) return setError(missing);
      fields.courier = courier.trim();
      fields.trackingNumber = tracking.trim();
    }
    if (action === 'cancel') {
      if (!reason.trim()) return setError('Tell the buyer why the order is cancelled.');
      fields.reason = reason.trim();
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(fields);
    } catch (e) {
      setError(e instanceof ApiRequestError || e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  }

  return (
    <Modal title={title} onClose={onClose} returnFocus={returnFocus}>
      <form className="flex flex-col gap-4 p-5" onSubmit={submit} noValidate>
        <p className="text-sm">{QUESTIONS[action](part)}</p>
        <FormError message={error} id={ids.error} />
        {shipping && (
          <>
            <div>
              <label htmlFor={ids.courier} className="label">
                Courier
              </label>
              <input
                id={ids.courier}
                className="input"
                value={courier}
                maxLength={80}
                required
                aria-invalid={error !== null && !courier.trim()}
                aria-describedby={error ? ids.error : undefined}
                onChange={(e) => setCourier(e.target.value)}
              />
              <p className="mt-1 text-xs text-muted">The buyer chose {part.shipping.provider}.</p>
            </div>
            <div>
              <label htmlFor={ids.tracking} className="label">
                Tracking number
              </label>
              <input
                id={ids.tracking}
                className="input"
                value={tracking}
                maxLength={100}
                required
                autoComplete="off"
                aria-invalid={error !== null && !tracking.trim()}
                aria-describedby={error ? ids.error : undefined}
                onChange={(e) => setTracking(e.target.value)}
              />
            </div>
          </>
        )}
        {action === 'cancel' && (
          <div>
            <label htmlFor={ids.reason} className="label">
              Reason (the buyer sees it)
            </label>
            <textarea
              id={ids.reason}
              className="input py-2"
              rows={3}
              maxLength={500}
              required
              value={reason}
              aria-describedby={error ? ids.error : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Back
          </button>
          <button type="submit" className={action === 'cancel' ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy}>
            {busy ? 'Saving…' : action === 'edit-tracking' ? 'Save tracking' : ACTION_LABELS[action]}
          </button>
        </div>
      </form>
    </Modal>
  );
}
