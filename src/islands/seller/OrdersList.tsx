import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Pager } from '../../components/ui/Pager';
import { Price } from '../../components/ui/Price';
import { StatusCard } from '../../components/ui/StatusCard';
import { ORDER_STATUSES, type OrderStatus } from '../../lib/contract/order-statuses';
import { STATUS_LABELS, statusBadge, statusLabel } from '../../lib/order-display';
import { SELLER_ORDER_MESSAGES } from '../../lib/seller-order-messages';
import { detailHref, paymentBadge, prepareLabels, whenLabel } from './display';
import { SellerNotice } from './SellerNotice';
import { useSellerData } from './use-seller-data';

/** Imported beside the first request, not before the first view (issue 31). */
const listSchema = () => import('../../lib/contract/seller-reads').then((m) => m.SellerPartList);

type Filter = { status: OrderStatus | ''; q: string; page: number };

/** The filter lives in the address (?status=&q=&page=), so Back and a shared link keep it. */
function readFilter(): Filter {
  const p = new URLSearchParams(location.search);
  const status = p.get('status') ?? '';
  const page = Number(p.get('page'));
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
    q: (p.get('q') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

function queryOf(f: Filter): string {
  const p = new URLSearchParams();
  if (f.status) p.set('status', f.status);
  if (f.q) p.set('q', f.q);
  if (f.page > 1) p.set('page', String(f.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/**
 * /dashboard/orders/ (issue 14 #3): the seller's order parts, newest first, with a status filter
 * (each status's count), a search by order number or buyer, and pages of 20. Each row links to
 * the part's detail. Empty: what will appear here; nothing matching: Clear filters.
 */
export default function OrdersList() {
  const [filter, setFilter] = useState<Filter>(() => readFilter());
  const [draft, setDraft] = useState(filter.q);
  const path = useMemo(() => `/seller/orders${queryOf(filter)}`, [filter]);
  const { state, reload } = useSellerData(path, listSchema);
  useEffect(() => prepareLabels('when'), []);

  useEffect(() => {
    const url = `${location.pathname}${queryOf(filter)}`;
    if (url !== `${location.pathname}${location.search}`) history.replaceState(null, '', url);
  }, [filter]);

  function search(event: FormEvent) {
    event.preventDefault();
    setFilter((f) => ({ ...f, q: draft.trim(), page: 1 }));
  }

  const filtered = filter.status !== '' || filter.q !== '';
  const clear = () => {
    setDraft('');
    setFilter({ status: '', q: '', page: 1 });
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-end">
        <div className="sm:w-48">
          <label htmlFor="order-status" className="label">
            Status
          </label>
          <select
            id="order-status"
            className="input"
            value={filter.status}
            onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value as OrderStatus | '', page: 1 }))}
          >
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
                {state.kind === 'ready' ? ` (${state.data.counts[s]})` : ''}
              </option>
            ))}
          </select>
        </div>
        <form role="search" className="flex flex-1 items-end gap-2" onSubmit={search}>
          <div className="min-w-0 flex-1">
            <label htmlFor="order-search" className="label">
              Order number or buyer
            </label>
            <input
              id="order-search"
              type="search"
              className="input"
              value={draft}
              maxLength={100}
              placeholder="YM-2611-… or a name or e-mail"
              onChange={(e) => setDraft(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </form>
      </div>

      {state.kind !== 'ready' ? (
        <SellerNotice state={state} onRetry={reload} loadingLabel="Loading your orders" />
      ) : state.data.parts.length === 0 ? (
        filtered ? (
          <StatusCard title="No orders match" text="Try another status or search.">
            <button type="button" className="btn btn-secondary" onClick={clear}>
              Clear filters
            </button>
          </StatusCard>
        ) : (
          <StatusCard
            title={SELLER_ORDER_MESSAGES.empty}
            text="When a shopper buys from your store, the order appears here to accept and ship."
          />
        )
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {state.data.pagination.total} {state.data.pagination.total === 1 ? 'order' : 'orders'}
            {filter.status ? ` ${STATUS_LABELS[filter.status].toLowerCase()}` : ''}
            {filter.q ? ` matching “${filter.q}”` : ''}
          </p>
          <ul className="flex flex-col gap-3" data-testid="seller-orders">
            {state.data.parts.map((p) => {
              const pay = paymentBadge(p.paymentStatus);
              return (
                <li key={p.partId} className="card p-4" data-order={p.orderNumber}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <a href={detailHref(p.partId)} className="font-semibold text-brand-700 hover:underline">
                        Order {p.orderNumber}
                      </a>
                      <p className="truncate text-sm text-muted">
                        {p.buyer.name} · {p.buyer.email}
                      </p>
                    </div>
                    <div className="flex shrink-0 gap-1">
                      <span className={`badge ${statusBadge(p.status)}`}>{statusLabel(p.status)}</span>
                      <span className={`badge ${pay.className}`}>{pay.label}</span>
                    </div>
                  </div>
                  <p className="mt-2 flex flex-wrap justify-between gap-2 text-sm">
                    <span className="text-muted">
                      {whenLabel(p.placedAt)} · {p.itemCount} {p.itemCount === 1 ? 'item' : 'items'}
                    </span>
                    <span className="font-semibold">
                      <Price dollars={p.total} />
                    </span>
                  </p>
                </li>
              );
            })}
          </ul>
          <Pager
            label="Order pages"
            page={state.data.pagination.page}
            totalPages={state.data.pagination.totalPages}
            onPage={(page) => setFilter((f) => ({ ...f, page }))}
          />
        </>
      )}
    </div>
  );
}
