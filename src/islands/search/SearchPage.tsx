import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CardSkeletons, StatusCard } from '../../components/ui/StatusCard';
import { api } from '../../lib/api';
import { CATEGORIES, CATEGORY_NAMES, type Category, type Sort } from '../../lib/catalog';
import { browserSchemas } from '../../lib/contract/browser';
import type { Product } from '../../lib/contract/catalog';
import { DEFAULT_FILTERS, type FilterState, filtersFromQuery, filtersToQuery } from '../../lib/listing';
import { MESSAGES } from '../../lib/messages';
import { type SearchHit, type SearchResults, searchProducts } from '../../lib/search/static-search';
import { fetchProducts } from '../../lib/stores/product-snapshot';
import { toastError } from '../../lib/stores/toasts';
import { apiQuery } from '../catalog/browse-query';
import { FilterPanel } from '../catalog/FilterPanel';
import { FilterSheet } from '../catalog/FilterSheet';
import { type View, ViewToggle } from '../catalog/ViewToggle';
import { SearchResultCard } from './SearchResultCard';

const PAGE_SIZE = 24;

type SearchFilterState = Omit<FilterState, 'sort'> & { sort: 'relevance' | Sort };
const SEARCH_DEFAULTS: SearchFilterState = { ...DEFAULT_FILTERS, sort: 'relevance' };

type State =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'error' }
  | { status: 'done'; total: number; hits: SearchHit[]; page: number };

/** Spec §2 Search status line. */
export function statusLine(state: State, query: string): string {
  if (state.status === 'searching') return 'Searching...';
  if (state.status === 'error') return 'Error searching';
  if (state.status === 'done' && state.total > 0)
    return `Found ${state.total} result${state.total === 1 ? '' : 's'} for "${query}"`;
  if (state.status === 'done') return 'No results found';
  return '';
}

const toHit = (p: Product): SearchHit => ({
  id: p.id,
  url: `/product/${p.id}`,
  name: p.name,
  description: p.description,
  price: p.price,
  image: p.images[0] ?? '',
  stock: p.stock,
  rating: p.rating,
  category: p.category,
  subcategory: p.subcategory,
  store: { id: p.store.id, name: p.store.name },
});

/**
 * Results in another order than relevance come from the API (sorted and paged on the server):
 * a static index would have to carry every product's place in every order in the file that
 * each first search downloads (docs/decisions/006-search.md).
 */
async function sortedSearch(query: string, f: FilterState): Promise<SearchResults> {
  const { ProductList } = await browserSchemas();
  const path = (page: number) =>
    `${apiQuery([...CATEGORY_NAMES], f, page, PAGE_SIZE)}&search=${encodeURIComponent(query)}`;
  const first = await api.get(path(1), ProductList);
  return {
    words: [],
    searched: [],
    total: first.pagination.total,
    page: async (page) => (page === 1 ? first : await api.get(path(page), ProductList)).products.map(toHit),
  };
}

/** The search category list (spec §9) and, for exactly one category, its subcategories. */
function subcategoriesFor(categories: string[]): string[] {
  return categories.length === 1 && categories[0] in CATEGORIES ? [...CATEGORIES[categories[0] as Category]] : [];
}

/**
 * /search?q= (spec §2): the static index's results for the query, with the listing's filter
 * panel (sort adds "Relevance", the default), grid/list on desktop, and the spec's states.
 * Shown prices and stock are refreshed from the API, since the index is as old as the build.
 */
export default function SearchPage() {
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<SearchFilterState>(SEARCH_DEFAULTS);
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<State>({ status: 'idle' });
  const [view, setView] = useState<View>('grid');
  const [sheetOpen, setSheetOpen] = useState(false);
  const results = useRef<SearchResults | null>(null);
  const request = useRef(0);

  // The address is the state: read once, written back on every change.
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const f = filtersFromQuery(q);
    const sortRaw = q.get('sortBy');
    setQuery(q.get('q') ?? '');
    setFilters({
      ...f,
      categories: f.categories.filter((c) => (CATEGORY_NAMES as string[]).includes(c)),
      sort: sortRaw && sortRaw === f.sort ? f.sort : 'relevance',
    });
    setReady(true);
  }, []);

  /** Today's price and stock for the shown results (the index is as old as the last build). */
  const refreshLive = useCallback(async (hits: SearchHit[], id: number) => {
    const live = await fetchProducts(hits.map((h) => h.id));
    if (!live || id !== request.current) return;
    setState((prev) =>
      prev.status === 'done'
        ? {
            ...prev,
            hits: prev.hits.map((h) => {
              const p = live.get(h.id);
              return p ? { ...h, price: p.price, stock: p.stock, rating: p.rating } : h;
            }),
          }
        : prev,
    );
  }, []);

  const run = useCallback(async () => {
    const id = ++request.current;
    if (!query.trim()) {
      results.current = null;
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'searching' });
    try {
      const { sort, ...rest } = filters;
      const found =
        sort === 'relevance'
          ? await searchProducts(query, { pageSize: PAGE_SIZE, filters: rest })
          : await sortedSearch(query, { ...rest, sort });
      const hits = await found.page(1);
      if (id !== request.current) return;
      results.current = found;
      setState({ status: 'done', total: found.total, hits, page: 1 });
      if (sort === 'relevance') void refreshLive(hits, id); // the API's answers are live already
    } catch {
      if (id !== request.current) return;
      setState({ status: 'error' });
      toastError(MESSAGES.search.failedToastTitle, MESSAGES.search.failedToast);
    }
  }, [query, filters, refreshLive]);

  useEffect(() => {
    if (!ready) return;
    void run();
    const q = filtersToQuery({ ...filters, sort: filters.sort === 'relevance' ? DEFAULT_FILTERS.sort : filters.sort });
    if (filters.sort !== 'relevance') q.set('sortBy', filters.sort);
    const params = new URLSearchParams({ q: query });
    for (const [k, v] of q) params.append(k, v);
    history.replaceState(null, '', `${location.pathname}?${params}`);
  }, [ready, run, filters, query]);

  const loadMore = async () => {
    if (state.status !== 'done' || !results.current) return;
    const id = request.current;
    try {
      const more = await results.current.page(state.page + 1);
      if (id !== request.current) return;
      setState({ ...state, hits: [...state.hits, ...more], page: state.page + 1 });
      if (filters.sort === 'relevance') void refreshLive(more, id);
    } catch {
      toastError(MESSAGES.search.failedToastTitle, MESSAGES.search.failedToast);
    }
  };

  const subcategories = useMemo(() => subcategoriesFor(filters.categories), [filters.categories]);
  const onFilters = (next: SearchFilterState) =>
    setFilters({
      ...next,
      subcategories: next.subcategories.filter((s) => subcategoriesFor(next.categories).includes(s)),
    });
  const panel = (prefix: string) => (
    <FilterPanel
      filters={filters}
      onChange={onFilters}
      categories={[...CATEGORY_NAMES]}
      subcategories={subcategories}
      idPrefix={prefix}
      relevance
      defaults={SEARCH_DEFAULTS}
    />
  );
  const line = statusLine(state, query.trim());

  return (
    <div className="container-page py-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="h1">Search Results</h1>
          <p className="mt-1 text-sm text-muted" role="status" data-search-status>
            {line || '\u00a0'}
          </p>
        </div>
        <div className="flex items-center gap-2">
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

      <div className="mt-6 grid gap-8 md:grid-cols-[15rem_1fr]">
        <aside className="hidden md:block" aria-label="Filters">
          {panel('side')}
        </aside>
        <section aria-label="Results" aria-busy={state.status === 'searching'}>
          {state.status === 'idle' && (
            <div className="card p-10 text-center text-muted">
              Type what you are looking for in the search box above: a product, a category or a store.
            </div>
          )}
          {state.status === 'searching' && (
            <CardSkeletons count={6} gridClassName="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" />
          )}
          {state.status === 'error' && (
            <StatusCard alert title={MESSAGES.search.failed}>
              <button type="button" className="btn btn-primary" onClick={() => void run()}>
                Try Again
              </button>
            </StatusCard>
          )}
          {state.status === 'done' && state.total === 0 && (
            <StatusCard
              title={`No products match "${query.trim()}".`}
              text="Check the spelling, use fewer words, or clear the filters."
            >
              <button type="button" className="btn btn-secondary" onClick={() => setFilters(SEARCH_DEFAULTS)}>
                Clear Filters
              </button>
              <a href="/products" className="btn btn-primary">
                Browse Products
              </a>
            </StatusCard>
          )}
          {state.status === 'done' && state.total > 0 && (
            <>
              <div
                className={
                  view === 'grid'
                    ? 'grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-3'
                    : 'flex flex-col gap-3 sm:gap-4'
                }
              >
                {state.hits.map((hit, i) => (
                  <SearchResultCard key={hit.id} hit={hit} layout={view} priority={i < 3} />
                ))}
              </div>
              <div className="mt-8 flex flex-col items-center gap-2">
                <p className="text-sm text-muted">
                  Showing {state.hits.length} of {state.total}
                </p>
                {state.hits.length < state.total && (
                  <button type="button" className="btn btn-secondary" onClick={() => void loadMore()}>
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
