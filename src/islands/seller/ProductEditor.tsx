import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { ErrorSummary } from '../../components/ui/ErrorSummary';
import { FormError } from '../../components/ui/FormError';
import { ApiRequestError, api } from '../../lib/api';
import { CATEGORY_NAMES } from '../../lib/catalog';
import type { SellerProduct } from '../../lib/contract/seller-products';
import { formatDollars } from '../../lib/money';
import { PRODUCT_LABELS as L, subcategoriesOf } from '../../lib/product-rules';
import { toastError, toastSuccess } from '../../lib/stores/toasts';
import { PhotoManager } from './PhotoManager';
import {
  type Draft,
  draftOf,
  EMPTY,
  fieldOf,
  localProblems,
  type Problems,
  productBody,
  productProblems,
  stillWrong,
} from './product-draft';
import { LoadFailed, SellerGate } from './SellerGate';

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function Editor({ id }: { id: string | null }) {
  const [product, setProduct] = useState<SellerProduct | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loading, setLoading] = useState(Boolean(id));
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checked = useRef(draft);

  // Each edit takes away the errors it put right; with the last one goes the form's own line.
  useEffect(() => {
    const before = checked.current;
    checked.current = draft;
    if (before === draft || Object.keys(problems).length === 0) return;
    const left = stillWrong(problems, before, draft);
    setProblems(left);
    if (Object.keys(left).length === 0) setFormError(null);
  }, [draft, problems]);

  const load = () => {
    if (!id) return;
    setLoading(true);
    setLoadError(null);
    api
      .get<SellerProduct>(`/seller/products/${encodeURIComponent(id)}`)
      .then((p) => {
        setProduct(p);
        setDraft(draftOf(p));
      })
      .catch(setLoadError)
      .finally(() => setLoading(false));
  };
  useEffect(load, [id]);

  if (loading) return <div className="skeleton h-96" role="status" aria-label="Loading product" />;
  if (loadError) return <LoadFailed error={loadError} retry={load} />;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const subcategories = subcategoriesOf(draft.category);
  const invalid = (key: string) => (problems[key] ? { 'aria-invalid': true, 'aria-describedby': `${key}-error` } : {});

  async function save(e: FormEvent) {
    e.preventDefault();
    const local = localProblems(draft);
    setProblems(local);
    // The banner lists every problem found (ErrorSummary); the form's one line is for the rest.
    if (Object.keys(local).length) {
      setFormError(null);
      return;
    }
    setFormError(null);
    const body = productBody(draft);
    setBusy(true);
    try {
      if (product) {
        const saved = await api.put<SellerProduct>(`/seller/products/${encodeURIComponent(product.id)}`, body);
        setProduct(saved);
        setDraft(draftOf(saved));
        toastSuccess(
          'Product saved',
          saved.status === 'active' ? 'The shop shows the change within seconds.' : undefined,
        );
      } else {
        const saved = await api.post<SellerProduct>('/seller/products', {
          ...body,
          status: draft.active ? 'active' : 'archived',
        });
        toastSuccess('Product created');
        location.assign(`/dashboard/products/edit/?id=${encodeURIComponent(saved.id)}&created=1`);
      }
    } catch (err) {
      const mapped: Problems = {};
      if (err instanceof ApiRequestError && err.errors) {
        for (const [key, message] of Object.entries(err.errors)) mapped[fieldOf(key)] ??= message;
        setProblems(mapped);
      }
      const message = err instanceof ApiRequestError ? err.message : 'Could not save. Please try again.';
      setFormError(Object.keys(mapped).length ? null : message);
      toastError('Not saved', message);
    } finally {
      setBusy(false);
    }
  }

  async function setArchived(archived: boolean) {
    if (!product) return;
    setBusy(true);
    try {
      const saved = await api.post<SellerProduct>(
        `/seller/products/${encodeURIComponent(product.id)}/${archived ? 'archive' : 'unarchive'}`,
      );
      setProduct(saved);
      toastSuccess(archived ? 'Product archived' : 'Product back on sale');
    } catch (err) {
      toastError('Error', err instanceof ApiRequestError ? err.message : 'Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-5">
      {product && (
        <div className="card flex flex-wrap items-center gap-3 p-4">
          <span className={`badge ${product.status === 'active' ? 'badge-green' : 'badge-grey'}`}>
            {product.status === 'active' ? 'Active' : 'Archived'}
          </span>
          <span className="text-sm text-muted">
            {product.status === 'active' ? 'On sale in the shop' : 'Hidden from the shop; order history kept'}
          </span>
          <span className="ms-auto flex flex-wrap gap-2">
            {product.status === 'active' && (
              <a className="btn btn-secondary btn-sm" href={`/product/${product.id}/`}>
                View in shop
              </a>
            )}
            <button
              type="button"
              className={`btn btn-sm ${product.status === 'active' ? 'btn-danger' : 'btn-primary'}`}
              disabled={busy}
              onClick={() => setArchived(product.status === 'active')}
            >
              {product.status === 'active' ? 'Archive' : 'Unarchive'}
            </button>
          </span>
        </div>
      )}
      {product && new URLSearchParams(location.search).has('created') && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
          Product created.{' '}
          {product.status === 'active'
            ? 'It is in the shop within seconds.'
            : 'It stays hidden until you unarchive it.'}
        </p>
      )}
      {formError ? (
        <FormError message={formError} id="product-form-error" />
      ) : (
        <ErrorSummary problems={productProblems(problems)} id="product-form-error" />
      )}

      <div className="card flex flex-col gap-4 p-4 sm:p-5">
        <Field id="name" label={L.name} error={problems.name}>
          <input
            id="name"
            className="input"
            value={draft.name}
            maxLength={200}
            required
            onChange={(e) => set('name', e.target.value)}
            {...invalid('name')}
          />
        </Field>
        <Field id="description" label={L.description} error={problems.description}>
          <textarea
            id="description"
            className="input min-h-28 py-2"
            value={draft.description}
            maxLength={5000}
            onChange={(e) => set('description', e.target.value)}
            {...invalid('description')}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="category" label={L.category} error={problems.category}>
            <select
              id="category"
              className="input"
              value={draft.category}
              required
              onChange={(e) => setDraft((d) => ({ ...d, category: e.target.value, subcategory: '' }))}
              {...invalid('category')}
            >
              <option value="">Choose a category</option>
              {CATEGORY_NAMES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </Field>
          <Field id="subcategory" label={L.subcategory} error={problems.subcategory}>
            <select
              id="subcategory"
              className="input"
              value={draft.subcategory}
              required
              disabled={subcategories.length === 0}
              onChange={(e) => set('subcategory', e.target.value)}
              {...invalid('subcategory')}
            >
              <option value="">{subcategories.length ? 'Choose a subcategory' : 'Choose a category first'}</option>
              {subcategories.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </div>

      <div className="card grid gap-4 p-4 sm:grid-cols-2 sm:p-5">
        <Field id="price" label={L.price} error={problems.price}>
          <input
            id="price"
            className="input"
            inputMode="decimal"
            value={draft.price}
            required
            onChange={(e) => set('price', e.target.value)}
            {...invalid('price')}
          />
        </Field>
        <Field
          id="compareAtPrice"
          label={L.compareAtPrice}
          hint="Optional: the former price, shown struck through; above the price"
          error={problems.compareAtPrice}
        >
          <input
            id="compareAtPrice"
            className="input"
            inputMode="decimal"
            value={draft.compareAtPrice}
            aria-describedby={problems.compareAtPrice ? 'compareAtPrice-error' : 'compareAtPrice-hint'}
            onChange={(e) => set('compareAtPrice', e.target.value)}
            {...invalid('compareAtPrice')}
          />
        </Field>
        <Field id="stock" label={L.stock} error={problems.stock}>
          <input
            id="stock"
            className="input"
            inputMode="numeric"
            value={draft.stock}
            required
            onChange={(e) => set('stock', e.target.value)}
            {...invalid('stock')}
          />
        </Field>
        <Field id="sku" label={L.sku} hint="Your own code, unique in your store" error={problems.sku}>
          <input
            id="sku"
            className="input"
            value={draft.sku}
            maxLength={64}
            required
            autoCapitalize="characters"
            aria-describedby={problems.sku ? 'sku-error' : 'sku-hint'}
            onChange={(e) => set('sku', e.target.value)}
            {...invalid('sku')}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field id="tags" label={L.tags} hint="Separated by commas, e.g. coffee, gift" error={problems.tags}>
            <input
              id="tags"
              className="input"
              value={draft.tags}
              aria-describedby={problems.tags ? 'tags-error' : 'tags-hint'}
              onChange={(e) => set('tags', e.target.value)}
              {...invalid('tags')}
            />
          </Field>
        </div>
        {draft.price && /^\d+(\.\d{1,2})?$/.test(draft.price.trim()) && (
          <p className="text-sm text-muted sm:col-span-2">Shoppers see {formatDollars(Number(draft.price))}.</p>
        )}
      </div>

      <div className="card p-4 sm:p-5">
        <PhotoManager photos={draft.images} onChange={(images) => set('images', images)} error={problems.images} />
      </div>

      {!product && (
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5 accent-brand-700"
            checked={draft.active}
            onChange={(e) => set('active', e.target.checked)}
          />
          Put it on sale now (otherwise it is saved archived, hidden from the shop)
        </label>
      )}

      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Saving…' : product ? 'Save changes' : 'Create product'}
        </button>
        <a href="/dashboard/products/" className="btn btn-secondary">
          Back to products
        </a>
      </div>
    </form>
  );
}

/** /dashboard/products/new/ and /dashboard/products/edit/?id=…: every field of one product. */
export default function ProductEditor({ mode }: { mode: 'new' | 'edit' }) {
  const id = mode === 'edit' ? new URLSearchParams(location.search).get('id') : null;
  const here = mode === 'edit' ? `/dashboard/products/edit/?id=${id ?? ''}` : '/dashboard/products/new/';
  if (mode === 'edit' && !id)
    return <LoadFailed error={new ApiRequestError('No product chosen', 404)} retry={() => location.reload()} />;
  return (
    <SellerGate next={here} needsStore={mode === 'new'}>
      <Editor id={id} />
    </SellerGate>
  );
}
