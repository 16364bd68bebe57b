/**
 * `npm run bench:import`: how long POST /seller/products/import takes for a CSV file of 1,000
 * products (issue 14: at most 30 s), on PostgreSQL and on PGlite (the embedded database).
 *
 * For each database: a fresh one (PostgreSQL: a new database on BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, dropped afterwards; PGlite: in
 * memory), migrated and loaded with the sample catalogue; a demo seller signs in; the API runs in
 * this process. Timed: the whole request (multipart, parsing, every row checked, one transaction)
 * for a file of new products, then the same file again (every row an update), then a file of as
 * many new products with one bad cell (the middle row's price, "abc"), which must answer 422 with
 * exactly that one problem and import nothing. The machine's load is printed, as the figures mean
 * little without it. Fails when a run passes 30 s or the bad file is not refused so.
 *
 * BENCH_ROWS (default 1000) sets the file's size.
 */
import { loadavg } from 'node:os';
import { count, eq } from 'drizzle-orm';
import { createApi } from '../../src/server/app';
import { createSession } from '../../src/server/auth/sessions';
import { type Database, openDatabase } from '../../src/server/db/client';
import { products, users } from '../../src/server/db/schema';
import { sellerEmail } from '../../src/server/db/seed/sample-catalog';
import { seedSampleData } from '../../src/server/db/seed/seed';
import { parseEnv } from '../../src/server/env';
import { productsCsv } from '../../tests/fixtures/product-csv';
import { benchDatabase } from './bench-database';

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const LIMIT_MS = 30_000;
const STORE = 'blue-mountain-roasters';

async function run(label: string, database: Database): Promise<string[]> {
  await seedSampleData(database.db, { demoAccounts: true });
  const [seller] = await database.db
    .select()
    .from(users)
    .where(eq(users.email, sellerEmail(STORE)));
  const { token } = await createSession(database.db, seller.id, 1);
  const api = createApi({
    database,
    config: parseEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_SAMPLE_DATA: 'false' }),
  });
  const good = productsCsv(ROWS);
  // The middle row (line 501 of 1,001 for 1,000 rows): a check that stopped early or ran late would miss it.
  const badLine = Math.floor(ROWS / 2) + 1;
  const bad = productsCsv(ROWS, { skuPrefix: 'BENCHBAD', badPriceOnLine: badLine });
  const storeProducts = async () =>
    (await database.db.select({ n: count() }).from(products).where(eq(products.storeId, STORE)))[0].n;
  const rows: string[] = [];
  const passes = [
    { pass: 'new products', file: good, refused: false },
    { pass: 'same file again (updates)', file: good, refused: false },
    { pass: `new products, one bad cell (line ${badLine}, price "abc")`, file: bad, refused: true },
  ];
  for (const { pass, file, refused } of passes) {
    const form = new FormData();
    form.set('file', new Blob([file], { type: 'text/csv' }), 'bench.csv');
    const before = await storeProducts();
    const load = loadavg()[0].toFixed(1);
    const started = performance.now();
    const res = await api.request('http://bench.test/api/v1/seller/products/import', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    const ms = performance.now() - started;
    const body = await res.json();
    const fail = (why: string): never => {
      throw new Error(`${label}, ${pass}: ${why}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
    };
    let result: string;
    if (refused) {
      const [problem, ...more] = body.problems ?? [];
      if (res.status !== 422) fail('expected 422');
      if (more.length || problem?.line !== badLine || problem?.column !== 'price')
        fail(`expected exactly one problem, line ${badLine}, column price`);
      const after = await storeProducts();
      if (after !== before) fail(`the store had ${before} products and now has ${after}`);
      result = `422, 1 problem (line ${problem.line}, ${problem.column}), ${after - before} imported`;
    } else {
      if (res.status !== 200) fail('import refused');
      result = `${body.created} created, ${body.updated} updated`;
    }
    rows.push(`| ${label} | ${pass} | ${ROWS} | ${(ms / 1000).toFixed(2)} s | ${result} | ${load} |`);
    console.info(rows.at(-1));
    if (ms > LIMIT_MS) throw new Error(`${label}: ${ROWS} rows took ${(ms / 1000).toFixed(1)} s, above 30 s`);
  }
  return rows;
}

async function postgres(): Promise<string[]> {
  const { database, drop } = await benchDatabase('import');
  try {
    return await run('PostgreSQL 15', database);
  } finally {
    await drop();
  }
}

async function pglite(): Promise<string[]> {
  const database = await openDatabase({});
  try {
    return await run('PGlite', database);
  } finally {
    await database.close();
  }
}

console.info(
  `CSV import of ${ROWS} products, ${new Date().toISOString()}, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.info('| database | file | rows | time | result | load (1 min) |');
console.info('| --- | --- | --- | --- | --- | --- |');
await postgres();
await pglite();
