/**
 * `npm run catalog:generate -- --products 100000 [--data-dir DIR] [--seed N]`: fills a database
 * with a large synthetic catalogue for benchmarks. Uses DATABASE_URL when set, else the embedded
 * database in --data-dir (default DATA_DIR or ./.data). The sample stores are seeded first when
 * the database has no products; running again with the same seed adds nothing new.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/client';
import { products } from '../src/server/db/schema';
import { generateCatalog } from '../src/server/db/seed/generate';
import type { ProductRow } from '../src/server/db/seed/sample-catalog';
import { seedSampleData } from '../src/server/db/seed/seed';
import { markCatalogChanged } from '../src/server/services/catalog-version';

const BATCH = 1000;

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    'data-dir': { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
const count = Number(values.products);
const seed = Number(values.seed);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed) || seed < 1) {
  console.error('Usage: npm run catalog:generate -- --products <count ≥ 1> [--data-dir DIR] [--seed N ≥ 1]');
  process.exit(2);
}

const started = performance.now();
const url = process.env.DATABASE_URL;
const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? './.data';
const database = await openDatabase(url ? { url } : { dataDir });
console.info(`Database: ${url ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}`);

try {
  // Demo accounts have a public password: only in the embedded database, as at start-up.
  const { seeded } = await seedSampleData(database.db, { demoAccounts: database.kind === 'pglite' });
  if (seeded) console.info('Loaded the sample catalogue and its stores.');

  let done = 0;
  let added = 0;
  let batch: ProductRow[] = [];
  const flush = async () => {
    const inserted = await database.db
      .insert(products)
      .values(batch)
      .onConflictDoNothing()
      .returning({ id: products.id });
    done += batch.length;
    added += inserted.length;
    batch = [];
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `\rGenerated ${done.toLocaleString('en')} / ${count.toLocaleString('en')} products, ${added.toLocaleString('en')} new (${Math.round(done / seconds).toLocaleString('en')}/s)`,
    );
  };
  for (const row of generateCatalog(count, seed)) {
    batch.push(row);
    if (batch.length === BATCH) await flush();
  }
  if (batch.length) await flush();
  process.stdout.write('\n');
  await markCatalogChanged(database.db);
  console.info(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await database.close();
}
