import { describe, expect, it } from 'vitest';
import { checkCard } from './cards';

const now = new Date('2026-11-27T12:00:00Z');
const form = (cardNumber: string, expiry = '12/29', cvv = '123', name = 'Tanisha Campbell') => ({
  cardNumber,
  expiry,
  cvv,
  name,
});

describe('the test gateway’s card check', () => {
  it('knows its four test cards, spaced or not', () => {
    expect(checkCard(form('4111 1111 1111 1111'), now)).toEqual({ ok: true, behaviour: 'approve', suffix: '1111' });
    expect(checkCard(form('4000-0000-0000-0002'), now)).toMatchObject({ ok: true, behaviour: 'decline' });
    expect(checkCard(form('4000000000003220'), now)).toMatchObject({ ok: true, behaviour: 'challenge' });
    expect(checkCard(form('4000000000000077', '1229', '9999'), now)).toMatchObject({ ok: true, behaviour: 'slow' });
  });

  it('takes a card through the last day of its expiry month, not after', () => {
    expect(checkCard(form('4111111111111111', '11/26'), now).ok).toBe(true);
    expect(checkCard(form('4111111111111111', '10/26'), now)).toMatchObject({
      ok: false,
      errors: { expiry: 'This card has expired. Check the expiry date.' },
    });
    expect(checkCard(form('4111111111111111', '11/2026'), now).ok).toBe(true);
    for (const bad of ['00/29', '13/29', '1/29', 'next year', ''])
      expect(checkCard(form('4111111111111111', bad), now), bad).toMatchObject({
        ok: false,
        errors: { expiry: expect.any(String) },
      });
  });

  it('refuses numbers that fail Luhn, have the wrong length, or are not test cards', () => {
    expect(checkCard(form('4111111111111112'), now)).toMatchObject({
      errors: { cardNumber: expect.stringMatching(/valid card number/) },
    });
    expect(checkCard(form('41111'), now)).toMatchObject({
      errors: { cardNumber: expect.stringMatching(/valid card number/) },
    });
    expect(checkCard(form(''), now)).toMatchObject({ errors: { cardNumber: 'Enter the card number.' } });
    expect(checkCard(form('4242424242424242'), now)).toMatchObject({
      errors: { cardNumber: expect.stringMatching(/only its test cards/) },
    });
  });

  it('wants a 3 or 4 digit CVV and a name', () => {
    expect(checkCard(form('4111111111111111', '12/29', '12'), now)).toMatchObject({
      errors: { cvv: expect.any(String) },
    });
    expect(checkCard(form('4111111111111111', '12/29', 'abc'), now)).toMatchObject({
      errors: { cvv: expect.any(String) },
    });
    expect(checkCard(form('4111111111111111', '12/29', '123', '  '), now)).toMatchObject({
      errors: { name: expect.any(String) },
    });
  });
});
