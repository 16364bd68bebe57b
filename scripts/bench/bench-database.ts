import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';

/**
 * A benchmark's own database on the PostgreSQL server (BENCH_DATABASE_URL, else TEST_DATABASE_URL,
 * else the local test server's), created fresh and migrated; `drop()` closes and drops it. Named
 * `yaad_bench_<label>_<pid>`: a run killed before its drop leaves a name the next run of the same
 * process id drops first.
 */
export async function benchDatabase(
  label: string,
): Promise<{ url: string; database: Database; drop: () => Promise<void> }> {
  const base =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `yaad_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const drop = async () => {
    await database.close().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
  };
  return { url: url.toString(), database, drop };
}

/**
 * In a benchmark's API process: counts every statement it sends PostgreSQL from now on (BEGIN and
 * COMMIT included) and answers the count when its parent sends 'statements': what a call costs
 * the database.
 */
export function answerStatementCount(): void {
  let statements = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  process.on('message', (message) => {
    if (message === 'statements') process.send?.({ statements });
  });
}
