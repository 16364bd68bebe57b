import { describe, expect, it } from 'vitest';
import { centsToDecimal, currencyOfNumeric, decimalToCents, ISO_NUMERIC } from './amounts';

describe('gateway amounts', () => {
  it('writes cents as decimal major units with two decimals', () => {
    expect(centsToDecimal(1250)).toBe('12.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(100)).toBe('1.00');
    expect(centsToDecimal(123456789)).toBe('1234567.89');
    expect(() => centsToDecimal(12.5)).toThrow(RangeError);
    expect(() => centsToDecimal(-1)).toThrow(RangeError);
  });

  it('reads an amount exactly, from text or a JSON number', () => {
    expect(decimalToCents('12.50')).toBe(1250);
    expect(decimalToCents('12.5')).toBe(1250);
    expect(decimalToCents('12')).toBe(1200);
    expect(decimalToCents(12.5)).toBe(1250);
    expect(decimalToCents(1)).toBe(100);
    expect(decimalToCents(0.07)).toBe(7);
    // 19.99 * 100 is 1998.9999999999998 in floating point: read from its digits, not multiplied.
    expect(decimalToCents(19.99)).toBe(1999);
    expect(decimalToCents('1234567.89')).toBe(123456789);
  });

  it('refuses what is not an amount instead of rounding it into one', () => {
    for (const bad of [
      '12.505',
      '-1',
      '1e3',
      '',
      ' ',
      'twelve',
      '12,50',
      '.5',
      0.1 + 0.2,
      Number.NaN,
      null,
      undefined,
      {},
    ]) {
      expect(decimalToCents(bad), String(bad)).toBeUndefined();
    }
  });

  it('maps ISO 4217 numeric codes both ways', () => {
    expect(ISO_NUMERIC).toEqual({ USD: '840', JMD: '388' });
    expect(currencyOfNumeric('840')).toBe('USD');
    expect(currencyOfNumeric(388)).toBe('JMD');
    expect(currencyOfNumeric('978')).toBeUndefined();
    expect(currencyOfNumeric(undefined)).toBeUndefined();
  });
});
