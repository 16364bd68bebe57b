/**
 * The guest cart merged at login (POST /cart/sync): each quantity is added to what the server
 * cart holds, capped at its variant's stock, in one statement; lines that are gone, sold out, of a
 * variant not the product's, or of a product with options named without one are skipped and
 * reported (docs/decisions/052).
 */
import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { CartSyncInput, CartSyncResult } from '../../lib/contract/cart';
import { MESSAGES } from '../../lib/messages';
import type { Db } from '../db/client';
import { cartLines, products } from '../db/schema';
import { ensureCart, getCart, touch } from './cart';
import { lineNameOf, variantsByIds } from './line-variants';
import { publicProduct } from './public-catalog';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function syncCart(db: Db, userId: string, input: CartSyncInput): Promise<CartSyncResult> {
  await ensureCart(db, userId);
  if (input.items.length === 0) return { ...(await getCart(db, userId)), merged: 0, notices: [] };
  const productIds = [...new Set(input.items.map((i) => i.productId))];
  const onSale = await db
    .select({ id: products.id, name: products.name, options: products.options })
    .from(products)
    .where(and(inArray(products.id, productIds), publicProduct));
  const productById = new Map(onSale.map((p) => [p.id, p]));
  const variants = await variantsByIds(
    db,
    input.items.map((i) => i.variantId ?? i.productId),
  );

  // Variant id → units asked; in the items' order, each item's notice or the variant it merges into.
  const wanted = new Map<string, number>();
  const told: ({ notice: string } | { variantId: string })[] = [];
  for (const item of input.items) {
    const product = productById.get(item.productId);
    const variant = variants.get(item.variantId ?? item.productId);
    if (!product) told.push({ notice: MESSAGES.cart.unavailable(item.productId) });
    else if (!item.variantId && product.options.length > 0)
      told.push({ notice: `${product.name}: ${MESSAGES.cart.chooseVariant(product.options.map((o) => o.name))}` });
    else if (!variant || variant.productId !== product.id)
      told.push({ notice: MESSAGES.cart.variantNotFound(product.name) });
    else {
      if (!wanted.has(variant.id)) told.push({ variantId: variant.id });
      wanted.set(variant.id, (wanted.get(variant.id) ?? 0) + item.quantity);
    }
  }
  const early = told.flatMap((t) => ('notice' in t ? [t.notice] : []));
  if (wanted.size === 0) return { ...(await getCart(db, userId)), merged: 0, notices: early };

  const ids = [...wanted.keys()];
  const { before, after } = await db.transaction(async (tx) => {
    const prior = await tx
      .select({ variantId: cartLines.variantId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(sql`${cartLines.userId} = ${userId} and ${inArray(cartLines.variantId, ids)}`);
    const values: SQL[] = ids.map((id) => sql`(${id}::text, ${wanted.get(id)}::int)`);
    const written = rowsOf<{ variant_id: string; quantity: number }>(
      await tx.execute(sql`
        insert into cart_lines (user_id, product_id, variant_id, quantity, price_cents_at_add)
        select ${userId}::text, v.product_id, v.id, least(i.quantity, v.stock), v.price_cents
          from (values ${sql.join(values, sql`, `)}) as i(variant_id, quantity)
          join product_variants v on v.id = i.variant_id
         where v.stock > 0
        on conflict (user_id, variant_id) do update
           set quantity = least(cart_lines.quantity + excluded.quantity,
                                (select stock from product_variants where id = excluded.variant_id))
        returning variant_id, quantity`),
    );
    return { before: prior, after: written };
  });
  await touch(db, userId);

  const priorQty = new Map(before.map((l) => [l.variantId, l.quantity]));
  const finalQty = new Map(after.map((l) => [l.variant_id, Number(l.quantity)]));
  let merged = 0;
  const notices: string[] = [];
  for (const t of told) {
    if ('notice' in t) {
      notices.push(t.notice);
      continue;
    }
    const variant = variants.get(t.variantId);
    const product = variant && productById.get(variant.productId);
    if (!variant || !product) continue;
    const had = priorQty.get(t.variantId) ?? 0;
    const now = finalQty.get(t.variantId) ?? had;
    merged += Math.max(0, now - had);
    if (now < had + (wanted.get(t.variantId) ?? 0))
      notices.push(MESSAGES.cart.insufficientStock(lineNameOf(product, variant), variant.stock));
  }
  return { ...(await getCart(db, userId)), merged, notices };
}
