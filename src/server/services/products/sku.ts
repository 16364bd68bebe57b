import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { type Seller, soldBy } from '../sellers';

/** A SKU is unique within a store (docs/decisions/016): a clash is 409 naming the field. */
export const skuTaken = (sku: string) => {
  const message = `SKU ${sku} is already used by another of your products: choose another`;
  return new ApiError(409, 'conflict', message, { sku: message });
};

/** Throws skuTaken when another product of the store has the SKU. */
export async function refuseTakenSku(db: Db, seller: Seller, sku: string): Promise<void> {
  const [clash] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(soldBy(seller, products.storeId), eq(products.sku, sku)));
  if (clash) throw skuTaken(sku);
}
