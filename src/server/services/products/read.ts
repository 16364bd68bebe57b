import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { SellerProduct, SellerProductList, SellerProductQuery } from '../../../lib/contract/seller-products';
import { LOW_STOCK, type SellerSort } from '../../../lib/product-rules';
import type { Db } from '../../db/client';
import { products, stores } from '../../db/schema';
import { type Seller, soldBy } from '../sellers';
import { readOwn } from './scope';
import { toSellerProduct } from './shapes';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const SORT: Record<SellerSort, SQL[]> = {
  updated: [desc(products.updatedAt), asc(products.id)],
  newest: [desc(products.createdAt), asc(products.id)],
  name: [asc(sql`lower(${products.name})`), asc(products.id)],
  'price-low': [asc(products.priceCents), asc(products.id)],
  'price-high': [desc(products.priceCents), asc(products.id)],
  'stock-low': [asc(products.stock), asc(products.id)],
};

export async function listOwnProducts(db: Db, seller: Seller, q: SellerProductQuery): Promise<SellerProductList> {
  const where = and(
    soldBy(seller, products.storeId),
    q.search
      ? sql`(lower(${products.name}) like ${`%${escapeLike(q.search.toLowerCase())}%`} or lower(${products.sku}) like ${`%${escapeLike(q.search.toLowerCase())}%`})`
      : undefined,
    q.status === 'active'
      ? isNull(products.archivedAt)
      : q.status === 'archived'
        ? isNotNull(products.archivedAt)
        : undefined,
    q.category ? eq(products.category, q.category) : undefined,
    q.stock === 'out'
      ? eq(products.stock, 0)
      : q.stock === 'low'
        ? and(gt(products.stock, 0), lte(products.stock, LOW_STOCK))
        : q.stock === 'in'
          ? gt(products.stock, LOW_STOCK)
          : undefined,
  );
  const [{ total }] = await db.select({ total: count() }).from(products).where(where);
  const rows = await db
    .select()
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(where)
    .orderBy(...SORT[q.sort])
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  return {
    products: rows.map((r) => toSellerProduct(r.products, r.stores)),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
  };
}

/** One of the seller's products; 404 for another store's or none. */
export const getOwnProduct = (db: Db, seller: Seller, id: string): Promise<SellerProduct> => readOwn(db, seller, id);
