import { describe, expect, it } from 'vitest';
import { CARD_TEXT, checkCard, limitCardNumber } from './cards';

const now = new Date('2026-11-22T12:00:00Z');
const base = { holder: 'Tanisha Campbell', number: '4242 4242 4242 4242', expiry: '12/28', cvv: '123' };

describe('checkCard', () => {
  it('keeps only the brand, last four, expiry and holder', () => {
    const result = checkCard(base, now);
    expect(result).toEqual({ card: { brand: 'Visa', last4: '4242', expiry: '12/28', holder: 'Tanisha Campbell' } });
    expect(JSON.stringify(result)).not.toContain('4242424242424242');
    expect(JSON.stringify(result)).not.toContain('123');
  });

  it.each([
    [{ ...base, holder: ' ' }, CARD_TEXT.required],
    [{ ...base, number: '' }, CARD_TEXT.required],
    [{ ...base, expiry: '' }, CARD_TEXT.required],
    [{ ...base, number: '4242' }, CARD_TEXT.number],
    [{ ...base, number: '4242 4242 4242 4241' }, CARD_TEXT.luhn],
    [{ ...base, expiry: '13/28' }, CARD_TEXT.expiry],
    [{ ...base, expiry: '10/26' }, CARD_TEXT.expired],
    [{ ...base, cvv: '12' }, CARD_TEXT.cvv],
  ])('refuses %j with "%s"', (input, error) => {
    expect(checkCard(input, now)).toEqual({ error });
  });

  it('names the brand', () => {
    expect(checkCard({ ...base, number: '5555 5555 5555 4444' }, now)).toMatchObject({
      card: { brand: 'Mastercard', last4: '4444' },
    });
  });
});

describe('limitCardNumber', () => {
  it('keeps digits, spaces and dashes, and no digit past the 19th', () => {
    expect(limitCardNumber('42424242424242424242424')).toBe('4242424242424242424');
    expect(limitCardNumber('4242 4242 4242 4242 424 2424')).toBe('4242 4242 4242 4242 424');
    expect(limitCardNumber('4242-4242x4242')).toBe('4242-42424242');
    expect(limitCardNumber('4242 4242 4242 4242')).toBe('4242 4242 4242 4242');
  });
});
