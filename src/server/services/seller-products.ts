/**
 * A seller's own products (docs/decisions/016). Every query names the owner in its WHERE
 * (`products.store_id in (stores owned by me)`), so a product of another store is never read or
 * touched; another store's id answers 403 and an unknown one 404, as the first seller call did.
 * Every change that the public catalogue shows is queued for publishing in the same transaction
 * (docs/decisions/008); the route then wakes the publisher.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { categorySlug } from '../../lib/catalog';
import type {
  BulkEdit,
  ProductCreate,
  ProductUpdate,
  SellerProduct,
  SellerProductList,
  SellerProductQuery,
} from '../../lib/contract/seller-products';
import { toCents, toDollars } from '../../lib/money';
import { compareAtProblem, copySku, LOW_STOCK, type SellerSort, subcategoryProblem } from '../../lib/product-rules';
import { parseUploadPath } from '../../lib/uploads';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { products, stores, uploads } from '../db/schema';
import { ApiError, badRequest } from '../http/errors';
import { toProduct } from './catalog-shapes';
import { catalogChanged, catalogChangedMany } from './publish-queue';
import { sellerStore } from './uploads';

type ProductRow = typeof products.$inferSelect;
type StoreRow = typeof stores.$inferSelect;

/** The stores the user owns, as a subquery for WHERE … IN. */
export const ownStores = (db: Db, ownerId: string) =>
  db.select({ id: stores.id }).from(stores).where(eq(stores.ownerId, ownerId));
const ownProduct = (db: Db, ownerId: string, id: string) =>
  and(eq(products.id, id), inArray(products.storeId, ownStores(db, ownerId)));

export function toSellerProduct(row: ProductRow, store: StoreRow | null): SellerProduct {
  return {
    ...toProduct(row, store),
    // The seller sees its compare-at price as set, even when it is not (or no longer) a discount.
    compareAtPrice: row.compareAtCents === null ? null : toDollars(row.compareAtCents),
    status: row.archivedAt ? 'archived' : 'active',
    archivedAt: row.archivedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** 404 for a product that does not exist, 403 for one of another store (the first seller call's answers). */
async function notYours(db: Db, id: string): Promise<never> {
  const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  if (!exists) throw new ApiError(404, 'not_found', 'Product not found');
  throw new ApiError(403, 'forbidden', 'You can only change your own products');
}

const skuTaken = (sku: string) =>
  new ApiError(409, 'conflict', `SKU ${sku} is already used by another of your products`, {
    sku: `SKU ${sku} is already used by another of your products`,
  });

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

const SORT: Record<SellerSort, SQL[]> = {
  updated: [desc(products.updatedAt), asc(products.id)],
  newest: [desc(products.createdAt), asc(products.id)],
  name: [asc(sql`lower(${products.name})`), asc(products.id)],
  'price-low': [asc(products.priceCents), asc(products.id)],
  'price-high': [desc(products.priceCents), asc(products.id)],
  'stock-low': [asc(products.stock), asc(products.id)],
};

export async function listOwnProducts(db: Db, ownerId: string, q: SellerProductQuery): Promise<SellerProductList> {
  await sellerStore(db, ownerId);
  const where = and(
    inArray(products.storeId, ownStores(db, ownerId)),
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

export async function getOwnProduct(db: Db, ownerId: string, id: string): Promise<SellerProduct> {
  await sellerStore(db, ownerId);
  const [row] = await db
    .select()
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(ownProduct(db, ownerId, id));
  if (!row) return notYours(db, id);
  return toSellerProduct(row.products, row.stores);
}

/**
 * The photos a product may show: ones the store uploaded (`/uploads/<key>/…` with the store's
 * key), or ones already on one of the store's products (the sample catalogue's drawn pictures,
 * a copy's photos, an export imported again). Field errors name each refused photo.
 */
export async function photoProblems(db: Db, storeId: string, images: string[], field = 'images') {
  const problems: Record<string, string> = {};
  const keys = [...new Set(images.map((url) => parseUploadPath(url)?.hash).filter((k): k is string => !!k))];
  const uploaded = new Set(
    keys.length
      ? (
          await db
            .select({ key: uploads.key })
            .from(uploads)
            .where(and(eq(uploads.storeId, storeId), inArray(uploads.key, keys)))
        ).map((r) => r.key)
      : [],
  );
  const others = [...new Set(images.filter((url) => !uploaded.has(parseUploadPath(url)?.hash ?? '')))];
  const used = new Set<string>();
  if (others.length) {
    const rows = (await db.execute(sql`
      select distinct photo from ${products}, jsonb_array_elements_text(${products.images}) as photo
       where ${products.storeId} = ${storeId} and photo in (${sql.join(
         others.map((o) => sql`${o}`),
         sql`, `,
       )})`)) as unknown as { rows: { photo: string }[] };
    for (const r of rows.rows) used.add(r.photo);
  }
  images.forEach((url, i) => {
    if (!uploaded.has(parseUploadPath(url)?.hash ?? '') && !used.has(url))
      problems[`${field}.${i}`] = `photo ${i + 1} is not one of your store's uploads: upload it first`;
  });
  if (new Set(images).size !== images.length) problems[field] = 'each photo at most once';
  return problems;
}

/** A new product id: the name as a URL slug and a random tail (names repeat; ids never do). */
export function newProductId(name: string): string {
  const slug = categorySlug(name).slice(0, 60).replace(/-$/, '') || 'product';
  return `${slug}-${randomBytes(4).toString('hex')}`;
}

function fieldProblems(values: {
  category: string;
  subcategory: string;
  priceCents: number;
  compareAtCents: number | null;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  const sub = subcategoryProblem(values.category, values.subcategory);
  if (sub) problems.subcategory = sub;
  const compare = compareAtProblem(values.priceCents, values.compareAtCents);
  if (compare) problems.compareAtPrice = compare;
  return problems;
}

const refuse = (problems: Record<string, string>) => {
  if (Object.keys(problems).length) throw badRequest(Object.values(problems)[0], problems);
};

async function readOwn(db: Db, id: string): Promise<SellerProduct> {
  const [row] = await db
    .select()
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(eq(products.id, id));
  return toSellerProduct(row.products, row.stores);
}

export async function createOwnProduct(db: Db, ownerId: string, input: ProductCreate): Promise<SellerProduct> {
  const storeId = await sellerStore(db, ownerId);
  const priceCents = toCents(input.price);
  const compareAtCents = input.compareAtPrice === null ? null : toCents(input.compareAtPrice);
  refuse(fieldProblems({ category: input.category, subcategory: input.subcategory, priceCents, compareAtCents }));
  const id = newProductId(input.name);
  try {
    await db.transaction(async (tx) => {
      refuse(await photoProblems(tx, storeId, input.images));
      const [clash] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.storeId, storeId), eq(products.sku, input.sku)));
      if (clash) throw skuTaken(input.sku);
      await tx.insert(products).values({
        id,
        storeId,
        name: input.name,
        description: input.description,
        category: input.category,
        subcategory: input.subcategory,
        priceCents,
        compareAtCents,
        stock: input.stock,
        sku: input.sku,
        tags: input.tags,
        images: input.images,
        reviewCount: 0,
        archivedAt: input.status === 'archived' ? sql`now()` : null,
      });
      if (input.status === 'active') await catalogChanged(tx, 'product', id, 'created by its seller');
    });
  } catch (error) {
    if (isUniqueViolation(error, 'products_store_sku_key')) throw skuTaken(input.sku);
    throw error;
  }
  return readOwn(db, id);
}

export async function updateOwnProduct(
  db: Db,
  ownerId: string,
  id: string,
  change: ProductUpdate,
): Promise<SellerProduct> {
  await sellerStore(db, ownerId);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(products)
        .where(ownProduct(tx, ownerId, id))
        .for('update');
      if (!before) return notYours(tx, id);
      const after = {
        category: change.category ?? before.category,
        subcategory: change.subcategory ?? before.subcategory,
        priceCents: change.price !== undefined ? toCents(change.price) : before.priceCents,
        compareAtCents:
          change.compareAtPrice === undefined
            ? before.compareAtCents
            : change.compareAtPrice === null
              ? null
              : toCents(change.compareAtPrice),
      };
      // Only the rules the change touches. A compare-at price given must be above the price; a
      // new price alone may reach the old compare-at price, which ends the sale: the compare-at
      // price is cleared, so a stored one is always above its price.
      const problems = fieldProblems(after);
      if (change.category === undefined && change.subcategory === undefined) delete problems.subcategory;
      if (change.compareAtPrice == null) {
        delete problems.compareAtPrice;
        if (after.compareAtCents !== null && after.compareAtCents <= after.priceCents) after.compareAtCents = null;
      }
      refuse(problems);
      if (change.images) {
        const added = change.images.filter((url) => !before.images.includes(url));
        const photos = await photoProblems(tx, before.storeId as string, added);
        if (Object.keys(photos).length || new Set(change.images).size !== change.images.length)
          refuse({ images: 'each photo must be one of your uploads, at most once' });
      }
      if (change.sku !== undefined && change.sku !== before.sku) {
        const [clash] = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.storeId, before.storeId as string), eq(products.sku, change.sku)));
        if (clash) throw skuTaken(change.sku);
      }
      const [updated] = await tx
        .update(products)
        .set({
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.description !== undefined ? { description: change.description } : {}),
          ...(change.category !== undefined ? { category: change.category } : {}),
          ...(change.subcategory !== undefined ? { subcategory: change.subcategory } : {}),
          ...(change.price !== undefined ? { priceCents: after.priceCents } : {}),
          ...(after.compareAtCents !== before.compareAtCents ? { compareAtCents: after.compareAtCents } : {}),
          ...(change.stock !== undefined ? { stock: change.stock } : {}),
          ...(change.sku !== undefined ? { sku: change.sku } : {}),
          ...(change.tags !== undefined ? { tags: change.tags } : {}),
          ...(change.images !== undefined ? { images: change.images } : {}),
          updatedAt: sql`now()`,
        })
        .where(ownProduct(tx, ownerId, id))
        .returning({ stock: products.stock });
      // An archived product is on no page. Stock alone is not a publish unless the product sells
      // out or comes back (the pages' live island shows the count); anything else the pages show is.
      const stockOnly = Object.entries(change).every(([key, value]) => key === 'stock' || value === undefined);
      const stockAfter = updated?.stock ?? before.stock;
      if (!before.archivedAt && (!stockOnly || before.stock > 0 !== stockAfter > 0)) {
        await catalogChanged(tx, 'product', id, 'changed by its seller');
      }
    });
  } catch (error) {
    if (change.sku && isUniqueViolation(error, 'products_store_sku_key')) throw skuTaken(change.sku);
    throw error;
  }
  return readOwn(db, id);
}

/**
 * Archives (or brings back) one of the seller's products: the row and its order history stay;
 * the public catalogue drops it (services/public-catalog.ts) and the next publish removes its
 * pages. Doing it twice is not an error.
 */
export async function setArchived(db: Db, ownerId: string, id: string, archived: boolean): Promise<SellerProduct> {
  await sellerStore(db, ownerId);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ archivedAt: products.archivedAt })
      .from(products)
      .where(ownProduct(tx, ownerId, id))
      .for('update');
    if (!before) return notYours(tx, id);
    if (Boolean(before.archivedAt) === archived) return;
    await tx
      .update(products)
      .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`now()` })
      .where(ownProduct(tx, ownerId, id));
    await catalogChanged(tx, 'product', id, archived ? 'archived by its seller' : 'unarchived by its seller');
  });
  return readOwn(db, id);
}

/** A copy of one of the seller's products, archived (a draft to finish), named "… (copy)", with a SKU of its own. */
export async function duplicateOwnProduct(db: Db, ownerId: string, id: string): Promise<SellerProduct> {
  await sellerStore(db, ownerId);
  const copyId = await db.transaction(async (tx) => {
    const [source] = await tx
      .select()
      .from(products)
      .where(ownProduct(tx, ownerId, id));
    if (!source) return notYours(tx, id);
    const storeId = source.storeId as string;
    const skus = new Set(
      (await tx.select({ sku: products.sku }).from(products).where(eq(products.storeId, storeId))).map((r) => r.sku),
    );
    const name = `${source.name.slice(0, 193)} (copy)`;
    const newId = newProductId(source.name);
    await tx.insert(products).values({
      id: newId,
      storeId,
      name,
      description: source.description,
      category: source.category,
      subcategory: source.subcategory,
      priceCents: source.priceCents,
      compareAtCents: source.compareAtCents,
      stock: source.stock,
      sku: copySku(source.sku, (s) => skus.has(s)),
      tags: source.tags,
      images: source.images,
      reviewCount: 0,
      archivedAt: sql`now()`,
    });
    return newId;
  });
  return readOwn(db, copyId);
}

/**
 * New prices and/or stock for many of the seller's products at once: all or nothing. Any id not
 * the seller's refuses the whole edit (404 when none such exists, else 403). A new price at or
 * above a product's compare-at price ends its sale (the compare-at price is cleared), as a single
 * change does.
 */
export async function bulkEditOwn(db: Db, ownerId: string, edit: BulkEdit) {
  await sellerStore(db, ownerId);
  const ids = edit.items.map((i) => i.id);
  const changed = await db.transaction(async (tx) => {
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
    const publish: string[] = [];
    for (const item of edit.items) {
      const row = byId.get(item.id) as ProductRow;
      const endsSale =
        item.price !== undefined && row.compareAtCents !== null && row.compareAtCents <= toCents(item.price);
      await tx
        .update(products)
        .set({
          ...(item.price !== undefined ? { priceCents: toCents(item.price) } : {}),
          ...(endsSale ? { compareAtCents: null } : {}),
          ...(item.stock !== undefined ? { stock: item.stock } : {}),
          updatedAt: sql`now()`,
        })
        .where(ownProduct(tx, ownerId, item.id));
      const priceMoved = item.price !== undefined && toCents(item.price) !== row.priceCents;
      const stockCrossed = item.stock !== undefined && row.stock > 0 !== item.stock > 0;
      if (!row.archivedAt && (priceMoved || stockCrossed)) publish.push(item.id);
    }
    await catalogChangedMany(tx, 'product', publish, 'bulk edit by its seller');
    return ids;
  });
  const rows = await db
    .select()
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(and(inArray(products.id, changed), inArray(products.storeId, ownStores(db, ownerId))))
    .orderBy(asc(products.id));
  return { updated: rows.length, products: rows.map((r) => toSellerProduct(r.products, r.stores)) };
}
