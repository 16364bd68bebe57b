/**
 * What the public catalogue shows: ONE home for the rule, used by every public read (API lists and
 * product reads, best sellers, stores and their product counts, search and its vocabulary, the
 * sitemap, shipping estimates) and by what a shopper can buy (cart adds, order placement). The
 * static site follows through the API: a product the API no longer answers is dropped from its
 * pages by the next publish (docs/decisions/008, 015 and 016). A seller's and an operator's own
 * reads do not use it.
 *
 * A store is public only while it is active (not pending, rejected or suspended); a product only
 * while its seller has not archived it and its store is public (a product without a store is the
 * marketplace's own).
 */
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { products, stores } from '../db/schema';

/** WHERE condition: the store is in the public catalogue. */
export const publicStore = eq(stores.status, 'active');

/**
 * The store half as a correlated EXISTS on the store's primary key rather than a join condition,
 * so it reads the same in a query that joins stores, one that does not, and inside a raw subquery.
 */
const storeIsPublic = (storeId: SQL) =>
  sql`(${storeId} is null or exists (select 1 from ${stores} as visible_store where visible_store.id = ${storeId} and visible_store.status = 'active'))`;

/** WHERE condition: the seller has not archived the product (its store may still be closed). */
export const notArchived: SQL = isNull(products.archivedAt);

/** WHERE condition: the product is in the public catalogue. */
export const publicProduct: SQL = and(notArchived, storeIsPublic(sql`${products.storeId}`)) as SQL;

/** The same rule for raw SQL that names the products table by an alias (`p`). */
export const publicProductAs = (alias: string): SQL =>
  sql`(${sql.raw(`${alias}.archived_at`)} is null and ${storeIsPublic(sql.raw(`${alias}.store_id`))})`;

/** The same rule for a product named by an id expression (raw SQL that aliases products: `p.id`). */
export const publicProductId = (id: SQL): SQL =>
  sql`exists (select 1 from ${products} as visible_product where visible_product.id = ${id} and visible_product.archived_at is null and ${storeIsPublic(sql.raw('visible_product.store_id'))})`;
