import { and, asc, eq, inArray } from 'drizzle-orm';
import type { BulkEdit } from '../../../lib/contract/seller-products';
import { toCents } from '../../../lib/money';
import type { Db } from '../../db/client';
import { products, stores } from '../../db/schema';
import { notTheSellers, type Seller, soldBy } from '../sellers';
import { applyChanges, planChange } from './change';
import { refuse } from './refuse';
import { type ProductRow, toSellerProduct } from './shapes';

/**
 * New prices and/or stock for many of the seller's products at once, through the one change
 * path: all or nothing. Any id not the seller's refuses the whole edit: 404 naming the ids that
 * are not its products (another store's or none, alike: decision 027).
 */
export async function bulkEditOwn(db: Db, seller: Seller, edit: BulkEdit) {
  const ids = edit.items.map((i) => i.id);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(products)
      .where(and(inArray(products.id, ids), soldBy(seller, products.storeId)))
      .orderBy(asc(products.id))
      .for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw notTheSellers(`Product not found: ${missing.join(', ')}`);
    const plans = edit.items.map((item) =>
      planChange(byId.get(item.id) as ProductRow, {
        priceCents: item.price === undefined ? undefined : toCents(item.price),
        stock: item.stock,
      }),
    );
    // Each refusal names its product: the list's bulk edit may hold many.
    for (const plan of plans)
      refuse(
        Object.fromEntries(
          Object.entries(plan.problems).map(([field, text]) => [field, `${byId.get(plan.id)?.name}: ${text}`]),
        ),
      );
    await applyChanges(tx, seller, plans, 'bulk edit by its seller');
  });
  const rows = await db
    .select()
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(and(inArray(products.id, ids), soldBy(seller, products.storeId)))
    .orderBy(asc(products.id));
  return { updated: rows.length, products: rows.map((r) => toSellerProduct(r.products, r.stores)) };
}
