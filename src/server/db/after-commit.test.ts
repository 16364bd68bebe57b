import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/fixtures/database';
import { type CatalogChange, onCatalogChange } from '../services/catalog-changes';
import { catalogChanged } from '../services/publish-queue';
import type { Database } from './client';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** What was told while `during` ran, and how many queue rows were committed when each was told. */
async function told(during: () => Promise<unknown>) {
  const heard: { change: CatalogChange; committed: Promise<number> }[] = [];
  const queued = async () =>
    Number(
      ((await database.db.execute(sql`select count(*) as n from publish_queue`)) as { rows: { n: string }[] }).rows[0]
        .n,
    );
  const stop = onCatalogChange((change) => heard.push({ change, committed: queued() }));
  try {
    await during().catch(() => {});
  } finally {
    stop();
  }
  return Promise.all(heard.map(async (h) => ({ change: h.change, committed: await h.committed })));
}

describe('a catalogue change is told once its transaction commits (docs/decisions/030)', () => {
  it('after the commit, never before: the row it queued is there for whoever hears it', async () => {
    const heard = await told(() =>
      database.db.transaction(async (tx) => {
        await catalogChanged(tx, 'product', 'told-after-commit', 'a test');
        await catalogChanged(tx, 'store', 'its-store', 'a test');
      }),
    );
    expect(heard.map((h) => h.change)).toEqual([
      { kind: 'product', refs: ['told-after-commit'], queued: true },
      { kind: 'store', refs: ['its-store'], queued: true },
    ]);
    // Read by another connection (PostgreSQL) or the one session (PGlite) once it was told: committed.
    for (const h of heard) expect(h.committed).toBeGreaterThanOrEqual(2);
  });

  it('a transaction that rolls back tells nothing', async () => {
    const heard = await told(() =>
      database.db.transaction(async (tx) => {
        await catalogChanged(tx, 'product', 'rolled-back', 'a test');
        throw new Error('refused after the change was queued');
      }),
    );
    expect(heard).toEqual([]);
  });

  it('outside a transaction the statement has committed: told at once', async () => {
    const heard = await told(() => catalogChanged(database.db, 'all', '', 'a test'));
    expect(heard.map((h) => h.change)).toEqual([{ kind: 'all', refs: [], queued: true }]);
  });
});
