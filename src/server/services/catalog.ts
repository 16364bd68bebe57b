import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import {
  CATEGORIES,
  findCategory,
  resolveCategoryFilter,
  SORT_ORDER,
  SORTS,
  type Sort,
  type SortKey,
} from '../../lib/catalog';
import type { Product, ProductList, ProductQuery, SellerStore } from '../../lib/contract/catalog';
import { toCents } from '../../lib/money';
import type { OptionFilter } from '../../lib/option-filter';
import { PRIOR_MEAN, PRIOR_REVIEWS } from '../../lib/ratings';
import type { Db } from '../db/client';
import { products, productVariants, stores } from '../db/schema';
import { notFound } from '../http/errors';
import { toProduct, toProductVariant, toSellerStore } from './catalog-shapes';
import { type SearchPlan, searchPlan } from './product-search';
import { publicProduct, publicStore } from './public-catalog';

/** The column behind each field a sort compares (SORT_ORDER names the API's fields). */
const SORT_COLUMN = {
  // false sorts before true, in PostgreSQL as in the pages' comparison (0 before 1).
  inStock: sql`(${products.stock} > 0)`,
  createdAt: products.createdAt,
  price: products.priceCents,
  rating: products.rating,
  // bayesianRating (src/lib/ratings.ts) in SQL: the same numbers, so the API and the pages agree.
  ratingScore: sql`((${PRIOR_REVIEWS}::float8 * ${PRIOR_MEAN}::float8 + ${products.reviewCount} * ${products.rating}) / (${PRIOR_REVIEWS}::float8 + ${products.reviewCount}))`,
  reviewCount: products.reviewCount,
  salesCount: products.salesCount,
  id: products.id,
} satisfies Record<SortKey[0], unknown>;
const ORDER = Object.fromEntries(
  SORTS.map((sort) => [
    sort,
    SORT_ORDER[sort].map(([field, direction]) => (direction === 'asc' ? asc : desc)(SORT_COLUMN[field])),
  ]),
) as Record<Sort, SQL[]>;

/** The WHERE of a public product query; category and subcategory compare case-insensitively. */
function productFilter(q: Partial<ProductQuery>, search?: SearchPlan): SQL | undefined {
  const where: (SQL | undefined)[] = [publicProduct];
  if (q.category) {
    const categories = [...new Set(q.category.split(',').flatMap(resolveCategoryFilter))];
    if (categories.length === 0) return sql`false`;
    where.push(inArray(products.category, categories));
  }
  if (q.subcategory) where.push(sql`lower(${products.subcategory}) = ${q.subcategory.toLowerCase()}`);
  if (q.storeId) where.push(eq(products.storeId, q.storeId));
  if (q.ids) where.push(q.ids.length ? inArray(products.id, q.ids) : sql`false`);
  if (q.minPrice !== undefined) where.push(gte(products.priceCents, toCents(q.minPrice)));
  if (q.maxPrice !== undefined) where.push(lte(products.priceCents, toCents(q.maxPrice)));
  if (q.inStock === 'true') where.push(gt(products.stock, 0));
  if (q.discounted === 'true')
    where.push(and(isNotNull(products.compareAtCents), gt(products.compareAtCents, products.priceCents)));
  if (q.minRating !== undefined) where.push(gte(products.rating, q.minRating));
  if (q.options?.length) where.push(soldIn(q.options, q.inStock === 'true'));
  if (search) where.push(search.where);
  return and(...where);
}

/**
 * One of the product's variants has every chosen value (decision 053): "Size 10 and Brown" is a
 * brown 10, never a brown 9 beside a black 10 (Spree's lesson). Each value is read at the place of
 * its option's name in the product's options; a product without that option does not match.
 */
function soldIn(pairs: readonly OptionFilter[], inStock: boolean): SQL {
  const matches = pairs.map(
    ({ name, value }) =>
      sql`lower(${productVariants.optionValues} ->> (select (o.i - 1)::int from jsonb_array_elements(${products.options}) with ordinality o(opt, i) where lower(o.opt->>'name') = ${name.toLowerCase()} limit 1)) = ${value.toLowerCase()}`,
  );
  return sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${and(...matches)}${inStock ? sql` and ${productVariants.stock} > 0` : sql``})`;
}

type ListQuery = Partial<ProductQuery> & Pick<ProductQuery, 'page' | 'limit'>;

export async function listProducts(db: Db, q: ListQuery): Promise<ProductList> {
  const search = q.search ? await searchPlan(db, q.search) : undefined;
  const where = productFilter(q, search);
  const [{ total }] = await db
    .select({ total: count() })
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(where);
  const rows = await db
    .select()
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(where)
    .orderBy(...(q.sort ? ORDER[q.sort] : search ? search.orderBy : ORDER.newest))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    products: await withVariants(
      db,
      rows.map((r) => toProduct(r.products, r.stores)),
    ),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
  };
}

/**
 * The variants of the products with options among `list` (docs/decisions/053): a card says "from"
 * only when its sizes' prices differ, the pages' snapshot carries what the product page's picker
 * shows, and the live refresh follows the chosen variant. One read for the page; none when no
 * product on it has options. A product without options answers as the spec's, without variants.
 */
async function withVariants(db: Db, list: Product[]): Promise<Product[]> {
  const ids = list.filter((p) => p.options.length > 0).map((p) => p.id);
  if (ids.length === 0) return list;
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, ids))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  const byProduct = new Map<string, (typeof rows)[number][]>();
  for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return list.map((p) =>
    p.options.length > 0
      ? { ...p, variants: (byProduct.get(p.id) ?? []).map((v) => toProductVariant(v, p.options)) }
      : p,
  );
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  const [row] = await db
    .select()
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(and(eq(products.id, id), publicProduct));
  if (!row) throw notFound('Product not found');
  const variants = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const product = toProduct(row.products, row.stores);
  return { ...product, variants: variants.map((v) => toProductVariant(v, row.products.options)) };
}

export async function bestSellers(
  db: Db,
  q: { category?: string; subcategory?: string; limit: number },
): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(productFilter(q))
    .orderBy(...ORDER.bestsellers)
    .limit(q.limit);
  return withVariants(
    db,
    rows.map((r) => toProduct(r.products, r.stores)),
  );
}

export function subcategoriesOf(input: string): { category: string; subcategories: string[] } {
  const category = findCategory(input);
  if (!category) throw notFound('Category not found');
  return { category, subcategories: [...CATEGORIES[category]] };
}

async function productCounts(db: Db, storeIds: string[]): Promise<Map<string, number>> {
  if (storeIds.length === 0) return new Map();
  const rows = await db
    .select({ storeId: products.storeId, n: count() })
    .from(products)
    .where(and(inArray(products.storeId, storeIds), publicProduct))
    .groupBy(products.storeId);
  return new Map(rows.map((r) => [r.storeId as string, r.n]));
}

export async function listStores(db: Db, q: { page: number; limit: number }) {
  const [{ total }] = await db.select({ total: count() }).from(stores).where(publicStore);
  const rows = await db
    .select()
    .from(stores)
    .where(publicStore)
    .orderBy(asc(stores.name), asc(stores.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const counts = await productCounts(
    db,
    rows.map((s) => s.id),
  );
  return {
    stores: rows.map((s) => toSellerStore(s, counts.get(s.id) ?? 0)),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
  };
}

export async function getStore(db: Db, id: string): Promise<SellerStore> {
  const [store] = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, id), publicStore));
  if (!store) throw notFound('Seller not found');
  const counts = await productCounts(db, [id]);
  return toSellerStore(store, counts.get(id) ?? 0);
}

export async function storeProducts(
  db: Db,
  id: string,
  q: { sort: Sort; page: number; limit: number },
): Promise<ProductList> {
  await getStore(db, id);
  return listProducts(db, { ...q, storeId: id });
}
