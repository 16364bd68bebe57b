import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Whether the database answers a trivial query; throws when it does not. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
