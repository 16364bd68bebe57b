import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { withAfterCommit } from './after-commit';
import { lockEmbeddedDatabase } from './embedded-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * Inside `db.transaction(async (tx) => …)`: what a step that must run in its caller's transaction
 * takes. A Tx is also a Db, so a helper that reads either way takes Db and is given the tx as is.
 */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * Tries to become the one holder of `key` among every process on this database: a PostgreSQL
   * session advisory lock on a connection of its own, so it is released the moment this process
   * or its connection dies. `lost` resolves if the connection goes. PGlite has one process: always yes.
   */
  tryExclusive: (key: number) => Promise<Exclusive | undefined>;
  /**
   * PostgreSQL only: hears what other processes on this database NOTIFY on `channel` (on a
   * connection of its own, opened again when it drops; `onGap` runs when it is back, since what
   * was notified meanwhile is lost). Answers how to stop. PGlite has one process: nothing to hear.
   */
  listen?: (channel: string, onMessage: (payload: string) => void, onGap: () => void) => Promise<() => Promise<void>>;
  /** PGlite only: the whole database as a tarball, which `openDatabase({ from })` opens again. */
  dump?: () => Promise<Blob>;
};

export type Exclusive = { release: () => Promise<void>; lost: Promise<void> };

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type OpenOptions =
  /** A PostgreSQL server. */
  | { url: string }
  /**
   * Embedded PGlite; `dataDir` undefined means in memory (tests). `from`: start in memory from a
   * tarball of `Database.dump()` instead of an empty database (the tests' migrated template,
   * tests/setup/database-templates.ts: PGlite's initdb is most of a new database's cost).
   */
  | { dataDir?: string; from?: Blob };

/**
 * The embedded database's buffers, which live in the server's own memory: WebAssembly memory only
 * grows, so every buffer page touched once (by the seed's index builds, the first full build)
 * stays resident for the life of the process. PostgreSQL's defaults (128 MB shared buffers, 64 MB
 * for index builds) kept the idle server near 380 MB; these keep it near 275 MB
 * (docs/decisions/021). A page not held is read from the data folder, which the OS caches.
 */
const EMBEDDED_POSTGRESQL_CONF = ['shared_buffers = 16MB', 'maintenance_work_mem = 16MB'];

/** Opens PostgreSQL or PGlite and applies every pending migration. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('url' in options) {
    const pg = (await import('pg')).default;
    const { Pool } = pg;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { PreparingClient } = await import('./prepared-statements');
    // Statements sent again and again are prepared on the server (./prepared-statements.ts).
    const pool = new Pool({ connectionString: options.url, max: 20, Client: PreparingClient });
    // An idle connection that the server ends (restart, failover) is dropped and replaced by the
    // pool; without a listener its 'error' event would crash the process.
    pool.on('error', (error) => console.warn(`database: idle connection closed (${error.message})`));
    const drizzled = drizzle({ client: pool, schema });
    await migrate(drizzled, { migrationsFolder });
    const db = withAfterCommit(drizzled as unknown as Db);
    const tryExclusive = async (key: number): Promise<Exclusive | undefined> => {
      const client = await pool.connect();
      let lostResolve = () => {};
      const lost = new Promise<void>((resolve) => {
        lostResolve = resolve;
      });
      try {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
        if (!rows[0]?.ok) {
          client.release();
          return undefined;
        }
      } catch (error) {
        client.release(error instanceof Error ? error : true);
        throw error;
      }
      client.on('error', () => lostResolve());
      client.on('end', () => lostResolve());
      return {
        lost,
        release: async () => {
          try {
            await client.query('select pg_advisory_unlock($1)', [key]);
            client.release();
          } catch (error) {
            client.release(error instanceof Error ? error : true);
          }
        },
      };
    };
    const listen = (channel: string, onMessage: (payload: string) => void, onGap: () => void) =>
      listenOn(() => new pg.Client({ connectionString: options.url }), channel, onMessage, onGap);
    return { db, kind: 'postgres', close: () => pool.end(), tryExclusive, listen };
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
      postgresqlconf: EMBEDDED_POSTGRESQL_CONF,
      loadDataDir: options.from,
    });
    const drizzled = drizzle({ client, schema });
    await migrate(drizzled, { migrationsFolder });
    const db = withAfterCommit(drizzled as unknown as Db);
    const close = async () => {
      try {
        await client.close();
      } finally {
        unlock();
        process.off('exit', unlock);
      }
    };
    const tryExclusive = async (): Promise<Exclusive> => ({ release: async () => {}, lost: new Promise(() => {}) });
    const dump = () => client.dumpDataDir('none');
    return { db, kind: 'pglite', close, tryExclusive, dump };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** How long a dropped listening connection waits before it connects again. */
const RELISTEN_MS = 1000;

type ListeningClient = {
  connect: () => Promise<unknown>;
  query: (text: string) => Promise<unknown>;
  end: () => Promise<void>;
  on(event: 'notification', listener: (message: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error' | 'end', listener: () => void): unknown;
};

/** LISTEN on a connection of its own, again after it drops, until stopped. */
async function listenOn(
  connect: () => ListeningClient,
  channel: string,
  onMessage: (payload: string) => void,
  onGap: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: ListeningClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  const open = async (again: boolean): Promise<void> => {
    const next = connect();
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      void next.end().catch(() => {});
      if (client === next) client = undefined;
      if (!stopped) {
        timer = setTimeout(() => void open(true).catch(() => {}), RELISTEN_MS);
        timer.unref?.();
      }
    };
    next.on('error', drop);
    next.on('end', drop);
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      // The channel is ours (a constant); quoted as an identifier all the same.
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      drop();
      if (!again) throw error;
      return;
    }
    if (stopped) return void next.end().catch(() => {});
    client = next;
    if (again) onGap();
  };
  await open(false);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}
