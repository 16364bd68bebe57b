/**
 * Cart validation before checkout (spec §5): each line, sent by a guest or read from the signed-in
 * shopper's cart, judged against today's stock and price. Reads only; the cart's writes are in
 * cart.ts.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CartValidateInput, CartValidation, CartValidationLine } from '../../lib/contract/cart';
import { MESSAGES } from '../../lib/messages';
import { toCents, toDollars } from '../../lib/money';
import type { Db } from '../db/client';
import { cartLines, products } from '../db/schema';
import { ApiError } from '../http/errors';
import { publicProduct } from './public-catalog';

type LineToCheck = { productId: string; name?: string; quantity: number; priceCents?: number | null };
type Facts = { name: string; stock: number; priceCents: number };

/** One line's verdict (spec §5), first failing rule wins: gone, short of stock, repriced. */
export function judgeLine(line: LineToCheck, found: Facts | undefined | Error): CartValidationLine {
  const shownName = line.name || line.productId;
  const base = { productId: line.productId, quantity: line.quantity };
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
  if (!found) {
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

async function lookUp(db: Db, ids: string[]): Promise<(id: string) => Facts | undefined | Error> {
  const query = (where: string[]) =>
    db
      .select({ id: products.id, name: products.name, stock: products.stock, priceCents: products.priceCents })
      .from(products)
      .where(and(inArray(products.id, where), publicProduct));
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
        name: products.name,
        quantity: cartLines.quantity,
        priceCents: cartLines.priceCentsAtAdd,
      })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));
    lines = rows;
  }
  if (lines.length === 0) return { valid: false, errors: [MESSAGES.cart.empty], items: [] };
  const find = await lookUp(db, [...new Set(lines.map((l) => l.productId))]);
  const items = lines.map((line) => judgeLine(line, find(line.productId)));
  const errors = items.flatMap((i) => (i.error ? [i.error] : []));
  return { valid: errors.length === 0, errors, items };
}
