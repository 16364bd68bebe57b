import { describe, expect, it } from 'vitest';
import {
  allocateTax,
  amountDue,
  amountsDuePerPart,
  basisPoints,
  DEFAULT_TAX_RATE,
  FALLBACK_SHIPPING_CENTS,
  lineTotal,
  partTaxes,
  priceOrder,
  qualifiesForFreeShipping,
  taxOn,
} from './pricing';

describe('taxOn', () => {
  it('is 7% by default, rounded half up once, in whole cents', () => {
    expect(DEFAULT_TAX_RATE).toBe(0.07);
    expect(taxOn(10_000, 0.07)).toBe(700);
    expect(taxOn(1_250, 0.07)).toBe(88); // 87.5 → 88 (float 1250 × 0.07 is 87.50000000000001)
    expect(taxOn(1_249, 0.07)).toBe(87); // 87.43
    expect(taxOn(50, 0.07)).toBe(4); // 3.5 → 4
    expect(taxOn(7, 0.07)).toBe(0); // 0.49
    expect(taxOn(0, 0.07)).toBe(0);
  });

  it('follows a configured rate (Jamaica GCT 15%)', () => {
    expect(taxOn(1_999, 0.15)).toBe(300); // 299.85
    expect(taxOn(10_000, 0)).toBe(0);
    expect(basisPoints(0.165)).toBe(1650);
  });

  it('refuses fractions of a cent and rates outside 0..1', () => {
    expect(() => taxOn(10.5, 0.07)).toThrow(RangeError);
    expect(() => taxOn(-1, 0.07)).toThrow(RangeError);
    expect(() => taxOn(100, 1.5)).toThrow(RangeError);
    expect(() => taxOn(100, Number.NaN)).toThrow(RangeError);
  });
});

describe('free shipping', () => {
  it('applies when the threshold is set and reached', () => {
    expect(qualifiesForFreeShipping(7_500, 7_500)).toBe(true);
    expect(qualifiesForFreeShipping(7_499, 7_500)).toBe(false);
    expect(qualifiesForFreeShipping(1_000_000, null)).toBe(false);
    expect(qualifiesForFreeShipping(1_000_000, undefined)).toBe(false);
  });
});

describe('priceOrder', () => {
  it('adds each seller subtotal and shipping, and tax on each taxed part’s subtotal only, rounded per part', () => {
    const order = priceOrder(
      [
        { sellerId: 'a', subtotalCents: 2_500, selectedRateCents: 450 },
        { sellerId: 'b', subtotalCents: 1_999, selectedRateCents: 650 },
      ],
      0.07,
    );
    expect(order.subtotalCents).toBe(4_499);
    expect(order.shippingCents).toBe(1_100);
    // 175 + 139.93 → 175 + 140: each seller's invoice shows its own rounded tax, and they add up.
    expect(order.parts.map((p) => [p.taxCents, p.taxBasisPoints])).toEqual([
      [175, 700],
      [140, 700],
    ]);
    expect(order.taxCents).toBe(315);
    expect(order.totalCents).toBe(4_499 + 1_100 + 315);
    expect(order.parts.map((p) => p.totalCents)).toEqual([2_950 + 175, 2_649 + 140]);
  });

  it('charges no tax on a part that is not taxed (a seller not GCT-registered)', () => {
    const order = priceOrder(
      [
        { sellerId: 'registered', subtotalCents: 1_999, selectedRateCents: 500, taxed: true },
        { sellerId: 'craftsperson', subtotalCents: 5_000, selectedRateCents: 500, taxed: false },
      ],
      0.15,
    );
    expect(order.parts.map((p) => [p.taxCents, p.taxBasisPoints])).toEqual([
      [300, 1_500], // 299.85
      [0, 0],
    ]);
    expect(order.taxCents).toBe(300);
    expect(order.totalCents).toBe(1_999 + 5_000 + 1_000 + 300);
  });

  it('charges 5.99 per seller without a selection', () => {
    const order = priceOrder([
      { sellerId: 'a', subtotalCents: 1_000 },
      { sellerId: 'b', subtotalCents: 1_000, selectedRateCents: null },
    ]);
    expect(FALLBACK_SHIPPING_CENTS).toBe(599);
    expect(order.shippingCents).toBe(1_198);
  });

  it('makes a part ship free once its seller threshold is reached, whatever the rate', () => {
    const order = priceOrder([
      { sellerId: 'a', subtotalCents: 7_500, selectedRateCents: 650, freeShippingThresholdCents: 7_500 },
      { sellerId: 'b', subtotalCents: 7_499, selectedRateCents: 650, freeShippingThresholdCents: 7_500 },
      { sellerId: 'c', subtotalCents: 9_000, freeShippingThresholdCents: 5_000 },
    ]);
    expect(order.parts.map((p) => [p.shippingCents, p.freeShipping])).toEqual([
      [0, true],
      [650, false],
      [0, true],
    ]);
  });

  it('always adds up exactly: Σ parts (each with its tax) = total, Σ part taxes = tax (randomised)', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed;
    };
    for (let run = 0; run < 2_000; run++) {
      const parts = Array.from({ length: 1 + (next() % 5) }, (_, i) => ({
        sellerId: `s${i}`,
        subtotalCents: next() % 500_000,
        selectedRateCents: next() % 3 === 0 ? undefined : next() % 2_000,
        freeShippingThresholdCents: next() % 2 === 0 ? null : next() % 400_000,
      }));
      const rate = (next() % 2_000) / 10_000;
      const order = priceOrder(parts, rate);
      const sumParts = order.parts.reduce((s, p) => s + p.totalCents, 0);
      expect(sumParts).toBe(order.totalCents);
      expect(order.parts.reduce((s, p) => s + p.taxCents, 0)).toBe(order.taxCents);
      for (const part of order.parts) {
        expect(Number.isInteger(part.taxCents)).toBe(true);
        expect(Math.abs(part.taxCents - part.subtotalCents * rate)).toBeLessThanOrEqual(0.5 + 1e-9);
      }
    }
  });
});

describe('lineTotal', () => {
  it('multiplies whole cents by whole units', () => {
    expect(lineTotal(1_999, 3)).toBe(5_997);
    expect(() => lineTotal(1_999, 0)).toThrow(RangeError);
    expect(() => lineTotal(19.99, 1)).toThrow(RangeError);
  });
});

describe('allocateTax', () => {
  it('splits the tax by subtotal and the shares add up exactly', () => {
    expect(allocateTax(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateTax(315, [2_500, 1_999])).toEqual([175, 140]);
    expect(allocateTax(0, [100, 200])).toEqual([0, 0]);
    expect(allocateTax(5, [0, 0])).toEqual([5, 0]);
    expect(allocateTax(7, [])).toEqual([]);
    for (let n = 1; n < 300; n += 7) {
      const subtotals = [n * 3, n * 5 + 1, 17, n];
      const shares = allocateTax(n, subtotals);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(n);
    }
  });
});

describe('amountsDuePerPart', () => {
  it("is each part's items, shipping and share of the tax, adding up to the order's total", () => {
    const parts = [
      { subtotalCents: 3_499, shippingCents: 650 },
      { subtotalCents: 4_999, shippingCents: 0 },
    ];
    const due = amountsDuePerPart(595, parts);
    expect(due).toEqual([3_499 + 650 + 245, 4_999 + 350]);
    expect(due.reduce((a, b) => a + b, 0)).toBe(3_499 + 650 + 4_999 + 595);
  });

  it('takes each part’s own tax when every part has it (orders since tax is kept per part)', () => {
    const parts = [
      { subtotalCents: 3_499, shippingCents: 650, taxCents: 525 },
      { subtotalCents: 4_999, shippingCents: 0, taxCents: 0 },
    ];
    expect(partTaxes(525, parts)).toEqual([525, 0]);
    expect(amountsDuePerPart(525, parts)).toEqual([3_499 + 650 + 525, 4_999]);
    // An older order (a part without its own tax) has the order's tax split over its parts.
    expect(partTaxes(595, [parts[0], { ...parts[1], taxCents: null }])).toEqual([245, 350]);
  });
});

describe('amountDue', () => {
  const parts = [
    { subtotalCents: 3_499, shippingCents: 650, cancelled: false },
    { subtotalCents: 4_999, shippingCents: 0, cancelled: true },
  ];
  it('leaves a cancelled part out of what is due: its items, shipping and tax share', () => {
    expect(amountDue(595, parts)).toEqual({
      totalCents: 3_499 + 650 + 4_999 + 595,
      cancelledCents: 4_999 + 350,
      dueCents: 3_499 + 650 + 245,
    });
    expect(
      amountDue(
        595,
        parts.map((p) => ({ ...p, cancelled: true })),
      ).dueCents,
    ).toBe(0);
    expect(
      amountDue(
        595,
        parts.map((p) => ({ ...p, cancelled: false })),
      ).cancelledCents,
    ).toBe(0);
  });
  it('sums only the parts counted, with the tax shares of the whole order', () => {
    expect(amountDue(595, [parts[0], { ...parts[1], counted: false }])).toEqual({
      totalCents: 3_499 + 650 + 245,
      cancelledCents: 0,
      dueCents: 3_499 + 650 + 245,
    });
    expect(amountDue(595, [{ ...parts[0], counted: false }, parts[1]]).dueCents).toBe(0);
  });
});
