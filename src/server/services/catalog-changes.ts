/**
 * "The catalogue changed", told once (docs/decisions/030). A service that changes what a public
 * catalogue read answers (a product, its stock, a store) calls `announceChange` in its
 * transaction, through `catalogChanged` (publish-queue.ts) when the pages must be published again
 * too. Once the transaction commits, every listener in this process hears the change (the kept
 * public answers forget what it touches; the publisher wakes), before the request is answered.
 * Other instances on the same PostgreSQL hear it through NOTIFY, which the database delivers at
 * that same commit (`hearOtherInstances`). A change that rolls back is never told.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterCommit } from '../db/after-commit';
import type { Database, Db } from '../db/client';

export type ChangeKind = 'product' | 'store' | 'all';

export type CatalogChange = {
  kind: ChangeKind;
  /** The product or store ids; none for 'all'. */
  refs: readonly string[];
  /** Queued for publishing (the publisher has work), or only the live answers changed (stock that did not cross zero). */
  queued: boolean;
};

type Listener = (change: CatalogChange) => void;
const listeners = new Set<Listener>();

/** Hears every catalogue change once committed (this process's and, through `hearOtherInstances`, the others'). Answers how to stop. */
export function onCatalogChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tell(change: CatalogChange): void {
  for (const listener of listeners) {
    try {
      listener(change);
    } catch (error) {
      console.error('a catalogue change listener failed', error);
    }
  }
}

/** The NOTIFY channel every instance on one database listens to. */
const CHANNEL = 'yaad_catalog_changed';
/** This process, so that it does not hear its own changes twice (it told them at its commit). */
const PROCESS = randomUUID();
/** NOTIFY's payload must stay under 8,000 bytes: a longer list (a CSV import) is told as "everything". */
const MAX_PAYLOAD = 7000;

type Payload = { from: string } & CatalogChange;

/** Tells the change once `db`'s transaction commits: here at once, other instances by NOTIFY. */
export async function announceChange(db: Db, change: CatalogChange): Promise<void> {
  if (change.kind !== 'all' && change.refs.length === 0) return;
  let payload = JSON.stringify({ from: PROCESS, ...change } satisfies Payload);
  if (payload.length > MAX_PAYLOAD)
    payload = JSON.stringify({ from: PROCESS, kind: 'all', refs: [], queued: change.queued } satisfies Payload);
  // Delivered by the database when (and only if) this transaction commits.
  await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
  afterCommit(db, () => tell(change));
}

function parse(payload: string): Payload | undefined {
  try {
    const p = JSON.parse(payload) as Payload;
    return typeof p.from === 'string' && ['product', 'store', 'all'].includes(p.kind) && Array.isArray(p.refs)
      ? p
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Hears the changes other instances on this PostgreSQL make and tells them here, as if made here.
 * While the listening connection is down their changes are not heard: when it is back, everything
 * is told as changed. PGlite is one process: nothing else writes, nothing to hear.
 */
export async function hearOtherInstances(database: Database): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {};
  return database.listen(
    CHANNEL,
    (payload) => {
      const change = parse(payload);
      if (change && change.from !== PROCESS) tell({ kind: change.kind, refs: change.refs, queued: change.queued });
    },
    () => tell({ kind: 'all', refs: [], queued: true }),
  );
}
