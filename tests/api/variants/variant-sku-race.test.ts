/**
 * Two edits racing for one SKU of a store, on a real PostgreSQL server (docs/decisions/055): both
 * pass the services' check, which reads what is committed; the database's unique index lets exactly
 * one commit, and the other is told as a check a moment later would have told it, nothing of it
 * written. PGlite runs one transaction at a time, so these would pass there without racing: skipped.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SellerProduct } from '../../../src/lib/contract/seller-products';
import { productVariants } from '../../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { gatedSuiteRuns } from '../../fixtures/gated';
import { caller, signInSeller, type Who } from '../../fixtures/orders';
import { createShoe } from '../../fixtures/variants-door';

const onPostgres = gatedSuiteRuns('postgres', Boolean(process.env.TEST_DATABASE_URL), 'TEST_DATABASE_URL');
const A = 'blue-mountain-roasters';
/** Races per test: enough that the two edits overlap in most of them on two busy cores. */
const ROUNDS = 8;

let t: TestApp;
let call: ReturnType<typeof caller>;
let seller: Who;

const create = (sku: string) => createShoe(t, seller, sku, `Race ${sku}`);
const gridTaking = (sku: string) => ({
  options: [{ name: 'Size', values: ['S'] }],
  variants: [{ options: ['S'], sku, price: 40, stock: 2 }],
});
const put = (id: string, body: unknown) => call(seller, 'PUT', `/seller/products/${id}/variants`, body);
const holders = async (sku: string) =>
  t.database.db
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .where(and(eq(productVariants.storeId, A), eq(productVariants.sku, sku)));

describe.skipIf(!onPostgres)('races for one SKU on PostgreSQL (skipped without TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    call = caller(t);
    seller = await signInSeller(t.database.db, A);
  });
  afterAll(() => t?.close());

  it('two grids saved at once taking one new SKU: exactly one wins, the other is refused on its cell and unchanged', async () => {
    const pairs = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, i) => [await create(`GRID-A-${i}`), await create(`GRID-B-${i}`)]),
    );
    const answers = await Promise.all(
      pairs.map(([a, b], i) =>
        Promise.all([put(a.id, gridTaking(`WANTED-${i}`)), put(b.id, gridTaking(`WANTED-${i}`))]),
      ),
    );
    for (const [i, [a, b]] of pairs.entries()) {
      const [x, y] = answers[i];
      expect([x.status, y.status].sort(), JSON.stringify([x.body, y.body])).toEqual([200, 400]);
      const [winner, loser] = x.status === 200 ? [a, b] : [b, a];
      const refused = x.status === 400 ? x : y;
      const message = `Variant 1 (Size S): SKU WANTED-${i} is already used by ${winner.name}, Size S: choose another`;
      expect(refused.body.errors).toEqual({ 'variants.0.sku': message });
      expect(await holders(`WANTED-${i}`)).toEqual([{ productId: winner.id }]);
      // The loser is as it was: sold one way, its sole variant its own SKU.
      const again = SellerProduct.parse((await call(seller, 'GET', `/seller/products/${loser.id}`)).body);
      expect([again.options, again.variants?.map((v) => v.sku)]).toEqual([[], [loser.sku]]);
    }
  });

  it('a new product and a grid taking one SKU at once: exactly one holds it', async () => {
    const grids = await Promise.all(Array.from({ length: ROUNDS }, (_, i) => create(`MIXED-${i}`)));
    const answers = await Promise.all(
      grids.map((g, i) =>
        Promise.all([
          put(g.id, gridTaking(`BOTH-${i}`)),
          call(seller, 'POST', '/seller/products', {
            name: `Rival ${i}`,
            category: 'Clothing',
            subcategory: 'Shoes',
            price: 40,
            stock: 1,
            sku: `BOTH-${i}`,
          }),
        ]),
      ),
    );
    for (const [i, [grid, created]] of answers.entries()) {
      // The grid's refusal names its cell (400); the new product's is its SKU field's 409 (decision 016).
      const won = [grid.status === 200, created.status === 201];
      expect(won.filter(Boolean), JSON.stringify([grid.body, created.body])).toHaveLength(1);
      if (grid.status !== 200) expect(grid.status).toBe(400);
      if (created.status !== 201) expect(created.body.errors).toEqual({ sku: expect.stringContaining(`BOTH-${i}`) });
      expect(await holders(`BOTH-${i}`)).toHaveLength(1);
    }
  });
});
