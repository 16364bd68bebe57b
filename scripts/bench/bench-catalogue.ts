import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { products, shippingRateParishes, shippingRates } from '../../src/server/db/schema';

/**
 * What the order benchmarks (orders, payments, mail) buy from, on the sample catalogue: each
 * seller's first rate to `parish`, and the products of the sellers that ship there (the others
 * are left out: an order to them would be refused).
 */
export async function sellableTo(db: Db, parish: string) {
  const rates = await db
    .select({ storeId: shippingRates.storeId, id: shippingRates.id })
    .from(shippingRates)
    .innerJoin(shippingRateParishes, eq(shippingRateParishes.rateId, shippingRates.id))
    .where(eq(shippingRateParishes.parish, parish))
    .orderBy(asc(shippingRates.position));
  const rateOf = new Map<string, string>();
  for (const r of rates) if (!rateOf.has(r.storeId)) rateOf.set(r.storeId, r.id);
  const sellable = await db
    .select({ id: products.id, storeId: products.storeId })
    .from(products)
    .where(inArray(products.storeId, [...rateOf.keys()]))
    .orderBy(asc(products.id));
  return { rateOf, sellable };
}

/**
 * Stock for a run: the hot products 150 each (they sell out while measured, and then answer 409),
 * every other one more than a run can sell. Answers each product's stock as the run starts.
 */
export async function stockForRun(db: Db, hot: readonly { id: string }[], cold: readonly { id: string }[]) {
  await db
    .update(products)
    .set({ stock: 1_000_000 })
    .where(
      inArray(
        products.id,
        cold.map((p) => p.id),
      ),
    );
  await db
    .update(products)
    .set({ stock: 150 })
    .where(
      inArray(
        products.id,
        hot.map((p) => p.id),
      ),
    );
  return new Map(
    (await db.select({ id: products.id, stock: products.stock }).from(products)).map((p) => [p.id, p.stock]),
  );
}
