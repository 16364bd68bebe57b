/**
 * The first half of placing an order: what the buyer asks for, the products and then their
 * variants locked in a fixed order, and every line checked against them (gone, store closed,
 * short of stock, repriced). A line is a variant (issue 30, docs/decisions/052). The order's rows
 * are written by write-order.ts.
 */
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { CartLineProblem } from '../../../lib/contract/cart';
import type { PlaceOrderRequest } from '../../../lib/contract/orders';
import { MESSAGES } from '../../../lib/messages';
import type { ProductOption } from '../../../lib/variants';
import type { Tx } from '../../db/client';
import { cartLines, products } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { askedVariantId, labelOf, lineNameOf, type VariantRow, variantOf, variantsByIds } from '../line-variants';
import { notArchived, publicProduct } from '../public-catalog';

/** What the buyer asks for, item by item in the order they came. */
export type Wanted = { productId: string; variantId?: string; quantity: number }[];
export type LockedProduct = {
  id: string;
  name: string;
  description: string;
  images: string[];
  options: ProductOption[];
  storeId: string | null;
  /** Its category: a category's commission rate applies to it (docs/decisions/036). */
  category: string;
  /** Whether its store is active (docs/decisions/015). */
  onSale: boolean;
};
/** One line of the order: a variant of a locked product (its sole variant for a product without options). */
export type LockedLine = {
  product: LockedProduct;
  variant: VariantRow;
  /** "Size 10, Brown"; '' for a sole variant. */
  label: string;
  /** The name it is refused by: "Leather Desert Boots (Size 10, Brown)". */
  shownName: string;
  quantity: number;
  /** The unit price the buyer's cart last saw for it, if it is in the cart. */
  cartPriceCents: number | null;
};
/** Variant id → its line, in the order the items came (repeated items of one variant added up). */
export type Lines = Map<string, LockedLine>;
/** The lines, the items whose product is gone (by the id they named), and every item's id in the order they came. */
export type LockedLines = { lines: Lines; gone: Set<string>; order: string[] };

export const insufficient = (name: string, available: number) =>
  new ApiError(409, 'insufficient_stock', MESSAGES.cart.insufficientStock(name, available));

export function wantedOf(request: PlaceOrderRequest): Wanted {
  return request.items.map((i) => ({ productId: i.productId, variantId: i.variantId, quantity: i.quantity }));
}

/**
 * Row locks in one fixed order: the products by id, then their variants by id. Two orders for the
 * same products queue, never deadlock, whichever variants they take; the variant row is what the
 * last-units guard reads. A product gone (or archived) is left out: checkCartLines refuses it.
 */
export async function lockLines(tx: Tx, buyerId: string, wanted: Wanted): Promise<LockedLines> {
  const productIds = [...new Set(wanted.map((w) => w.productId))].sort();
  const locked = await tx
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      images: products.images,
      options: products.options,
      storeId: products.storeId,
      category: products.category,
      // Read under the same lock: a store suspended a moment ago takes no new orders.
      onSale: sql<boolean>`${publicProduct}`,
    })
    .from(products)
    // An archived product is gone (404); one of a closed store is refused by name (409, below).
    .where(and(inArray(products.id, productIds), notArchived))
    .orderBy(asc(products.id))
    .for('update');
  const byId = new Map(locked.map((p) => [p.id, p]));
  const gone = new Set<string>();
  const order: string[] = [];
  const asked: { product: LockedProduct; variantId: string; quantity: number }[] = [];
  for (const w of wanted) {
    const product = byId.get(w.productId);
    order.push(w.variantId ?? w.productId);
    if (!product) gone.add(w.variantId ?? w.productId);
    // 400 for a product with options named without a variant: nothing is written.
    else asked.push({ product, variantId: askedVariantId(product, w.variantId), quantity: w.quantity });
  }
  const variants = await variantsByIds(
    tx,
    asked.map((a) => a.variantId),
    true,
  );
  const seen = await cartPrices(
    tx,
    buyerId,
    asked.map((a) => a.variantId),
  );
  const lines: Lines = new Map();
  for (const { product, variantId, quantity } of asked) {
    const variant = variantOf(product, variantId, variants);
    const line = lines.get(variant.id);
    if (line) line.quantity += quantity;
    else
      lines.set(variant.id, {
        product,
        variant,
        label: labelOf(product, variant),
        shownName: lineNameOf(product, variant),
        quantity,
        cartPriceCents: seen.get(variant.id) ?? null,
      });
  }
  return { lines, gone, order: [...new Set(order)] };
}

/** The price the buyer's cart saw for each of these variants (the buyer's own lines only). */
async function cartPrices(tx: Tx, buyerId: string, variantIds: string[]) {
  if (variantIds.length === 0) return new Map<string, number | null>();
  const rows = await tx
    .select({ variantId: cartLines.variantId, priceCents: cartLines.priceCentsAtAdd })
    .from(cartLines)
    .where(and(sql`${cartLines.userId} = ${buyerId}`, inArray(cartLines.variantId, variantIds)));
  return new Map(rows.map((r) => [r.variantId, r.priceCents]));
}

/** A refused line's reason, as the cart check names it (CartLineProblem). */
const LINE_REASON: Record<string, CartLineProblem> = {
  not_found: 'unavailable',
  store_unavailable: 'unavailable',
  insufficient_stock: 'insufficient_stock',
  price_changed: 'price_changed',
};

/**
 * Spec §5, against the locked rows: each variant still sold and in stock, at the price the cart
 * saw (the texts POST /cart/validate gives). Checkout places in one request (decision 010), so a
 * refusal lists every line's problem in `errors` (the line's variant id, which is the product id
 * for a product without options → text) for checkout to show at once; its status, code and
 * message are the first problem's, a product gone or short before a price.
 */
export function checkCartLines({ lines, gone, order }: LockedLines) {
  const problems = new Map<string, ApiError>();
  for (const id of order) {
    const line = lines.get(id);
    if (gone.has(id) || !line) {
      problems.set(id, new ApiError(404, 'not_found', MESSAGES.cart.unavailable(id)));
      continue;
    }
    const { product, variant, quantity, cartPriceCents } = line;
    if (!product.storeId) problems.set(id, new ApiError(404, 'not_found', MESSAGES.cart.unavailable(line.shownName)));
    else if (!product.onSale)
      problems.set(id, new ApiError(409, 'store_unavailable', MESSAGES.cart.storeClosed(line.shownName)));
    else if (variant.stock < quantity) problems.set(id, insufficient(line.shownName, variant.stock));
    else if (cartPriceCents != null && cartPriceCents !== variant.priceCents)
      problems.set(id, new ApiError(409, 'price_changed', MESSAGES.cart.priceChanged(line.shownName)));
  }
  if (problems.size === 0) return;
  const all = [...problems.values()];
  const first = all.find((p) => p.code !== 'price_changed') ?? all[0];
  const errors = Object.fromEntries([...problems].map(([id, problem]) => [id, problem.message]));
  const reasons = Object.fromEntries([...problems].map(([id, problem]) => [id, LINE_REASON[problem.code]]));
  throw new ApiError(first.status, first.code, first.message, errors, reasons);
}
