import type { SellerProduct } from '../../../lib/contract/seller-products';
import type { Db } from '../../db/client';
import { ownProduct, type Seller } from '../sellers';
import { applyChanges, planChange } from './change';
import { readOwn } from './scope';

/**
 * Archives (or brings back) one of the seller's products: the row and its order history stay;
 * the public catalogue drops it (services/public-catalog.ts) and the next publish removes its
 * pages. Doing it twice is not an error, and changes nothing.
 */
export async function setArchived(db: Db, seller: Seller, id: string, archived: boolean): Promise<SellerProduct> {
  await db.transaction(async (tx) => {
    const before = await ownProduct(tx, seller, id, { lock: true });
    if ((before.archivedAt !== null) === archived) return;
    await applyChanges(
      tx,
      seller,
      [planChange(before, { archived })],
      archived ? 'archived by its seller' : 'unarchived by its seller',
    );
  });
  return readOwn(db, seller, id);
}
