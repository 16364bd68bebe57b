import { type FormEvent, useId, useState } from 'react';
import { ErrorSummary } from '../../components/ui/ErrorSummary';
import { FormError } from '../../components/ui/FormError';
import { Modal } from '../../components/ui/Modal';
import { ApiRequestError } from '../../lib/api';
import { fieldMessages } from '../../lib/contract/field-messages';
import {
  ACTION_LABELS,
  CancelPartInput,
  PART_FIELD_LABELS as L,
  type PartAction,
  type SellerPartDetail,
  ShipPartInput,
} from '../../lib/contract/seller-orders';

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

type FieldErrors = Partial<Record<'courier' | 'trackingNumber' | 'reason', string>>;

/** The dialog's fields checked with the contract's own schema, so it says what the API would (issue 24, item 10). */
function fieldProblems(action: DialogAction, fields: Record<string, string>): FieldErrors {
  const schema = action === 'cancel' ? CancelPartInput : ShipPartInput;
  const parsed = schema.safeParse(fields);
  return parsed.success ? {} : fieldMessages(parsed.error);
}

/** A field's error line under it, pointed at by its control. */
function FieldError({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="field-error">
      {text}
    </p>
  ) : null;
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
  const errorIds = {
    courier: `${ids.courier}-error`,
    trackingNumber: `${ids.tracking}-error`,
    reason: `${ids.reason}-error`,
  };
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const controlOf = { courier: ids.courier, trackingNumber: ids.tracking, reason: ids.reason };
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
      fields.courier = courier.trim();
      fields.trackingNumber = tracking.trim();
    }
    if (action === 'cancel') fields.reason = reason.trim();
    const problems = shipping || action === 'cancel' ? fieldProblems(action, fields) : {};
    setFieldErrors(problems);
    setError(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await onSubmit(fields);
    } catch (e) {
      // The API's field errors go under their fields; any other refusal (a 409) is the dialog's line.
      const answered: FieldErrors = e instanceof ApiRequestError ? (e.errors ?? {}) : {};
      const known = Object.fromEntries(Object.entries(answered).filter(([k]) => k in errorIds)) as FieldErrors;
      setFieldErrors(known);
      if (Object.keys(known).length === 0)
        setError(e instanceof ApiRequestError || e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  }

  return (
    <Modal title={title} onClose={onClose} returnFocus={returnFocus}>
      <form className="flex flex-col gap-4 p-5" onSubmit={submit} noValidate>
        <p className="text-sm">{QUESTIONS[action](part)}</p>
        {error ? (
          <FormError message={error} id={ids.error} />
        ) : (
          <ErrorSummary
            id={ids.error}
            problems={(Object.keys(errorIds) as (keyof FieldErrors)[]).flatMap((k) => {
              const text = fieldErrors[k];
              return text ? [{ text, target: controlOf[k] }] : [];
            })}
          />
        )}
        {shipping && (
          <>
            <div>
              <label htmlFor={ids.courier} className="label">
                {L.courier}
              </label>
              <input
                id={ids.courier}
                className="input"
                value={courier}
                maxLength={80}
                required
                aria-invalid={fieldErrors.courier ? true : undefined}
                aria-describedby={fieldErrors.courier ? errorIds.courier : `${ids.courier}-hint`}
                onChange={(e) => {
                  setCourier(e.target.value);
                  setFieldErrors(({ courier: _, ...rest }) => rest);
                }}
              />
              <FieldError id={errorIds.courier} text={fieldErrors.courier} />
              <p id={`${ids.courier}-hint`} className="mt-1 text-xs text-muted">
                The buyer chose {part.shipping.provider}.
              </p>
            </div>
            <div>
              <label htmlFor={ids.tracking} className="label">
                {L.trackingNumber}
              </label>
              <input
                id={ids.tracking}
                className="input"
                value={tracking}
                maxLength={100}
                required
                autoComplete="off"
                aria-invalid={fieldErrors.trackingNumber ? true : undefined}
                aria-describedby={fieldErrors.trackingNumber ? errorIds.trackingNumber : undefined}
                onChange={(e) => {
                  setTracking(e.target.value);
                  setFieldErrors(({ trackingNumber: _, ...rest }) => rest);
                }}
              />
              <FieldError id={errorIds.trackingNumber} text={fieldErrors.trackingNumber} />
            </div>
          </>
        )}
        {action === 'cancel' && (
          <div>
            <label htmlFor={ids.reason} className="label">
              {L.reason} (the buyer sees it)
            </label>
            <textarea
              id={ids.reason}
              className="input py-2"
              rows={3}
              maxLength={500}
              required
              value={reason}
              aria-invalid={fieldErrors.reason ? true : undefined}
              aria-describedby={fieldErrors.reason ? errorIds.reason : error ? ids.error : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setFieldErrors(({ reason: _, ...rest }) => rest);
              }}
            />
            <FieldError id={errorIds.reason} text={fieldErrors.reason} />
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
