import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ProductCard } from '../../components/product/ProductCard';
import { Picture } from '../../components/ui/Picture';
import { CardSkeletons, StatusCard } from '../../components/ui/StatusCard';
import { api } from '../../lib/api';
import { categoryBanner, filterTitle } from '../../lib/catalog';
import { type Product, ProductList } from '../../lib/contract/catalog';
import { categoryTitle, DEFAULT_FILTERS, type FilterState, filtersFromQuery, filtersToQuery } from '../../lib/listing';
import { MESSAGES } from '../../lib/messages';
import type { OptionFacet } from '../../lib/option-facets';
import { documentTitle } from '../../lib/site';
import { toastError } from '../../lib/stores/toasts';
import { apiQuery, coveredCategories, subcategoryTabs } from './browse-query';
import { FilterPanel } from './FilterPanel';
import { FilterSheet } from './FilterSheet';
import { type View, ViewToggle } from './ViewToggle';

const PAGE_SIZE = 24;

type Props = {
  /** "listing" is /products (category and sort come from the query); "category" is /category/{slug}. */
  mode: 'listing' | 'category';
  /** The category page's slug ("" for all products). */
  categorySlug?: string;
  /** The first page as the build saw it (newest first, no filters): shown at once, then refreshed quietly. */
  initial?: { products: Product[]; total: number };
  /** A category page's options to filter by, from every product it lists (decision 053). */
  facets?: OptionFacet[];
};

type State =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'loaded'; products: Product[]; total: number; page: number; more: boolean };

/**
 * The product listing and category pages (spec §2): subcategory tabs, sort and filters (sidebar,
 * or a left sheet under 768 px), grid/list view, and the loading, error and empty states.
 * Filters live in the URL, so a link or a reload shows the same list.
 */
export default function ProductBrowser({ mode, categorySlug = '', initial, facets }: Props) {
  // The first render is the plain page (no query), the same on the server and in the browser, so
  // the built HTML hydrates as it is; the address's own category and filters are read just after.
  const [urlRead, setUrlRead] = useState(false);
  const [categoryParam, setCategoryParam] = useState(mode === 'listing' ? '' : categorySlug);
  const covered = useMemo(() => coveredCategories(categoryParam || undefined), [categoryParam]);
  const tabs = subcategoryTabs(covered);
  const title =
    (categoryParam && filterTitle(categoryParam)) ||
    (mode === 'category' ? categoryTitle(categorySlug || undefined) : categoryParam || 'All Products');

  const [filters, setFilters] = useState<FilterState>(DEFAULT_FILTERS);
  // The built first page is right only for the plain page: no category, sort or filter in the URL.
  const quietFirstLoad = useRef(Boolean(initial));
  const [state, setState] = useState<State>(() =>
    initial
      ? {
          status: 'loaded',
          products: initial.products,
          total: initial.total,
          page: 1,
          more: initial.total > initial.products.length,
        }
      : { status: 'loading' },
  );
  const [view, setView] = useState<View>('grid');
  const [sheetOpen, setSheetOpen] = useState(false);
  const request = useRef(0);

  const load = useCallback(
    async (page: number, append: boolean) => {
      const id = ++request.current;
      if (!append && !quietFirstLoad.current) setState({ status: 'loading' });
      quietFirstLoad.current = false;
      try {
        const body = await api.get(apiQuery(covered, filters, page, PAGE_SIZE), ProductList);
        if (id !== request.current) return;
        setState((prev) => ({
          status: 'loaded',
          products: append && prev.status === 'loaded' ? [...prev.products, ...body.products] : body.products,
          total: body.pagination.total,
          page,
          more: page < body.pagination.totalPages,
        }));
      } catch {
        if (id !== request.current) return;
        setState({ status: 'error' });
        toastError('Error', MESSAGES.products.loadFailedToast);
      }
    },
    [covered, filters],
  );

  useEffect(() => {
    const q = new URLSearchParams(location.search);
    if (q.size > 0) {
      quietFirstLoad.current = false;
      const category = mode === 'listing' ? (q.get('category') ?? '') : categorySlug;
      const known = subcategoryTabs(coveredCategories(category || undefined)).map((t) => t.toLowerCase());
      const f = filtersFromQuery(q);
      setCategoryParam(category);
      setFilters({ ...f, subcategories: f.subcategories.filter((s) => known.includes(s.toLowerCase())) });
    }
    setUrlRead(true);
  }, [mode, categorySlug]);

  useEffect(() => {
    if (!urlRead) return;
    void load(1, false);
    const q = filtersToQuery(filters, mode === 'listing' ? 'sort' : 'sortBy');
    if (mode === 'listing' && categoryParam) q.set('category', categoryParam);
    const search = q.toString();
    history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
  }, [urlRead, load, filters, mode, categoryParam]);

  const activeSub = filters.subcategories[0];
  const heading = activeSub ? `${title}: ${activeSub}` : title;

  // The tab's title names the listing shown, not the built page's "All Products".
  useEffect(() => {
    if (!urlRead) return;
    const sorted = filters.sort === 'bestsellers' ? 'Best Sellers' : undefined;
    const named = sorted ? (heading === 'All Products' ? sorted : `${heading} · ${sorted}`) : heading;
    document.title = documentTitle(named);
  }, [urlRead, heading, filters.sort]);
  const setSub = (sub: string | undefined) => setFilters({ ...filters, subcategories: sub ? [sub] : [] });
  const panel = (prefix: string) => (
    <FilterPanel
      filters={filters}
      onChange={setFilters}
      categories={covered.length > 1 ? covered : []}
      subcategories={tabs}
      idPrefix={prefix}
      facets={facets}
    />
  );

  const banner = categoryBanner(mode === 'listing' ? categoryParam : categorySlug);

  return (
    <div className="container-page py-6">
      {banner && (
        <div className="mb-4 overflow-hidden rounded-xl" data-testid="category-banner">
          <Picture
            src={banner}
            alt=""
            width={1600}
            height={400}
            sizes="(min-width: 1280px) 1216px, 100vw"
            widths={[640, 1200, 1600]}
            priority
            className="h-24 w-full object-cover sm:h-36"
          />
        </div>
      )}
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-muted">
        <a href="/" className="hover:underline">
          Home
        </a>{' '}
        /{' '}
        <a href="/products" className="hover:underline">
          Products
        </a>
        {activeSub && (
          <>
            {' '}
            / <span>{title}</span> /{' '}
            <span aria-current="page" className="font-medium text-ink">
              {activeSub}
            </span>
          </>
        )}
      </nav>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="h1">{heading}</h1>
          <p className="mt-1 text-sm text-muted" aria-live="polite">
            {state.status === 'loaded' ? `${state.total} product${state.total === 1 ? '' : 's'} found` : '\u00a0'}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {activeSub && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => setSub(undefined)}>
              ← Back to {title}
            </button>
          )}
          <button
            type="button"
            className="btn btn-secondary btn-sm md:hidden"
            onClick={() => setSheetOpen(true)}
            aria-haspopup="dialog"
          >
            Filters
          </button>
          <ViewToggle view={view} onChange={setView} />
        </div>
      </div>

      {tabs.length > 0 && (
        <fieldset className="mt-4 flex gap-2 overflow-x-auto pb-1">
          <legend className="sr-only">{title} subcategories</legend>
          <button
            type="button"
            aria-pressed={!activeSub}
            onClick={() => setSub(undefined)}
            className="shrink-0 rounded-full border border-line px-4 py-1.5 text-sm aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
          >
            All {title}
          </button>
          {tabs.map((t) => (
            <button
              key={t}
              type="button"
              aria-pressed={activeSub === t}
              onClick={() => setSub(t)}
              className="shrink-0 rounded-full border border-line px-4 py-1.5 text-sm aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
            >
              {t}
            </button>
          ))}
        </fieldset>
      )}

      <div className="mt-6 grid gap-8 md:grid-cols-[15rem_1fr]">
        <aside className="hidden md:block" aria-label="Filters">
          {panel('side')}
        </aside>
        <section aria-label="Products" aria-busy={state.status === 'loading'}>
          {state.status === 'loading' && (
            <CardSkeletons count={8} gridClassName="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" />
          )}
          {state.status === 'error' && (
            <StatusCard
              alert
              title={mode === 'category' ? MESSAGES.products.categoryFailed : MESSAGES.products.loadFailed}
            >
              <button type="button" className="btn btn-primary" onClick={() => void load(1, false)}>
                Try Again
              </button>
            </StatusCard>
          )}
          {state.status === 'loaded' && state.products.length === 0 && (
            <StatusCard title={MESSAGES.products.noMatches}>
              <button type="button" className="btn btn-primary" onClick={() => setFilters({ ...DEFAULT_FILTERS })}>
                Clear Filters
              </button>
            </StatusCard>
          )}
          {state.status === 'loaded' && state.products.length > 0 && (
            <>
              <div
                className={
                  view === 'grid'
                    ? 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4'
                    : 'flex flex-col gap-3'
                }
              >
                {/* Under a category's banner (the largest paint), the first row's photos come after it (decision 046). */}
                {state.products.map((p, i) => (
                  <ProductCard key={p.id} product={p} layout={view} priority={i < 4 && (banner ? 'low' : true)} />
                ))}
              </div>
              <div className="mt-8 flex flex-col items-center gap-2">
                <p className="text-sm text-muted">
                  Showing {state.products.length} of {state.total}
                </p>
                {state.more && (
                  <button type="button" className="btn btn-secondary" onClick={() => void load(state.page + 1, true)}>
                    Load more
                  </button>
                )}
              </div>
            </>
          )}
        </section>
      </div>

      <FilterSheet open={sheetOpen} onClose={() => setSheetOpen(false)}>
        {panel('sheet')}
      </FilterSheet>
    </div>
  );
}
