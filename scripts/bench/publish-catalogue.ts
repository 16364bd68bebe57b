/**
 * The catalogue `npm run bench:publish` measures on, and who may change it: the generated products
 * (`npm run catalog:generate`, then half its clothes, shoes and rings in sizes: publish-variants.ts)
 * before the shop starts; after its full build, a seller of the bench's own for every store (a
 * PostgreSQL server gets no demo accounts), a buyer, and stock for the run.
 */
import { spawnSync } from 'node:child_process';
import { and, eq, inArray } from 'drizzle-orm';
import { createSession } from '../../src/server/auth/sessions';
import { type Db, openDatabase } from '../../src/server/db/client';
import { products, shippingRateParishes, shippingRates, stores, users } from '../../src/server/db/schema';
import { markCatalogChanged } from '../../src/server/services/catalog-version';
import { giveVariants, stockForRun } from './publish-variants';

/** `size` generated products in the database at `url`, some with options and variants. */
export async function generateCatalogue(url: string, size: number): Promise<void> {
  const gen = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/catalog-generate.ts', '--products', String(size)],
    { stdio: 'inherit', env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' } },
  );
  if (gen.status !== 0) throw new Error('catalog:generate failed');
  const database = await openDatabase({ url });
  try {
    const given = await giveVariants(database.db);
    await markCatalogChanged(database.db);
    console.info(
      `Gave ${given.products.toLocaleString('en-US')} clothing, shoe and ring products options: ${given.variants.toLocaleString('en-US')} variants.`,
    );
  } finally {
    await database.close();
  }
}

/**
 * After the full build: each store handed to a bench seller (their session tokens by store), the
 * products, a buyer's session, each store's rate to `parish`, and stock for the run (for each
 * product with options, its variants in stock).
 */
export async function prepareRun(db: Db, size: number, parish: string) {
  const sellerRows = await db.select({ id: stores.id }).from(stores);
  const tokens = new Map<string, string>();
  for (const s of sellerRows) {
    const [owner] = await db
      .insert(users)
      .values({ name: `Bench Seller ${s.id}`, email: `bench-${size}-${s.id}@sellers.yaad.test` })
      .returning();
    await db.update(stores).set({ ownerId: owner.id }).where(eq(stores.id, s.id));
    tokens.set(s.id, (await createSession(db, owner.id, 1)).token);
  }
  const all = await db
    .select({
      id: products.id,
      storeId: products.storeId,
      category: products.category,
      subcategory: products.subcategory,
      priceCents: products.priceCents,
      images: products.images,
      options: products.options,
    })
    .from(products);
  const [buyerRow] = await db
    .insert(users)
    .values({ name: 'Bench Buyer', email: `bench-pub-${size}@yaad.test` })
    .returning();
  const buyerToken = (await createSession(db, buyerRow.id, 1)).token;
  const rates = await db
    .select({ id: shippingRates.id, storeId: shippingRates.storeId })
    .from(shippingRates)
    .innerJoin(shippingRateParishes, eq(shippingRateParishes.rateId, shippingRates.id))
    .where(and(eq(shippingRateParishes.parish, parish), inArray(shippingRates.storeId, [...tokens.keys()])));
  const rateOf = new Map(rates.map((r) => [r.storeId, r.id]));
  const variantsInStock = await stockForRun(db);
  return { tokens, all, buyerToken, rateOf, variantsInStock };
}
