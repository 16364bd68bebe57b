import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { SellerProduct, SellerProductList, SellerProductQuery } from '../../../lib/contract/seller-products';
import { LOW_STOCK, type SellerSort } from '../../../lib/product-rules';
import type { Db } from '../../db/client';
import { products, productVariants, stores } from '../../db/schema';
import { toProductVariant } from '../catalog-shapes';
import { type Seller, soldBy } from '../sellers';
import { ownVariants, readOwn } from './scope';
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

/** Part of the name or SKU: the product's, or one of its variants' (issue 30 #4). */
const searchWhere = (like: string) =>
  sql`(lower(${products.name}) like ${like} or lower(${products.sku}) like ${like}
       or exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and lower(v.sku) like ${like}))`;

/** The variants of the listed products that have options (none read when none has), in each grid's order. */
async function variantsOf(db: Db, seller: Seller, rows: (typeof products.$inferSelect)[]) {
  const withOptions = rows.filter((r) => r.options.length > 0);
  if (withOptions.length === 0) return new Map<string, SellerProduct['variants']>();
  const variants = await db
    .select()
    .from(productVariants)
    .where(
      ownVariants(
        db,
        seller,
        withOptions.map((r) => r.id),
      ),
    )
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  const byProduct = new Map<string, SellerProduct['variants']>();
  for (const r of withOptions)
    byProduct.set(
      r.id,
      variants.filter((v) => v.productId === r.id).map((v) => toProductVariant(v, r.options)),
    );
  return byProduct;
}

export async function listOwnProducts(db: Db, seller: Seller, q: SellerProductQuery): Promise<SellerProductList> {
  const where = and(
    soldBy(seller, products.storeId),
    q.search ? searchWhere(`%${escapeLike(q.search.toLowerCase())}%`) : undefined,
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
  const variants = await variantsOf(
    db,
    seller,
    rows.map((r) => r.products),
  );
  return {
    products: rows.map((r) => {
      const product = toSellerProduct(r.products, r.stores);
      const own = variants.get(r.products.id);
      return own ? { ...product, variants: own } : product;
    }),
    pagination: { page: q.page, limit: q.limit, total, totalPages: Math.ceil(total / q.limit) },
  };
}

/** One of the seller's products; 404 for another store's or none. */
export const getOwnProduct = (db: Db, seller: Seller, id: string): Promise<SellerProduct> => readOwn(db, seller, id);
