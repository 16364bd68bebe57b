import { type CSSProperties, type FormEvent, useId, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { Modal } from '../../components/ui/Modal';
import { ApiRequestError } from '../../lib/api';
import type { Review } from '../../lib/contract/reviews';
import { REVIEW_LIMITS, reviewDate } from '../../lib/ratings';
import { toastError, toastSuccess } from '../../lib/stores/toasts';
import { reviewApi } from './review-api';

const edited = (r: Review) => new Date(r.updatedAt).getTime() - new Date(r.createdAt).getTime() > 60_000;

type Viewer = { signedIn: boolean; isSeller: boolean; loginHref: string };

/**
 * One review: stars, title, author and date, Verified purchase (or Sample review), the variant its
 * author bought ("Bought: Size 10, Brown"), the text (as
 * text: React escapes it, nothing a shopper writes becomes HTML), Helpful, Report, the seller's
 * reply; the author's Edit and Delete, the seller's Reply.
 */
export function ReviewItem({
  review,
  viewer,
  onChanged,
  onEdit,
  onDelete,
}: {
  review: Review;
  viewer: Viewer;
  onChanged: (review: Review) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  const [reporting, setReporting] = useState(false);
  const [replying, setReplying] = useState(false);
  const [busy, setBusy] = useState(false);

  const toggleHelpful = async () => {
    if (!viewer.signedIn) {
      location.assign(viewer.loginHref);
      return;
    }
    setBusy(true);
    try {
      const answer = review.votedHelpful ? await reviewApi.unhelpful(review.id) : await reviewApi.helpful(review.id);
      onChanged({ ...review, ...answer });
    } catch (err) {
      toastError('Could not record your vote', err instanceof ApiRequestError ? err.message : undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article
      className="flex flex-col gap-2 border-b border-line py-5 last:border-b-0"
      aria-labelledby={`${id}-title`}
      data-review={review.id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          role="img"
          aria-label={`Rated ${review.rating} out of 5`}
          className="stars"
          style={{ '--stars-full': review.rating } as CSSProperties}
        />
        <h3 id={`${id}-title`} className="font-semibold text-ink">
          {review.title ?? <span className="sr-only">Review by {review.authorName}</span>}
        </h3>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
        <span>
          {review.authorName} · {reviewDate(review.createdAt)}
          {edited(review) && ' · edited'}
        </span>
        {review.verifiedPurchase && <span className="badge badge-green">Verified purchase</span>}
        {review.sample && <span className="badge badge-grey">Sample review</span>}
        {review.hidden && <span className="badge badge-red">Hidden by our moderators</span>}
      </p>
      {review.variant && <p className="text-sm text-muted">Bought: {review.variant}</p>}
      {review.body && <p className="leading-7 whitespace-pre-line text-ink">{review.body}</p>}

      {review.reply && (
        <div className="mt-1 rounded-lg border-l-4 border-brand-600 bg-surface p-3 text-sm" data-review-reply>
          <p className="font-semibold text-ink">Response from {review.reply.storeName}</p>
          <p className="mt-1 whitespace-pre-line text-ink">{review.reply.body}</p>
        </div>
      )}

      <div className="flex flex-wrap items-center gap-2 pt-1">
        {!review.mine && (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-pressed={review.votedHelpful}
            disabled={busy}
            onClick={toggleHelpful}
          >
            {review.votedHelpful ? '✓ Helpful' : 'Helpful'}
            <span className="text-muted">({review.helpfulCount})</span>
          </button>
        )}
        {review.mine && review.helpfulCount > 0 && (
          <span className="text-sm text-muted">
            {review.helpfulCount} {review.helpfulCount === 1 ? 'shopper' : 'shoppers'} found this helpful
          </span>
        )}
        {review.mine && review.editable && (
          <>
            <button type="button" className="btn btn-secondary btn-sm" onClick={onEdit}>
              Edit
            </button>
            <button type="button" className="btn btn-danger btn-sm" onClick={onDelete}>
              Delete
            </button>
          </>
        )}
        {viewer.isSeller && !replying && (
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setReplying(true)}>
            {review.reply ? 'Edit reply' : 'Reply'}
          </button>
        )}
        {!review.mine && viewer.signedIn && !review.hidden && (
          <button type="button" className="btn btn-ghost btn-sm text-muted" onClick={() => setReporting(true)}>
            Report
          </button>
        )}
      </div>

      {replying && (
        <ReplyForm
          review={review}
          onDone={(next) => {
            setReplying(false);
            if (next) onChanged(next);
          }}
        />
      )}
      {reporting && <ReportDialog reviewId={review.id} onClose={() => setReporting(false)} />}
    </article>
  );
}

function ReplyForm({ review, onDone }: { review: Review; onDone: (review?: Review) => void }) {
  const id = useId();
  const [body, setBody] = useState(review.reply?.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const next = await reviewApi.reply(review.id, body.trim());
      toastSuccess('Reply published');
      onDone(next);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'Your reply could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="flex flex-col gap-2 rounded-lg bg-surface p-3" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-reply`} className="label">
        Your public reply
      </label>
      <textarea
        id={`${id}-reply`}
        className="input min-h-24 py-2"
        value={body}
        maxLength={REVIEW_LIMITS.reply}
        onChange={(e) => setBody(e.target.value)}
      />
      <FormError message={error} />
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy || body.trim() === ''}>
          {busy ? 'Publishing…' : 'Publish reply'}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => onDone()} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ReportDialog({ reviewId, onClose }: { reviewId: string; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await reviewApi.report(reviewId, reason.trim());
      toastSuccess('Review reported', 'Thank you. Our team will look at this review.');
      onClose();
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'The report could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title="Report this review" onClose={onClose}>
      <form className="flex flex-col gap-3 p-5" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-reason`} className="label">
          What is wrong with it?
        </label>
        <textarea
          id={`${id}-reason`}
          className="input min-h-24 py-2"
          value={reason}
          maxLength={REVIEW_LIMITS.reportReason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="For example: offensive language, not about this product, personal details"
        />
        <FormError message={error} />
        <button type="submit" className="btn btn-primary" disabled={busy || reason.trim() === ''}>
          {busy ? 'Sending…' : 'Send report'}
        </button>
      </form>
    </Modal>
  );
}
