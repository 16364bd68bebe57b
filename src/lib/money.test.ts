import { describe, expect, it } from 'vitest';
import {
  describeJmdRate,
  formatCents,
  formatDollars,
  formatDollarsInJmd,
  formatJmdApprox,
  formatJmdRate,
  formatRateDate,
  formatShipping,
  type JmdRate,
  toCents,
  toDollars,
} from './money';

describe('money', () => {
  it('formats cents as US dollars, named US$, with separators and two decimals', () => {
    expect(formatCents(123450)).toBe('US$1,234.50');
    expect(formatCents(5)).toBe('US$0.05');
    expect(formatCents(0)).toBe('US$0.00');
    expect(formatCents(100_000_000)).toBe('US$1,000,000.00');
    expect(formatCents(-123450)).toBe('-US$1,234.50');
    expect(formatCents(-0.4)).toBe('US$0.00');
    expect(formatCents(1999.5)).toBe('US$20.00');
  });

  it('formats exactly as Intl does for en-US dollars, with the currency named', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const samples = [1, 99, 100, 101, 99_999, 100_000, 123_456_789, 9_007_199_254_740, -1, -100_001];
    for (let c = 0; c < 2_000_000; c += 9_973) samples.push(c);
    for (const c of samples) expect(formatCents(c)).toBe(intl.format(c / 100).replace('$', 'US$'));
  });

  it('formats an exact Jamaican-dollar amount as J$', () => {
    expect(formatCents(125_000, 'JMD')).toBe('J$1,250.00');
    expect(formatCents(-5, 'JMD')).toBe('-J$0.05');
    expect(formatCents(undefined, 'JMD')).toBe('J$0.00');
    expect(formatCents(125_000, 'USD')).toBe('US$1,250.00');
  });

  it('shows US$0.00 for missing or non-numeric values', () => {
    expect(formatCents(undefined)).toBe('US$0.00');
    expect(formatCents(null)).toBe('US$0.00');
    expect(formatCents(Number.NaN)).toBe('US$0.00');
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
    expect(formatDollars(1234.5)).toBe('US$1,234.50');
    expect(formatDollars(0.1 + 0.2)).toBe('US$0.30');
    expect(formatDollars(4.35)).toBe('US$4.35');
    expect(formatDollars(undefined)).toBe('US$0.00');
    for (let c = 0; c < 100_000; c += 7) expect(formatDollars(toDollars(c))).toBe(formatCents(c));
  });

  it('reads a shipping charge of nothing as Free, unless told otherwise', () => {
    expect(formatShipping(0)).toBe('Free');
    expect(formatShipping(5.99)).toBe('US$5.99');
    expect(formatShipping(0, false)).toBe('US$0.00');
    expect(formatShipping(0, true)).toBe('Free');
  });
});

describe('approximate Jamaican dollars', () => {
  const at = (perUsd: number, date = '2026-11-27'): JmdRate => ({ perUsdTenThousandths: perUsd, date });
  const rate157 = at(1_570_000);

  it('rounds to whole Jamaican dollars, half away from zero', () => {
    expect(formatJmdApprox(1250, rate157)).toBe('J$1,963'); // 1,962.50
    expect(formatJmdApprox(1249, rate157)).toBe('J$1,961'); // 1,960.93
    expect(formatJmdApprox(1, rate157)).toBe('J$2'); // 1.57
    expect(formatJmdApprox(0, rate157)).toBe('J$0');
    expect(formatJmdApprox(-1250, rate157)).toBe('-J$1,963');
    expect(formatJmdApprox(Number.NaN, rate157)).toBe('J$0');
    // A rate of four decimals: US$100 at 157.8433 is J$15,784.33.
    expect(formatJmdApprox(10_000, at(1_578_433))).toBe('J$15,784');
    expect(formatJmdApprox(31, at(1_612_903))).toBe('J$50'); // 49.99999…3 rounds up
    expect(formatJmdApprox(1, at(5_000))).toBe('J$0'); // 0.005 rounds down
    expect(formatJmdApprox(100, at(5_000))).toBe('J$1'); // exactly 0.5 rounds up
  });

  it('groups thousands and stays exact past 2^53', () => {
    expect(formatJmdApprox(100_000_000, rate157)).toBe('J$157,000,000');
    expect(formatJmdApprox(123_456_789, rate157)).toBe('J$193,827,159'); // 193,827,158.73
    // 2e14 cents × 1,570,000 is past 2^53; a float would lose the last digits.
    expect(formatJmdApprox(200_000_000_000_001, rate157)).toBe('J$314,000,000,000,002');
  });

  it("turns the API's dollars into cents first", () => {
    expect(formatDollarsInJmd(12.5, rate157)).toBe('J$1,963');
    expect(formatDollarsInJmd(4.35, rate157)).toBe('J$683'); // 682.95, not 4.3499… × 157
  });

  it('shows the rate as set, two decimals at least, and its day', () => {
    expect(formatJmdRate(rate157)).toBe('J$157.00');
    expect(formatJmdRate(at(1_578_433))).toBe('J$157.8433');
    expect(formatJmdRate(at(1_578_430))).toBe('J$157.843');
    expect(formatJmdRate(at(1_575_000))).toBe('J$157.50');
    expect(formatJmdRate(at(12_345_600))).toBe('J$1,234.56');
    expect(formatRateDate('2026-11-27')).toBe('27 Nov 2026');
    expect(formatRateDate('2027-01-05')).toBe('5 Jan 2027');
    expect(describeJmdRate(rate157)).toBe('J$157.00 to US$1 on 27 Nov 2026');
  });
});
