import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { ApiRequestError } from '../../lib/api';
import { REVIEW_LIMITS } from '../../lib/ratings';
import type { ReviewDraft } from './review-api';
import { StarPicker } from './StarPicker';

/** Writing or editing a review: 1 to 5 stars (required), an optional title and text. */
export function ReviewForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: ReviewDraft;
  submitLabel: string;
  onSubmit: (draft: ReviewDraft) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1) {
      setError('Choose from 1 to 5 stars.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ rating, title: title.trim(), body: body.trim() });
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'Your review could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card flex flex-col gap-4 p-4" onSubmit={submit} noValidate aria-describedby={`${id}-error`}>
      <StarPicker legend="Your rating" name={`${id}-rating`} value={rating} onChange={setRating} />
      <div>
        <label htmlFor={`${id}-title`} className="label">
          Title <span className="font-normal text-muted">(optional)</span>
        </label>
        <input
          id={`${id}-title`}
          className="input"
          value={title}
          maxLength={REVIEW_LIMITS.title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-body`} className="label">
          Your review <span className="font-normal text-muted">(optional)</span>
        </label>
        <textarea
          id={`${id}-body`}
          className="input min-h-28 py-2"
          value={body}
          maxLength={REVIEW_LIMITS.body}
          onChange={(e) => setBody(e.target.value)}
          aria-describedby={`${id}-body-count`}
        />
        <p id={`${id}-body-count`} className="mt-1 text-xs text-muted">
          {body.length} / {REVIEW_LIMITS.body} characters
        </p>
      </div>
      <FormError message={error} id={`${id}-error`} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
