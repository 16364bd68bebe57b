import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { categorySlug } from '../../../lib/catalog';
import type { ProductCreate, SellerProduct } from '../../../lib/contract/seller-products';
import { toCents } from '../../../lib/money';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { catalogChanged } from '../publish-queue';
import type { Seller } from '../sellers';
import { ruleProblems } from './change';
import { photoProblems } from './photos';
import { refuse } from './refuse';
import { readOwn } from './scope';
import { isSkuClash, refuseTakenSku, skuTaken } from './sku';

/** A new product id: the name as a URL slug and a random tail (names repeat; ids never do). */
export function newProductId(name: string): string {
  const slug = categorySlug(name).slice(0, 60).replace(/-$/, '') || 'product';
  return `${slug}-${randomBytes(4).toString('hex')}`;
}

/** A new product in the seller's store; created active, it is queued for publishing. */
export async function createOwnProduct(db: Db, seller: Seller, input: ProductCreate): Promise<SellerProduct> {
  const priceCents = toCents(input.price);
  const compareAtCents = input.compareAtPrice === null ? null : toCents(input.compareAtPrice);
  refuse(
    ruleProblems(
      { category: input.category, subcategory: input.subcategory, priceCents, compareAtCents },
      { category: true, compareAt: true },
    ),
  );
  const id = newProductId(input.name);
  try {
    await db.transaction(async (tx) => {
      refuse(await photoProblems(tx, seller, input.images));
      await refuseTakenSku(tx, seller, input.sku);
      await tx.insert(products).values({
        id,
        storeId: seller.storeId,
        name: input.name,
        description: input.description,
        category: input.category,
        subcategory: input.subcategory,
        priceCents,
        compareAtCents,
        stock: input.stock,
        sku: input.sku,
        tags: input.tags,
        images: input.images,
        reviewCount: 0,
        archivedAt: input.status === 'archived' ? sql`now()` : null,
      });
      if (input.status === 'active') await catalogChanged(tx, 'product', id, 'created by its seller');
    });
  } catch (error) {
    if (isSkuClash(error)) throw skuTaken(input.sku);
    throw error;
  }
  return readOwn(db, seller, id);
}
