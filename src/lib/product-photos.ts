import type { Product, ProductVariant } from './contract/catalog';

/**
 * The photo sets a product page's gallery holds (docs/decisions/053): the product's own first,
 * then each distinct set of a variant's own photos, so choosing Black shows the black boots. A
 * variant without photos of its own shows the product's (set 0).
 */
export function photoSets(p: Product): { sets: string[][]; setOf: (v: ProductVariant) => number } {
  const sets: string[][] = [p.images];
  const keys = new Map<string, number>([[p.images.join('\n'), 0]]);
  for (const v of p.variants ?? []) {
    const key = v.images.join('\n');
    if (v.images.length === 0 || keys.has(key)) continue;
    keys.set(key, sets.length);
    sets.push(v.images);
  }
  return { sets, setOf: (v) => (v.images.length === 0 ? 0 : (keys.get(v.images.join('\n')) ?? 0)) };
}
