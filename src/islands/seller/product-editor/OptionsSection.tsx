import { useState } from 'react';
import { MAX_PRODUCT_OPTIONS, type ProductOption } from '../../../lib/variants';
import { VariantRows } from './VariantRows';
import {
  addValue,
  type Grid,
  type GridProblems,
  type RowDefaults,
  removeValue,
  renameValue,
  withOptions,
} from './variant-grid';

/** One option: its name, its values as chips (× takes one away) and a box to add more. */
function OptionEditor({
  index,
  option,
  error,
  onChange,
  onRemove,
}: {
  index: number;
  option: ProductOption;
  error?: string;
  onChange: (change: { name?: string; add?: string[]; remove?: string; rename?: [string, string] }) => void;
  onRemove: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  // A renamed value keeps its variants (carts and orders naming them stay valid: decision 051).
  const rename = () => {
    if (renaming !== null) onChange({ rename: [renaming, newName] });
    setRenaming(null);
  };
  const id = `option-${index}`;
  const add = () => {
    // A comma-separated list adds each value: "8, 9, 10".
    onChange({ add: typed.split(',') });
    setTyped('');
  };
  return (
    <fieldset className="rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-semibold">Option {index + 1}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-40 flex-1">
          <label htmlFor={`${id}-name`} className="label">
            Option name
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={option.name}
            placeholder="Size, Colour…"
            maxLength={40}
            onChange={(e) => onChange({ name: e.target.value })}
          />
        </div>
        <div className="min-w-40 flex-1">
          <label htmlFor={`${id}-value`} className="label">
            Add values
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-value`}
              className="input"
              value={typed}
              placeholder="e.g. 8, 9, 10"
              maxLength={200}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <button type="button" className="btn btn-secondary btn-sm" onClick={add}>
              Add
            </button>
          </div>
        </div>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
          Remove option
        </button>
      </div>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label={`${option.name || `Option ${index + 1}`} values`}>
        {option.values.map((value) =>
          renaming === value ? (
            <li key={value} className="flex items-center gap-1">
              <label htmlFor={`${id}-rename`} className="sr-only">
                New name for {value}
              </label>
              <input
                id={`${id}-rename`}
                className="input h-8 w-28 py-1"
                value={newName}
                maxLength={40}
                autoFocus
                onChange={(e) => setNewName(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    rename();
                  }
                  if (e.key === 'Escape') setRenaming(null);
                }}
              />
              <button type="button" className="btn btn-secondary btn-sm" onClick={rename}>
                Rename
              </button>
            </li>
          ) : (
            <li key={value} className="badge badge-grey flex items-center gap-1">
              <button
                type="button"
                className="min-h-8 rounded px-2 hover:underline"
                aria-label={`Rename ${value}`}
                onClick={() => {
                  setRenaming(value);
                  setNewName(value);
                }}
              >
                {value}
              </button>
              <button
                type="button"
                // Big enough for a thumb: a chip is small, its buttons are not.
                className="min-h-8 min-w-8 rounded leading-none hover:bg-black/10"
                aria-label={`Remove ${value}`}
                onClick={() => onChange({ remove: value })}
              >
                ×
              </button>
            </li>
          ),
        )}
      </ul>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Sizes, colours…: up to three options and the grid of their combinations (issue 30 #4). A new
 * product is saved first; its options come next, on its edit page.
 */
export function OptionsSection({
  grid,
  setGrid,
  problems,
  defaults,
  photos,
  saved,
}: {
  grid: Grid;
  setGrid: (grid: Grid) => void;
  problems: GridProblems;
  defaults: RowDefaults;
  photos: string[];
  saved: boolean;
}) {
  const setOptions = (options: ProductOption[]) => setGrid(withOptions(grid, options, defaults));
  const change = (index: number, c: { name?: string; add?: string[]; remove?: string; rename?: [string, string] }) => {
    if (c.rename) {
      setGrid(renameValue(grid, index, ...c.rename));
      return;
    }
    let options = grid.options;
    if (c.name !== undefined) {
      // A name alone changes no combination: the rows stay as they are.
      const name = c.name;
      setGrid({ ...grid, options: options.map((o, i) => (i === index ? { ...o, name } : o)) });
      return;
    }
    for (const value of c.add ?? []) options = addValue(options, index, value);
    if (c.remove !== undefined) options = removeValue(options, index, c.remove);
    setOptions(options);
  };
  return (
    <section className="card flex flex-col gap-4 p-4 sm:p-5" aria-labelledby="options-title">
      <div>
        <h2 id="options-title" className="text-lg font-semibold">
          Options
        </h2>
        <p className="text-sm text-muted">
          Sizes, colours or other choices, each combination with its own SKU, price, stock and photos.
        </p>
      </div>
      {!saved ? (
        <p className="text-sm">Create the product first; then add its sizes or colours here.</p>
      ) : (
        <>
          {grid.options.map((option, i) => (
            <OptionEditor
              // Options have no id of their own; their place is who they are.
              // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place in the list
              key={i}
              index={i}
              option={option}
              error={problems[`option.${i}`]}
              onChange={(c) => change(i, c)}
              onRemove={() => setOptions(grid.options.filter((_, j) => j !== i))}
            />
          ))}
          {problems.options && <p className="field-error">{problems.options}</p>}
          {grid.options.length < MAX_PRODUCT_OPTIONS && (
            <div>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => setGrid({ ...grid, options: [...grid.options, { name: '', values: [] }] })}
              >
                {grid.options.length ? 'Add another option' : 'Add options like size or colour'}
              </button>
            </div>
          )}
          {grid.rows.length > 0 && <VariantRows grid={grid} setGrid={setGrid} problems={problems} photos={photos} />}
          {problems.variants && <p className="field-error">{problems.variants}</p>}
        </>
      )}
    </section>
  );
}
