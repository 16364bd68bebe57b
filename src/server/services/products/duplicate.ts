import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { SellerProduct } from '../../../lib/contract/seller-products';
import { toDollars } from '../../../lib/money';
import { copySku } from '../../../lib/product-rules';
import type { Db } from '../../db/client';
import { products, productVariants } from '../../db/schema';
import { ownProduct, type Seller, soldBy } from '../sellers';
import { newProductId } from './create';
import { ownVariants, readOwn } from './scope';
import { setVariants } from './variants';

/**
 * A copy of one of the seller's products, archived (a draft to finish), named "… (copy)", with a
 * SKU of its own; a product with options is copied with its grid, each variant with a SKU of its own.
 */
export async function duplicateOwnProduct(db: Db, seller: Seller, id: string): Promise<SellerProduct> {
  const copyId = await db.transaction(async (tx) => {
    const source = await ownProduct(tx, seller, id);
    // Every SKU of the store, its products' and its variants' (one namespace: decision 054).
    const [own, ofVariants] = await Promise.all([
      tx.select({ sku: products.sku }).from(products).where(soldBy(seller, products.storeId)),
      tx
        .select({ sku: productVariants.sku })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(soldBy(seller, products.storeId), ne(productVariants.id, productVariants.productId))),
    ]);
    const skus = new Set([...own, ...ofVariants].map((r) => r.sku));
    const sku = copySku(source.sku, (s) => skus.has(s));
    skus.add(sku);
    const name = `${source.name.slice(0, 193)} (copy)`;
    const newId = newProductId(source.name);
    await tx.insert(products).values({
      id: newId,
      storeId: seller.storeId,
      name,
      description: source.description,
      category: source.category,
      subcategory: source.subcategory,
      priceCents: source.priceCents,
      compareAtCents: source.compareAtCents,
      stock: source.stock,
      sku,
      tags: source.tags,
      images: source.images,
      reviewCount: 0,
      archivedAt: sql`now()`,
    });
    if (source.options.length) {
      const variants = await tx
        .select()
        .from(productVariants)
        .where(ownVariants(tx, seller, [source.id]))
        .orderBy(asc(productVariants.position), asc(productVariants.id));
      await setVariants(tx, seller, newId, {
        options: source.options,
        variants: variants.map((v) => {
          const copy = copySku(v.sku, (s) => skus.has(s));
          skus.add(copy);
          return {
            options: v.optionValues,
            sku: copy,
            price: toDollars(v.priceCents),
            compareAtPrice: v.compareAtCents === null ? null : toDollars(v.compareAtCents),
            stock: v.stock,
            images: v.images,
          };
        }),
      });
    }
    return newId;
  });
  return readOwn(db, seller, copyId);
}
