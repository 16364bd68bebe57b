/**
 * What the public catalogue may show (docs/decisions/015): a store only while it is active, and a
 * product only while its store is (a product without a store is the marketplace's own). Every
 * public catalogue read (API, sitemap, search) adds these conditions; a seller's and an
 * operator's own reads do not.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { products, stores } from '../db/schema';

export const publicStore = eq(stores.status, 'active');

/**
 * A correlated EXISTS on the store's primary key rather than a join condition, so it reads the
 * same in a query that joins stores, one that does not, and inside a raw subquery.
 */
export const publicProduct = sql`(${products.storeId} is null or exists (select 1 from ${stores} as visible_store where visible_store.id = ${products.storeId} and visible_store.status = 'active'))`;

/** The same rule for a product named by an id expression, for raw SQL that aliases products (`p.id`). */
export const publicProductId = (id: SQL) =>
  sql`exists (select 1 from ${products} as visible_product where visible_product.id = ${id} and (visible_product.store_id is null or exists (select 1 from ${stores} as visible_store where visible_store.id = visible_product.store_id and visible_store.status = 'active')))`;
