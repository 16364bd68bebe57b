/**
 * `npm run bench:import`: how long POST /seller/products/import takes for a CSV file of 1,000
 * products (issue 14: at most 30 s), on PostgreSQL and on PGlite (the embedded database).
 *
 * For each database: a fresh one (PostgreSQL: a new database on BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, dropped afterwards; PGlite: in
 * memory), migrated and loaded with the sample catalogue; a demo seller signs in; the API runs in
 * this process. Timed: the whole request (multipart, parsing, every row checked, one transaction)
 * for a file of new products, then the same file again (every row an update). The machine's load
 * is printed, as the figures mean little without it. Fails when a run passes 30 s.
 *
 * BENCH_ROWS (default 1000) sets the file's size.
 */
import { loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { CATEGORIES } from '../../src/lib/catalog';
import { createApi } from '../../src/server/app';
import { createSession } from '../../src/server/auth/sessions';
import { type Database, openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { sellerEmail } from '../../src/server/db/seed/sample-catalog';
import { seedSampleData } from '../../src/server/db/seed/seed';
import { parseEnv } from '../../src/server/env';

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const LIMIT_MS = 30_000;
const STORE = 'blue-mountain-roasters';

/** A file of ROWS products across every category, in the export's columns. */
function csvFile(): string {
  const categories = Object.entries(CATEGORIES);
  const lines = ['sku,name,description,category,subcategory,price,compare_at_price,stock,tags,photos,status'];
  for (let i = 0; i < ROWS; i++) {
    const [category, subs] = categories[i % categories.length];
    const sub = subs[i % subs.length];
    const price = (100 + ((i * 37) % 9000) + (i % 100) / 100).toFixed(2);
    const compare = i % 4 === 0 ? (Number(price) + 50).toFixed(2) : '';
    lines.push(
      [
        `BENCH-${String(i).padStart(5, '0')}`,
        `"Bench product ${i}, ${sub}"`,
        `"A product made for the import benchmark, number ${i}."`,
        `"${category}"`,
        `"${sub}"`,
        price,
        compare,
        String(i % 50),
        '"bench, import"',
        '',
        i % 10 === 0 ? 'archived' : 'active',
      ].join(','),
    );
  }
  return `${lines.join('\n')}\n`;
}

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
  const file = csvFile();
  const rows: string[] = [];
  for (const pass of ['new products', 'same file again (updates)']) {
    const form = new FormData();
    form.set('file', new Blob([file], { type: 'text/csv' }), 'bench.csv');
    const load = loadavg()[0].toFixed(1);
    const started = performance.now();
    const res = await api.request('http://bench.test/api/v1/seller/products/import', {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    const ms = performance.now() - started;
    const body = await res.json();
    if (res.status !== 200)
      throw new Error(`${label}: import answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
    rows.push(
      `| ${label} | ${pass} | ${ROWS} | ${(ms / 1000).toFixed(2)} s | ${body.created} created, ${body.updated} updated | ${load} |`,
    );
    console.info(rows.at(-1));
    if (ms > LIMIT_MS) throw new Error(`${label}: ${ROWS} rows took ${(ms / 1000).toFixed(1)} s, above 30 s`);
  }
  return rows;
}

async function postgres(): Promise<string[]> {
  const base =
    process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `yaad_bench_import_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  try {
    return await run('PostgreSQL 15', database);
  } finally {
    await database.close().catch(() => {});
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end().catch(() => {});
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
