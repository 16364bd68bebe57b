/**
 * A seller's products from a CSV file (docs/decisions/016): upsert by SKU within the seller's
 * store. Every row is checked first (the same rules as the JSON calls); a file with any bad row
 * imports nothing and answers every problem by line and column. A good file is written in one
 * transaction: a row naming a product the store has is a change through the one change path
 * (change.ts: its rules, its publishing), a new SKU a new product, a few multi-row statements.
 */
import { parse } from 'csv-parse/sync';
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { CATEGORY_NAMES } from '../../../lib/catalog';
import { type ImportProblem, type ImportResult, PRODUCT_FIELDS } from '../../../lib/contract/seller-products';
import { toCents } from '../../../lib/money';
import { REQUIRED_CSV_COLUMNS } from '../../../lib/product-csv';
import { parseTags } from '../../../lib/product-rules';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { products } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { catalogChangedMany } from '../publish-queue';
import { type Seller, soldBy } from '../sellers';
import { applyChanges, type ChangePlan, planChange, ruleProblems } from './change';
import { newProductId } from './create';
import { controlProblem, fromSpreadsheetText } from './csv-cells';
import { type Column, CSV_COLUMNS, NUMBER_COLUMNS } from './csv-format';
import { photoProblems } from './photos';

/** A file must have these (src/lib/product-csv.ts, which the import dialog explains too). */
const REQUIRED = REQUIRED_CSV_COLUMNS;

/** The largest file and the most rows one import takes. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;

/** Money as sellers type it: "1250", "1,250.50", "$1250.5"; at most two decimals. */
function parseMoney(cell: string): number | undefined {
  const plain = cell.replace(/^\$/, '').replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Number(plain) : undefined;
}

type Row = {
  line: number;
  values: {
    sku: string;
    name: string;
    description?: string;
    category: string;
    subcategory: string;
    priceCents: number;
    compareAtCents?: number | null;
    stock: number;
    tags?: string[];
    images?: string[];
    archived?: boolean;
  };
};

/** Checks one field with the JSON API's own rule; the first message, or undefined. */
function check<T extends keyof typeof PRODUCT_FIELDS>(field: T, value: unknown): string | undefined {
  const result = (PRODUCT_FIELDS[field] as z.ZodType).safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Reads and checks every row; the rows when all are good, else every problem. */
function readRows(text: string): { rows: Row[]; present: Set<Column>; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // Line ends normalised first, so line numbers count as an editor shows them.
    records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as never;
  } catch (error) {
    const e = error as { lines?: number; message?: string };
    problems.push({
      line: e.lines ?? 1,
      column: '',
      message: `The file is not valid CSV: ${e.message ?? 'unreadable'}`,
    });
    return { rows: [], present: new Set(), problems };
  }
  if (records.length === 0) {
    problems.push({
      line: 1,
      column: '',
      message: `The file is empty: its first line must name the columns (${CSV_COLUMNS.join(', ')})`,
    });
    return { rows: [], present: new Set(), problems };
  }
  const header = records[0].record.map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const index = new Map<Column, number>();
  header.forEach((name, i) => {
    if (!(CSV_COLUMNS as readonly string[]).includes(name)) {
      problems.push({
        line: 1,
        column: name || `column ${i + 1}`,
        message: `Unknown column "${name}": the columns are ${CSV_COLUMNS.join(', ')}`,
      });
    } else if (index.has(name as Column)) {
      problems.push({ line: 1, column: name, message: `Column ${name} appears twice` });
    } else index.set(name as Column, i);
  });
  for (const column of REQUIRED)
    if (!index.has(column)) problems.push({ line: 1, column, message: `Missing column ${column}` });
  if (problems.length) return { rows: [], present: new Set(index.keys()), problems };
  if (records.length - 1 > MAX_IMPORT_ROWS) {
    problems.push({
      line: 1,
      column: '',
      message: `At most ${MAX_IMPORT_ROWS} products a file; this one has ${records.length - 1}`,
    });
    return { rows: [], present: new Set(index.keys()), problems };
  }

  const rows: Row[] = [];
  const skuLines = new Map<string, number>();
  for (const { record, info } of records.slice(1)) {
    // The parser names the line a record ends on; a quoted cell may hold line breaks.
    const line = info.lines - record.reduce((n, c) => n + c.split('\n').length - 1, 0);
    // One problem a cell: the first found (a control character before the column's own rules).
    const refused = new Set<Column>();
    const bad = (column: Column | '', message: string) => {
      if (column && refused.has(column)) return;
      if (column) refused.add(column);
      problems.push({ line, column, message });
    };
    if (record.length !== header.length) {
      bad('', `This row has ${record.length} cells; the header has ${header.length}`);
      continue;
    }
    const before = problems.length;
    for (const [column, i] of index) {
      const problem = controlProblem(column, record[i], column === 'description');
      if (problem) bad(column, problem);
    }
    const cell = (column: Column) => {
      if (!index.has(column)) return undefined;
      const text = record[index.get(column) as number].trim();
      return NUMBER_COLUMNS.has(column) ? text : fromSpreadsheetText(text);
    };
    const field = <T extends keyof typeof PRODUCT_FIELDS>(column: Column, name: T, value: unknown) => {
      const message = check(name, value);
      if (message) bad(column, CSV_FIELD_MESSAGE[name] ?? message);
      return value;
    };
    const sku = field('sku', 'sku', cell('sku')) as string;
    const name = field('name', 'name', cell('name')) as string;
    const description = cell('description');
    if (description !== undefined) field('description', 'description', description);
    const category = field('category', 'category', cell('category')) as string;
    const subcategory = cell('subcategory') as string;
    if (!subcategory) bad('subcategory', 'subcategory must not be empty');
    const price = parseMoney(cell('price') as string);
    if (price === undefined) bad('price', 'price must be a number of dollars with at most 2 decimals, e.g. 1250.00');
    else field('price', 'price', price);
    const compareCell = cell('compare_at_price');
    const compareAt = compareCell === undefined ? undefined : compareCell === '' ? null : parseMoney(compareCell);
    if (compareAt === undefined && compareCell !== undefined)
      bad('compare_at_price', 'compare_at_price must be empty or a number of dollars with at most 2 decimals');
    else if (compareAt != null) field('compare_at_price', 'compareAtPrice', compareAt);
    // The rules of two fields, as a new product (every field given) meets them; the change path
    // meets them again for a product the store has, with what the file leaves out as it is.
    const rules = ruleProblems(
      {
        category,
        subcategory,
        priceCents: price === undefined ? 0 : toCents(price),
        compareAtCents: compareAt == null ? null : toCents(compareAt),
      },
      { category: true, compareAt: price !== undefined && compareAt != null },
    );
    for (const [key, message] of Object.entries(rules)) bad(CSV_COLUMN_OF[key] ?? '', CSV_MESSAGE[key] ?? message);
    const stockCell = cell('stock') as string;
    const stock = /^\d+$/.test(stockCell) ? Number(stockCell) : undefined;
    if (stock === undefined) bad('stock', 'stock must be a whole number, 0 or more');
    else field('stock', 'stock', stock);
    const tagsCell = cell('tags');
    const tags = tagsCell === undefined ? undefined : parseTags(tagsCell);
    if (tags) field('tags', 'tags', tags);
    const photosCell = cell('photos');
    const images = photosCell === undefined ? undefined : photosCell.split(/[\s|]+/).filter(Boolean);
    if (images) field('photos', 'images', images);
    if (images && new Set(images).size !== images.length) bad('photos', 'each photo at most once');
    const statusCell = cell('status');
    if (statusCell !== undefined && statusCell !== '' && statusCell !== 'active' && statusCell !== 'archived')
      bad('status', 'status must be active, archived or empty (active)');
    if (sku && skuLines.has(sku)) bad('sku', `SKU ${sku} is also on line ${skuLines.get(sku)}: each SKU once a file`);
    else if (sku) skuLines.set(sku, line);
    if (problems.length > before) continue;
    rows.push({
      line,
      values: {
        sku: sku.trim(),
        name: name.trim(),
        description,
        category,
        subcategory,
        priceCents: toCents(price as number),
        compareAtCents: compareAt === undefined ? undefined : compareAt === null ? null : toCents(compareAt),
        stock: stock as number,
        tags,
        images,
        archived: statusCell === undefined ? undefined : statusCell === 'archived',
      },
    });
  }
  return { rows, present: new Set(index.keys()), problems };
}

/** The file's column of a field the rules name, and the file's words where the JSON API's name a field. */
const CSV_COLUMN_OF: Record<string, Column> = { subcategory: 'subcategory', compareAtPrice: 'compare_at_price' };
/** A file has no list to choose from: its category cell is told the categories. */
const CSV_FIELD_MESSAGE: Partial<Record<keyof typeof PRODUCT_FIELDS, string>> = {
  category: `category must be one of ${CATEGORY_NAMES.join(', ')}`,
};
const CSV_MESSAGE: Record<string, string> = {
  compareAtPrice: 'compare_at_price must be above the price, or empty when not on sale',
};

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
  const { rows, present, problems } = readRows(text);
  if (problems.length) throw new ImportRefusedError(problems.sort((a, b) => a.line - b.line));
  if (rows.length === 0)
    throw new ImportRefusedError([{ line: 2, column: '', message: 'The file has no products under its header' }]);

  return db.transaction(async (tx) => {
    // Photos: every one the store uploaded or already shows, checked in one pass.
    if (present.has('photos')) {
      const all = rows.flatMap((r) => r.values.images ?? []);
      const found = await photoProblems(tx, seller, all, 'p');
      const refused = new Set(
        Object.entries(found)
          .filter(([k]) => k !== 'p')
          .map(([k]) => all[Number(k.slice(2))]),
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
      const plan = planChange(before, { ...row.values, sku: undefined });
      for (const [key, message] of Object.entries(plan.problems))
        refused.push({ line: row.line, column: CSV_COLUMN_OF[key] ?? '', message: CSV_MESSAGE[key] ?? message });
      plans.push(plan);
    }
    if (refused.length) throw new ImportRefusedError(refused);
    await applyChanges(tx, seller, plans, 'CSV import by its seller');
    const created: string[] = [];
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
          .returning({ id: products.id, archivedAt: products.archivedAt });
        created.push(...written.filter((w) => w.archivedAt === null).map((w) => w.id));
      }
    } catch (error) {
      // Another call gave one of these SKUs to a product meanwhile: nothing of the file is kept.
      if (isUniqueViolation(error, 'products_store_sku_key'))
        throw new ApiError(
          409,
          'conflict',
          'Some of these SKUs were just given to other products: import the file again',
        );
      throw error;
    }
    // A new product is on the pages unless it comes archived.
    await catalogChangedMany(tx, 'product', created, 'CSV import by its seller');
    return { created: fresh.length, updated: plans.length, rows: rows.length };
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
