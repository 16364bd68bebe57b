import { describe, expect, it } from 'vitest';
import { describeTaxDetails, formatTrn, NO_TAX_DETAILS, parseTrn, partTaxLabel, sameTaxDetails } from './tax-details';

describe('a TRN', () => {
  it('is nine digits, typed with or without spaces and dashes, kept as the digits', () => {
    expect(parseTrn('123456789')).toBe('123456789');
    expect(parseTrn('123-456-789')).toBe('123456789');
    expect(parseTrn(' 123 456 789 ')).toBe('123456789');
    expect(parseTrn('012-345-678')).toBe('012345678');
  });

  it('is refused when it is not nine digits, or one digit nine times', () => {
    for (const bad of [
      '',
      '12345678',
      '1234567890',
      '12345678a',
      '123_456_789',
      '000-000-000',
      '111111111',
      '१२३४५६७८९',
    ])
      expect(parseTrn(bad), bad).toBeUndefined();
  });

  it('is written 123-456-789', () => {
    expect(formatTrn('123456789')).toBe('123-456-789');
    expect(formatTrn('12345')).toBe('12345');
  });
});

describe('tax details as one line', () => {
  it('says the TRN and the registration', () => {
    expect(describeTaxDetails(NO_TAX_DETAILS)).toBe('no TRN, not GCT-registered');
    expect(describeTaxDetails({ trn: '123456789', gctRegistered: false, gctNumber: null })).toBe(
      'TRN 123-456-789, not GCT-registered',
    );
    expect(describeTaxDetails({ trn: '123456789', gctRegistered: true, gctNumber: 'G-1' })).toBe(
      'TRN 123-456-789, GCT-registered (GCT G-1)',
    );
  });

  it('compares every field', () => {
    const a = { trn: '123456789', gctRegistered: true, gctNumber: 'G-1' };
    expect(sameTaxDetails(a, { ...a })).toBe(true);
    expect(sameTaxDetails(a, { ...a, gctNumber: 'G-2' })).toBe(false);
    expect(sameTaxDetails(a, { ...a, trn: null })).toBe(false);
    expect(sameTaxDetails(a, { ...a, gctRegistered: false })).toBe(false);
  });
});

describe('what a part says of its tax', () => {
  it('its rate when charged, that its seller is not registered when not', () => {
    expect(partTaxLabel(0.15)).toBe('GCT (15%)');
    expect(partTaxLabel(0.07)).toBe('GCT (7%)');
    expect(partTaxLabel(0.165)).toBe('GCT (16.5%)');
    expect(partTaxLabel(0)).toBe('No GCT: seller not registered');
    expect(partTaxLabel(null)).toBe('GCT');
  });
});
