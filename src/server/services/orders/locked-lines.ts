/**
 * The first half of placing an order: what the buyer asks for, the products locked in a fixed
 * order, and every line checked against them (gone, store closed, short of stock, repriced). The
 * order's rows are written by write-order.ts.
 */
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { CartLineProblem } from '../../../lib/contract/cart';
import type { PlaceOrderRequest } from '../../../lib/contract/orders';
import { MESSAGES } from '../../../lib/messages';
import type { Tx } from '../../db/client';
import { cartLines, products } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { notArchived, publicProduct } from '../public-catalog';

/** Product id → units wanted, in the order the items came (repeated lines of one product added up). */
export type Wanted = Map<string, number>;
export type LockedProduct = {
  id: string;
  name: string;
  description: string;
  images: string[];
  priceCents: number;
  stock: number;
  storeId: string | null;
  /** Its category: a category's commission rate applies to it (docs/decisions/036). */
  category: string;
  /** Whether its store is active (docs/decisions/015). */
  onSale: boolean;
  /** The unit price the buyer's cart last saw for it, if it is in the cart. */
  cartPriceCents: number | null;
};
export const insufficient = (name: string, available: number) =>
  new ApiError(409, 'insufficient_stock', MESSAGES.cart.insufficientStock(name, available));

export function wantedOf(request: PlaceOrderRequest): Wanted {
  const wanted: Wanted = new Map();
  for (const item of request.items) wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
  return wanted;
}

/**
 * Row locks in one fixed order (by id): two orders for the same products queue, never deadlock.
 * Each row comes with the price the buyer's cart saw, read in the same statement.
 */
export async function lockProducts(tx: Tx, buyerId: string, wanted: Wanted): Promise<Map<string, LockedProduct>> {
  const locked = await tx
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      images: products.images,
      priceCents: products.priceCents,
      stock: products.stock,
      storeId: products.storeId,
      category: products.category,
      // Read under the same lock: a store suspended a moment ago takes no new orders.
      onSale: sql<boolean>`${publicProduct}`,
      cartPriceCents: sql<number | null>`(select ${cartLines.priceCentsAtAdd} from ${cartLines}
        where ${cartLines.userId} = ${buyerId} and ${cartLines.productId} = ${products.id})`.mapWith(
        cartLines.priceCentsAtAdd,
      ),
    })
    .from(products)
    // An archived product is gone (404); one of a closed store is refused by name (409, below).
    .where(and(inArray(products.id, [...wanted.keys()].sort()), notArchived))
    .orderBy(asc(products.id))
    .for('update');
  return new Map(locked.map((p) => [p.id, p]));
}

/** A refused line's reason, as the cart check names it (CartLineProblem). */
const LINE_REASON: Record<string, CartLineProblem> = {
  not_found: 'unavailable',
  store_unavailable: 'unavailable',
  insufficient_stock: 'insufficient_stock',
  price_changed: 'price_changed',
};

/**
 * Spec §5, against the locked rows: each product still sold and in stock, at the price the cart
 * saw (the texts POST /cart/validate gives). Checkout places in one request (decision 010), so a
 * refusal lists every line's problem in `errors` (product id → text) for checkout to show at once;
 * its status, code and message are the first problem's, a product gone or short before a price.
 */
export function checkCartLines(wanted: Wanted, locked: Map<string, LockedProduct>) {
  const problems = new Map<string, ApiError>();
  for (const [id, quantity] of wanted) {
    const product = locked.get(id);
    const cartPrice = product?.cartPriceCents;
    if (!product?.storeId)
      problems.set(id, new ApiError(404, 'not_found', MESSAGES.cart.unavailable(product?.name ?? id)));
    else if (!product.onSale)
      problems.set(id, new ApiError(409, 'store_unavailable', MESSAGES.cart.storeClosed(product.name)));
    else if (product.stock < quantity) problems.set(id, insufficient(product.name, product.stock));
    else if (cartPrice != null && cartPrice !== product.priceCents)
      problems.set(id, new ApiError(409, 'price_changed', MESSAGES.cart.priceChanged(product.name)));
  }
  if (problems.size === 0) return;
  const all = [...problems.values()];
  const first = all.find((p) => p.code !== 'price_changed') ?? all[0];
  const errors = Object.fromEntries([...problems].map(([id, problem]) => [id, problem.message]));
  const reasons = Object.fromEntries([...problems].map(([id, problem]) => [id, LINE_REASON[problem.code]]));
  throw new ApiError(first.status, first.code, first.message, errors, reasons);
}

/** One part per seller, in the order the items came. */
