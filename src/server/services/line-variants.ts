/**
 * Which variant a cart line or an order item is (issue 30, docs/decisions/051, 052): the one it
 * names, which must be its product's; without a name, the product's sole variant, which only a
 * product without options has (its id is the product's). One rule for the cart and for orders.
 */
import { inArray } from 'drizzle-orm';
import { MESSAGES } from '../../lib/messages';
import { nameWithVariant, type ProductOption, variantLabel } from '../../lib/variants';
import type { Db } from '../db/client';
import { productVariants } from '../db/schema';
import { ApiError } from '../http/errors';

type Named = { id: string; name: string; options: ProductOption[] };
export type VariantRow = typeof productVariants.$inferSelect;

export const variantRequired = (product: Named) =>
  new ApiError(400, 'variant_required', MESSAGES.cart.chooseVariant(product.options.map((o) => o.name)), {
    variantId: MESSAGES.cart.chooseVariant(product.options.map((o) => o.name)),
  });
export const variantNotFound = (product: Named) =>
  new ApiError(404, 'variant_not_found', MESSAGES.cart.variantNotFound(product.name));

/**
 * The id of the variant a line asks for, before it is read: the named one, else the sole variant
 * of a product without options; a product with options named without one is refused (400).
 */
export function askedVariantId(product: Named, variantId: string | undefined): string {
  if (variantId) return variantId;
  if (product.options.length > 0) throw variantRequired(product);
  return product.id;
}

/** The variant rows by id, read (or locked, in id order, when `lock`) in one statement. */
export async function variantsByIds(db: Db, ids: string[], lock = false): Promise<Map<string, VariantRow>> {
  if (ids.length === 0) return new Map();
  const query = db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.id, [...new Set(ids)].sort()))
    .orderBy(productVariants.id);
  const rows = lock ? await query.for('update') : await query;
  return new Map(rows.map((r) => [r.id, r]));
}

/** The variant the line asks for, if it is its product's; else 404. */
export function variantOf(product: Named, variantId: string, found: Map<string, VariantRow>): VariantRow {
  const variant = found.get(variantId);
  if (!variant || variant.productId !== product.id) throw variantNotFound(product);
  return variant;
}

/** "Size 10, Brown" for a variant of a product with options; '' for a sole variant. */
export const labelOf = (product: { options: ProductOption[] }, variant: VariantRow) =>
  variantLabel(product.options, variant.optionValues);

/** The name a line is shown and refused by: "Leather Desert Boots (Size 10, Brown)". */
export const lineNameOf = (product: Named, variant: VariantRow) =>
  nameWithVariant(product.name, labelOf(product, variant));
