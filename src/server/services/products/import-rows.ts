/**
 * Reading a seller's CSV file (docs/decisions/016): every row parsed and checked with the JSON
 * API's own field rules, each problem named by line and column. Nothing here writes; import.ts
 * writes the rows of a file with no problem.
 */
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { CATEGORY_NAMES } from '../../../lib/catalog';
import { type ImportProblem, PRODUCT_FIELDS } from '../../../lib/contract/seller-products';
import { toCents } from '../../../lib/money';
import { REQUIRED_CSV_COLUMNS } from '../../../lib/product-csv';
import { parseTags } from '../../../lib/product-rules';
import { ruleProblems } from './change';
import { controlProblem, fromSpreadsheetText } from './csv-cells';
import { type Column, CSV_COLUMNS, NUMBER_COLUMNS } from './csv-format';

/** A file must have these (src/lib/product-csv.ts, which the import dialog explains too). */
const REQUIRED = REQUIRED_CSV_COLUMNS;

/** The most rows one import takes. */
export const MAX_IMPORT_ROWS = 5000;

/**
 * Money as sellers type it: "1250", "1,250.50", "$1250.5", "US$1250.50" (as the shop shows it);
 * at most two decimals. "J$" is refused: a Jamaican-dollar price would be some 157 times too dear.
 */
function parseMoney(cell: string): number | undefined {
  const plain = cell.replace(/^(US)?\$/i, '').replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Number(plain) : undefined;
}

export type Row = {
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
    /** A variant's row (an option value given): the product's options named on it and this variant's. */
    variant?: { names: string[]; values: string[]; sku: string; images?: string[] };
  };
};

const OPTION_COLUMNS = [1, 2, 3].map((n) => ({
  name: `option${n}_name` as Column,
  value: `option${n}_value` as Column,
}));

/** Checks one field with the JSON API's own rule; the first message, or undefined. */
function check<T extends keyof typeof PRODUCT_FIELDS>(field: T, value: unknown): string | undefined {
  const result = (PRODUCT_FIELDS[field] as z.ZodType).safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Reads and checks every row; the rows when all are good, else every problem. */
export function readRows(text: string): { rows: Row[]; present: Set<Column>; problems: ImportProblem[] } {
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
  const skuLines = new Map<string, { line: number; variant: boolean }>();
  const variantSkuLines = new Map<string, number>();
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
    if (price === undefined) bad('price', 'price must be a number of US dollars with at most 2 decimals, e.g. 1250.00');
    else field('price', 'price', price);
    const compareCell = cell('compare_at_price');
    const compareAt = compareCell === undefined ? undefined : compareCell === '' ? null : parseMoney(compareCell);
    if (compareAt === undefined && compareCell !== undefined)
      bad('compare_at_price', 'compare_at_price must be empty or a number of US dollars with at most 2 decimals');
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
    const variant = variantCells(cell, bad);
    // A product's SKU once a file, but on each row of its variants (they share it: decision 054).
    const first = sku ? skuLines.get(sku) : undefined;
    if (first && (!first.variant || !variant))
      bad(
        'sku',
        `SKU ${sku} is also on line ${first.line}: each SKU once a file, or on each row of one product's variants`,
      );
    else if (sku && !first) skuLines.set(sku, { line, variant: Boolean(variant) });
    if (variant?.sku) {
      const again = variantSkuLines.get(variant.sku);
      if (again) bad('variant_sku', `variant_sku ${variant.sku} is also on line ${again}: each variant its own`);
      else variantSkuLines.set(variant.sku, line);
    }
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
        variant,
      },
    });
  }
  return { rows, present: new Set(index.keys()), problems };
}

/**
 * A variant's cells (docs/decisions/054): its option values in order (option1_value first), each
 * with its option's name, and its own SKU; undefined for a product's row without options.
 */
function variantCells(
  cell: (column: Column) => string | undefined,
  bad: (column: Column | '', message: string) => void,
): Row['values']['variant'] {
  const names = OPTION_COLUMNS.map((c) => cell(c.name) ?? '');
  const values = OPTION_COLUMNS.map((c) => cell(c.value) ?? '');
  const given = values.reduce((last, v, i) => (v ? i + 1 : last), 0);
  const variantSku = cell('variant_sku') ?? '';
  if (given === 0) {
    if (variantSku)
      bad('variant_sku', "variant_sku needs the variant's option values (option1_value…), or leave it empty");
    return undefined;
  }
  OPTION_COLUMNS.slice(0, given).forEach((c, i) => {
    if (!values[i]) bad(c.value, `${c.value} is empty while option${given}_value is given: fill the options in order`);
    if (!names[i]) bad(c.name, `${c.name} is required beside ${c.value}: the option's name, e.g. Size`);
  });
  const skuProblem = check('sku', variantSku);
  if (skuProblem) bad('variant_sku', `variant_sku: ${skuProblem}`);
  const photos = cell('variant_photos');
  return {
    names: names.slice(0, given),
    values: values.slice(0, given),
    sku: variantSku,
    images: photos === undefined ? undefined : photos.split(/[\s|]+/).filter(Boolean),
  };
}

/** The file's column of a field the rules name, and the file's words where the JSON API's name a field. */
export const CSV_COLUMN_OF: Record<string, Column> = {
  subcategory: 'subcategory',
  compareAtPrice: 'compare_at_price',
  price: 'price',
  stock: 'stock',
};
/** A file has no list to choose from: its category cell is told the categories. */
const CSV_FIELD_MESSAGE: Partial<Record<keyof typeof PRODUCT_FIELDS, string>> = {
  category: `category must be one of ${CATEGORY_NAMES.join(', ')}`,
};
const PER_VARIANT_ROWS =
  "this product has sizes or colours: give each variant its own row (the product's sku, option1_value…, variant_sku) with its price and stock";
export const CSV_MESSAGE: Record<string, string> = {
  compareAtPrice: 'compare_at_price must be above the price, or empty when not on sale',
  price: `price: ${PER_VARIANT_ROWS}`,
  stock: `stock: ${PER_VARIANT_ROWS}`,
};
