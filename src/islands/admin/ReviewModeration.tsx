import { useCallback, useEffect, useRef, useState } from 'react';
import { focusLost } from '../../components/ui/Modal';
import { Pager } from '../../components/ui/Pager';
import { StatusCard } from '../../components/ui/StatusCard';
import { ApiRequestError, api } from '../../lib/api';
import { ModerationList } from '../../lib/contract/reviews';
import { refreshSession } from '../../lib/stores/session';
import { ModeratedItem } from './ModeratedItem';

const FILTERS = [
  { value: 'reported', label: 'Reported', heading: 'Reported reviews' },
  { value: 'hidden', label: 'Hidden', heading: 'Hidden reviews' },
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
 * Restore brings it back, Keep closes its reports and leaves it. Every action is recorded by the
 * API (who, when).
 */
export default function ReviewModeration() {
  const [filter, setFilter] = useState<Filter>('reported');
  const [page, setPage] = useState(1);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const listRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  /** The place in the list of the review last acted on, until the list after it is shown. */
  const actedAt = useRef<number | null>(null);

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
  // The header learns who is signed in (these pages are static; the session is the API's).
  useEffect(() => {
    refreshSession().catch(() => {});
  }, []);

  /**
   * Where the focus goes once an action took a review out of the list (its controls with it, so
   * the focus fell to <body>): the first control of the review now in its place (the last one's
   * when it was the last), else the list's heading. The Keep dialog gives it to its Modal as
   * `returnFocus`; Hide and Restore, which have no dialog, use it below.
   */
  const afterAction = useCallback((): HTMLElement | null => {
    const items = listRef.current?.querySelectorAll<HTMLElement>('article[data-moderated]') ?? [];
    const at = Math.min(actedAt.current ?? 0, items.length - 1);
    const control = items[at]?.querySelector<HTMLElement>('[data-actions] :is(input, button, textarea):not(:disabled)');
    return control ?? headingRef.current;
  }, []);
  useEffect(() => {
    if (state.kind !== 'ready' || actedAt.current === null) return;
    if (focusLost()) afterAction()?.focus();
    actedAt.current = null;
  }, [state, afterAction]);

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
      {/* Focusable from code only: where the focus goes when an action emptied the list. */}
      <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        {FILTERS.find((f) => f.value === filter)?.heading}
      </h2>
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
      {state.kind === 'ready' && (
        <div ref={listRef} className="flex flex-col gap-4">
          {state.list.reviews.map((item, index) => (
            <ModeratedItem
              key={item.review.id}
              item={item}
              returnFocus={afterAction}
              onDone={() => {
                actedAt.current = index;
                void load();
              }}
            />
          ))}
        </div>
      )}
      {state.kind === 'ready' && (
        <Pager label="Review pages" page={page} totalPages={state.list.pagination.totalPages} onPage={setPage} />
      )}
    </div>
  );
}
