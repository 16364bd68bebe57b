import { eq, sql } from 'drizzle-orm';
import type { SellerProduct } from '../../../lib/contract/seller-products';
import { copySku } from '../../../lib/product-rules';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { sellerStore } from '../uploads';
import { newProductId } from './create';
import { notYours, ownProduct, readOwn } from './scope';

/** A copy of one of the seller's products, archived (a draft to finish), named "… (copy)", with a SKU of its own. */
export async function duplicateOwnProduct(db: Db, ownerId: string, id: string): Promise<SellerProduct> {
  await sellerStore(db, ownerId);
  const copyId = await db.transaction(async (tx) => {
    const [source] = await tx
      .select()
      .from(products)
      .where(ownProduct(tx, ownerId, id));
    if (!source) return notYours(tx, id);
    const storeId = source.storeId as string;
    const skus = new Set(
      (await tx.select({ sku: products.sku }).from(products).where(eq(products.storeId, storeId))).map((r) => r.sku),
    );
    const name = `${source.name.slice(0, 193)} (copy)`;
    const newId = newProductId(source.name);
    await tx.insert(products).values({
      id: newId,
      storeId,
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
  return readOwn(db, ownerId, copyId);
}
