import type { ProductUpdate, SellerProduct } from '../../../lib/contract/seller-products';
import { toCents } from '../../../lib/money';
import type { Db } from '../../db/client';
import { ownProduct, type Seller } from '../sellers';
import { applyChanges, planChange } from './change';
import { photoProblems } from './photos';
import { refuse } from './refuse';
import { readOwn } from './scope';
import { isSkuClash, refuseTakenSku, skuTaken } from './sku';

/** The JSON edit of one of the seller's products (PUT): any of its fields, through the one change path. */
export async function updateOwnProduct(
  db: Db,
  seller: Seller,
  id: string,
  change: ProductUpdate,
): Promise<SellerProduct> {
  try {
    await db.transaction(async (tx) => {
      const before = await ownProduct(tx, seller, id, { lock: true });
      const { price, compareAtPrice, ...rest } = change;
      const plan = planChange(before, {
        ...rest,
        priceCents: price === undefined ? undefined : toCents(price),
        compareAtCents: compareAtPrice == null ? compareAtPrice : toCents(compareAtPrice),
      });
      refuse(plan.problems);
      // The whole list, so each refused photo is named by its place in the editor's list; the
      // product's own photos pass (they are on one of the store's products).
      if (change.images) refuse(await photoProblems(tx, seller, change.images));
      if (change.sku !== undefined && change.sku !== before.sku) await refuseTakenSku(tx, seller, change.sku);
      await applyChanges(tx, seller, [plan], 'changed by its seller');
    });
  } catch (error) {
    if (change.sku && isSkuClash(error)) throw skuTaken(change.sku);
    throw error;
  }
  return readOwn(db, seller, id);
}
