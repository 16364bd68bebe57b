import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appMeta } from '../db/schema';

const KEY = 'catalog_version';

/**
 * Records that the catalogue (a product, its stock, a store) changed, so the static site is stale.
 * The version is a timestamp; a build remembers the version it was built from.
 */
export async function markCatalogChanged(db: Db, at = new Date()): Promise<string> {
  const value = at.toISOString();
  await db
    .insert(appMeta)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updatedAt: sql`now()` } });
  return value;
}

export async function getCatalogVersion(db: Db): Promise<string | undefined> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY));
  return row?.value;
}
