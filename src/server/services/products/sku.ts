import { and, eq, inArray, ne } from 'drizzle-orm';
import { variantLabel } from '../../../lib/variants';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { products, productVariants } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { type Seller, soldBy } from '../sellers';

/**
 * A SKU is unique within a store (docs/decisions/016), across its products' SKUs and its variants'
 * (docs/decisions/054): the CSV import and the seller's search find one thing by it. A product
 * without options has its SKU once (its sole variant mirrors it), so only the variants of products
 * with options (id not the product's) are read beside the products.
 */

/**
 * Whether a write failed because the store already holds one of its SKUs: the database's word,
 * for two edits that passed the checks below at the same moment (docs/decisions/055). A product's
 * SKU is unique among the store's products; a variant's among the store's variants, where a
 * product without options has its sole variant carrying the product's SKU.
 */
export const isSkuClash = (error: unknown): boolean =>
  isUniqueViolation(error, 'products_store_sku_key') || isUniqueViolation(error, 'product_variants_store_sku_key');

/** A clash of a product's SKU is 409 naming the field. */
export const skuTaken = (sku: string) => {
  const message = `SKU ${sku} is already used by another of your products: choose another`;
  return new ApiError(409, 'conflict', message, { sku: message });
};

/** Who holds a SKU in the store: a product ("Trail Sandals") or a variant of one ("Leather Desert Boots, Size 10, Brown"). */
export type SkuHolder = { productId: string; variantId: string | null; name: string };

/** The holders of each of `skus` in the seller's store, by SKU. */
export async function skuHolders(db: Db, seller: Seller, skus: readonly string[]): Promise<Map<string, SkuHolder>> {
  const holders = new Map<string, SkuHolder>();
  if (skus.length === 0) return holders;
  const [own, ofVariants] = await Promise.all([
    db
      .select({ id: products.id, name: products.name, sku: products.sku })
      .from(products)
      .where(and(soldBy(seller, products.storeId), inArray(products.sku, [...skus]))),
    db
      .select({
        id: productVariants.id,
        productId: products.id,
        name: products.name,
        options: products.options,
        values: productVariants.optionValues,
        sku: productVariants.sku,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(
        and(
          soldBy(seller, products.storeId),
          ne(productVariants.id, productVariants.productId),
          inArray(productVariants.sku, [...skus]),
        ),
      ),
  ]);
  for (const r of own) holders.set(r.sku, { productId: r.id, variantId: null, name: r.name });
  for (const r of ofVariants)
    holders.set(r.sku, {
      productId: r.productId,
      variantId: r.id,
      name: `${r.name}, ${variantLabel(r.options, r.values)}`,
    });
  return holders;
}

/** Throws skuTaken when another product or any variant of the store has the SKU. */
export async function refuseTakenSku(db: Db, seller: Seller, sku: string): Promise<void> {
  if ((await skuHolders(db, seller, [sku])).size) throw skuTaken(sku);
}
