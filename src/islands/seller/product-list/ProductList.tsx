import { useEffect, useState } from 'react';
import { Pager } from '../../../components/ui/Pager';
import { StatusCard } from '../../../components/ui/StatusCard';
import { API_BASE, api } from '../../../lib/api';
import type { SellerProduct, SellerProductList } from '../../../lib/contract/seller-products';
import { toastError, toastSuccess } from '../../../lib/stores/toasts';
import { CsvImport } from '../CsvImport';
import { LoadFailed } from '../SellerGate';
import { BulkEditForm, useBulkEdit } from './BulkEdit';
import {
  changed,
  countText,
  DEFAULT_QUERY,
  isFiltered,
  listRequest,
  type Query,
  queryFromSearch,
  toParams,
} from './list-query';
import { ProductFilters } from './ProductFilters';
import { ProductRow } from './ProductRow';
import { actionDone, actionFailed, actionPath, type RowAction } from './row-actions';
import { allChosen, allOrNone, toggled } from './selection';

/** What the list shows when no product is there: a way to clear the filters, or to add the first. */
function NoProducts({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <StatusCard
      title={filtered ? 'No products match these filters' : 'You have no products yet'}
      text={filtered ? undefined : 'Add your first product, or import a CSV file.'}
    >
      {filtered ? (
        <button type="button" className="btn btn-secondary" onClick={onClear}>
          Clear filters
        </button>
      ) : (
        <a href="/dashboard/products/new/" className="btn btn-primary">
          Add product
        </a>
      )}
    </StatusCard>
  );
}

/** The seller's products: the query in the address bar, a page of them, ticked ones bulk-edited. */
export function ProductList() {
  const [query, setQuery] = useState<Query>(() => queryFromSearch(location.search));
  const [data, setData] = useState<SellerProductList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const refresh = () => setReload((n) => n + 1);
  const bulk = useBulkEdit({ selected, clearSelection: () => setSelected(new Set()), setBusy, refresh });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the same query again
  useEffect(() => {
    const controller = new AbortController();
    const search = toParams(query).toString();
    history.replaceState(null, '', search ? `?${search}` : location.pathname);
    setLoading(true);
    setError(null);
    api
      .get<SellerProductList>(listRequest(query), undefined, controller.signal)
      .then((list) => {
        setData(list);
        setLoading(false);
      })
      .catch((err) => {
        if (controller.signal.aborted) return;
        setError(err);
        setLoading(false);
      });
    return () => controller.abort();
  }, [query, reload]);

  const change = (patch: Partial<Query>) => {
    setSelected(new Set());
    setQuery((q) => changed(q, patch));
  };

  if (error && !data) return <LoadFailed error={error} retry={refresh} />;

  const products = data?.products ?? [];
  const ids = products.map((p) => p.id);

  async function act(p: SellerProduct, action: RowAction) {
    setBusy(`${action}:${p.id}`);
    try {
      const result = await api.post<SellerProduct>(actionPath(p.id, action));
      toastSuccess(actionDone(action, p.name, result.name));
      refresh();
    } catch (err) {
      toastError('Error', actionFailed(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <a href="/dashboard/products/new/" className="btn btn-primary">
          Add product
        </a>
        <a href={`${API_BASE}/seller/products/export`} className="btn btn-secondary" download>
          Export CSV
        </a>
        <CsvImport onImported={refresh} />
      </div>

      <ProductFilters query={query} onChange={change} />

      {selected.size > 0 && (
        <BulkEditForm
          bulk={bulk}
          count={selected.size}
          applying={busy === 'bulk'}
          onClear={() => setSelected(new Set())}
        />
      )}

      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite">
          {countText(loading, data?.pagination.total ?? 0)}
        </p>
        {products.length > 0 && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-700"
              checked={allChosen(ids, selected)}
              onChange={() => setSelected(allOrNone(ids, selected))}
            />
            Select all on this page
          </label>
        )}
      </div>

      {loading && !data ? (
        <div className="flex flex-col gap-2" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton h-20" />
          ))}
        </div>
      ) : products.length === 0 ? (
        <NoProducts filtered={isFiltered(query)} onClear={() => change({ ...DEFAULT_QUERY })} />
      ) : (
        <ul className={`flex flex-col gap-2 ${loading ? 'opacity-60' : ''}`} aria-busy={loading}>
          {products.map((p) => (
            <ProductRow
              key={p.id}
              product={p}
              chosen={selected.has(p.id)}
              onToggle={() => setSelected((s) => toggled(s, p.id))}
              disabled={busy !== null}
              onAct={(action) => act(p, action)}
            />
          ))}
        </ul>
      )}

      <Pager
        label="Product pages"
        page={query.page}
        totalPages={data?.pagination.totalPages ?? 0}
        onPage={(page) => setQuery((q) => ({ ...q, page }))}
      />
    </div>
  );
}
