import type { Category } from '../../../lib/catalog';

/** One sample product: name, price in US dollars, a truthful 1–3 sentence description, and overrides. */
export type Line = [name: string, price: number, description: string, options?: { motif?: string; store?: string }];

/**
 * The sample products of one subcategory: who sells them (in turn, unless a line names its
 * store), the picture motif and colour, and tags every product on the shelf shares.
 */
export type Shelf = {
  category: Category;
  subcategory: string;
  stores: string[];
  motif: string;
  hue: number;
  tags: string[];
  items: Line[];
};
