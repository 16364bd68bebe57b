import { and, asc, eq, sql } from 'drizzle-orm';
import type { Cart, CartAddInput, CartUpdateInput } from '../../lib/contract/cart';
import { MESSAGES } from '../../lib/messages';
import { toDollars } from '../../lib/money';
import type { Db } from '../db/client';
import { cartLines, carts, products, productVariants, stores } from '../db/schema';
import { ApiError } from '../http/errors';
import { toCartProduct, toProductVariant } from './catalog-shapes';
import { askedVariantId, lineNameOf, variantOf, variantsByIds } from './line-variants';
import { publicProduct } from './public-catalog';

/*
 * The signed-in shopper's cart. Every call takes the user id, so another shopper's cart cannot be
 * reached. The stock rule (a line never asks for more than the product's stock) is checked inside
 * the single statement that writes the line, so two concurrent adds cannot both slip past it.
 * Carts do not reserve stock: the order transaction decrements it with its own guarded update.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const insufficientStock = (name: string, available: number) =>
  new ApiError(409, 'insufficient_stock', MESSAGES.cart.insufficientStock(name, available));
const unavailable = (productId: string) => new ApiError(404, 'not_found', MESSAGES.cart.unavailable(productId));

export async function ensureCart(db: Db, userId: string) {
  await db.insert(carts).values({ userId }).onConflictDoNothing();
}

/** The product on sale, with its options; 404 when it is not. */
async function productOnSale(db: Db, productId: string) {
  const [row] = await db
    .select({ id: products.id, name: products.name, options: products.options })
    .from(products)
    .where(and(eq(products.id, productId), publicProduct));
  if (!row) throw unavailable(productId);
  return row;
}

/** Why a write of a line did not happen: the variant is not the product's (404), else its stock (409). */
async function refusal(db: Db, product: Awaited<ReturnType<typeof productOnSale>>, variantId: string) {
  const variant = variantOf(product, variantId, await variantsByIds(db, [variantId]));
  return insufficientStock(lineNameOf(product, variant), variant.stock);
}

export async function getCart(db: Db, userId: string): Promise<Cart> {
  const rows = await db
    .select({
      cart_lines: cartLines,
      products,
      variant: productVariants,
      stores,
      // Archived, or its store closed (a suspension) since it was added: listed, not priced.
      onSale: sql<boolean>`${publicProduct}`,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .leftJoin(stores, eq(stores.id, products.storeId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.variantId));
  let totalItems = 0;
  let subtotalCents = 0;
  const items = rows.map((r) => {
    totalItems += r.cart_lines.quantity;
    // Each line at its variant's price (a sole variant's is its product's).
    if (r.onSale) subtotalCents += r.variant.priceCents * r.cart_lines.quantity;
    const seen = r.cart_lines.priceCentsAtAdd;
    return {
      product: toCartProduct(r.products, r.stores),
      variantId: r.variant.id,
      variant: r.products.options.length > 0 ? toProductVariant(r.variant, r.products.options) : null,
      quantity: r.cart_lines.quantity,
      addedPrice: seen === null ? null : toDollars(seen),
      available: r.onSale,
    };
  });
  return { items, totalItems, subtotal: toDollars(subtotalCents) };
}

/** Adds `quantity` units to the variant's line (creating it), unless the line would then exceed its stock. */
export async function addToCart(db: Db, userId: string, input: CartAddInput): Promise<Cart> {
  // One transaction: a refused add must not leave the cart row it made on the way (nothing is
  // written after a 4xx).
  await db.transaction(async (tx) => {
    const t: Db = tx;
    const product = await productOnSale(t, input.productId);
    const variantId = askedVariantId(product, input.variantId);
    await ensureCart(t, userId);
    const written = rowsOf<{ quantity: number }>(
      await t.execute(sql`
      insert into cart_lines (user_id, product_id, variant_id, quantity, price_cents_at_add)
      select ${userId}::text, v.product_id, v.id, ${input.quantity}::int, v.price_cents
        from product_variants v
       where v.id = ${variantId} and v.product_id = ${product.id} and v.stock >= ${input.quantity}::int
      on conflict (user_id, variant_id) do update
         set quantity = cart_lines.quantity + excluded.quantity,
             -- The price first seen stays: adding more is not seeing the new price, and the
             -- price check ("Price changed for …") must still catch the difference.
             price_cents_at_add = coalesce(cart_lines.price_cents_at_add, excluded.price_cents_at_add)
       where cart_lines.quantity + excluded.quantity <= (select stock from product_variants where id = excluded.variant_id)
      returning quantity`),
    );
    if (written.length === 0) throw await refusal(t, product, variantId);
  });
  await touch(db, userId);
  return getCart(db, userId);
}

/** Sets the variant's line quantity (0 or less removes it), unless that exceeds its stock. */
export async function updateCartLine(db: Db, userId: string, input: CartUpdateInput): Promise<Cart> {
  if (input.quantity <= 0) return removeCartLine(db, userId, input);
  const product = await productOnSale(db, input.productId);
  const variantId = askedVariantId(product, input.variantId);
  const written = rowsOf<{ quantity: number }>(
    await db.execute(sql`
      update cart_lines set quantity = ${input.quantity}::int
        from product_variants v
       where cart_lines.user_id = ${userId} and cart_lines.variant_id = ${variantId}
         and cart_lines.product_id = ${product.id}
         and v.id = cart_lines.variant_id and v.stock >= ${input.quantity}::int
      returning cart_lines.quantity`),
  );
  if (written.length === 0) {
    const refused = await refusal(db, product, variantId);
    const [line] = await db
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.userId, userId), eq(cartLines.variantId, variantId)));
    if (!line) throw new ApiError(404, 'not_found', MESSAGES.cart.notInCart(product.name));
    throw refused;
  }
  await touch(db, userId);
  return getCart(db, userId);
}

/** Removes the variant's line; without a variant, every line of the product (no error when none is there). */
export async function removeCartLine(
  db: Db,
  userId: string,
  line: { productId: string; variantId?: string },
): Promise<Cart> {
  await db
    .delete(cartLines)
    .where(
      and(
        eq(cartLines.userId, userId),
        eq(cartLines.productId, line.productId),
        line.variantId ? eq(cartLines.variantId, line.variantId) : undefined,
      ),
    );
  await touch(db, userId);
  return getCart(db, userId);
}

export async function clearCart(db: Db, userId: string): Promise<Cart> {
  await db.delete(cartLines).where(eq(cartLines.userId, userId));
  await touch(db, userId);
  return getCart(db, userId);
}

/** The shopper has seen today's prices: they become the prices the price check compares with. */
export async function refreshCartPrices(db: Db, userId: string): Promise<Cart> {
  await db.execute(sql`
    update cart_lines set price_cents_at_add = v.price_cents
      from product_variants v
     where cart_lines.user_id = ${userId} and v.id = cart_lines.variant_id`);
  return getCart(db, userId);
}

export async function touch(db: Db, userId: string) {
  await db.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.userId, userId));
}
