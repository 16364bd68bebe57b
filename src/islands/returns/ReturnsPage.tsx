import { useCallback, useEffect, useState } from 'react';
import { Pager } from '../../components/ui/Pager';
import { ListSkeletons, LoadFailed, StatusCard } from '../../components/ui/StatusCard';
import { ApiRequestError, api } from '../../lib/api';
import { ReturnAnswer, ReturnList, type ReturnRequest } from '../../lib/contract/returns';
import { RETURN_STATUS_LABELS, RETURN_STATUSES, type ReturnStatus } from '../../lib/returns';
import { ReturnDetail } from './ReturnDetail';
import { itemsLine, type ReturnSide, SIDE_PATHS, statusBadgeOf } from './returns-logic';

type Load<T> =
  | { kind: 'loading' }
  | { kind: 'ready'; data: T }
  | { kind: 'denied' }
  | { kind: 'missing' }
  | { kind: 'failed' };

const TEXTS: Record<ReturnSide, { what: string; empty: string; denied: string }> = {
  buyer: {
    what: 'your returns',
    empty: 'When you ask to return items of a delivered order, the request and its progress show here.',
    denied: 'Sign in to see your returns.',
  },
  seller: {
    what: 'your returns',
    empty: 'When a buyer asks to return items of one of your orders, the request shows here for you to answer.',
    denied: 'This account does not own a store on Yaad Market.',
  },
  operator: {
    what: 'the disputes',
    empty: 'When a buyer asks the team to decide a return, it shows here.',
    denied: 'Only the shop’s operators can see disputes.',
  },
};

function useLoad<T>(path: string | null, schema: { parse: (v: unknown) => T }) {
  const [state, setState] = useState<Load<T>>({ kind: 'loading' });
  const load = useCallback(async () => {
    if (path === null) return;
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', data: schema.parse(await api.get(path)) });
    } catch (error) {
      const status = error instanceof ApiRequestError ? error.status : 0;
      if (status === 401) location.assign(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
      else if (status === 403) setState({ kind: 'denied' });
      else if (status === 404) setState({ kind: 'missing' });
      else setState({ kind: 'failed' });
    }
  }, [path, schema]);
  useEffect(() => {
    void load();
  }, [load]);
  return { state, setState, reload: load };
}

/**
 * A side's returns (issue 28 #6): the buyer's (/returns/), the seller's (/dashboard/returns/), the
 * operators' disputes (/admin/disputes/). A list filtered by status, newest first, in pages; `?id=`
 * opens one request with its actions and thread.
 */
export default function ReturnsPage({ side }: { side: ReturnSide }) {
  const params = new URLSearchParams(typeof location === 'undefined' ? '' : location.search);
  const [selected, setSelected] = useState<string | null>(params.get('id'));
  // `owed`: the operators' refunds to pay back (decision 042), not a status of its own.
  const [status, setStatus] = useState<ReturnStatus | 'owed' | ''>(
    (params.get('status') as ReturnStatus | 'owed' | null) ?? '',
  );
  const [page, setPage] = useState(1);
  const query = new URLSearchParams({
    page: String(page),
    ...(status === 'owed' ? { owed: '1' } : status ? { status } : {}),
  });
  const list = useLoad(selected ? null : `${SIDE_PATHS[side]}?${query}`, ReturnList);
  const detail = useLoad(selected ? `${SIDE_PATHS[side]}/${encodeURIComponent(selected)}` : null, ReturnAnswer);
  const texts = TEXTS[side];

  const open = (id: string | null) => {
    setSelected(id);
    history.pushState(null, '', id ? `?id=${encodeURIComponent(id)}` : location.pathname);
  };

  if (selected) {
    return (
      <div className="flex flex-col gap-4">
        <button type="button" className="btn btn-secondary self-start" onClick={() => open(null)}>
          All {side === 'operator' ? 'disputes' : 'returns'}
        </button>
        {detail.state.kind === 'loading' ? (
          <ListSkeletons label="Loading the return" />
        ) : detail.state.kind === 'ready' ? (
          <ReturnDetail
            side={side}
            request={detail.state.data.request}
            onChange={(request: ReturnRequest) => detail.setState({ kind: 'ready', data: { success: true, request } })}
          />
        ) : detail.state.kind === 'failed' ? (
          <LoadFailed what="the return" onRetry={detail.reload} />
        ) : (
          <StatusCard title="Return request not found" text="It may be another account’s." />
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="w-full sm:w-64">
        <label htmlFor="return-status" className="label">
          Status
        </label>
        <select
          id="return-status"
          className="input"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ReturnStatus | 'owed' | '');
            setPage(1);
          }}
        >
          <option value="">{side === 'operator' ? 'All disputes' : 'All statuses'}</option>
          {side === 'operator' ? <option value="owed">Refunds to pay back</option> : null}
          {RETURN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {RETURN_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {list.state.kind === 'loading' ? (
        <ListSkeletons label={`Loading ${texts.what}`} />
      ) : list.state.kind === 'failed' ? (
        <LoadFailed what={texts.what} onRetry={list.reload} />
      ) : list.state.kind === 'denied' || list.state.kind === 'missing' ? (
        <StatusCard title="Not available" text={texts.denied} />
      ) : list.state.data.requests.length === 0 ? (
        <StatusCard
          title={
            status === 'owed' ? 'No refunds to pay back' : status ? 'No returns with this status' : 'No returns yet'
          }
          text={texts.empty}
        />
      ) : (
        <>
          <ul className="flex flex-col gap-2" data-testid="returns-list">
            {list.state.data.requests.map((r) => {
              const badge = statusBadgeOf(r.status);
              return (
                <li key={r.id} className="card flex flex-wrap items-center justify-between gap-2 p-4">
                  <div className="min-w-0">
                    <p className="font-medium">
                      Order {r.orderNumber} · {side === 'seller' ? r.buyer.name : r.storeName}
                    </p>
                    <p className="text-sm text-muted">{itemsLine(r)}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <span className={`badge ${badge.className}`}>{badge.label}</span>
                    <a
                      href={`?id=${encodeURIComponent(r.id)}`}
                      className="btn btn-secondary btn-sm"
                      onClick={(e) => {
                        e.preventDefault();
                        open(r.id);
                      }}
                    >
                      Open<span className="sr-only"> the return for order {r.orderNumber}</span>
                    </a>
                  </div>
                </li>
              );
            })}
          </ul>
          <Pager
            label="Return pages"
            page={list.state.data.pagination.page}
            totalPages={list.state.data.pagination.totalPages}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
