import { describe, expect, it } from 'vitest';
import { formatCents, formatDollars, formatShipping, toCents, toDollars } from './money';

describe('money', () => {
  it('formats cents as US dollars with separators and two decimals', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(100_000_000)).toBe('$1,000,000.00');
    expect(formatCents(-123450)).toBe('-$1,234.50');
    expect(formatCents(1999.5)).toBe('$20.00');
  });

  it('formats exactly as Intl does for en-US dollars', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const samples = [1, 99, 100, 101, 99_999, 100_000, 123_456_789, 9_007_199_254_740, -1, -100_001];
    for (let c = 0; c < 2_000_000; c += 9_973) samples.push(c);
    for (const c of samples) expect(formatCents(c)).toBe(intl.format(c / 100));
  });

  it('shows $0.00 for missing or non-numeric values', () => {
    expect(formatCents(undefined)).toBe('$0.00');
    expect(formatCents(null)).toBe('$0.00');
    expect(formatCents(Number.NaN)).toBe('$0.00');
  });

  it('converts dollars to cents without drifting', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.5)).toBe(123450);
    expect(toCents(4.35)).toBe(435);
    expect(toCents(0)).toBe(0);
    expect(toDollars(1999)).toBe(19.99);
    for (let c = 0; c < 100_000; c += 7) expect(toCents(toDollars(c))).toBe(c);
  });

  it("formats the API's dollars as formatCents formats their cents", () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
    expect(formatDollars(4.35)).toBe('$4.35');
    expect(formatDollars(undefined)).toBe('$0.00');
    for (let c = 0; c < 100_000; c += 7) expect(formatDollars(toDollars(c))).toBe(formatCents(c));
  });

  it('reads a shipping charge of nothing as Free, unless told otherwise', () => {
    expect(formatShipping(0)).toBe('Free');
    expect(formatShipping(5.99)).toBe('$5.99');
    expect(formatShipping(0, false)).toBe('$0.00');
    expect(formatShipping(0, true)).toBe('Free');
  });
});
