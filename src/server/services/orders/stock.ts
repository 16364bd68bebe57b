import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderLines } from '../../db/schema';
import { announceChange } from '../catalog-changes';
import { catalogChangedMany } from '../publish-queue';

/**
 * Stock (and the sales count) moved for many variants in one statement (docs/decisions/052):
 * direction -1 takes units (never below zero: the guard), +1 gives them back. Keys are variant
 * ids; a product without options is its own sole variant (its id).
 *
 * One statement moves both rows a unit lives in. For a product with options the variant row is
 * moved (guarded by its own stock) and its product's sum and sales count by the same units; for a
 * product without options only the product row is moved (guarded as before) and the
 * products_sole_variant trigger mirrors it onto its sole variant, so nothing is counted twice.
 *
 * A product whose sum sells out or comes back into stock is queued for publishing in the same
 * transaction: its static page shows the badge and the JSON-LD availability. So is a product one of
 * whose variants sells out or comes back while the product stays in stock: its page's pickers
 * strike out what cannot be bought. Other stock moves are not a publish: the pages' live island
 * shows the count (docs/decisions/008), so they are only told to the public answers
 * (docs/decisions/030). Answers how many variants moved.
 */
export async function moveStock(tx: Tx, quantities: Map<string, number>, direction: 1 | -1): Promise<number> {
  const entries = [...quantities.entries()].filter(([, q]) => q > 0).sort(([a], [b]) => (a < b ? -1 : 1));
  if (entries.length === 0) return 0;
  const values: SQL[] = entries.map(([id, q]) => sql`(${id}::text, ${q}::int)`);
  const ids = sql.join(
    entries.map(([id]) => sql`${id}`),
    sql`, `,
  );
  // Every stock move takes its row locks in the one order an order's placement takes them
  // (locked-lines.ts): the products by id, then their variants by id. A cancel giving Size 9 back
  // while an order takes Size 10 of the same boots then queues instead of deadlocking.
  await tx.execute(sql`
    select p.id from products p
     where p.id in (select pv.product_id from product_variants pv where pv.id in (${ids}))
     order by p.id for update of p`);
  await tx.execute(sql`select pv.id from product_variants pv where pv.id in (${ids}) order by pv.id for update of pv`);
  const result = await tx.execute(sql`
    with wanted(id, q) as (values ${sql.join(values, sql`, `)}),
    variants_moved as (
      update product_variants pv
         set stock = pv.stock + ${direction}::int * w.q, updated_at = now()
        from wanted w, products p
       where pv.id = w.id and p.id = pv.product_id and jsonb_array_length(p.options) > 0
         and (${direction}::int > 0 or pv.stock >= w.q)
      returning pv.id, pv.product_id, w.q, pv.stock
    ),
    per_product(id, q) as (
      select product_id, sum(q)::int from variants_moved group by product_id
      union all
      select p.id, w.q from wanted w join products p on p.id = w.id and jsonb_array_length(p.options) = 0
    ),
    products_moved as (
      update products p
         set stock = p.stock + ${direction}::int * m.q,
             sales_count = greatest(p.sales_count - ${direction}::int * m.q, 0),
             updated_at = now()
        from per_product m
       where p.id = m.id and (${direction}::int > 0 or p.stock >= m.q)
      returning p.id, p.stock, m.q, jsonb_array_length(p.options) > 0 as has_options
    )
    -- Each product's row with how many of the asked variants moved with it (a sole variant is its
    -- product), and whether one of them sold out or came back.
    select pm.id, pm.stock, pm.q,
           case when pm.has_options
                then (select count(*) from variants_moved vm where vm.product_id = pm.id)
                else 1 end::int as variants,
           coalesce((select bool_or(case when ${direction}::int < 0 then vm.stock = 0 else vm.stock = vm.q end)
                       from variants_moved vm where vm.product_id = pm.id), false) as variant_crossed
      from products_moved pm`);
  const rows = (
    result as unknown as {
      rows: {
        id: string;
        stock: number | string;
        q: number | string;
        variants: number | string;
        variant_crossed: boolean;
      }[];
    }
  ).rows;
  const crossed = (row: (typeof rows)[number]) =>
    direction < 0 ? Number(row.stock) === 0 : Number(row.stock) === Number(row.q);
  const published = rows.filter(crossed).map((row) => row.id);
  await catalogChangedMany(tx, 'product', published, direction < 0 ? 'sold out' : 'back in stock');
  // A size selling out or coming back while the product stays in stock changes which values its
  // page lets a shopper choose: its page alone is published again (the render worker keeps the
  // listings, whose cards did not change: showsBeyondItsPage, decision 053).
  const variantPublished = rows.filter((row) => !crossed(row) && row.variant_crossed).map((row) => row.id);
  await catalogChangedMany(
    tx,
    'product',
    variantPublished,
    direction < 0 ? 'a variant sold out' : 'a variant back in stock',
  );
  const counted = rows.filter((row) => !crossed(row) && !row.variant_crossed).map((row) => row.id);
  await announceChange(tx, { kind: 'product', refs: counted, queued: false });
  return rows.reduce((n, row) => n + Number(row.variants), 0);
}

/** Gives back the stock of the given parts' lines (their variants that still exist; the product's own id on older lines). */
export async function restockParts(tx: Tx, partIds: string[]): Promise<number> {
  if (partIds.length === 0) return 0;
  const lines = await tx
    .select({ variantId: orderLines.variantId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.partId, partIds));
  const back = new Map<string, number>();
  for (const l of lines) if (l.variantId) back.set(l.variantId, (back.get(l.variantId) ?? 0) + l.quantity);
  return moveStock(tx, back, 1);
}
