import type { SellerProduct } from '../../../lib/contract/seller-products';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { sellerStore } from '../uploads';
import { applyChanges, planChange } from './change';
import { notYours, ownProduct, readOwn } from './scope';

/**
 * Archives (or brings back) one of the seller's products: the row and its order history stay;
 * the public catalogue drops it (services/public-catalog.ts) and the next publish removes its
 * pages. Doing it twice is not an error, and changes nothing.
 */
export async function setArchived(db: Db, ownerId: string, id: string, archived: boolean): Promise<SellerProduct> {
  await sellerStore(db, ownerId);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(products)
      .where(ownProduct(tx, ownerId, id))
      .for('update');
    if (!before) return notYours(tx, id);
    if ((before.archivedAt !== null) === archived) return;
    await applyChanges(
      tx,
      ownerId,
      [planChange(before, { archived })],
      archived ? 'archived by its seller' : 'unarchived by its seller',
    );
  });
  return readOwn(db, ownerId, id);
}
