/**
 * What a product card says of a product sold in several ways (issue 30 #2, docs/decisions/053):
 * "from US$…" when its variants' prices differ, and how many of each option there are ("4 sizes ·
 * 2 colours"). Its Add is a link to the product page, where a size is chosen.
 */
import type { Product } from './contract/catalog';
import { counted } from './plural';

/** Whether the card's price is the cheapest of several: "from US$89.00". */
export function priceIsFrom(p: Pick<Product, 'options' | 'variants'>): boolean {
  if (p.options.length === 0) return false;
  // A list without the variants (an old cached answer) cannot tell: "from" is then the honest word.
  if (!p.variants) return true;
  return new Set(p.variants.map((v) => v.price)).size > 1;
}

/** "4 sizes · 2 colours", "5 ring sizes"; empty for a product without options. */
export function optionsHint(options: Product['options']): string {
  return options
    .filter((o) => o.values.length > 1)
    .map((o) => counted(o.values.length, o.name.toLowerCase()))
    .join(' · ');
}
