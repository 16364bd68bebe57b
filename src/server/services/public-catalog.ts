/**
 * Which products the public catalogue shows: ONE home for the rule, used by every public read
 * (API lists and product reads, best sellers, store product counts, search vocabulary, the
 * sitemap) and by what a shopper can buy (cart adds, order placement). The static site follows
 * through the API: a product the API no longer answers is dropped from its pages by the next
 * publish (docs/decisions/008 and 016).
 *
 * Today: a product is public unless its seller archived it. (A store's own status, when stores
 * get one, belongs here too.)
 */
import { isNull, type SQL, sql } from 'drizzle-orm';
import { products } from '../db/schema';

/** WHERE condition: the product is in the public catalogue. */
export const publicProduct: SQL = isNull(products.archivedAt);

/** The same rule for raw SQL that names the products table by an alias (`p`). */
export const publicProductAs = (alias: string): SQL => sql.raw(`${alias}.archived_at is null`);
