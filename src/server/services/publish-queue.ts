/**
 * The catalogue changes waiting to be published (docs/decisions/008). A service that changes a
 * product or a store calls `catalogChanged` inside the same transaction, so the change and its
 * publishing commit together; the publishing instance takes the rows in order. The same call tells
 * the change once it commits (catalog-changes.ts, docs/decisions/030): the publisher wakes and the
 * kept public answers it touches are forgotten, in every instance; no caller wakes anything.
 */
import { asc, count, inArray, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { publishQueue } from '../db/schema';
import { announceChange, type ChangeKind } from './catalog-changes';
import { markCatalogChanged } from './catalog-version';

export type { ChangeKind };
export type QueuedRow = { id: number; kind: ChangeKind; ref: string };

/** Records a catalogue change to publish (and moves the catalogue version on). */
export async function catalogChanged(db: Db, kind: ChangeKind, ref: string, reason: string): Promise<void> {
  await db.insert(publishQueue).values({ kind, ref, reason });
  await markCatalogChanged(db);
  await announceChange(db, { kind, refs: kind === 'all' ? [] : [ref], queued: true });
}

/** Records many products' changes in one statement (a CSV import of 1,000 rows, a bulk edit). */
export async function catalogChangedMany(db: Db, kind: ChangeKind, refs: string[], reason: string): Promise<void> {
  if (refs.length === 0) return;
  for (let i = 0; i < refs.length; i += 1000) {
    await db.insert(publishQueue).values(refs.slice(i, i + 1000).map((ref) => ({ kind, ref, reason })));
  }
  await markCatalogChanged(db);
  await announceChange(db, { kind, refs, queued: true });
}

/** How many changes wait, and since when. */
export async function queueStatus(db: Db): Promise<{ waiting: number; oldestAgeMs: number | null }> {
  const [row] = await db
    .select({
      waiting: count(),
      // Measured by the database's clock, the one that stamped the rows.
      ageMs: sql<string | null>`(extract(epoch from now() - ${min(publishQueue.createdAt)}) * 1000)::bigint`,
    })
    .from(publishQueue);
  return { waiting: Number(row?.waiting ?? 0), oldestAgeMs: row?.ageMs == null ? null : Number(row.ageMs) };
}

/** The oldest waiting changes, in the order they were made. */
export async function nextChanges(db: Db, limit: number): Promise<QueuedRow[]> {
  const rows = await db
    .select({ id: publishQueue.id, kind: publishQueue.kind, ref: publishQueue.ref })
    .from(publishQueue)
    .orderBy(asc(publishQueue.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, id: Number(r.id), kind: r.kind as ChangeKind }));
}

/**
 * Forgets exactly these changes, once they are live. By id, never "everything up to an id": an id
 * is taken when its row is inserted but rows commit in any order, so a change with a lower id can
 * commit after the publisher read the queue; it waits for the next publish instead of being
 * deleted unseen.
 */
export async function changesPublished(db: Db, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 5000)
    await db.delete(publishQueue).where(inArray(publishQueue.id, ids.slice(i, i + 5000)));
}

/** Every waiting change's id: what a full build that starts now publishes. */
export async function waitingIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: publishQueue.id }).from(publishQueue);
  return rows.map((r) => Number(r.id));
}
