import { z } from 'zod';
import type { Product } from '../contract/catalog';

/**
 * What the browser keeps of a product in the guest cart and the favourites: enough to draw a
 * line or a card without a call. Static cards carry it as JSON in `data-add-to-cart` /
 * `data-favorite`; `toSnapshot(product)` makes it from a full Product.
 */
export const ProductSnapshot = z
  .object({
    id: z.string().min(1),
    name: z.string(),
    /** US dollars, as the page showed it. */
    price: z.number().nonnegative(),
    images: z.array(z.string()).default([]),
    stock: z.number().int().default(0),
    category: z.string().default(''),
    store: z.object({ id: z.string(), name: z.string() }).loose().default({ id: 'admin', name: 'Marketplace Admin' }),
  })
  .loose();
export type ProductSnapshot = z.infer<typeof ProductSnapshot>;

/** The fields of a full product the browser keeps. */
export function toSnapshot(product: Product | ProductSnapshot): ProductSnapshot {
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    images: product.images.slice(0, 1),
    stock: product.stock,
    category: product.category,
    store: { ...product.store },
  };
}

/** Reads a snapshot from JSON text (a card's data attribute); undefined when it is not one. */
export function parseSnapshot(raw: string | null | undefined): ProductSnapshot | undefined {
  if (!raw) return undefined;
  try {
    const parsed = ProductSnapshot.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
