import type { Category } from '../../lib/catalog';
import { DEFAULT_FILTERS, type FilterState, RATING_CHOICES, toggleRating } from '../../lib/listing';
import { type OptionFacet, withOption } from '../../lib/option-facets';
import { counted } from '../../lib/plural';

const SORT_LABELS = {
  newest: 'Newest',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  rating: 'Top Rated',
  bestsellers: 'Best Sellers',
} as const;

/** The filters the panel edits; the search page's sort may also be "relevance". */
type PanelFilters = Omit<FilterState, 'sort'> & { sort: string };

type Props<F extends PanelFilters> = {
  filters: F;
  onChange: (next: F) => void;
  categories: Category[];
  subcategories: string[];
  idPrefix: string;
  /** Offers "Relevance" first (search results); cleared filters fall back to `defaults`. */
  relevance?: boolean;
  defaults?: F;
  /** The category's options to filter by (Size, Colour: decision 053); none elsewhere. */
  facets?: OptionFacet[];
};

/** Sort and filters (spec §2): one panel, shown in the sidebar on desktop and in a sheet on phones. */
export function FilterPanel<F extends PanelFilters>({
  filters: f,
  onChange,
  categories,
  subcategories,
  idPrefix,
  relevance = false,
  defaults,
  facets = [],
}: Props<F>) {
  const chosenValue = (name: string) =>
    f.options?.find((o) => o.name.toLowerCase() === name.toLowerCase())?.value.toLowerCase();
  const toggle = (list: string[], value: string) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  return (
    <div className="flex flex-col gap-6">
      <div>
        <label htmlFor={`${idPrefix}-sort`} className="label">
          Sort by
        </label>
        <select
          id={`${idPrefix}-sort`}
          className="input"
          value={f.sort}
          onChange={(e) => onChange({ ...f, sort: e.target.value } as F)}
        >
          {relevance && <option value="relevance">Relevance</option>}
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {categories.length > 1 && (
        <fieldset>
          <legend className="label">Categories</legend>
          <div className="flex flex-col gap-1">
            {categories.map((c) => (
              <label key={c} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-700"
                  checked={f.categories.includes(c)}
                  onChange={() => onChange({ ...f, categories: toggle(f.categories, c) })}
                />
                {c}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {subcategories.length > 0 && (
        <fieldset>
          <legend className="label">Subcategories</legend>
          <div className="flex flex-col gap-1">
            {subcategories.map((s) => (
              <label key={s} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`${idPrefix}-subcategory`}
                  className="h-4 w-4 accent-brand-700"
                  checked={f.subcategories[0] === s}
                  onChange={() => onChange({ ...f, subcategories: [s] })}
                />
                {s}
              </label>
            ))}
            {f.subcategories.length > 0 && (
              <button
                type="button"
                className="link self-start text-sm"
                onClick={() => onChange({ ...f, subcategories: [] })}
              >
                Any subcategory
              </button>
            )}
          </div>
        </fieldset>
      )}
      {facets.map((facet, n) => (
        <fieldset key={facet.name}>
          <legend className="label">{facet.name}</legend>
          <div className="flex flex-wrap gap-2">
            {facet.values.map((value) => (
              <label key={value} className="cursor-pointer">
                <input
                  type="radio"
                  name={`${idPrefix}-option-${n}`}
                  className="peer sr-only"
                  checked={chosenValue(facet.name) === value.toLowerCase()}
                  onChange={() => onChange({ ...f, options: withOption(f.options ?? [], facet.name, value) })}
                />
                <span className="inline-flex min-h-9 min-w-10 items-center justify-center rounded-lg border border-line px-2 text-sm peer-checked:border-brand-600 peer-checked:bg-brand-50 peer-checked:font-semibold peer-checked:text-brand-800 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700">
                  {value}
                </span>
              </label>
            ))}
          </div>
          {chosenValue(facet.name) !== undefined && (
            <button
              type="button"
              className="link mt-1 text-sm"
              onClick={() => onChange({ ...f, options: withOption(f.options ?? [], facet.name, undefined) })}
            >
              Any {facet.name.toLowerCase()}
            </button>
          )}
        </fieldset>
      ))}
      <fieldset className="flex flex-col gap-1">
        <legend className="label">Availability</legend>
        <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-700"
            checked={f.inStock}
            onChange={(e) => onChange({ ...f, inStock: e.target.checked })}
          />
          In stock only
        </label>
        <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-700"
            checked={f.discounted}
            onChange={(e) => onChange({ ...f, discounted: e.target.checked })}
          />
          On sale
        </label>
      </fieldset>
      <fieldset>
        <legend className="label">Minimum rating</legend>
        <div className="flex flex-col gap-1">
          {RATING_CHOICES.map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={f.rating === r}
              onClick={() => onChange({ ...f, rating: toggleRating(f.rating, r) })}
              className="flex min-h-9 items-center gap-2 rounded-lg px-2 text-left text-sm hover:bg-surface aria-pressed:bg-brand-50 aria-pressed:font-semibold aria-pressed:text-brand-800"
            >
              <span aria-hidden="true" className="text-gold-600">
                {'★'.repeat(r)}
                <span className="text-line">{'★'.repeat(5 - r)}</span>
              </span>
              {counted(r, 'star')} & up
            </button>
          ))}
        </div>
      </fieldset>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => onChange({ ...(defaults ?? (DEFAULT_FILTERS as F)) })}
      >
        Clear Filters
      </button>
    </div>
  );
}
