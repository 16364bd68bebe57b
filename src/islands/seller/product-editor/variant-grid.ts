import { fieldMessages, typedNumber } from '../../../lib/contract/field-messages';
import { type SellerProduct, VariantsInput, type VariantsInputBody } from '../../../lib/contract/seller-products';
import { MAX_PRODUCT_OPTIONS, type ProductOption, variantLabel } from '../../../lib/variants';

/**
 * The product editor's Options section as data (issue 30 #4, docs/decisions/054): the options and
 * their values, the grid they make (one row per combination, text as typed), what is kept when the
 * options change, bulk setting, SKU suggestions, the body of PUT /seller/products/{id}/variants and
 * where each of its errors goes. The section's components only draw this.
 */

export type GridRow = {
  /** The stored variant's id, kept so its carts and orders stay valid; none for a new row. */
  id?: string;
  values: string[];
  sku: string;
  price: string;
  compareAtPrice: string;
  stock: string;
  images: string[];
  /** A combination the seller does not sell: kept on screen to bring back, not sent. */
  removed: boolean;
};
export type Grid = { options: ProductOption[]; rows: GridRow[] };
export type GridProblems = Record<string, string>;

export const EMPTY_GRID: Grid = { options: [], rows: [] };

const combo = (values: readonly string[]) => JSON.stringify(values);

/** Every combination of the options' values, the first option varying slowest (Size 9 Brown, Size 9 Black, Size 10 Brown…). */
export function combinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>(
    (acc, option) => acc.flatMap((prefix) => option.values.map((v) => [...prefix, v])),
    options.length ? [[]] : [],
  );
}

/** A SKU for a new row: the product's, then each value in capitals ("BOOT-1-10-BROWN"), within the SKU's 64 characters. */
export function suggestSku(productSku: string, values: readonly string[]): string {
  const tail = values
    .map((v) =>
      v
        .normalize('NFKD')
        .toUpperCase()
        .replace(/[^A-Z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    )
    .filter(Boolean)
    .join('-');
  const base = (productSku.trim() || 'SKU').slice(0, 63 - tail.length).replace(/-$/, '');
  return tail ? `${base}-${tail}` : base;
}

/** The grid of a product as saved: its options and a row per variant (none for a product without options). */
export function gridOf(product: SellerProduct | null): Grid {
  if (!product || product.options.length === 0) return EMPTY_GRID;
  return {
    options: product.options,
    rows: (product.variants ?? []).map((v) => ({
      id: v.id,
      values: v.options,
      sku: v.sku,
      price: v.price.toFixed(2),
      compareAtPrice: v.compareAtPrice === null ? '' : v.compareAtPrice.toFixed(2),
      stock: String(v.stock),
      images: v.images,
      removed: false,
    })),
  };
}

/** What a new row starts with: the product's price and stock as the form has them, a suggested SKU. */
export type RowDefaults = { sku: string; price: string; compareAtPrice: string; stock: string };

/**
 * The grid for new options: one row per combination. A row whose values are still a combination
 * keeps what was entered (and its variant's id); a new combination takes the price, stock and photos
 * of the row it grew from (an option added: the row of its other values) or the defaults, with its
 * own suggested SKU and a new variant.
 */
export function withOptions(grid: Grid, options: ProductOption[], defaults: RowDefaults): Grid {
  // An option still without values makes no combination: the rows wait for its first value.
  if (options.some((o) => o.values.length === 0)) return { options, rows: grid.rows };
  const old = new Map(grid.rows.map((r) => [combo(r.values), r]));
  const rows = combinations(options).map((values): GridRow => {
    const same = old.get(combo(values));
    if (same) return same;
    // The row it grew from: the same values for the options it had (an option added or taken away).
    const from = grid.rows.find((r) =>
      r.values.every((v, i) => {
        const name = grid.options[i]?.name;
        const j = options.findIndex((o) => o.name === name);
        return j < 0 || values[j] === v;
      }),
    );
    const base = from && grid.rows.length ? from : { ...defaults, images: [] as string[] };
    return {
      values,
      sku: suggestSku(defaults.sku, values),
      price: base.price,
      compareAtPrice: base.compareAtPrice,
      stock: base.stock,
      images: base.images,
      removed: false,
    };
  });
  return { options, rows };
}

/** Options as the seller edits them: add one (up to 3), rename it, add or take away a value, remove it. */
export const canAddOption = (grid: Grid) => grid.options.length < MAX_PRODUCT_OPTIONS;

export function addValue(options: ProductOption[], index: number, value: string): ProductOption[] {
  const v = value.trim();
  return options.map((o, i) =>
    i === index && v && !o.values.some((x) => x.toLowerCase() === v.toLowerCase())
      ? { ...o, values: [...o.values, v] }
      : o,
  );
}
export const removeValue = (options: ProductOption[], index: number, value: string): ProductOption[] =>
  options.map((o, i) => (i === index ? { ...o, values: o.values.filter((x) => x !== value) } : o));

/**
 * A value renamed (Brown → Tan): its rows keep their variant (id, SKU, price, stock), so carts and
 * orders naming it stay valid (decision 051). No change for a blank name or one the option has.
 */
export function renameValue(grid: Grid, index: number, from: string, to: string): Grid {
  const v = to.trim();
  const option = grid.options[index];
  const taken = option?.values.some((x) => x !== from && x.toLowerCase() === v.toLowerCase());
  if (!option || !v || v === from || taken) return grid;
  return {
    options: grid.options.map((o, i) =>
      i === index ? { ...o, values: o.values.map((x) => (x === from ? v : x)) } : o,
    ),
    rows: grid.rows.map((r) =>
      r.values[index] === from ? { ...r, values: r.values.map((x, i) => (i === index ? v : x)) } : r,
    ),
  };
}

/** The rows that are sold: every row not removed, whose values are all still on their options. */
const sold = (grid: Grid) => grid.rows.filter((r) => !r.removed);

/** Which rows a bulk set reaches: all of them, or those with one option's value ("Size 10"). */
export type RowScope = { option: number; value: string } | null;

/** Sets the price and/or the stock (a blank one is left as it is) of every row in the scope. */
export function setForRows(grid: Grid, scope: RowScope, values: { price: string; stock: string }): Grid {
  return {
    ...grid,
    rows: grid.rows.map((r) =>
      scope && r.values[scope.option] !== scope.value
        ? r
        : {
            ...r,
            price: values.price.trim() ? values.price.trim() : r.price,
            stock: values.stock.trim() ? values.stock.trim() : r.stock,
          },
    ),
  };
}

export const updateRow = (grid: Grid, index: number, change: Partial<GridRow>): Grid => ({
  ...grid,
  rows: grid.rows.map((r, i) => (i === index ? { ...r, ...change } : r)),
});

/** A row's name on screen and in its controls' labels: "Size 10, Brown". */
export const rowLabel = (grid: Grid, row: GridRow) => variantLabel(grid.options, row.values);

/** The body of PUT /seller/products/{id}/variants; `soleRow`: the product's own fields when options are all gone. */
export function variantsBody(grid: Grid, soleRow: RowDefaults): VariantsInputBody {
  const number = (s: string) => typedNumber(s) as number;
  if (grid.options.length === 0)
    return {
      options: [],
      variants: [
        {
          options: [],
          sku: soleRow.sku,
          price: number(soleRow.price),
          compareAtPrice: soleRow.compareAtPrice.trim() ? number(soleRow.compareAtPrice) : null,
          stock: number(soleRow.stock),
        },
      ],
    };
  return {
    options: grid.options,
    variants: sold(grid).map((r) => ({
      ...(r.id ? { id: r.id } : {}),
      options: r.values,
      sku: r.sku.trim(),
      price: number(r.price),
      compareAtPrice: r.compareAtPrice.trim() ? number(r.compareAtPrice) : null,
      stock: number(r.stock),
      images: r.images,
    })),
  };
}

/**
 * An API error path of the body (`variants.2.sku`, `options.1.values.0`) as the grid's cell key:
 * `row.<index in the grid>.<field>` (removed rows are not sent, so the index differs), or the
 * option's `option.<i>`; anything else is the section's own (`variants`).
 */
export function cellOf(grid: Grid, path: string): string {
  const [head, i, field] = path.split('.');
  if (head === 'options' && i !== undefined) return `option.${i}`;
  if (head !== 'variants' || i === undefined) return head === 'options' ? 'options' : 'variants';
  const row = sold(grid)[Number(i)];
  const index = row ? grid.rows.indexOf(row) : -1;
  return index < 0 ? 'variants' : `row.${index}.${field ?? 'options'}`;
}

/** The grid's problems before sending, in the contract's own words, by cell. */
export function gridProblems(grid: Grid, soleRow: RowDefaults): GridProblems {
  if (grid.options.length === 0) return {};
  const parsed = VariantsInput.safeParse(variantsBody(grid, soleRow));
  const problems: GridProblems = {};
  if (!parsed.success)
    for (const [path, message] of Object.entries(fieldMessages(parsed.error))) problems[cellOf(grid, path)] ??= message;
  return problems;
}

/**
 * The grid's problems for the form's error banner, each linked to its control: a row's cell
 * (`variant-<row>-<field>`, the ids VariantRows gives), an option's name, else the section.
 */
export function gridFieldProblems(problems: GridProblems): { text: string; target: string }[] {
  return Object.entries(problems).map(([key, text]) => {
    const [head, index, field] = key.split('.');
    if (head === 'row' && field && ['sku', 'price', 'compareAtPrice', 'stock'].includes(field))
      return { text, target: `variant-${index}-${field}` };
    if (head === 'option') return { text, target: `option-${index}-name` };
    return { text, target: 'options-title' };
  });
}

/** The API's field errors of a refused grid, by cell. */
export function serverGridProblems(grid: Grid, errors: Record<string, string>): GridProblems {
  const problems: GridProblems = {};
  for (const [path, message] of Object.entries(errors)) problems[cellOf(grid, path)] ??= message;
  return problems;
}
