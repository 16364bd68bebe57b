import type { FieldProblem } from '../../../components/ui/ErrorSummary';
import { ApiRequestError } from '../../../lib/api';
import { typedNumber } from '../../../lib/contract/field-messages';
import { BULK_FIELDS, BULK_TEXT } from '../../../lib/contract/seller-products';

/** The products list's bulk edit: its two fields as typed, checked with the contract's own words. */
export type BulkField = 'price' | 'stock';
export type BulkProblems = Partial<Record<BulkField, string>>;

/** The id of each field's control, for its error line and the banner's link. */
export const BULK_CONTROL: Record<BulkField, string> = { price: 'bulk-price', stock: 'bulk-stock' };

/**
 * What is wrong before sending: nothing entered (the form's one line, `none`), or each field the
 * contract refuses ("New price (US$) must be an amount like 1250.00"), as the API would answer it.
 */
export function bulkProblems(price: string, stock: string): { none?: string; fields: BulkProblems } {
  if (!price.trim() && !stock.trim()) return { none: BULK_TEXT.nothing, fields: {} };
  const fields: BulkProblems = {};
  for (const [field, text] of [
    ['price', price],
    ['stock', stock],
  ] as const) {
    if (!text.trim()) continue;
    const parsed = BULK_FIELDS[field].safeParse(typedNumber(text));
    if (!parsed.success) fields[field] = parsed.error.issues[0]?.message;
  }
  return { fields };
}

/** The API's field errors ("items.3.price") onto the form's two fields; the rest stays the form's line. */
export function bulkFieldsOf(errors: Record<string, string>): BulkProblems {
  const fields: BulkProblems = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = /^items\.\d+\.(price|stock)$/.exec(path)?.[1] as BulkField | undefined;
    if (field) fields[field] ??= message;
  }
  return fields;
}

/** The banner's lines, each linked to its field. */
export const bulkSummary = (fields: BulkProblems): FieldProblem[] =>
  (Object.entries(fields) as [BulkField, string][]).map(([field, text]) => ({ text, target: BULK_CONTROL[field] }));

/** POST /seller/products/bulk's body: each ticked product with the fields entered (trimmed), as numbers. */
export const bulkBody = (ids: Iterable<string>, price: string, stock: string) => ({
  items: [...ids].map((id) => ({
    id,
    ...(price ? { price: Number(price) } : {}),
    ...(stock ? { stock: Number(stock) } : {}),
  })),
});

/** The success toast. */
export const bulkDone = (updated: number) => `${updated} product${updated === 1 ? '' : 's'} updated`;

/**
 * A refused or failed bulk edit: the API's field errors on the two fields, and the form's one line
 * (`error`) only when no field was named.
 */
export function bulkFailure(err: unknown): { fields: BulkProblems; error?: string } {
  const fields = err instanceof ApiRequestError ? bulkFieldsOf(err.errors ?? {}) : {};
  if (Object.keys(fields).length) return { fields };
  return { fields, error: err instanceof ApiRequestError ? err.message : 'Could not update. Please try again.' };
}
