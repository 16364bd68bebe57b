import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ErrorSummary } from '../../../components/ui/ErrorSummary';
import { FormError } from '../../../components/ui/FormError';
import { ApiRequestError, api } from '../../../lib/api';
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
  sendsGrid,
  variantsPath,
  withCategory,
} from './editor-logic';
import { OptionsSection } from './OptionsSection';
import { type Draft, draftOf, EMPTY, localProblems, type Problems, productProblems, stillWrong } from './product-draft';
import { SaleSection } from './SaleSection';
import { CreatedNote, StatusBar } from './StatusBar';
import {
  EMPTY_GRID,
  type Grid,
  type GridProblems,
  gridFieldProblems,
  gridOf,
  gridProblems,
  serverGridProblems,
  variantsBody,
} from './variant-grid';

/** Every field of one product (`id`), or of a new one (`null`): loads, checks, saves, archives. */
export function Editor({ id }: { id: string | null }) {
  const [product, setProduct] = useState<SellerProduct | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loading, setLoading] = useState(Boolean(id));
  const [problems, setProblems] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [grid, setGrid] = useState<Grid>(EMPTY_GRID);
  const [cellProblems, setCellProblems] = useState<GridProblems>({});
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
        setGrid(gridOf(p));
      })
      .catch(setLoadError)
      .finally(() => setLoading(false));
  };
  useEffect(load, [id]);

  if (loading) return <div className="skeleton h-96" role="status" aria-label="Loading product" />;
  if (loadError) return <LoadFailed error={loadError} retry={load} />;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const perVariant = grid.options.length > 0;
  // A new row starts from the product's own price and stock, and a SKU made from its SKU.
  const defaults = { sku: draft.sku, price: draft.price, compareAtPrice: draft.compareAtPrice, stock: draft.stock };

  /** The grid first (its own door, all or nothing), so the product's fields are saved only with it. */
  async function saveGrid(p: SellerProduct): Promise<boolean> {
    if (!sendsGrid(p, grid.options.length)) return true;
    try {
      const saved = await api.put<SellerProduct>(variantsPath(p.id), variantsBody(grid, defaults));
      setProduct(saved);
      setGrid(gridOf(saved));
      setCellProblems({});
      return true;
    } catch (err) {
      if (err instanceof ApiRequestError && err.errors) setCellProblems(serverGridProblems(grid, err.errors));
      const failure = saveFailure(err);
      // Named cells go to the banner with the rest; the form's one line is for an answer naming none.
      setFormError(failure.formError);
      toastError('Not saved', failure.message);
      return false;
    }
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const local = localProblems(draft);
    const cells = gridProblems(grid, defaults);
    setProblems(local);
    setCellProblems(cells);
    // The banner lists every problem found (ErrorSummary); the form's one line is for the rest.
    setFormError(null);
    if (Object.keys(local).length || Object.keys(cells).length) return;
    const request = saveRequest(product, draft, perVariant);
    setBusy(true);
    try {
      if (product && !(await saveGrid(product))) return;
      if (request.method === 'put') {
        const saved = await api.put<SellerProduct>(request.path, request.body);
        setProduct(saved);
        setDraft(draftOf(saved));
        setGrid(gridOf(saved));
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
        <ErrorSummary
          problems={[...productProblems(problems), ...gridFieldProblems(cellProblems)]}
          id="product-form-error"
        />
      )}

      <AboutSection
        draft={draft}
        problems={problems}
        set={set}
        chooseCategory={(category) => setDraft((d) => withCategory(d, category))}
      />
      <SaleSection draft={draft} problems={problems} set={set} perVariant={perVariant} />

      <div className="card p-4 sm:p-5">
        <PhotoManager photos={draft.images} onChange={(images) => set('images', images)} error={problems.images} />
      </div>

      <OptionsSection
        grid={grid}
        setGrid={setGrid}
        problems={cellProblems}
        defaults={defaults}
        photos={draft.images}
        saved={product !== null}
      />

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
