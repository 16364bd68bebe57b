import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, productVariants, stores } from '../../db/schema';
import { toProductVariant } from '../catalog-shapes';
import { notTheSellers, type Seller, soldBy } from '../sellers';
import { toSellerProduct } from './shapes';

/**
 * Whose products a query reaches: every query here names the seller's store and its owner in its
 * WHERE (`soldBy`, services/sellers.ts), so a product of another store is never read or touched;
 * another store's product answers 404, as an unknown one does (decision 027).
 */

/** The variants of the given products of the seller's, by the same scope: the owner is in the WHERE of every variant read and write. */
export const ownVariants = (db: Db, seller: Seller, productIds: readonly string[]): SQL =>
  inArray(
    productVariants.productId,
    db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, [...productIds]), soldBy(seller, products.storeId))),
  );

/**
 * One of the seller's products as the seller sees it (with its store, options and variants in
 * the grid's order); 404 for another store's or none.
 */
export async function readOwn(db: Db, seller: Seller, id: string) {
  const [row] = await db
    .select()
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(and(eq(products.id, id), soldBy(seller, products.storeId)));
  if (!row) throw notTheSellers('Product not found');
  const p = row.products;
  // Without options its one variant is the product itself (the products_sole_variant trigger keeps
  // them equal): nothing more to read.
  const variants = p.options.length
    ? await db
        .select()
        .from(productVariants)
        .where(ownVariants(db, seller, [p.id]))
        .orderBy(asc(productVariants.position), asc(productVariants.id))
    : [{ ...p, productId: p.id, position: 0, optionValues: [], images: [] }];
  return {
    ...toSellerProduct(row.products, row.stores),
    variants: variants.map((v) => toProductVariant(v, row.products.options)),
  };
}
