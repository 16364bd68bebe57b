/**
 * The products list's query (search, filters, sort, page): read from and written to the address
 * bar, so a reload or a shared link shows the same list, and turned into the API's request.
 */
export type Query = { search: string; status: string; category: string; stock: string; sort: string; page: number };
export const DEFAULT_QUERY: Query = { search: '', status: 'all', category: '', stock: '', sort: 'updated', page: 1 };
export const PAGE_SIZE = 25;

/** The query in an address's search part (`location.search`); what is missing is the default. */
export function queryFromSearch(search: string): Query {
  const p = new URLSearchParams(search);
  return {
    search: p.get('search') ?? '',
    status: p.get('status') ?? 'all',
    category: p.get('category') ?? '',
    stock: p.get('stock') ?? '',
    sort: p.get('sort') ?? 'updated',
    page: Math.max(1, Number(p.get('page')) || 1),
  };
}

/** The address bar's parameters: only what differs from the default, so a plain list has a plain address. */
export function toParams(q: Query): URLSearchParams {
  const p = new URLSearchParams();
  for (const [key, value] of Object.entries(q))
    if (value !== '' && value !== DEFAULT_QUERY[key as keyof Query]) p.set(key, String(value));
  return p;
}

/** GET /seller/products for the query: always a page size, and page 1 when none is named. */
export function listRequest(q: Query): string {
  const params = toParams(q);
  params.set('limit', String(PAGE_SIZE));
  if (!params.has('page')) params.set('page', '1');
  return `/seller/products?${params}`;
}

/** Whether the seller narrowed the list (the empty card then offers to clear, not to add). */
export const isFiltered = (q: Query) => Boolean(q.search || q.status !== 'all' || q.category || q.stock);

/** A change of search, filter or sort starts again at page 1. */
export const changed = (q: Query, patch: Partial<Query>): Query => ({ ...q, page: 1, ...patch });

/** The line above the list. */
export const countText = (loading: boolean, total: number) =>
  loading ? 'Loading…' : `${total} product${total === 1 ? '' : 's'}`;
