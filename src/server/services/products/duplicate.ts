import { sql } from 'drizzle-orm';
import type { SellerProduct } from '../../../lib/contract/seller-products';
import { copySku } from '../../../lib/product-rules';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { ownProduct, type Seller, soldBy } from '../sellers';
import { newProductId } from './create';
import { readOwn } from './scope';

/** A copy of one of the seller's products, archived (a draft to finish), named "… (copy)", with a SKU of its own. */
export async function duplicateOwnProduct(db: Db, seller: Seller, id: string): Promise<SellerProduct> {
  const copyId = await db.transaction(async (tx) => {
    const source = await ownProduct(tx, seller, id);
    const skus = new Set(
      (await tx.select({ sku: products.sku }).from(products).where(soldBy(seller, products.storeId))).map((r) => r.sku),
    );
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
      sku: copySku(source.sku, (s) => skus.has(s)),
      tags: source.tags,
      images: source.images,
      reviewCount: 0,
      archivedAt: sql`now()`,
    });
    return newId;
  });
  return readOwn(db, seller, copyId);
}
