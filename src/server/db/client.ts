import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockEmbeddedDatabase } from './embedded-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenOptions =
  /** A PostgreSQL server. */
  | { url: string }
  /** Embedded PGlite; `dataDir` undefined means in memory (tests). */
  | { dataDir?: string };

/** Opens PostgreSQL or PGlite and applies every pending migration. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('url' in options) {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: options.url, max: 20 });
    // An idle connection that the server ends (restart, failover) is dropped and replaced by the
    // pool; without a listener its 'error' event would crash the process.
    pool.on('error', (error) => console.warn(`database: idle connection closed (${error.message})`));
    const db = drizzle({ client: pool, schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let unlock = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    unlock = lockEmbeddedDatabase(path.resolve(options.dataDir, 'pg.lock'), path.resolve(options.dataDir, 'pg'));
    // A process that ends without closing (an error, process.exit) leaves no lock behind either.
    process.once('exit', unlock);
  }
  try {
    const client = await PGlite.create(options.dataDir ? path.resolve(options.dataDir, 'pg') : undefined, {
      extensions: { pg_trgm },
    });
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder });
    const close = async () => {
      try {
        await client.close();
      } finally {
        unlock();
        process.off('exit', unlock);
      }
    };
    return { db: db as unknown as Db, kind: 'pglite', close };
  } catch (error) {
    unlock();
    throw error;
  }
}
