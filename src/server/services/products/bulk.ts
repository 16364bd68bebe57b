import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BulkEdit } from '../../../lib/contract/seller-products';
import { toCents } from '../../../lib/money';
import type { Db } from '../../db/client';
import { products, stores } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { sellerStore } from '../uploads';
import { applyChanges, planChange } from './change';
import { refuse } from './refuse';
import { ownStores } from './scope';
import { type ProductRow, toSellerProduct } from './shapes';

/**
 * New prices and/or stock for many of the seller's products at once, through the one change
 * path: all or nothing. Any id not the seller's refuses the whole edit (404 when none such
 * exists, else 403).
 */
export async function bulkEditOwn(db: Db, ownerId: string, edit: BulkEdit) {
  await sellerStore(db, ownerId);
  const ids = edit.items.map((i) => i.id);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(products)
      .where(and(inArray(products.id, ids), inArray(products.storeId, ownStores(tx, ownerId))))
      .orderBy(asc(products.id))
      .for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) {
      const existing = await tx.select({ id: products.id }).from(products).where(inArray(products.id, missing));
      if (existing.length) throw new ApiError(403, 'forbidden', 'You can only change your own products');
      throw new ApiError(404, 'not_found', `Product not found: ${missing.join(', ')}`);
    }
    const plans = edit.items.map((item) =>
      planChange(byId.get(item.id) as ProductRow, {
        priceCents: item.price === undefined ? undefined : toCents(item.price),
        stock: item.stock,
      }),
    );
    for (const plan of plans) refuse(plan.problems);
    await applyChanges(tx, ownerId, plans, 'bulk edit by its seller');
  });
  const rows = await db
    .select()
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(and(inArray(products.id, ids), inArray(products.storeId, ownStores(db, ownerId))))
    .orderBy(asc(products.id));
  return { updated: rows.length, products: rows.map((r) => toSellerProduct(r.products, r.stores)) };
}
