import type { Product } from './contract/catalog';
import type { OptionFilter } from './option-filter';
import { filterOrder } from './option-order';

/** An option a listing can be filtered by, and its values on sale there. */
export type OptionFacet = { name: string; values: string[] };

/**
 * The options a category page offers as filters (issue 30 #2, decision 053): each option name its
 * products have (Size, Colour, Ring size; one spelling, the first seen, for names differing only
 * in case) with every value any of them is sold in (one spelling, the first seen), sizes by size
 * and the rest alphabetically (option-order.ts): many sellers' values meet here, so no seller's
 * order can hold. An option with one value in the whole category filters nothing and is left out.
 */
export function optionFacets(products: Iterable<Pick<Product, 'options'>>): OptionFacet[] {
  const facets = new Map<string, OptionFacet & { seen: Set<string> }>();
  for (const p of products) {
    for (const option of p.options) {
      const key = option.name.toLowerCase();
      let facet = facets.get(key);
      if (!facet) {
        facet = { name: option.name, values: [], seen: new Set() };
        facets.set(key, facet);
      }
      for (const value of option.values) {
        if (facet.seen.has(value.toLowerCase())) continue;
        facet.seen.add(value.toLowerCase());
        facet.values.push(value);
      }
    }
  }
  return [...facets.values()]
    .filter((f) => f.values.length > 1)
    .map(({ name, values }) => ({ name, values: filterOrder(values) }));
}

/** The filter with `name` set to `value`, or cleared (undefined); the other options' choices kept. */
export function withOption(chosen: readonly OptionFilter[], name: string, value: string | undefined): OptionFilter[] {
  const others = chosen.filter((c) => c.name.toLowerCase() !== name.toLowerCase());
  return value === undefined ? others : [...others, { name, value }];
}
