import { browserSchemas } from '../contract/browser';
import type { Product } from '../contract/catalog';
import { productIdBatches, productsWithIds } from '../products-by-id';
import { MARKETPLACE_STORE } from '../seller-defaults';

/**
 * What the browser keeps of a product in the guest cart and the favourites: enough to draw a
 * line or a card without a call. Static cards carry it as JSON in `data-add-to-cart` /
 * `data-favorite`; `toSnapshot(product)` makes it from a full Product.
 */
export type ProductSnapshot = {
  id: string;
  name: string;
  /** US dollars, as the page showed it. */
  price: number;
  images: string[];
  stock: number;
  category: string;
  store: { id: string; name: string; [key: string]: unknown };
  [key: string]: unknown;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a value read from storage or a data attribute, filling the optional fields' defaults.
 * Hand-written rather than zod so that static pages ship no schema library (docs/performance.md).
 */
export function asSnapshot(value: unknown): ProductSnapshot | undefined {
  if (!isRecord(value)) return undefined;
  const {
    id,
    name,
    price,
    images = [],
    stock = 0,
    category = '',
    store = { id: MARKETPLACE_STORE.id, name: MARKETPLACE_STORE.name },
  } = value;
  if (typeof id !== 'string' || id === '' || typeof name !== 'string') return undefined;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return undefined;
  if (!Array.isArray(images) || !images.every((i) => typeof i === 'string')) return undefined;
  if (typeof stock !== 'number' || !Number.isInteger(stock) || typeof category !== 'string') return undefined;
  if (!isRecord(store) || typeof store.id !== 'string' || typeof store.name !== 'string') return undefined;
  return { ...value, id, name, price, images, stock, category, store: store as ProductSnapshot['store'] };
}

/** A list of snapshots, or undefined when any entry is not one. */
export function asSnapshotList(value: unknown): ProductSnapshot[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const list = value.map(asSnapshot);
  return list.every((p) => p !== undefined) ? (list as ProductSnapshot[]) : undefined;
}

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
    return asSnapshot(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/**
 * Today's products for these ids, checked by the contract: a map that lacks the products that are
 * gone, or undefined when the API could not be reached.
 */
export async function fetchProducts(ids: readonly string[]): Promise<Map<string, Product> | undefined> {
  const found = new Map<string, Product>();
  try {
    for (const batch of productIdBatches(ids)) {
      for (const p of await productsWithIds(batch, (await browserSchemas()).ProductList)) found.set(p.id, p);
    }
    return found;
  } catch {
    return undefined;
  }
}
