/**
 * Today's products for ids the browser already holds (a static page's cards, the guest cart, the
 * favourites, search hits): GET /products?ids=…, at most PRODUCT_IDS_PER_CALL ids a call. A
 * product that is gone is simply absent from the answer.
 */
import type { z } from 'zod';
import { api } from './api';
import { PRODUCT_IDS_PER_CALL } from './product-ids';

/** The distinct ids, in groups of at most PRODUCT_IDS_PER_CALL. */
export function productIdBatches(ids: readonly string[]): string[][] {
  const unique = [...new Set(ids)];
  const batches: string[][] = [];
  for (let i = 0; i < unique.length; i += PRODUCT_IDS_PER_CALL) batches.push(unique.slice(i, i + PRODUCT_IDS_PER_CALL));
  return batches;
}

/**
 * One call for one batch. With a schema the answer is checked by the contract; without one (a
 * static page's script, which must not load the schema library) it is taken as it comes.
 */
export async function productsWithIds<T>(
  batch: readonly string[],
  schema?: z.ZodType<{ products: T[] }>,
): Promise<T[]> {
  const query = new URLSearchParams({ ids: batch.join(','), limit: String(PRODUCT_IDS_PER_CALL) });
  const { products } = await api.get<{ products: T[] }>(`/products?${query}`, schema);
  return products;
}
