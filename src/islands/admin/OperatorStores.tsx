import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { Modal } from '../../components/ui/Modal';
import { Pager } from '../../components/ui/Pager';
import { ListSkeletons, LoadFailed, StatusCard } from '../../components/ui/StatusCard';
import { ApiRequestError, api } from '../../lib/api';
import type { OperatorAction, OperatorActionList, OperatorStore, OperatorStoreList } from '../../lib/contract/stores';
import { formatDollars } from '../../lib/money';
import { LOGGED_ACTION_PAST, type LoggedAction } from '../../lib/operator-actions';
import {
  actionsFor,
  STATUS_LABELS,
  STORE_ACTION_PAST,
  STORE_TRANSITIONS,
  type StoreAction,
  type StoreStatus,
} from '../../lib/store-status';
import { refreshSession } from '../../lib/stores/session';
import { toastSuccess } from '../../lib/stores/toasts';
import { describeTaxDetails } from '../../lib/tax-details';
import { OperatorsOnly } from './OperatorsOnly';

const TABS = ['pending', 'active', 'suspended', 'rejected', 'all'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, string> = { ...STATUS_LABELS, pending: 'Pending', all: 'All' };
const BADGE: Record<StoreStatus, string> = {
  pending: 'badge-gold',
  active: 'badge-green',
  rejected: 'badge-red',
  suspended: 'badge-red',
};
const ACTION_LABEL: Record<StoreAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  suspend: 'Suspend',
  reinstate: 'Reinstate',
};
const ACTION_EXPLAINED: Record<StoreAction, string> = {
  approve: 'The store and its products go live, with the Verified Seller badge.',
  reject: 'The store never goes live. The owner reads your reason on their application.',
  suspend: 'The store and its products leave the shop within seconds. The owner reads your reason.',
  reinstate: 'The store and its products are published again.',
};
const PAGE_SIZE = 20;

const dateTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-JM', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

type Load =
  | { kind: 'loading' }
  | { kind: 'denied'; status: number }
  | { kind: 'error' }
  | { kind: 'ok'; list: OperatorStoreList };

/** /admin/stores/: stores by status, each one's details and the decisions its status allows, and the action record. */
export default function OperatorStores() {
  const [tab, setTab] = useState<Tab>('pending');
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [deciding, setDeciding] = useState<{ store: OperatorStore; action: StoreAction } | null>(null);
  const [logVersion, setLogVersion] = useState(0);

  const fetchList = useCallback(async () => {
    setLoad((l) => (l.kind === 'ok' ? l : { kind: 'loading' }));
    try {
      const query = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE) });
      if (tab !== 'all') query.set('status', tab);
      setLoad({ kind: 'ok', list: await api.get<OperatorStoreList>(`/admin/stores?${query}`) });
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403))
        setLoad({ kind: 'denied', status: error.status });
      else setLoad({ kind: 'error' });
    }
  }, [tab, page]);
  useEffect(() => {
    fetchList();
  }, [fetchList]);
  // The header learns who is signed in (these pages are static; the session is the API's).
  useEffect(() => {
    refreshSession().catch(() => {});
  }, []);

  const choose = (next: Tab) => {
    setTab(next);
    setPage(1);
    setLoad({ kind: 'loading' });
  };
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.indexOf(tab);
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = TABS[(to + TABS.length) % TABS.length];
    choose(next);
    document.getElementById(`stores-tab-${next}`)?.focus();
  };

  if (load.kind === 'denied') return <OperatorsOnly status={load.status} here="/admin/stores/" />;

  const counts = load.kind === 'ok' ? load.list.counts : undefined;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="stores-heading" className="flex flex-col gap-4">
        <h2 id="stores-heading" className="sr-only">
          Stores
        </h2>
        <div
          role="tablist"
          aria-label="Stores by status"
          className="-mx-1 flex gap-1 overflow-x-auto pb-1"
          onKeyDown={onTabKey}
        >
          {TABS.map((t) => (
            <button
              key={t}
              id={`stores-tab-${t}`}
              type="button"
              role="tab"
              aria-selected={tab === t}
              aria-controls="stores-panel"
              tabIndex={tab === t ? 0 : -1}
              onClick={() => choose(t)}
              className={`shrink-0 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${tab === t ? 'bg-brand-700 text-white' : 'border border-line bg-white text-ink hover:bg-brand-50'}`}
            >
              {TAB_LABEL[t]}
              {(t === 'all' ? total : counts?.[t]) !== undefined && (
                <span className="ml-1.5 tabular-nums">({t === 'all' ? total : counts?.[t]})</span>
              )}
            </button>
          ))}
        </div>
        <div id="stores-panel" role="tabpanel" aria-labelledby={`stores-tab-${tab}`}>
          {load.kind === 'loading' && <ListSkeletons label="Loading stores" />}
          {load.kind === 'error' && <LoadFailed what="the stores" onRetry={fetchList} />}
          {load.kind === 'ok' && load.list.stores.length === 0 && (
            <StatusCard
              title={
                tab === 'pending'
                  ? 'No applications are waiting.'
                  : `No ${tab === 'all' ? '' : `${TAB_LABEL[tab].toLowerCase()} `}stores.`
              }
            />
          )}
          {load.kind === 'ok' && load.list.stores.length > 0 && (
            <>
              <ul className="flex flex-col gap-3">
                {load.list.stores.map((s) => (
                  <li key={s.id}>
                    <StoreCard store={s} onDecide={(action) => setDeciding({ store: s, action })} />
                  </li>
                ))}
              </ul>
              <Pager
                label="Store pages"
                page={page}
                totalPages={load.list.pagination.totalPages}
                onPage={setPage}
                className="mt-4"
              />
            </>
          )}
        </div>
      </section>
      <ActionLog version={logVersion} />
      {deciding && (
        <DecisionDialog
          store={deciding.store}
          action={deciding.action}
          onClose={() => setDeciding(null)}
          // The decision usually takes its button (or the store) off this tab: the focus then goes to the tab.
          returnFocus={() => document.getElementById(`stores-tab-${tab}`)}
          onDone={async (store) => {
            // The list is read again before the dialog goes, so the focus lands in the list as it now is.
            await fetchList();
            setDeciding(null);
            toastSuccess(`${store.name} ${STORE_ACTION_PAST[deciding.action]}`, `Now: ${STATUS_LABELS[store.status]}`);
            setLogVersion((v) => v + 1);
          }}
        />
      )}
    </div>
  );
}

function StoreCard({ store: s, onDecide }: { store: OperatorStore; onDecide: (action: StoreAction) => void }) {
  const actions = actionsFor(s.status);
  return (
    <article className="card flex flex-col gap-3 p-4" aria-labelledby={`store-${s.id}`} data-store-id={s.id}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`store-${s.id}`} className="text-base font-semibold">
          {s.name}
        </h3>
        <span className={`badge ${BADGE[s.status]}`}>{STATUS_LABELS[s.status]}</span>
        {s.verified && <span className="badge badge-green">✓ Verified</span>}
      </div>
      <p className="text-sm text-muted">
        {s.location}, {s.parish} · {s.owner ? `${s.owner.name} (${s.owner.email})` : 'No owner'} · Applied{' '}
        {dateTime(s.appliedAt)}
      </p>
      {s.statusReason && (
        <p className="rounded-lg bg-danger-50 p-2 text-sm">
          <span className="font-semibold">Reason: </span>
          {s.statusReason}
        </p>
      )}
      <details className="rounded-lg border border-line">
        <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-medium">Store details</summary>
        <dl className="grid gap-x-4 gap-y-2 border-t border-line p-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium">Description</dt>
          <dd className="text-muted">{s.description}</dd>
          <dt className="font-medium">Contact</dt>
          <dd className="break-words text-muted">
            {s.email ?? '—'} · {s.phone ?? '—'}
          </dd>
          <dt className="font-medium">Links</dt>
          <dd className="break-words text-muted">
            {Object.values(s.socialLinks).filter(Boolean).join(' · ') || 'None'}
          </dd>
          <dt className="font-medium">Processing</dt>
          <dd className="text-muted">{s.processingTime}</dd>
          <dt className="font-medium">Couriers</dt>
          <dd className="text-muted">
            <ul className="flex flex-col gap-1">
              {s.shippingRates.map((r) => (
                <li key={r.id}>
                  {r.provider}, {r.method}: {formatDollars(r.cost)}, {r.minDays}–{r.maxDays} days, to{' '}
                  {r.parishes.join(', ')}
                </li>
              ))}
            </ul>
          </dd>
          <dt className="font-medium">Free shipping</dt>
          <dd className="text-muted">
            {s.freeShippingThreshold === null ? 'Never' : `From ${formatDollars(s.freeShippingThreshold)}`}
          </dd>
          <dt className="font-medium">Payments</dt>
          <dd className="text-muted">
            {[s.paymentMethods.cashOnDelivery && 'Cash on delivery', s.paymentMethods.bankTransfer && 'Bank transfer']
              .filter(Boolean)
              .join(', ')}
            {s.paymentMethods.bankDetails &&
              ` (${s.paymentMethods.bankDetails.bankName}, ${s.paymentMethods.bankDetails.branch}, ${s.paymentMethods.bankDetails.accountName} ${s.paymentMethods.bankDetails.accountNumber})`}
          </dd>
          <dt className="font-medium">Tax</dt>
          <dd className="text-muted">{describeTaxDetails(s.taxDetails)}</dd>
          <dt className="font-medium">Products</dt>
          <dd className="text-muted">{s.productCount}</dd>
          <dt className="font-medium">Last decision</dt>
          <dd className="text-muted">{dateTime(s.decidedAt)}</dd>
        </dl>
      </details>
      {actions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {actions.map((a) => (
            <button
              key={a}
              type="button"
              className={`btn btn-sm ${a === 'approve' || a === 'reinstate' ? 'btn-primary' : 'btn-danger'}`}
              onClick={() => onDecide(a)}
            >
              {ACTION_LABEL[a]}
              <span className="sr-only"> {s.name}</span>
            </button>
          ))}
        </div>
      )}
    </article>
  );
}

function DecisionDialog({
  store,
  action,
  onClose,
  returnFocus,
  onDone,
}: {
  store: OperatorStore;
  action: StoreAction;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
  onDone: (store: OperatorStore) => Promise<void>;
}) {
  const needsReason = STORE_TRANSITIONS[action].reason;
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Whether the API refused the reason itself (its error is then the field's). */
  const [reasonRefused, setReasonRefused] = useState(false);
  const reasonId = useId();
  const errorId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setReasonRefused(false);
    try {
      const body = needsReason ? { reason } : undefined;
      await onDone(await api.post<OperatorStore>(`/admin/stores/${encodeURIComponent(store.id)}/${action}`, body));
    } catch (err) {
      // The API's words name the field and say how to put it right ("Reason needs at least 5 characters").
      setReasonRefused(err instanceof ApiRequestError && Boolean(err.errors?.reason));
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };

  return (
    <Modal title={`${ACTION_LABEL[action]} ${store.name}?`} onClose={onClose} returnFocus={returnFocus}>
      <form className="flex flex-col gap-4 p-5" onSubmit={submit} noValidate>
        <p>{ACTION_EXPLAINED[action]}</p>
        <FormError message={error} id={errorId} />
        {needsReason && (
          <div>
            <label htmlFor={reasonId} className="label">
              Reason (the owner reads it)
            </label>
            <textarea
              id={reasonId}
              className="input py-2"
              rows={3}
              required
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={reasonRefused || undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="submit"
            className={`btn ${action === 'approve' || action === 'reinstate' ? 'btn-primary' : 'btn-danger'}`}
            disabled={busy}
          >
            {busy ? 'Working...' : `Yes, ${ACTION_LABEL[action].toLowerCase()}`}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function ActionLog({ version }: { version: number }) {
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'error' } | { kind: 'ok'; list: OperatorActionList }
  >({
    kind: 'loading',
  });
  const [limit, setLimit] = useState(10);
  const load = useCallback(async () => {
    try {
      setState({ kind: 'ok', list: await api.get<OperatorActionList>(`/admin/actions?limit=${limit}`) });
    } catch {
      setState({ kind: 'error' });
    }
  }, [limit]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version means a new decision to show
  useEffect(() => {
    load();
  }, [load, version]);
  return (
    <section aria-labelledby="log-heading" className="flex flex-col gap-3">
      <h2 id="log-heading" className="text-lg font-semibold">
        Action log
      </h2>
      {state.kind === 'loading' && <div role="status" aria-label="Loading the action log" className="skeleton h-24" />}
      {state.kind === 'error' && (
        <StatusCard title="We could not load the action log." alert>
          <button type="button" className="btn btn-primary" onClick={load}>
            Try Again
          </button>
        </StatusCard>
      )}
      {state.kind === 'ok' && state.list.actions.length === 0 && <StatusCard title="No operator actions yet." />}
      {state.kind === 'ok' && state.list.actions.length > 0 && (
        <>
          <ol className="card divide-y divide-line">
            {state.list.actions.map((a) => (
              <li key={a.id} className="flex flex-col gap-0.5 p-3 text-sm">
                <span>
                  <span className="font-semibold">{a.operator.email}</span>{' '}
                  {LOGGED_ACTION_PAST[a.action as LoggedAction] ?? a.action} <Target action={a} />{' '}
                  <span className="text-muted">
                    ({a.fromStatus} → {a.toStatus})
                  </span>
                </span>
                {a.reason && <span className="text-muted">Reason: {a.reason}</span>}
                <time className="text-xs text-muted" dateTime={a.createdAt}>
                  {dateTime(a.createdAt)}
                </time>
              </li>
            ))}
          </ol>
          {state.list.pagination.total > state.list.actions.length && (
            <button
              type="button"
              className="btn btn-secondary btn-sm self-start"
              onClick={() => setLimit((l) => Math.min(100, l + 20))}
            >
              Show more
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** What an action was on, as operators know it: the store's name; the review's product and author. */
function Target({ action: a }: { action: OperatorAction }) {
  if (a.targetType !== 'review') return <span className="font-medium">{a.targetName ?? a.targetId}</span>;
  if (a.targetName === null) return <span className="text-muted">(a review since deleted)</span>;
  return (
    <>
      of <span className="font-medium">{a.targetName}</span>
      {a.reviewAuthor && ` by ${a.reviewAuthor}`}
    </>
  );
}
