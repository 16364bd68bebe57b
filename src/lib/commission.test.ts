import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commissionOn, formatRate, gctOnCommission, partCommission, percentToBasisPoints, rateFor } from './commission';

/*
 * The one rounding rule of commission and of GCT on commission (docs/decisions/036), and which
 * rate a line is sold at.
 */

describe('commission on a part’s items', () => {
  it('is rounded once, half up, on the sum of the lines', () => {
    // 10% of 1,255 cents is 125.5 → 126; 10% of 5 cents is 0.5 → 1.
    expect(commissionOn([{ lineTotalCents: 1_255, basisPoints: 1_000 }])).toBe(126);
    expect(commissionOn([{ lineTotalCents: 5, basisPoints: 1_000 }])).toBe(1);
    expect(commissionOn([{ lineTotalCents: 4, basisPoints: 1_000 }])).toBe(0);
    // Two lines of 0.4 cent each: rounded once 0.8 → 1 (per line and summed it would be 0).
    expect(
      commissionOn([
        { lineTotalCents: 4, basisPoints: 1_000 },
        { lineTotalCents: 4, basisPoints: 1_000 },
      ]),
    ).toBe(1);
    // Lines at different rates: 12.5% of 1,000 + 8% of 333 = 125 + 26.64 → 152.
    expect(
      commissionOn([
        { lineTotalCents: 1_000, basisPoints: 1_250 },
        { lineTotalCents: 333, basisPoints: 800 },
      ]),
    ).toBe(152);
    expect(commissionOn([])).toBe(0);
  });

  it('is exact past 2^53 (the largest cart at a full rate)', () => {
    // 2e14 + 5 cents at 12.34%: a float product would lose the last digits.
    const cents = 200_000_000_000_005;
    expect(commissionOn([{ lineTotalCents: cents, basisPoints: 1_234 }])).toBe(
      Number((BigInt(cents) * 1_234n + 5_000n) / 10_000n),
    );
  });

  it('for any lines: within half a cent of the exact amount, never more than the items', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            lineTotalCents: fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 2e14 })),
            basisPoints: fc.integer({ min: 0, max: 10_000 }),
          }),
          { maxLength: 10 },
        ),
        (lines) => {
          const c = BigInt(commissionOn(lines));
          const exact = lines.reduce((n, l) => n + BigInt(l.lineTotalCents) * BigInt(l.basisPoints), 0n);
          // |c × 10,000 − exact| ≤ 5,000 (half a cent), ties up.
          expect(c * 10_000n - exact <= 5_000n && exact - c * 10_000n < 5_000n).toBe(true);
          expect(c <= lines.reduce((n, l) => n + BigInt(l.lineTotalCents), 0n)).toBe(true);
        },
      ),
    );
  });

  it('refuses what is not cents or a rate', () => {
    expect(() => commissionOn([{ lineTotalCents: 1.5, basisPoints: 1_000 }])).toThrow(RangeError);
    expect(() => commissionOn([{ lineTotalCents: -1, basisPoints: 1_000 }])).toThrow(RangeError);
    expect(() => commissionOn([{ lineTotalCents: 100, basisPoints: 10_001 }])).toThrow(RangeError);
    expect(() => commissionOn([{ lineTotalCents: 100, basisPoints: 9.5 }])).toThrow(RangeError);
  });
});

describe('GCT on commission', () => {
  it('is the GCT rate of the commission, rounded half up; nothing when not registered', () => {
    expect(gctOnCommission(126, 1_500)).toBe(19); // 18.9
    expect(gctOnCommission(130, 1_500)).toBe(20); // 19.5 → 20
    expect(gctOnCommission(129, 1_500)).toBe(19); // 19.35
    expect(gctOnCommission(126, 0)).toBe(0);
  });
});

describe('which rate a line is sold at', () => {
  const rules = [
    { storeId: 'gems', category: 'Jewelry', basisPoints: 500 },
    { storeId: 'gems', category: null, basisPoints: 800 },
    { storeId: null, category: 'Jewelry', basisPoints: 1_500 },
    { storeId: null, category: 'Electronics', basisPoints: 600 },
  ];
  it('the most specific wins: store and category, store, category, marketplace', () => {
    expect(rateFor(rules, { storeId: 'gems', category: 'Jewelry' }, 1_000)).toBe(500);
    expect(rateFor(rules, { storeId: 'gems', category: 'Electronics' }, 1_000)).toBe(800);
    expect(rateFor(rules, { storeId: 'other', category: 'Jewelry' }, 1_000)).toBe(1_500);
    expect(rateFor(rules, { storeId: 'other', category: 'Food' }, 1_000)).toBe(1_000);
    expect(rateFor([], { storeId: 'gems', category: 'Jewelry' }, 1_000)).toBe(1_000);
  });

  it('a part: each line’s rate, the commission once, the GCT on it', () => {
    const part = partCommission(
      'gems',
      [
        { category: 'Jewelry', lineTotalCents: 10_000 },
        { category: 'Electronics', lineTotalCents: 2_499 },
      ],
      { rules, marketplaceBasisPoints: 1_000, gctBasisPoints: 1_500 },
    );
    // 5% of 100.00 + 8% of 24.99 = 500 + 199.92 → 700; GCT 15% of 700 = 105.
    expect(part).toEqual({ lineBasisPoints: [500, 800], commissionCents: 700, gctCents: 105 });
  });
});

describe('a rate as an operator types and reads it', () => {
  it('reads a percentage with at most two decimals as whole basis points, from 0 to 100%', () => {
    expect(percentToBasisPoints('8')).toBe(800);
    expect(percentToBasisPoints('8.5')).toBe(850);
    expect(percentToBasisPoints(' 8.29 % ')).toBe(829);
    expect(percentToBasisPoints('0')).toBe(0);
    expect(percentToBasisPoints('100')).toBe(10_000);
    for (const bad of ['', '-1', '100.01', '101', '8.125', 'ten', '1e2', '8,5', '.5'])
      expect(percentToBasisPoints(bad), bad).toBeUndefined();
  });

  it('shows basis points as a percentage without trailing zeros', () => {
    expect([1_000, 850, 1_234, 0, 10_000, 5].map(formatRate)).toEqual(['10%', '8.5%', '12.34%', '0%', '100%', '0.05%']);
  });
});
