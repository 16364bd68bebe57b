/**
 * A seller changes its own products. The owner is in the WHERE of the update itself (a product
 * of another store is never touched), and the change is queued for publishing in the same
 * transaction (docs/decisions/008).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProductUpdate } from '../../lib/contract/catalog';
import { toCents } from '../../lib/money';
import type { Db } from '../db/client';
import { products, stores } from '../db/schema';
import { ApiError } from '../http/errors';
import { catalogChanged } from './publish-queue';

export async function updateOwnProduct(
  db: Db,
  ownerId: string,
  id: string,
  change: z.infer<typeof ProductUpdate>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const own = tx.select({ id: stores.id }).from(stores).where(eq(stores.ownerId, ownerId));
    const mine = and(eq(products.id, id), inArray(products.storeId, own));
    const [before] = await tx.select({ stock: products.stock }).from(products).where(mine).for('update');
    const [updated] = await tx
      .update(products)
      .set({
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.description !== undefined ? { description: change.description } : {}),
        ...(change.price !== undefined ? { priceCents: toCents(change.price) } : {}),
        ...(change.compareAtPrice !== undefined
          ? { compareAtCents: change.compareAtPrice === null ? null : toCents(change.compareAtPrice) }
          : {}),
        ...(change.stock !== undefined ? { stock: change.stock } : {}),
        updatedAt: sql`now()`,
      })
      .where(mine)
      .returning({ id: products.id, stock: products.stock });
    if (!before || !updated) {
      // Nothing changed: say why without revealing more than "not yours" to a seller.
      const [exists] = await tx.select({ id: products.id }).from(products).where(eq(products.id, id));
      if (!exists) throw new ApiError(404, 'not_found', 'Product not found');
      throw new ApiError(403, 'forbidden', 'You can only change your own products');
    }
    // Stock alone is not a publish unless the product sells out or comes back (the pages' live
    // island shows the count); anything else the pages show is.
    const stockOnly = Object.entries(change).every(([key, value]) => key === 'stock' || value === undefined);
    if (!stockOnly || before.stock > 0 !== updated.stock > 0) {
      await catalogChanged(tx, 'product', id, 'changed by its seller');
    }
  });
}
