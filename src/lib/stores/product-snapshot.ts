import { z } from 'zod';
import { api } from '../api';
import { type Product, ProductList } from '../contract/catalog';

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

/**
 * Today's products for these ids, in calls of 100 (GET /products?ids=…): a map that lacks the
 * products that are gone, or undefined when the API could not be reached.
 */
export async function fetchProducts(ids: readonly string[]): Promise<Map<string, Product> | undefined> {
  const unique = [...new Set(ids)];
  const found = new Map<string, Product>();
  try {
    for (let i = 0; i < unique.length; i += 100) {
      const batch = unique.slice(i, i + 100);
      const query = new URLSearchParams({ ids: batch.join(','), limit: '100' });
      const { products } = await api.get(`/products?${query}`, ProductList);
      for (const p of products) found.set(p.id, p);
    }
    return found;
  } catch {
    return undefined;
  }
}
