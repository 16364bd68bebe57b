/**
 * Cart validation before checkout (spec §5): each line, sent by a guest or read from the signed-in
 * shopper's cart, judged against today's stock and price. Reads only; the cart's writes are in
 * cart.ts.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CartValidateInput, CartValidation, CartValidationLine } from '../../lib/contract/cart';
import { MESSAGES } from '../../lib/messages';
import { toCents, toDollars } from '../../lib/money';
import { nameWithVariant, variantLabel } from '../../lib/variants';
import type { Db } from '../db/client';
import { cartLines, products, productVariants } from '../db/schema';
import { ApiError } from '../http/errors';
import { publicProduct } from './public-catalog';

/** A line to judge; `variantId` is the product's own id for a product without options (docs/decisions/052). */
type LineToCheck = {
  productId: string;
  variantId: string;
  name?: string;
  quantity: number;
  priceCents?: number | null;
};
/** Today's facts of a variant on sale; `name` says which one ("Leather Desert Boots (Size 10, Brown)"). */
type Facts = { productId: string; name: string; stock: number; priceCents: number };

/** One line's verdict (spec §5), first failing rule wins: gone, short of stock, repriced. */
export function judgeLine(line: LineToCheck, found: Facts | undefined | Error): CartValidationLine {
  const shownName = line.name || line.productId;
  const base = { productId: line.productId, variantId: line.variantId, quantity: line.quantity };
  if (found instanceof Error) {
    return {
      ...base,
      name: shownName,
      available: null,
      price: null,
      error: MESSAGES.cart.couldNotValidate(shownName),
      reason: 'unverifiable',
    };
  }
  // A variant that is not the line's product's is as gone as a product that is.
  if (!found || found.productId !== line.productId) {
    return {
      ...base,
      name: shownName,
      available: null,
      price: null,
      error: MESSAGES.cart.unavailable(shownName),
      reason: 'unavailable',
    };
  }
  const result: CartValidationLine = {
    ...base,
    name: found.name,
    available: found.stock,
    price: toDollars(found.priceCents),
  };
  if (found.stock < line.quantity) {
    return { ...result, error: MESSAGES.cart.insufficientStock(found.name, found.stock), reason: 'insufficient_stock' };
  }
  if (line.priceCents !== undefined && line.priceCents !== null && line.priceCents !== found.priceCents) {
    return { ...result, error: MESSAGES.cart.priceChanged(found.name), reason: 'price_changed' };
  }
  return result;
}

/** Variants on sale by id, each with its product's name and its own label, stock and price. */
async function lookUp(db: Db, ids: string[]): Promise<(id: string) => Facts | undefined | Error> {
  const query = async (where: string[]) =>
    (
      await db
        .select({ variant: productVariants, name: products.name, options: products.options })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(and(inArray(productVariants.id, where), publicProduct))
    ).map((r) => ({
      id: r.variant.id,
      productId: r.variant.productId,
      name: nameWithVariant(r.name, variantLabel(r.options, r.variant.optionValues)),
      stock: r.variant.stock,
      priceCents: r.variant.priceCents,
    }));
  try {
    const rows = await query(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return (id) => byId.get(id);
  } catch {
    // One bad row must not hide the verdict on the others: check them one by one.
    const each = new Map<string, Facts | undefined | Error>();
    for (const id of ids) {
      try {
        each.set(id, (await query([id]))[0]);
      } catch (error) {
        each.set(id, error instanceof Error ? error : new Error(String(error)));
      }
    }
    return (id) => each.get(id);
  }
}

/** Cart validation before checkout (spec §5): each line against today's stock and price. */
export async function validateCart(
  db: Db,
  input: CartValidateInput,
  userId: string | undefined,
): Promise<CartValidation> {
  let lines: LineToCheck[];
  if (input.items) {
    lines = input.items.map((i) => ({
      productId: i.productId,
      variantId: i.variantId ?? i.productId,
      name: i.name,
      quantity: i.quantity,
      priceCents: i.price === undefined ? undefined : toCents(i.price),
    }));
  } else {
    if (!userId) throw new ApiError(401, 'unauthorized', 'Authentication required. Please log in.');
    // With the name the shopper saw, so a line whose product can no longer be bought (archived, or
    // its store suspended) is named by it, not by its id.
    const rows = await db
      .select({
        productId: cartLines.productId,
        variantId: cartLines.variantId,
        name: products.name,
        quantity: cartLines.quantity,
        priceCents: cartLines.priceCentsAtAdd,
      })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.variantId));
    lines = rows;
  }
  if (lines.length === 0) return { valid: false, errors: [MESSAGES.cart.empty], items: [] };
  const find = await lookUp(db, [...new Set(lines.map((l) => l.variantId))]);
  const items = lines.map((line) => judgeLine(line, find(line.variantId)));
  const errors = items.flatMap((i) => (i.error ? [i.error] : []));
  return { valid: errors.length === 0, errors, items };
}
