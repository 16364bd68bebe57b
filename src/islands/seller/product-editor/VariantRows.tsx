import { useState } from 'react';
import { resolveImage } from '../../../lib/images';
import { PRODUCT_LABELS as L } from '../../../lib/product-rules';
import {
  type Grid,
  type GridProblems,
  type GridRow,
  type RowScope,
  rowLabel,
  setForRows,
  updateRow,
} from './variant-grid';

/** "Set for all" (or for one value's rows): a price and/or a stock at once. */
function SetForRows({ grid, setGrid }: { grid: Grid; setGrid: (grid: Grid) => void }) {
  const [scope, setScope] = useState('all');
  const [price, setPrice] = useState('');
  const [stock, setStock] = useState('');
  const scopes = grid.options.flatMap((o, option) =>
    o.values.map((value) => ({ key: `${option}:${value}`, label: `${o.name} ${value}`, option, value })),
  );
  const apply = () => {
    const chosen = scopes.find((s) => s.key === scope);
    const target: RowScope = chosen ? { option: chosen.option, value: chosen.value } : null;
    setGrid(setForRows(grid, target, { price, stock }));
    setPrice('');
    setStock('');
  };
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-lg bg-surface p-3">
      <div>
        <label htmlFor="set-rows-scope" className="label">
          Set for
        </label>
        <select id="set-rows-scope" className="input" value={scope} onChange={(e) => setScope(e.target.value)}>
          <option value="all">All variants</option>
          {scopes.map((s) => (
            <option key={s.key} value={s.key}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <div className="w-28">
        <label htmlFor="set-rows-price" className="label">
          {L.price}
        </label>
        <input
          id="set-rows-price"
          className="input"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
      </div>
      <div className="w-24">
        <label htmlFor="set-rows-stock" className="label">
          {L.stock}
        </label>
        <input
          id="set-rows-stock"
          className="input"
          inputMode="numeric"
          value={stock}
          onChange={(e) => setStock(e.target.value)}
        />
      </div>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={apply}
        disabled={!price.trim() && !stock.trim()}
      >
        Apply
      </button>
    </div>
  );
}

const CELLS = [
  { field: 'sku', label: L.sku, mode: undefined, width: 'lg:col-span-3' },
  { field: 'price', label: L.price, mode: 'decimal', width: 'lg:col-span-2' },
  { field: 'compareAtPrice', label: L.compareAtPrice, mode: 'decimal', width: 'lg:col-span-2' },
  { field: 'stock', label: L.stock, mode: 'numeric', width: 'lg:col-span-1' },
] as const;

/** One combination: its cells (labelled on a phone, under the header row on a wide screen), its photos and remove. */
function Row({
  grid,
  row,
  index,
  problems,
  photos,
  onChange,
}: {
  grid: Grid;
  row: GridRow;
  index: number;
  problems: GridProblems;
  photos: string[];
  onChange: (change: Partial<GridRow>) => void;
}) {
  const label = rowLabel(grid, row);
  const rowError = problems[`row.${index}.options`] ?? problems[`row.${index}.id`];
  if (row.removed)
    return (
      <li className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed border-line p-3 text-sm text-muted">
        <span>{label}: not sold</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange({ removed: false })}>
          Sell it again<span className="sr-only"> ({label})</span>
        </button>
      </li>
    );
  return (
    <li className="grid grid-cols-2 gap-3 rounded-lg border border-line p-3 lg:grid-cols-12 lg:items-start lg:gap-2 lg:border-0 lg:border-t lg:rounded-none lg:px-0">
      <p className="col-span-2 font-semibold lg:col-span-2 lg:pt-2">{label}</p>
      {CELLS.map(({ field, label: cellLabel, mode, width }) => {
        const id = `variant-${index}-${field}`;
        const error = problems[`row.${index}.${field}`];
        return (
          <div key={field} className={`${field === 'sku' ? 'col-span-2' : ''} ${width}`}>
            <label htmlFor={id} className="label lg:sr-only">
              {cellLabel}
              <span className="sr-only"> of {label}</span>
            </label>
            <input
              id={id}
              className="input"
              inputMode={mode}
              value={row[field]}
              autoCapitalize={field === 'sku' ? 'characters' : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => onChange({ [field]: e.target.value })}
            />
            {error && (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <div className="col-span-2 flex flex-wrap items-center gap-2 lg:col-span-2 lg:justify-end">
        {photos.map((url, i) => {
          const chosen = row.images.includes(url);
          return (
            <button
              key={url}
              type="button"
              aria-pressed={chosen}
              aria-label={`Photo ${i + 1} for ${label}`}
              className={`h-10 w-10 overflow-hidden rounded border-2 ${chosen ? 'border-brand-700' : 'border-transparent opacity-60'}`}
              onClick={() => onChange({ images: chosen ? row.images.filter((u) => u !== url) : [...row.images, url] })}
            >
              <img src={resolveImage(url)} alt="" width={40} height={40} className="h-full w-full object-cover" />
            </button>
          );
        })}
        <button type="button" className="btn btn-ghost btn-sm text-danger" onClick={() => onChange({ removed: true })}>
          Remove<span className="sr-only"> {label}</span>
        </button>
      </div>
      {(rowError || problems[`row.${index}.images`]) && (
        <p className="field-error col-span-2 lg:col-span-12">{rowError ?? problems[`row.${index}.images`]}</p>
      )}
    </li>
  );
}

/** The grid: one row per combination, stacked cards on a phone, a table-like list on a wide screen. */
export function VariantRows({
  grid,
  setGrid,
  problems,
  photos,
}: {
  grid: Grid;
  setGrid: (grid: Grid) => void;
  problems: GridProblems;
  photos: string[];
}) {
  const sold = grid.rows.filter((r) => !r.removed).length;
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold">
        {sold} {sold === 1 ? 'variant' : 'variants'}
      </h3>
      <SetForRows grid={grid} setGrid={setGrid} />
      <div aria-hidden="true" className="hidden text-xs font-semibold text-muted lg:grid lg:grid-cols-12 lg:gap-2">
        <span className="lg:col-span-2">Variant</span>
        <span className="lg:col-span-3">{L.sku}</span>
        <span className="lg:col-span-2">{L.price}</span>
        <span className="lg:col-span-2">{L.compareAtPrice}</span>
        <span className="lg:col-span-1">{L.stock}</span>
        <span className="lg:col-span-2 lg:text-right">{photos.length > 0 && 'Photos'}</span>
      </div>
      <ul className="flex flex-col gap-3 lg:gap-0">
        {grid.rows.map((row, i) => (
          <Row
            key={JSON.stringify(row.values)}
            grid={grid}
            row={row}
            index={i}
            problems={problems}
            photos={photos}
            onChange={(change) => setGrid(updateRow(grid, i, change))}
          />
        ))}
      </ul>
    </div>
  );
}
