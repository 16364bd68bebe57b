/**
 * THE seller's door for a product's options and variants (issue 30 #4, docs/decisions/051 and
 * 054): the whole grid at once, all or nothing. It writes `products.options`, the product's
 * `product_variants` rows and what the lists read from them (price and compare-at of the
 * cheapest variant, stock the sum), and queues the product for publishing, in the caller's
 * transaction. The grid's own rules are the contract's (src/lib/variant-rules.ts); the ones that
 * need the store are here: SKUs unique across the store's products and variants (sku.ts), photos
 * from the product's own, ids that name this product's variants.
 *
 * Ids: a row that names an existing variant's id keeps it, whatever its values now (a renamed
 * value keeps carts and orders valid); a row without one keeps the id of the variant with the same
 * values; the rest are new (`variantIdFor`). A product that gains options loses its sole variant;
 * one whose options are all taken away gets it back from the products_sole_variant trigger
 * (migration 0028), with the one row's price, stock and SKU.
 */
import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { VariantsInput } from '../../../lib/contract/seller-products';
import { toCents } from '../../../lib/money';
import { variantName } from '../../../lib/variant-rules';
import { variantIdFor } from '../../../lib/variants';
import type { Db, Tx } from '../../db/client';
import { products, productVariants } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { catalogChanged } from '../publish-queue';
import { ownProduct, type Seller, soldBy } from '../sellers';
import { refuse } from './refuse';
import { ownVariants, readOwn } from './scope';
import type { ProductRow } from './shapes';
import { isSkuClash, skuHolders } from './sku';

type VariantRow = typeof productVariants.$inferSelect;
type Row = {
  id: string;
  position: number;
  values: string[];
  sku: string;
  priceCents: number;
  compareAtCents: number | null;
  stock: number;
  images: string[];
};

/** The columns a grid row writes, the same for a kept variant's update and a new one's insert. */
const columnsOf = (r: Row) => ({
  position: r.position,
  optionValues: r.values,
  sku: r.sku,
  priceCents: r.priceCents,
  compareAtCents: r.compareAtCents,
  stock: r.stock,
  images: r.images,
});

/** Which stored variant each input row is, or a new id; problems for ids not this product's. */
function assignIds(productId: string, input: VariantsInput, existing: VariantRow[]) {
  const problems: Record<string, string> = {};
  const byId = new Map(existing.map((v) => [v.id, v]));
  const byValues = new Map(existing.map((v) => [JSON.stringify(v.optionValues), v]));
  const named = new Set(input.variants.map((v) => v.id).filter(Boolean));
  const taken = new Set<string>();
  const ids = input.variants.map((variant, i) => {
    if (variant.id !== undefined) {
      if (!byId.has(variant.id) || variant.id === productId || taken.has(variant.id)) {
        problems[`variants.${i}.id`] =
          `${variantName(i, input.options, variant.options)}: it is not one of this product's variants: reload the page and try again`;
        return '';
      }
      taken.add(variant.id);
      return variant.id;
    }
    const same = byValues.get(JSON.stringify(variant.options));
    if (same && same.id !== productId && !named.has(same.id) && !taken.has(same.id)) {
      taken.add(same.id);
      return same.id;
    }
    return null;
  });
  // New ids last, so one never takes the id a kept (renamed) variant still has.
  const final = ids.map((id, i) => {
    if (id !== null) return id;
    const base = variantIdFor(productId, input.variants[i]?.options ?? []);
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++) candidate = `${base}-${n}`;
    taken.add(candidate);
    return candidate;
  });
  return { ids: final, problems };
}

/** The store's SKUs the grid may not take: its other products' and their variants', and this product's own SKU. */
async function skuProblems(db: Db, seller: Seller, product: ProductRow, input: VariantsInput) {
  const problems: Record<string, string> = {};
  const holders = await skuHolders(
    db,
    seller,
    input.variants.map((v) => v.sku),
  );
  input.variants.forEach((variant, i) => {
    const holder = holders.get(variant.sku);
    if (!holder) return;
    // Its own variants' SKUs move freely within the grid; its own SKU stays the product's while it has options.
    const own = holder.productId === product.id;
    if (own && (holder.variantId !== null || input.options.length === 0)) return;
    const by = own ? "this product's own SKU" : holder.name;
    problems[`variants.${i}.sku`] =
      `${variantName(i, input.options, variant.options)}: SKU ${variant.sku} is already used by ${by}: choose another`;
  });
  return problems;
}

function photoProblems(product: ProductRow, input: VariantsInput) {
  const problems: Record<string, string> = {};
  const own = new Set(product.images);
  input.variants.forEach((variant, i) => {
    variant.images?.forEach((url, j) => {
      if (!own.has(url))
        problems[`variants.${i}.images.${j}`] =
          `${variantName(i, input.options, variant.options)}: photo ${j + 1} is not one of this product's photos: choose from its photos`;
    });
  });
  return problems;
}

/** The product's price and compare-at (its cheapest variant's, the first of equals) and stock (their sum). */
function aggregates(rows: Row[]) {
  const cheapest = rows.reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
  return {
    priceCents: cheapest.priceCents,
    compareAtCents: cheapest.compareAtCents,
    stock: rows.reduce((sum, r) => sum + r.stock, 0),
  };
}

/**
 * Sets the options and variants of one of the seller's products (404 for another store's or none),
 * all or nothing: any refusal is a 400 naming each refused cell, and nothing is written.
 */
export async function setVariants(tx: Tx, seller: Seller, productId: string, input: VariantsInput): Promise<void> {
  const product = await ownProduct(tx, seller, productId, { lock: true });
  const mine = ownVariants(tx, seller, [product.id]);
  const existing = await tx.select().from(productVariants).where(mine);
  // Without options the one row is the product itself: no ids to keep.
  const { ids, problems } = input.options.length
    ? assignIds(product.id, input, existing)
    : { ids: [product.id], problems: {} };
  refuse({ ...problems, ...photoProblems(product, input), ...(await skuProblems(tx, seller, product, input)) });

  const rows: Row[] = input.variants.map((v, i) => ({
    id: ids[i] as string,
    position: i,
    values: v.options,
    sku: v.sku,
    priceCents: toCents(v.price),
    compareAtCents: v.compareAtPrice === null ? null : toCents(v.compareAtPrice),
    stock: v.stock,
    // Photos left out: a kept variant keeps its own (a CSV file without the variant_photos column).
    images: v.images ?? existing.find((e) => e.id === ids[i])?.images ?? [],
  }));
  const product$ = and(eq(products.id, product.id), soldBy(seller, products.storeId)) as SQL;

  if (input.options.length === 0) {
    // Back to one way of selling: the variants go, and the trigger makes the sole variant anew from the product.
    const [only] = rows as [Row];
    await tx.delete(productVariants).where(mine);
    await tx
      .update(products)
      .set({
        options: [],
        sku: only.sku,
        priceCents: only.priceCents,
        compareAtCents: only.compareAtCents,
        stock: only.stock,
        updatedAt: sql`now()`,
      })
      .where(product$);
  } else {
    await tx
      .update(products)
      .set({ options: input.options, ...aggregates(rows), updatedAt: sql`now()` })
      .where(product$);
    const keep = rows.map((r) => r.id);
    // The variants not in the grid go (the sole variant among them, when options are new).
    await tx.delete(productVariants).where(and(mine, notInArray(productVariants.id, keep)));
    const kept = rows.filter((r) => existing.some((v) => v.id === r.id));
    if (kept.length) {
      // Values and SKUs may swap between kept rows: park them first, so no unique index sees a clash mid-way.
      await tx
        .update(productVariants)
        .set({
          sku: sql`'~' || ${productVariants.id}`,
          optionValues: sql`jsonb_build_array('~' || ${productVariants.id})`,
        })
        .where(
          and(
            mine,
            inArray(
              productVariants.id,
              kept.map((r) => r.id),
            ),
          ),
        );
      for (const r of kept)
        await tx
          .update(productVariants)
          .set({ ...columnsOf(r), updatedAt: sql`now()` })
          .where(and(eq(productVariants.id, r.id), mine));
    }
    const added = rows.filter((r) => !existing.some((v) => v.id === r.id));
    if (added.length)
      await tx.insert(productVariants).values(added.map((r) => ({ id: r.id, productId: product.id, ...columnsOf(r) })));
  }
  if (!product.archivedAt) await catalogChanged(tx, 'product', product.id, 'variants set by its seller');
}

/** PUT /seller/products/{id}/variants: the grid in its own transaction, answered as the product now is. */
export async function setOwnVariants(db: Db, seller: Seller, productId: string, input: VariantsInput) {
  try {
    await db.transaction((tx) => setVariants(tx, seller, productId, input));
  } catch (error) {
    if (!isSkuClash(error)) throw error;
    // Another edit took one of these SKUs while this one was checked, and the database refused the
    // second (docs/decisions/055); nothing of this grid was written. The winner has committed, so
    // the checks now see it and name the cell as they would have a moment later.
    refuse(await skuProblems(db, seller, await ownProduct(db, seller, productId), input));
    throw new ApiError(409, 'conflict', 'A SKU of this grid was just taken: choose another and save again');
  }
  return readOwn(db, seller, productId);
}
