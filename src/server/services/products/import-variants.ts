/**
 * The variant rows of a CSV file (docs/decisions/054): rows that share a product's sku and give
 * option values are that product's variants, one row each, Shopify-like. Each product's rows become
 * the grid the variants door takes (variants.ts, `setVariants`), so a file obeys the editor's rules
 * and keeps the ids of variants that still exist; every refusal is named by line and column.
 */
import { type ImportProblem, VariantsInput } from '../../../lib/contract/seller-products';
import { toDollars } from '../../../lib/money';
import type { ProductOption } from '../../../lib/variants';
import type { Tx } from '../../db/client';
import { ApiError } from '../../http/errors';
import type { Seller } from '../sellers';
import type { Column } from './csv-format';
import type { Row } from './import-rows';
import { setVariants } from './variants';

/** One product's variant rows, in the file's order, and the grid they make. */
export type VariantGroup = { sku: string; rows: Row[]; input: VariantsInput };

const FIELD_COLUMN: Record<string, Column> = {
  sku: 'variant_sku',
  price: 'price',
  compareAtPrice: 'compare_at_price',
  stock: 'stock',
  options: 'option1_value',
  images: 'variant_photos',
};

/** A problem of a grid's path (`variants.2.sku`, `options.1.name`) at its row's line and column. */
function problemAt(rows: Row[], path: string, message: string): ImportProblem {
  const [head, index, field] = path.split('.');
  const first = rows[0] as Row;
  if (head === 'options' && index !== undefined)
    return {
      line: first.line,
      column: field === 'name' ? `option${Number(index) + 1}_name` : `option${Number(index) + 1}_value`,
      message,
    };
  const row = head === 'variants' && index !== undefined ? rows[Number(index)] : undefined;
  return { line: (row ?? first).line, column: (row && field && FIELD_COLUMN[field]) || '', message };
}

/**
 * The file's variant rows grouped by product sku into grids, each checked with the contract's own
 * rules; the problems when any. Option names come from a product's first row; every row must name
 * the same options; each option's values are in the order the rows first give them.
 */
export function variantGroups(rows: Row[]): { groups: VariantGroup[]; problems: ImportProblem[] } {
  const bySku = new Map<string, Row[]>();
  for (const row of rows)
    if (row.values.variant) bySku.set(row.values.sku, [...(bySku.get(row.values.sku) ?? []), row]);
  const groups: VariantGroup[] = [];
  const problems: ImportProblem[] = [];
  for (const [sku, own] of bySku) {
    const names = own[0]?.values.variant?.names ?? [];
    const options: ProductOption[] = names.map((name) => ({ name, values: [] }));
    let consistent = true;
    for (const row of own) {
      const v = row.values.variant as NonNullable<Row['values']['variant']>;
      const differs = v.names.length !== names.length || v.names.some((n, i) => n !== names[i]);
      if (differs) {
        consistent = false;
        problems.push({
          line: row.line,
          column: 'option1_name',
          message: `The options named here (${v.names.join(', ')}) are not those of line ${own[0]?.line} (${names.join(', ')}): each row of a product names the same options`,
        });
        continue;
      }
      v.values.forEach((value, i) => {
        const option = options[i] as ProductOption;
        if (!option.values.includes(value)) option.values.push(value);
      });
    }
    if (!consistent) continue;
    const parsed = VariantsInput.safeParse({
      options,
      variants: own.map((row) => ({
        options: row.values.variant?.values,
        sku: row.values.variant?.sku,
        price: toDollars(row.values.priceCents),
        compareAtPrice: row.values.compareAtCents == null ? null : toDollars(row.values.compareAtCents),
        stock: row.values.stock,
        images: row.values.variant?.images,
      })),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(problemAt(own, issue.path.join('.'), issue.message));
      continue;
    }
    groups.push({ sku, rows: own, input: parsed.data });
  }
  return { groups, problems };
}

/**
 * Writes one product's grid through the variants door: no problems, or its refusal as the file's
 * problems by line and column (the door refuses before it writes; the caller then refuses the file).
 */
export async function writeGroup(
  tx: Tx,
  seller: Seller,
  productId: string,
  group: VariantGroup,
): Promise<ImportProblem[]> {
  try {
    await setVariants(tx, seller, productId, group.input);
    return [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 400 && error.errors)
      return Object.entries(error.errors).map(([path, message]) => problemAt(group.rows, path, message));
    throw error;
  }
}
