import { useRef } from 'react';
import { CATEGORY_NAMES } from '../../../lib/catalog';
import { LOW_STOCK, SELLER_SORT_LABELS, SELLER_SORTS } from '../../../lib/product-rules';
import type { Query } from './list-query';

/** The list's search (sent on submit) and its filters and sort (each applied as it changes). */
export function ProductFilters({ query, onChange }: { query: Query; onChange: (patch: Partial<Query>) => void }) {
  const searchRef = useRef<HTMLInputElement>(null);
  return (
    <form
      role="search"
      aria-label="Your products"
      className="card grid grid-cols-2 gap-3 p-4 lg:grid-cols-6"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ search: searchRef.current?.value ?? '' });
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
          onChange={(e) => onChange({ status: e.target.value })}
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
          onChange={(e) => onChange({ category: e.target.value })}
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
          onChange={(e) => onChange({ stock: e.target.value })}
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
        <select id="sort" className="input" value={query.sort} onChange={(e) => onChange({ sort: e.target.value })}>
          {SELLER_SORTS.map((s) => (
            <option key={s} value={s}>
              {SELLER_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
