import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Cart, CartAddInput, CartSyncInput, CartSyncResult, CartUpdateInput } from '../../lib/contract/cart';
import { MESSAGES } from '../../lib/messages';
import { toDollars } from '../../lib/money';
import type { Db } from '../db/client';
import { cartLines, carts, products, stores } from '../db/schema';
import { ApiError } from '../http/errors';
import { toCartProduct } from './catalog-shapes';
import { publicProduct, publicProductAs } from './public-catalog';

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

async function ensureCart(db: Db, userId: string) {
  await db.insert(carts).values({ userId }).onConflictDoNothing();
}

async function productFacts(db: Db, productId: string) {
  const [row] = await db
    .select({ name: products.name, stock: products.stock, priceCents: products.priceCents })
    .from(products)
    .where(and(eq(products.id, productId), publicProduct));
  return row;
}

export async function getCart(db: Db, userId: string): Promise<Cart> {
  const rows = await db
    .select({
      cart_lines: cartLines,
      products,
      stores,
      // Archived, or its store closed (a suspension) since it was added: listed, not priced.
      onSale: sql<boolean>`${publicProduct}`,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .leftJoin(stores, eq(stores.id, products.storeId))
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));
  let totalItems = 0;
  let subtotalCents = 0;
  const items = rows.map((r) => {
    totalItems += r.cart_lines.quantity;
    if (r.onSale) subtotalCents += r.products.priceCents * r.cart_lines.quantity;
    const seen = r.cart_lines.priceCentsAtAdd;
    return {
      product: toCartProduct(r.products, r.stores),
      quantity: r.cart_lines.quantity,
      addedPrice: seen === null ? null : toDollars(seen),
      available: r.onSale,
    };
  });
  return { items, totalItems, subtotal: toDollars(subtotalCents) };
}

/** Adds `quantity` units to the line (creating it), unless the line would then exceed the stock. */
export async function addToCart(db: Db, userId: string, input: CartAddInput): Promise<Cart> {
  // One transaction: a refused add must not leave the cart row it made on the way (nothing is
  // written after a 4xx).
  await db.transaction(async (tx) => {
    const t: Db = tx;
    await ensureCart(t, userId);
    const written = rowsOf<{ quantity: number }>(
      await t.execute(sql`
      insert into cart_lines (user_id, product_id, quantity, price_cents_at_add)
      select ${userId}::text, p.id, ${input.quantity}::int, p.price_cents
        from products p
       where p.id = ${input.productId} and p.stock >= ${input.quantity}::int and ${publicProductAs('p')}
      on conflict (user_id, product_id) do update
         set quantity = cart_lines.quantity + excluded.quantity,
             -- The price first seen stays: adding more is not seeing the new price, and the
             -- price check ("Price changed for …") must still catch the difference.
             price_cents_at_add = coalesce(cart_lines.price_cents_at_add, excluded.price_cents_at_add)
       where cart_lines.quantity + excluded.quantity <= (select stock from products where id = excluded.product_id)
      returning quantity`),
    );
    if (written.length === 0) {
      const product = await productFacts(t, input.productId);
      if (!product) throw unavailable(input.productId);
      throw insufficientStock(product.name, product.stock);
    }
  });
  await touch(db, userId);
  return getCart(db, userId);
}

/** Sets the line's quantity (0 or less removes it), unless that exceeds the stock. */
export async function updateCartLine(db: Db, userId: string, input: CartUpdateInput): Promise<Cart> {
  if (input.quantity <= 0) return removeCartLine(db, userId, input.productId);
  const written = rowsOf<{ quantity: number }>(
    await db.execute(sql`
      update cart_lines set quantity = ${input.quantity}::int
        from products p
       where cart_lines.user_id = ${userId} and cart_lines.product_id = ${input.productId}
         and p.id = cart_lines.product_id and p.stock >= ${input.quantity}::int and ${publicProductAs('p')}
      returning cart_lines.quantity`),
  );
  if (written.length === 0) {
    const product = await productFacts(db, input.productId);
    if (!product) throw unavailable(input.productId);
    const [line] = await db
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(sql`${cartLines.userId} = ${userId} and ${cartLines.productId} = ${input.productId}`);
    if (!line) throw new ApiError(404, 'not_found', MESSAGES.cart.notInCart(product.name));
    throw insufficientStock(product.name, product.stock);
  }
  await touch(db, userId);
  return getCart(db, userId);
}

export async function removeCartLine(db: Db, userId: string, productId: string): Promise<Cart> {
  await db.delete(cartLines).where(sql`${cartLines.userId} = ${userId} and ${cartLines.productId} = ${productId}`);
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
    update cart_lines set price_cents_at_add = p.price_cents
      from products p
     where cart_lines.user_id = ${userId} and p.id = cart_lines.product_id`);
  return getCart(db, userId);
}

/**
 * The guest cart merged at login: each quantity is added to what the server cart holds, capped at
 * the stock, in one statement; products that are gone or sold out are skipped and reported.
 */
export async function syncCart(db: Db, userId: string, input: CartSyncInput): Promise<CartSyncResult> {
  const wanted = new Map<string, number>();
  for (const item of input.items) wanted.set(item.productId, (wanted.get(item.productId) ?? 0) + item.quantity);
  await ensureCart(db, userId);
  if (wanted.size === 0) return { ...(await getCart(db, userId)), merged: 0, notices: [] };

  const ids = [...wanted.keys()];
  const { before, after, facts } = await db.transaction(async (tx) => {
    const prior = await tx
      .select({ productId: cartLines.productId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(sql`${cartLines.userId} = ${userId} and ${inArray(cartLines.productId, ids)}`);
    const values: SQL[] = ids.map((id) => sql`(${id}::text, ${wanted.get(id)}::int)`);
    const written = rowsOf<{ product_id: string; quantity: number }>(
      await tx.execute(sql`
        insert into cart_lines (user_id, product_id, quantity, price_cents_at_add)
        select ${userId}::text, p.id, least(i.quantity, p.stock), p.price_cents
          from (values ${sql.join(values, sql`, `)}) as i(product_id, quantity)
          join products p on p.id = i.product_id
         where p.stock > 0 and ${publicProductAs('p')}
        on conflict (user_id, product_id) do update
           set quantity = least(cart_lines.quantity + excluded.quantity,
                                (select stock from products where id = excluded.product_id))
        returning product_id, quantity`),
    );
    const known = await tx
      .select({ id: products.id, name: products.name, stock: products.stock })
      .from(products)
      .where(and(inArray(products.id, ids), publicProduct));
    return { before: prior, after: written, facts: known };
  });
  await touch(db, userId);

  const priorQty = new Map(before.map((l) => [l.productId, l.quantity]));
  const finalQty = new Map(after.map((l) => [l.product_id, Number(l.quantity)]));
  const factsById = new Map(facts.map((f) => [f.id, f]));
  let merged = 0;
  const notices: string[] = [];
  for (const [id, requested] of wanted) {
    const product = factsById.get(id);
    if (!product) {
      notices.push(MESSAGES.cart.unavailable(id));
      continue;
    }
    const had = priorQty.get(id) ?? 0;
    const now = finalQty.get(id) ?? had;
    merged += Math.max(0, now - had);
    if (now < had + requested) notices.push(MESSAGES.cart.insufficientStock(product.name, product.stock));
  }
  return { ...(await getCart(db, userId)), merged, notices };
}

async function touch(db: Db, userId: string) {
  await db.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.userId, userId));
}
