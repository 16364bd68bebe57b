import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ErrorSummary } from '../../components/ui/ErrorSummary';
import { FormError } from '../../components/ui/FormError';
import { Pager } from '../../components/ui/Pager';
import { StatusCard } from '../../components/ui/StatusCard';
import { API_BASE, ApiRequestError, api } from '../../lib/api';
import { CATEGORY_NAMES } from '../../lib/catalog';
import { BULK_LABELS, type SellerProduct, type SellerProductList } from '../../lib/contract/seller-products';
import { resolveImage } from '../../lib/images';
import { formatDollars } from '../../lib/money';
import { LOW_STOCK, SELLER_SORT_LABELS, SELLER_SORTS } from '../../lib/product-rules';
import { toastError, toastSuccess } from '../../lib/stores/toasts';
import { BULK_CONTROL, type BulkProblems, bulkFieldsOf, bulkProblems, bulkSummary } from './bulk-edit';
import { CsvImport } from './CsvImport';
import { LoadFailed, SellerGate } from './SellerGate';

type Query = { search: string; status: string; category: string; stock: string; sort: string; page: number };
const DEFAULT_QUERY: Query = { search: '', status: 'all', category: '', stock: '', sort: 'updated', page: 1 };
const PAGE_SIZE = 25;

function queryFromUrl(): Query {
  const p = new URLSearchParams(location.search);
  return {
    search: p.get('search') ?? '',
    status: p.get('status') ?? 'all',
    category: p.get('category') ?? '',
    stock: p.get('stock') ?? '',
    sort: p.get('sort') ?? 'updated',
    page: Math.max(1, Number(p.get('page')) || 1),
  };
}
function toParams(q: Query): URLSearchParams {
  const p = new URLSearchParams();
  for (const [key, value] of Object.entries(q))
    if (value !== '' && value !== DEFAULT_QUERY[key as keyof Query]) p.set(key, String(value));
  return p;
}

function stockBadge(stock: number) {
  if (stock === 0) return <span className="badge badge-red">Out of stock</span>;
  if (stock <= LOW_STOCK) return <span className="badge badge-gold">Low: {stock}</span>;
  return <span className="text-sm">{stock} in stock</span>;
}

function List() {
  const [query, setQuery] = useState<Query>(queryFromUrl);
  const [data, setData] = useState<SellerProductList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [bulkPrice, setBulkPrice] = useState('');
  const [bulkStock, setBulkStock] = useState('');
  const [bulkError, setBulkError] = useState<string | null>(null);
  const [bulkFields, setBulkFields] = useState<BulkProblems>({});
  const searchRef = useRef<HTMLInputElement>(null);
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the same query again
  useEffect(() => {
    const controller = new AbortController();
    const params = toParams(query);
    const search = params.toString();
    history.replaceState(null, '', search ? `?${search}` : location.pathname);
    params.set('limit', String(PAGE_SIZE));
    if (!params.has('page')) params.set('page', '1');
    setLoading(true);
    setError(null);
    api
      .get<SellerProductList>(`/seller/products?${params}`, undefined, controller.signal)
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
    setQuery((q) => ({ ...q, page: 1, ...patch }));
  };
  const refresh = () => setReload((n) => n + 1);

  if (error && !data) return <LoadFailed error={error} retry={refresh} />;

  const products = data?.products ?? [];
  const allChosen = products.length > 0 && products.every((p) => selected.has(p.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function act(p: SellerProduct, action: 'archive' | 'unarchive' | 'duplicate') {
    setBusy(`${action}:${p.id}`);
    try {
      const result = await api.post<SellerProduct>(`/seller/products/${encodeURIComponent(p.id)}/${action}`);
      toastSuccess(
        action === 'archive'
          ? `Archived: ${p.name}`
          : action === 'unarchive'
            ? `Back on sale: ${p.name}`
            : `Copied as "${result.name}" (archived until you put it on sale)`,
      );
      refresh();
    } catch (err) {
      toastError('Error', err instanceof ApiRequestError ? err.message : 'Please try again.');
    } finally {
      setBusy(null);
    }
  }

  async function applyBulk(e: FormEvent) {
    e.preventDefault();
    const price = bulkPrice.trim();
    const stock = bulkStock.trim();
    // The contract's own checks and words, before sending (the API checks again).
    const local = bulkProblems(price, stock);
    setBulkError(local.none ?? null);
    setBulkFields(local.fields);
    if (local.none || Object.keys(local.fields).length) return;
    setBusy('bulk');
    try {
      const result = await api.post<{ updated: number }>('/seller/products/bulk', {
        items: [...selected].map((id) => ({
          id,
          ...(price ? { price: Number(price) } : {}),
          ...(stock ? { stock: Number(stock) } : {}),
        })),
      });
      toastSuccess(`${result.updated} product${result.updated === 1 ? '' : 's'} updated`);
      setSelected(new Set());
      setBulkPrice('');
      setBulkStock('');
      setBulkFields({});
      refresh();
    } catch (err) {
      const fields = err instanceof ApiRequestError ? bulkFieldsOf(err.errors ?? {}) : {};
      setBulkFields(fields);
      if (Object.keys(fields).length === 0)
        setBulkError(err instanceof ApiRequestError ? err.message : 'Could not update. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  const total = data?.pagination.total ?? 0;
  const pages = data?.pagination.totalPages ?? 0;
  const filtered = query.search || query.status !== 'all' || query.category || query.stock;

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

      <form
        role="search"
        aria-label="Your products"
        className="card grid grid-cols-2 gap-3 p-4 lg:grid-cols-6"
        onSubmit={(e) => {
          e.preventDefault();
          change({ search: searchRef.current?.value ?? '' });
        }}
      >
        <div className="col-span-2">
          <label htmlFor="product-search" className="label">
            Search name or SKU
          </label>
          <div className="flex gap-2">
            <input id="product-search" ref={searchRef} type="search" className="input" defaultValue={query.search} />
            <button type="submit" className="btn btn-secondary">
              Search
            </button>
          </div>
        </div>
        <div>
          <label htmlFor="filter-status" className="label">
            Status
          </label>
          <select
            id="filter-status"
            className="input"
            value={query.status}
            onChange={(e) => change({ status: e.target.value })}
          >
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="archived">Archived</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-category" className="label">
            Category
          </label>
          <select
            id="filter-category"
            className="input"
            value={query.category}
            onChange={(e) => change({ category: e.target.value })}
          >
            <option value="">All</option>
            {CATEGORY_NAMES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-stock" className="label">
            Stock
          </label>
          <select
            id="filter-stock"
            className="input"
            value={query.stock}
            onChange={(e) => change({ stock: e.target.value })}
          >
            <option value="">All</option>
            <option value="in">In stock</option>
            <option value="low">Low (1–{LOW_STOCK})</option>
            <option value="out">Out of stock</option>
          </select>
        </div>
        <div>
          <label htmlFor="sort" className="label">
            Sort
          </label>
          <select id="sort" className="input" value={query.sort} onChange={(e) => change({ sort: e.target.value })}>
            {SELLER_SORTS.map((s) => (
              <option key={s} value={s}>
                {SELLER_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </form>

      {selected.size > 0 && (
        <form onSubmit={applyBulk} className="card flex flex-col gap-3 border-brand-600 p-4" aria-label="Bulk edit">
          <p className="font-medium" aria-live="polite">
            {selected.size} selected: set a new price and/or stock for all of them
          </p>
          <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
            <div>
              <label htmlFor={BULK_CONTROL.price} className="label">
                {BULK_LABELS.price}
              </label>
              <input
                id={BULK_CONTROL.price}
                className="input"
                inputMode="decimal"
                value={bulkPrice}
                aria-invalid={bulkFields.price ? true : undefined}
                aria-describedby={bulkFields.price ? `${BULK_CONTROL.price}-error` : undefined}
                onChange={(e) => {
                  setBulkPrice(e.target.value);
                  setBulkFields(({ price: _, ...rest }) => rest);
                }}
              />
              {bulkFields.price && (
                <p id={`${BULK_CONTROL.price}-error`} className="field-error">
                  {bulkFields.price}
                </p>
              )}
            </div>
            <div>
              <label htmlFor={BULK_CONTROL.stock} className="label">
                {BULK_LABELS.stock}
              </label>
              <input
                id={BULK_CONTROL.stock}
                className="input"
                inputMode="numeric"
                value={bulkStock}
                aria-invalid={bulkFields.stock ? true : undefined}
                aria-describedby={bulkFields.stock ? `${BULK_CONTROL.stock}-error` : undefined}
                onChange={(e) => {
                  setBulkStock(e.target.value);
                  setBulkFields(({ stock: _, ...rest }) => rest);
                }}
              />
              {bulkFields.stock && (
                <p id={`${BULK_CONTROL.stock}-error`} className="field-error">
                  {bulkFields.stock}
                </p>
              )}
            </div>
            <button type="submit" className="btn btn-primary" disabled={busy === 'bulk'}>
              {busy === 'bulk' ? 'Applying…' : 'Apply to selected'}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setSelected(new Set())}>
              Clear selection
            </button>
          </div>
          {bulkError ? (
            <FormError message={bulkError} />
          ) : (
            <ErrorSummary problems={bulkSummary(bulkFields)} id="bulk-error" />
          )}
        </form>
      )}

      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite">
          {loading ? 'Loading…' : `${total} product${total === 1 ? '' : 's'}`}
        </p>
        {products.length > 0 && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-5 w-5 accent-brand-700"
              checked={allChosen}
              onChange={() => setSelected(allChosen ? new Set() : new Set(products.map((p) => p.id)))}
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
        <StatusCard
          title={filtered ? 'No products match these filters' : 'You have no products yet'}
          text={filtered ? undefined : 'Add your first product, or import a CSV file.'}
        >
          {filtered ? (
            <button type="button" className="btn btn-secondary" onClick={() => change({ ...DEFAULT_QUERY })}>
              Clear filters
            </button>
          ) : (
            <a href="/dashboard/products/new/" className="btn btn-primary">
              Add product
            </a>
          )}
        </StatusCard>
      ) : (
        <ul className={`flex flex-col gap-2 ${loading ? 'opacity-60' : ''}`} aria-busy={loading}>
          {products.map((p) => (
            <li key={p.id} className="card flex flex-wrap items-center gap-3 p-3">
              <input
                type="checkbox"
                className="h-5 w-5 shrink-0 accent-brand-700"
                checked={selected.has(p.id)}
                onChange={() => toggle(p.id)}
                aria-label={`Select ${p.name}`}
              />
              <img
                src={resolveImage(p.images[0])}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                className="h-14 w-14 shrink-0 rounded-lg bg-surface object-cover"
              />
              <div className="min-w-0 flex-1 basis-40">
                <a
                  href={`/dashboard/products/edit/?id=${encodeURIComponent(p.id)}`}
                  className="font-medium hover:underline"
                >
                  {p.name}
                </a>
                <p className="text-xs text-muted">
                  SKU {p.sku} · {p.category} › {p.subcategory}
                </p>
              </div>
              <div className="flex basis-full flex-wrap items-center gap-x-4 gap-y-1 sm:basis-auto">
                <span className="font-semibold">{formatDollars(p.price)}</span>
                {stockBadge(p.stock)}
                <span className={`badge ${p.status === 'active' ? 'badge-green' : 'badge-grey'}`}>
                  {p.status === 'active' ? 'Active' : 'Archived'}
                </span>
              </div>
              <div className="flex basis-full flex-wrap gap-1 sm:ms-auto sm:basis-auto">
                <a href={`/dashboard/products/edit/?id=${encodeURIComponent(p.id)}`} className="btn btn-ghost btn-sm">
                  Edit<span className="sr-only"> {p.name}</span>
                </a>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  disabled={busy !== null}
                  onClick={() => act(p, 'duplicate')}
                >
                  Duplicate<span className="sr-only"> {p.name}</span>
                </button>
                <button
                  type="button"
                  className={`btn btn-ghost btn-sm ${p.status === 'active' ? 'text-danger' : ''}`}
                  disabled={busy !== null}
                  onClick={() => act(p, p.status === 'active' ? 'archive' : 'unarchive')}
                >
                  {p.status === 'active' ? 'Archive' : 'Unarchive'}
                  <span className="sr-only"> {p.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Pager
        label="Product pages"
        page={query.page}
        totalPages={pages}
        onPage={(page) => setQuery((q) => ({ ...q, page }))}
      />
    </div>
  );
}

/** /dashboard/products/: the seller's products with search, filters, bulk edit, archive, duplicate and CSV. */
export default function ProductsPage() {
  return (
    <SellerGate next="/dashboard/products/">
      <List />
    </SellerGate>
  );
}
