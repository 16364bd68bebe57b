import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ErrorSummary } from '../../../components/ui/ErrorSummary';
import { FormError } from '../../../components/ui/FormError';
import { api } from '../../../lib/api';
import type { SellerProduct } from '../../../lib/contract/seller-products';
import { toastError, toastSuccess } from '../../../lib/stores/toasts';
import { PhotoManager } from '../PhotoManager';
import { LoadFailed } from '../SellerGate';
import { AboutSection } from './AboutSection';
import {
  archivedText,
  archiveFailed,
  archivePath,
  createdAddress,
  savedDetail,
  saveFailure,
  saveRequest,
  withCategory,
} from './editor-logic';
import { type Draft, draftOf, EMPTY, localProblems, type Problems, productProblems, stillWrong } from './product-draft';
import { SaleSection } from './SaleSection';
import { CreatedNote, StatusBar } from './StatusBar';

/** Every field of one product (`id`), or of a new one (`null`): loads, checks, saves, archives. */
export function Editor({ id }: { id: string | null }) {
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

  async function save(e: FormEvent) {
    e.preventDefault();
    const local = localProblems(draft);
    setProblems(local);
    // The banner lists every problem found (ErrorSummary); the form's one line is for the rest.
    setFormError(null);
    if (Object.keys(local).length) return;
    const request = saveRequest(product, draft);
    setBusy(true);
    try {
      if (request.method === 'put') {
        const saved = await api.put<SellerProduct>(request.path, request.body);
        setProduct(saved);
        setDraft(draftOf(saved));
        toastSuccess('Product saved', savedDetail(saved));
      } else {
        const saved = await api.post<SellerProduct>(request.path, request.body);
        toastSuccess('Product created');
        location.assign(createdAddress(saved.id));
      }
    } catch (err) {
      const failure = saveFailure(err);
      if (failure.problems) setProblems(failure.problems);
      setFormError(failure.formError);
      toastError('Not saved', failure.message);
    } finally {
      setBusy(false);
    }
  }

  async function setArchived(archived: boolean) {
    if (!product) return;
    setBusy(true);
    try {
      setProduct(await api.post<SellerProduct>(archivePath(product.id, archived)));
      toastSuccess(archivedText(archived));
    } catch (err) {
      toastError('Error', archiveFailed(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-5">
      {product && <StatusBar product={product} busy={busy} onArchive={setArchived} />}
      {product && new URLSearchParams(location.search).has('created') && <CreatedNote product={product} />}
      {formError ? (
        <FormError message={formError} id="product-form-error" />
      ) : (
        <ErrorSummary problems={productProblems(problems)} id="product-form-error" />
      )}

      <AboutSection
        draft={draft}
        problems={problems}
        set={set}
        chooseCategory={(category) => setDraft((d) => withCategory(d, category))}
      />
      <SaleSection draft={draft} problems={problems} set={set} />

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
