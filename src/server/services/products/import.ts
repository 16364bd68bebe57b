/**
 * A seller's products from a CSV file (docs/decisions/016): upsert by SKU within the seller's
 * store. Every row is read and checked first (import-rows.ts: the same rules as the JSON calls); a
 * file with any bad row imports nothing and answers every problem by line and column. A good file
 * is written in one transaction: a row naming a product the store has is a change through the one
 * change path (change.ts: its rules, its publishing), a new SKU a new product, a few multi-row
 * statements. Rows that share a product's sku and give option values are its variants, one row
 * each (import-variants.ts, docs/decisions/054): their product is written as any other, then its
 * grid through the variants door.
 */
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { ImportProblem, ImportResult } from '../../../lib/contract/seller-products';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { catalogChangedMany } from '../publish-queue';
import { type Seller, soldBy } from '../sellers';
import { applyChanges, type ChangePlan, planChange } from './change';
import { newProductId } from './create';
import { CSV_COLUMN_OF, CSV_MESSAGE, type Row, readRows } from './import-rows';
import { variantGroups, writeGroup } from './import-variants';
import { photoProblems } from './photos';
import { isSkuClash, skuHolders } from './sku';

/** The largest file one import takes. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** New products written per statement (each row binds 13 values; PostgreSQL allows 65,535 a statement). */
const CHUNK = 500;

export class ImportRefusedError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(
      `Nothing was imported: ${problems.length} problem${problems.length === 1 ? '' : 's'} in the file. Fix ${problems.length === 1 ? 'it' : 'them'} and import the whole file again.`,
    );
  }
}

/**
 * Imports a CSV file into the seller's store: upsert by SKU, all rows or none. Throws
 * ImportRefusedError with every problem when any row is bad.
 */
export async function importOwnProducts(db: Db, seller: Seller, text: string): Promise<ImportResult> {
  const { storeId } = seller;
  const { rows: all, present, problems } = readRows(text);
  if (problems.length) throw new ImportRefusedError(problems.sort((a, b) => a.line - b.line));
  if (all.length === 0)
    throw new ImportRefusedError([{ line: 2, column: '', message: 'The file has no products under its header' }]);
  const { groups, problems: gridProblems } = variantGroups(all);
  if (gridProblems.length) throw new ImportRefusedError(gridProblems.sort((a, b) => a.line - b.line));
  // One row per product: a product without options, or the first row of a product's variants.
  const rows = [
    ...all.filter((r) => !r.values.variant),
    ...groups.map((g) => {
      const { priceCents, compareAtCents, stock, variant, ...product } = (g.rows[0] as Row).values;
      // Its price and stock are its variants' (set by the grid); a new product starts from its first row's.
      return { line: g.rows[0]?.line ?? 0, values: { ...product, priceCents, compareAtCents, stock }, grid: true };
    }),
  ] as (Row & { grid?: boolean })[];

  return db.transaction(async (tx) => {
    // Photos: every one the store uploaded or already shows, checked in one pass.
    if (present.has('photos')) {
      const photos = rows.flatMap((r) => r.values.images ?? []);
      const found = await photoProblems(tx, seller, photos, 'p');
      const refused = new Set(
        Object.entries(found)
          .filter(([k]) => k !== 'p')
          .map(([k]) => photos[Number(k.slice(2))]),
      );
      const photoRows = rows.filter((r) => r.values.images?.some((url) => refused.has(url)));
      if (photoRows.length) {
        throw new ImportRefusedError(
          photoRows.map((r) => ({
            line: r.line,
            column: 'photos',
            message: `${r.values.images?.filter((u) => refused.has(u)).join(' ')}: not one of your store's photos; upload it first and use the address it gets`,
          })),
        );
      }
    }
    // The store's products the file names, locked: each row for one of them is a change.
    const skus = rows.map((r) => r.values.sku);
    const existing = new Map<string, typeof products.$inferSelect>();
    for (let i = 0; i < skus.length; i += CHUNK * 10) {
      const found = await tx
        .select()
        .from(products)
        .where(and(soldBy(seller, products.storeId), inArray(products.sku, skus.slice(i, i + CHUNK * 10))))
        .orderBy(asc(products.id))
        .for('update');
      for (const row of found) existing.set(row.sku, row);
    }
    const plans: ChangePlan[] = [];
    const refused: ImportProblem[] = [];
    const fresh: Row[] = [];
    for (const row of rows) {
      const before = existing.get(row.values.sku);
      if (!before) {
        fresh.push(row);
        continue;
      }
      // A product's variant rows leave its price and stock to its grid.
      const plan = planChange(before, {
        ...row.values,
        sku: undefined,
        ...(row.grid ? { priceCents: undefined, compareAtCents: undefined, stock: undefined } : {}),
      });
      for (const [key, message] of Object.entries(plan.problems))
        refused.push({ line: row.line, column: CSV_COLUMN_OF[key] ?? '', message: CSV_MESSAGE[key] ?? message });
      plans.push(plan);
    }
    // A new product may not take a SKU one of the store's variants has.
    const heldByVariants = await skuHolders(
      tx,
      seller,
      fresh.map((r) => r.values.sku),
    );
    for (const row of fresh) {
      const holder = heldByVariants.get(row.values.sku);
      if (holder?.variantId)
        refused.push({
          line: row.line,
          column: 'sku',
          message: `SKU ${row.values.sku} is already used by ${holder.name}: choose another`,
        });
    }
    if (refused.length) throw new ImportRefusedError(refused.sort((a, b) => a.line - b.line));
    await applyChanges(tx, seller, plans, 'CSV import by its seller');
    const created: string[] = [];
    const idOf = new Map([...existing.values()].map((p) => [p.sku, p.id]));
    const gridRefused: ImportProblem[] = [];
    try {
      for (let i = 0; i < fresh.length; i += CHUNK) {
        const written = await tx
          .insert(products)
          .values(
            fresh.slice(i, i + CHUNK).map(({ values: v }) => ({
              id: newProductId(v.name),
              storeId,
              sku: v.sku,
              name: v.name,
              description: v.description ?? '',
              category: v.category,
              subcategory: v.subcategory,
              priceCents: v.priceCents,
              compareAtCents: v.compareAtCents ?? null,
              stock: v.stock,
              tags: v.tags ?? [],
              images: v.images ?? [],
              reviewCount: 0,
              archivedAt: v.archived ? sql`now()` : null,
            })),
          )
          .returning({ id: products.id, sku: products.sku, archivedAt: products.archivedAt });
        created.push(...written.filter((w) => w.archivedAt === null).map((w) => w.id));
        for (const w of written) idOf.set(w.sku, w.id);
      }
      // A new product is on the pages unless it comes archived.
      await catalogChangedMany(tx, 'product', created, 'CSV import by its seller');
      // Each product's grid last, so its SKUs are checked against every product the file made.
      for (const group of groups)
        gridRefused.push(...(await writeGroup(tx, seller, idOf.get(group.sku) as string, group)));
    } catch (error) {
      // Another call gave one of these SKUs to a product or variant meanwhile: nothing of the file is kept.
      if (isSkuClash(error))
        throw new ApiError(
          409,
          'conflict',
          'Some of these SKUs were just given to other products: import the file again',
        );
      throw error;
    }
    if (gridRefused.length) throw new ImportRefusedError(gridRefused.sort((a, b) => a.line - b.line));
    return { created: fresh.length, updated: plans.length, rows: all.length };
  });
}

/** The import's body as text: a CSV file of at most MAX_IMPORT_BYTES, UTF-8. */
export async function importText(file: File): Promise<string> {
  if (file.size > MAX_IMPORT_BYTES)
    throw new ApiError(413, 'payload_too_large', `A CSV file may be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new ApiError(400, 'bad_request', 'The file is not UTF-8 text: save it as "CSV UTF-8" and try again');
  }
}
