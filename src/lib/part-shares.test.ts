import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partShares, priceOrder } from './pricing';

/*
 * The rule a cancelled card-paid part is refunded by (docs/decisions/033): for any order the
 * shop can price, the parts' shares add up to what was paid, each share covers the part's own
 * items and shipping, and whatever set of parts is cancelled is refunded no more than was paid.
 */

const cents = (max: number) => fc.integer({ min: 0, max });
const anOrder = fc.record({
  parts: fc.array(
    fc.record({
      storeName: fc.constantFrom('Blue Mountain', 'Negril Gems', 'Half Way Tree', 'Ocho Rios', 'Negril Gems'),
      subtotalCents: fc.oneof(cents(50_000), cents(2e14)),
      selectedRateCents: fc.option(cents(5_000)),
      freeShippingThresholdCents: fc.option(cents(20_000)),
      // Its seller charges GCT (decision 044).
      taxed: fc.boolean(),
    }),
    { minLength: 1, maxLength: 8 },
  ),
  taxRate: fc.integer({ min: 0, max: 10_000 }).map((bp) => bp / 10_000),
  /** Placed since tax is kept per part (each part carries its own), or before (the order's tax is split). */
  ownTax: fc.boolean(),
});

type RandomOrder = typeof anOrder extends fc.Arbitrary<infer T> ? T : never;
function sharesOf(order: RandomOrder) {
  const priced = priceOrder(
    // An order placed before tax was kept per part taxed every part.
    order.parts.map((p, i) => ({ ...p, taxed: order.ownTax ? p.taxed : true, sellerId: `s${i}` })),
    order.taxRate,
  );
  const parts = priced.parts.map((p, i) => ({
    id: `part-${(i * 7919) % 101}-${i}`,
    storeName: order.parts[i].storeName,
    subtotalCents: p.subtotalCents,
    shippingCents: p.shippingCents,
    taxCents: order.ownTax ? p.taxCents : null,
  }));
  return { priced, parts, shares: partShares(priced.taxCents, parts) };
}

describe('a part’s share of its order', () => {
  it('the shares add up to the order’s total exactly, each at least its items and shipping', () => {
    fc.assert(
      fc.property(anOrder, (order) => {
        const { priced, parts, shares } = sharesOf(order);
        expect(shares.size).toBe(parts.length);
        let sum = 0;
        for (const part of parts) {
          const share = shares.get(part.id) ?? Number.NaN;
          expect(Number.isSafeInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(part.subtotalCents + part.shippingCents);
          sum += share;
        }
        expect(sum).toBe(priced.totalCents);
      }),
      { numRuns: 500 },
    );
  });

  it('any parts cancelled one after another are refunded no more than was paid, and all of them exactly that', () => {
    fc.assert(
      fc.property(anOrder, fc.infiniteStream(fc.boolean()), (order, picks) => {
        const { priced, parts, shares } = sharesOf(order);
        const first = parts.filter(() => picks.next().value);
        const refunded = first.reduce((n, p) => n + (shares.get(p.id) ?? 0), 0);
        expect(refunded).toBeLessThanOrEqual(priced.totalCents);
        const rest = parts.filter((p) => !first.includes(p)).reduce((n, p) => n + (shares.get(p.id) ?? 0), 0);
        expect(refunded + rest).toBe(priced.totalCents);
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order the parts are given in', () => {
    fc.assert(
      fc.property(anOrder, (order) => {
        const { priced, parts, shares } = sharesOf(order);
        expect(partShares(priced.taxCents, [...parts].reverse())).toEqual(shares);
      }),
    );
  });

  it('splits the tax by subtotal, the cent left over to the larger remainder', () => {
    // 7% of 2,250 is 157.5 → 158; 1,250 and 1,000 of it: 87.5 and 70 → 88 and 70.
    const shares = partShares(158, [
      { id: 'b', storeName: 'Half Way Tree', subtotalCents: 1_000, shippingCents: 600 },
      { id: 'a', storeName: 'Blue Mountain', subtotalCents: 1_250, shippingCents: 650 },
    ]);
    expect(Object.fromEntries(shares)).toEqual({ a: 1_250 + 650 + 88, b: 1_000 + 600 + 70 });
  });
});
