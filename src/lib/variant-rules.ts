/**
 * The rules of a product's variant grid that need no database (issue 30 #4, docs/decisions/054):
 * the options' names and values, each variant's combination, its compare-at price and its SKU
 * within the grid. The contract runs them (so the API and the product editor say the same words)
 * and the variants door adds what needs the store's other products (services/products/variants.ts).
 * Each problem is keyed by its path in the request (`variants.2.sku`) and names its variant the
 * way the seller's grid shows it: "Variant 3 (Size 10, Brown): …".
 */
import { compareAtProblem } from './product-rules';
import { type ProductOption, variantLabel } from './variants';

/** The grid as the contract has parsed it: amounts in dollars, as the API takes them. */
export type GridInput = {
  options: ProductOption[];
  variants: { options: string[]; sku: string; price: number; compareAtPrice: number | null; images?: string[] }[];
};

/** How an error names a row of the grid: "Variant 3 (Size 10, Brown)". */
export function variantName(index: number, options: readonly ProductOption[], values: readonly string[]): string {
  const label = variantLabel(options, values);
  return label ? `Variant ${index + 1} (${label})` : `Variant ${index + 1}`;
}

const key = (s: string) => s.trim().toLowerCase();
const cents = (dollars: number) => Math.round(dollars * 100);

function optionProblems(options: readonly ProductOption[]): Record<string, string> {
  const problems: Record<string, string> = {};
  const names = new Map<string, number>();
  options.forEach((option, i) => {
    const first = names.get(key(option.name));
    if (first !== undefined)
      problems[`options.${i}.name`] =
        `Option ${i + 1} (${option.name}) has the same name as option ${first + 1}: give each option its own name`;
    else names.set(key(option.name), i);
    const seen = new Set<string>();
    option.values.forEach((value, j) => {
      if (seen.has(key(value)))
        problems[`options.${i}.values.${j}`] ??= `${option.name} has ${value} twice: remove the copy`;
      seen.add(key(value));
    });
  });
  return problems;
}

/** Every problem of the grid that needs nothing but the grid, by path; empty when none. */
export function variantGridProblems(input: GridInput): Record<string, string> {
  const { options, variants } = input;
  const problems = optionProblems(options);
  if (options.length === 0 && variants.length !== 1)
    problems.variants = 'A product without options is sold one way: give it exactly one row of price and stock';
  const combos = new Map<string, number>();
  const skus = new Map<string, number>();
  variants.forEach((variant, i) => {
    const name = variantName(i, options, variant.options);
    const at = (field: string, message: string) => {
      problems[`variants.${i}.${field}`] ??= `${name}: ${message}`;
    };
    if (variant.options.length !== options.length)
      at(
        'options',
        options.length
          ? `choose one value for each option (${options.map((o) => o.name).join(', ')})`
          : 'a product without options has no values to choose',
      );
    else {
      variant.options.forEach((value, j) => {
        const option = options[j] as ProductOption;
        if (!option.values.includes(value))
          at('options', `${value} is not one of ${option.name}'s values: add it to ${option.name} or choose another`);
      });
      const combo = JSON.stringify(variant.options);
      const first = combos.get(combo);
      if (first !== undefined) at('options', `this combination is already variant ${first + 1}: remove one of them`);
      else combos.set(combo, i);
    }
    const compare =
      variant.compareAtPrice === null
        ? undefined
        : compareAtProblem(cents(variant.price), cents(variant.compareAtPrice));
    if (compare) at('compareAtPrice', compare);
    const firstSku = skus.get(variant.sku);
    if (firstSku !== undefined)
      at('sku', `SKU ${variant.sku} is already used by variant ${firstSku + 1}: give each variant its own`);
    else skus.set(variant.sku, i);
    if (variant.images && new Set(variant.images).size !== variant.images.length)
      at('images', 'Photos hold the same photo twice: remove the copy');
  });
  return problems;
}
