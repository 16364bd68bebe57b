import { type CSSProperties, useCallback, useEffect, useId, useState } from 'react';
import { Pager } from '../../components/ui/Pager';
import { StatusCard } from '../../components/ui/StatusCard';
import { ApiRequestError, api } from '../../lib/api';
import { type ModeratedReview, ModerationList, Review } from '../../lib/contract/reviews';
import { REVIEW_LIMITS, reviewDate } from '../../lib/ratings';
import { toastError, toastSuccess } from '../../lib/stores/toasts';

const FILTERS = [
  { value: 'reported', label: 'Reported' },
  { value: 'hidden', label: 'Hidden' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];
const PAGE_SIZE = 20;

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; list: ModerationList }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'failed' };

/**
 * /admin/reviews/ (operators): the reviews shoppers reported (most reports first) and the hidden
 * ones; Hide (with a reason) takes a review off its page and out of the product's average,
 * Restore brings it back. Every action is recorded by the API (who, when).
 */
export default function ReviewModeration() {
  const [filter, setFilter] = useState<Filter>('reported');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    // Another page (or the same after an action) keeps the list shown until the new one is here:
    // the pager stays under the keyboard user's focus.
    setState((s) => (s.kind === 'ready' ? s : { kind: 'loading' }));
    try {
      const query = new URLSearchParams({ status: filter, page: String(page), limit: String(PAGE_SIZE) });
      const list = await api.get(`/admin/reviews?${query}`, ModerationList);
      // The last review of the last page acted on: that page is empty now, the one before is not.
      if (list.reviews.length === 0 && page > 1)
        return setPage(Math.max(1, Math.min(page - 1, list.pagination.totalPages)));
      setState({ kind: 'ready', list });
    } catch (err) {
      if (err instanceof ApiRequestError && (err.status === 401 || err.status === 403))
        setState({ kind: 'refused', status: err.status, message: err.message });
      else setState({ kind: 'failed' });
    }
  }, [filter, page]);
  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === 'refused')
    return (
      <StatusCard title={state.status === 401 ? 'Please log in' : 'Operators only'} text={state.message}>
        {state.status === 401 && (
          <a className="btn btn-primary" href="/login?next=/admin/reviews/">
            Log In
          </a>
        )}
      </StatusCard>
    );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex gap-2" role="group" aria-label="Which reviews">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className={`btn btn-sm ${filter === f.value ? 'btn-primary' : 'btn-secondary'}`}
            aria-pressed={filter === f.value}
            onClick={() => {
              setFilter(f.value);
              setPage(1);
              setState({ kind: 'loading' });
            }}
          >
            {f.label}
          </button>
        ))}
      </div>
      {state.kind === 'loading' && <div className="skeleton h-48" aria-label="Loading reviews" />}
      {state.kind === 'failed' && (
        <StatusCard title="Reviews could not be loaded." tone="danger" alert>
          <button type="button" className="btn btn-secondary" onClick={() => void load()}>
            Try Again
          </button>
        </StatusCard>
      )}
      {state.kind === 'ready' && state.list.reviews.length === 0 && (
        <StatusCard
          title={filter === 'reported' ? 'No reported reviews' : 'No hidden reviews'}
          text={filter === 'reported' ? 'Reviews shoppers report appear here.' : undefined}
        />
      )}
      {state.kind === 'ready' &&
        state.list.reviews.map((item) => <ModeratedItem key={item.review.id} item={item} onDone={() => void load()} />)}
      {state.kind === 'ready' && (
        <Pager label="Review pages" page={page} totalPages={state.list.pagination.totalPages} onPage={setPage} />
      )}
    </div>
  );
}

function ModeratedItem({ item, onDone }: { item: ModeratedReview; onDone: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const { review } = item;

  const act = async (hide: boolean) => {
    setBusy(true);
    try {
      const path = `/admin/reviews/${encodeURIComponent(review.id)}/${hide ? 'hide' : 'restore'}`;
      await api.post(path, hide ? { reason: reason.trim() } : undefined, Review);
      toastSuccess(hide ? 'Review hidden' : 'Review restored');
      onDone();
    } catch (err) {
      toastError('Could not change the review', err instanceof ApiRequestError ? err.message : undefined);
      // 409: another operator acted first; the list as it now is shows what they did.
      if (err instanceof ApiRequestError && err.status === 409) onDone();
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="card flex flex-col gap-3 p-4" aria-labelledby={`${id}-product`} data-moderated={review.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-product`} className="font-semibold">
          <a className="link" href={`/product/${encodeURIComponent(review.productId)}`}>
            {item.productName}
          </a>
        </h2>
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
          <h3 className="text-sm font-semibold">Reports</h3>
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
        <div>
          <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={() => void act(false)}>
            Restore
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
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
          <button
            type="button"
            className="btn btn-danger"
            disabled={busy || reason.trim() === ''}
            onClick={() => void act(true)}
          >
            Hide review
          </button>
        </div>
      )}
    </article>
  );
}
