import type { ProductUpdate, SellerProduct } from '../../../lib/contract/seller-products';
import { toCents } from '../../../lib/money';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { products } from '../../db/schema';
import { sellerStore } from '../uploads';
import { applyChanges, planChange } from './change';
import { photoProblems } from './photos';
import { refuse } from './refuse';
import { notYours, ownProduct, readOwn } from './scope';
import { refuseTakenSku, skuTaken } from './sku';

/** The JSON edit of one of the seller's products (PUT): any of its fields, through the one change path. */
export async function updateOwnProduct(
  db: Db,
  ownerId: string,
  id: string,
  change: ProductUpdate,
): Promise<SellerProduct> {
  await sellerStore(db, ownerId);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(products)
        .where(ownProduct(tx, ownerId, id))
        .for('update');
      if (!before) return notYours(tx, id);
      const { price, compareAtPrice, ...rest } = change;
      const plan = planChange(before, {
        ...rest,
        priceCents: price === undefined ? undefined : toCents(price),
        compareAtCents: compareAtPrice == null ? compareAtPrice : toCents(compareAtPrice),
      });
      refuse(plan.problems);
      // The whole list, so each refused photo is named by its place in the editor's list; the
      // product's own photos pass (they are on one of the store's products).
      if (change.images) refuse(await photoProblems(tx, before.storeId as string, change.images));
      if (change.sku !== undefined && change.sku !== before.sku)
        await refuseTakenSku(tx, before.storeId as string, change.sku);
      await applyChanges(tx, ownerId, [plan], 'changed by its seller');
    });
  } catch (error) {
    if (change.sku && isUniqueViolation(error, 'products_store_sku_key')) throw skuTaken(change.sku);
    throw error;
  }
  return readOwn(db, ownerId, id);
}
