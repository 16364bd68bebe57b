import { type CSSProperties, type FormEvent, useId, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { Modal } from '../../components/ui/Modal';
import { ApiRequestError, api } from '../../lib/api';
import { type ModeratedReview, Review } from '../../lib/contract/reviews';
import { REVIEW_LIMITS, reviewDate } from '../../lib/ratings';
import { toastError, toastSuccess } from '../../lib/stores/toasts';

type Action = 'hide' | 'restore' | 'dismiss';
const DONE: Record<Action, string> = { hide: 'Review hidden', restore: 'Review restored', dismiss: 'Review kept' };

/**
 * One review on /admin/reviews/: what it says, its reports, and what the operator can do with it.
 * Visible: Hide (with a reason) or Keep review (closes its reports, confirmed in a dialog);
 * hidden: Restore. `onDone` reloads the list, which usually no longer holds this review; its
 * actions carry `data-actions`, where the list sends the focus after an action (ReviewModeration).
 */
export function ModeratedItem({
  item,
  onDone,
  returnFocus,
}: {
  item: ModeratedReview;
  onDone: () => void;
  /** Where the Keep dialog sends the focus when this review (its opener) has left the list. */
  returnFocus: () => HTMLElement | null;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [keeping, setKeeping] = useState(false);
  const { review } = item;

  /** Sends the action; answers the API's message when it refused for another reason than a conflict. */
  const act = async (action: Action, body?: object): Promise<string | null> => {
    setBusy(true);
    try {
      await api.post(`/admin/reviews/${encodeURIComponent(review.id)}/${action}`, body, Review);
      toastSuccess(DONE[action]);
      onDone();
      return null;
    } catch (err) {
      const message = err instanceof ApiRequestError ? err.message : 'Something went wrong. Please try again.';
      // 409: another operator acted first; the list as it now is shows what they did.
      if (err instanceof ApiRequestError && err.status === 409) {
        toastError('Could not change the review', message);
        onDone();
        return null;
      }
      return message;
    } finally {
      setBusy(false);
    }
  };
  const hideOrRestore = async (action: 'hide' | 'restore') => {
    const failed = await act(action, action === 'hide' ? { reason: reason.trim() } : undefined);
    if (failed) toastError('Could not change the review', failed);
  };

  return (
    <article className="card flex flex-col gap-3 p-4" aria-labelledby={`${id}-product`} data-moderated={review.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-product`} className="font-semibold">
          <a className="link" href={`/product/${encodeURIComponent(review.productId)}`}>
            {item.productName}
          </a>
        </h3>
        {review.hidden ? (
          <span className="badge badge-red">Hidden</span>
        ) : (
          <span className="badge badge-gold">
            {item.openReports} open {item.openReports === 1 ? 'report' : 'reports'}
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span
          role="img"
          aria-label={`Rated ${review.rating} out of 5`}
          className="stars"
          style={{ '--stars-full': review.rating } as CSSProperties}
        />
        <span className="font-medium">{review.title}</span>
        <span className="text-muted">
          {review.authorName} · {reviewDate(review.createdAt)}
        </span>
      </div>
      {review.body && <p className="whitespace-pre-line text-ink">{review.body}</p>}
      {item.hiddenReason && (
        <p className="text-sm">
          <span className="font-medium">Hidden because:</span> {item.hiddenReason}
        </p>
      )}
      {item.reports.length > 0 && (
        <div>
          <h4 className="text-sm font-semibold">Reports</h4>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {item.reports.map((r) => (
              <li key={`${r.reporterName}-${r.createdAt}`} className={r.resolved ? 'text-muted' : 'text-ink'}>
                “{r.reason}” · {r.reporterName}, {reviewDate(r.createdAt)}
                {r.resolved && ' (resolved)'}
              </li>
            ))}
          </ul>
        </div>
      )}
      {review.hidden ? (
        <div data-actions>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={busy}
            onClick={() => void hideOrRestore('restore')}
          >
            Restore
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end" data-actions>
          <div className="flex-1">
            <label htmlFor={`${id}-reason`} className="label">
              Reason for hiding
            </label>
            <input
              id={`${id}-reason`}
              className="input"
              value={reason}
              maxLength={REVIEW_LIMITS.hideReason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy || reason.trim() === ''}
              onClick={() => void hideOrRestore('hide')}
            >
              Hide review
            </button>
            {item.openReports > 0 && (
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setKeeping(true)}>
                Keep review
              </button>
            )}
          </div>
        </div>
      )}
      {keeping && (
        <KeepDialog
          productName={item.productName}
          reports={item.openReports}
          busy={busy}
          onClose={() => setKeeping(false)}
          returnFocus={returnFocus}
          onKeep={(note) => act('dismiss', note ? { note } : {})}
        />
      )}
    </article>
  );
}

/** Confirms keeping a review: its reports are closed, it stays on the page; the note goes to the action log. */
function KeepDialog({
  productName,
  reports,
  busy,
  onClose,
  returnFocus,
  onKeep,
}: {
  productName: string;
  reports: number;
  busy: boolean;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
  onKeep: (note: string) => Promise<string | null>;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const errorId = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setError(await onKeep(note.trim()));
  };
  return (
    <Modal title="Keep this review?" onClose={onClose} returnFocus={returnFocus}>
      <form className="flex flex-col gap-4 p-5" onSubmit={submit}>
        <p>
          The review of {productName} stays on its page, and its {reports} open{' '}
          {reports === 1 ? 'report is' : 'reports are'} closed.
        </p>
        <FormError message={error} id={errorId} />
        <div>
          <label htmlFor={noteId} className="label">
            Note for the action log (optional)
          </label>
          <textarea
            id={noteId}
            className="input py-2"
            rows={3}
            maxLength={REVIEW_LIMITS.keepNote}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Working...' : 'Yes, keep review'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
