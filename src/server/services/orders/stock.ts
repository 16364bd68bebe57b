import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderLines } from '../../db/schema';
import { announceChange } from '../catalog-changes';
import { catalogChangedMany } from '../publish-queue';

/**
 * Stock (and the sales count) moved for many products in one statement, in id order:
 * direction -1 takes units (never below zero: the guard), +1 gives them back.
 * A product that sells out or comes back into stock is queued for publishing in the same
 * transaction: its static page shows the badge and the JSON-LD availability. Other stock moves
 * are not a publish: the pages' live island shows the count (docs/decisions/008), so they are only
 * told to the public answers (docs/decisions/030). Answers how many products moved.
 */
export async function moveStock(tx: Tx, quantities: Map<string, number>, direction: 1 | -1): Promise<number> {
  const entries = [...quantities.entries()].filter(([, q]) => q > 0).sort(([a], [b]) => (a < b ? -1 : 1));
  if (entries.length === 0) return 0;
  const values: SQL[] = entries.map(([id, q]) => sql`(${id}::text, ${q}::int)`);
  const result = await tx.execute(sql`
    update products p
       set stock = p.stock + ${direction}::int * v.q,
           sales_count = greatest(p.sales_count - ${direction}::int * v.q, 0),
           updated_at = now()
      from (values ${sql.join(values, sql`, `)}) as v(id, q)
     where p.id = v.id and (${direction}::int > 0 or p.stock >= v.q)
    returning p.id, p.stock, v.q`);
  const rows = (result as unknown as { rows: { id: string; stock: number | string; q: number | string }[] }).rows;
  const crossed = (row: (typeof rows)[number]) =>
    direction < 0 ? Number(row.stock) === 0 : Number(row.stock) === Number(row.q);
  const published = rows.filter(crossed).map((row) => row.id);
  await catalogChangedMany(tx, 'product', published, direction < 0 ? 'sold out' : 'back in stock');
  const counted = rows.filter((row) => !crossed(row)).map((row) => row.id);
  await announceChange(tx, { kind: 'product', refs: counted, queued: false });
  return rows.length;
}

/** Gives back the stock of the given parts' lines (their products that still exist). */
export async function restockParts(tx: Tx, partIds: string[]): Promise<number> {
  if (partIds.length === 0) return 0;
  const lines = await tx
    .select({ productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(inArray(orderLines.partId, partIds));
  const back = new Map<string, number>();
  for (const l of lines) if (l.productId) back.set(l.productId, (back.get(l.productId) ?? 0) + l.quantity);
  return moveStock(tx, back, 1);
}
