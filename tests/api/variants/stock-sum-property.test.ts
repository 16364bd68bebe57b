/**
 * The product's stock stays the sum of its variants' (issue 30, docs/decisions/051, 052): random
 * sequences of takes and give-backs through the one stock door (`moveStock`), each over one or
 * several variants at once (two of one product with options, and a product without options whose
 * sole variant the trigger mirrors), as an order, a cancel or a return moves them. A take that
 * one line is short for is refused whole (the order's transaction rolls back). After every step
 * each variant holds what the model says, the product with options holds their sum, and the
 * product without options and its sole variant hold the same, counted once.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL. PROPERTY_RUNS sets the number of sequences.
 */
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants, publishQueue } from '../../../src/server/db/schema';
import { moveStock } from '../../../src/server/services/orders/stock';
import { setVariants } from '../../../src/server/services/products';
import { type Seller, sellerOf } from '../../../src/server/services/sellers';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { productOf, signInSeller } from '../../fixtures/orders';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 8);
const A = 'blue-mountain-roasters';
const START = [3, 0, 5];
const PLAIN_START = 4;

let t: TestApp;
let withOptions: string;
let plain: string;
let variantIds: string[];
let seller: Seller;

class Short extends Error {}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  withOptions = (await productOf(t.database.db, A, { priceCents: 5_000, stock: 0 }, 0)).id;
  plain = (await productOf(t.database.db, A, { priceCents: 1_000, stock: PLAIN_START }, 1)).id;
  seller = (await sellerOf(t.database.db, (await signInSeller(t.database.db, A)).id)) as Seller;
});
afterAll(() => t?.close());

/** Back to the starting stock through the seller's door, which keeps the variants' ids run after run. */
async function reset() {
  const sizes = ['S', 'M', 'L'];
  await t.database.db.transaction((tx) =>
    setVariants(tx, seller, withOptions, {
      options: [{ name: 'Size', values: sizes }],
      variants: START.map((stock, i) => ({
        options: [sizes[i]],
        sku: `SUM-${sizes[i]}`,
        price: 50,
        compareAtPrice: null,
        stock,
      })),
    }),
  );
  const rows = await t.database.db
    .select({ id: productVariants.id, values: productVariants.optionValues })
    .from(productVariants)
    .where(eq(productVariants.productId, withOptions));
  variantIds = sizes.map((size) => rows.find((r) => r.values[0] === size)?.id ?? `no variant ${size}`);
  await t.database.db.update(products).set({ stock: PLAIN_START }).where(eq(products.id, plain));
}

const step = fc.record({
  direction: fc.constantFrom(1 as const, -1 as const),
  // Which of the four sellable things (three variants, the plain product) and how many of each.
  lines: fc.uniqueArray(fc.record({ target: fc.integer({ min: 0, max: 3 }), q: fc.integer({ min: 1, max: 4 }) }), {
    minLength: 1,
    maxLength: 4,
    selector: (l) => l.target,
  }),
});

describe('a product with options holds the sum of its variants through every stock move', () => {
  it('random takes and give-backs, one variant or several at once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        await reset();
        const model = [...START, PLAIN_START];
        for (const { direction, lines } of steps) {
          const ids = () => [...variantIds, plain];
          const quantities = new Map(lines.map((l) => [ids()[l.target], l.q]));
          const short = direction < 0 && lines.some((l) => model[l.target] < l.q);
          const moved = await t.database.db
            .transaction(async (tx) => {
              const n = await moveStock(tx, quantities, direction);
              // As takeStock does: a line short is the whole order refused.
              if (n !== quantities.size) throw new Short();
              return n;
            })
            .catch((error) => {
              if (error instanceof Short) return 'refused' as const;
              throw error;
            });
          expect(moved).toBe(short ? 'refused' : lines.length);
          if (!short) for (const l of lines) model[l.target] += direction * l.q;

          const rows = await t.database.db
            .select({ id: productVariants.id, stock: productVariants.stock })
            .from(productVariants)
            .where(inArray(productVariants.productId, [withOptions, plain]));
          const stockOf = new Map(rows.map((r) => [r.id, r.stock]));
          expect(rows).toHaveLength(4);
          expect(ids().map((id) => stockOf.get(id))).toEqual(model);
          const sums = await t.database.db
            .select({ id: products.id, stock: products.stock })
            .from(products)
            .where(inArray(products.id, [withOptions, plain]));
          const productStock = new Map(sums.map((r) => [r.id, r.stock]));
          expect(productStock.get(withOptions)).toBe(model[0] + model[1] + model[2]);
          expect(productStock.get(plain)).toBe(model[3]);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('publishing follows what the pages show', () => {
  const queued = async (reason: string) =>
    (
      await t.database.db
        .select()
        .from(publishQueue)
        .where(and(eq(publishQueue.ref, withOptions), eq(publishQueue.reason, reason)))
    ).length;
  const move = (id: string, q: number, direction: 1 | -1) =>
    t.database.db.transaction((tx) => moveStock(tx, new Map([[id, q]]), direction));

  it('a variant selling out or coming back is a publish of its page; the product’s last unit and its return are the product’s; a count is neither', async () => {
    await reset();
    const [small, , large] = variantIds;
    const soldOut = await queued('sold out');
    const backIn = await queued('back in stock');
    const variantOut = await queued('a variant sold out');
    const variantBack = await queued('a variant back in stock');
    expect(await move(large, 1, -1)).toBe(1);
    expect([await queued('sold out'), await queued('a variant sold out')]).toEqual([soldOut, variantOut]);
    expect(await move(small, 3, -1)).toBe(1);
    expect([await queued('sold out'), await queued('a variant sold out')]).toEqual([soldOut, variantOut + 1]);
    expect(await move(large, 4, -1)).toBe(1);
    expect([await queued('sold out'), await queued('a variant sold out')]).toEqual([soldOut + 1, variantOut + 1]);
    expect(await move(large, 1, 1)).toBe(1);
    expect([await queued('back in stock'), await queued('a variant back in stock')]).toEqual([backIn + 1, variantBack]);
    expect(await move(small, 1, 1)).toBe(1);
    expect([await queued('back in stock'), await queued('a variant back in stock')]).toEqual([
      backIn + 1,
      variantBack + 1,
    ]);
  });
});
