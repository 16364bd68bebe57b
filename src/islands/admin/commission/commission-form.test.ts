import { describe, expect, it } from 'vitest';
import { checkRateForm, EMPTY_FORM, fallbackOf, RATE_FORM_ERRORS, rateScope, removeQuery } from './commission-form';

describe('the commission rate form', () => {
  it('sends a store’s, a category’s or a store’s category rate as whole basis points', () => {
    expect(checkRateForm({ storeId: 'blue-mountain-roasters', category: '', percent: '8.5' })).toEqual({
      ok: true,
      body: { storeId: 'blue-mountain-roasters', basisPoints: 850 },
    });
    expect(checkRateForm({ storeId: '', category: 'home & garden', percent: '12%' })).toEqual({
      ok: true,
      body: { category: 'Home & Garden', basisPoints: 1_200 },
    });
    expect(checkRateForm({ storeId: 's', category: 'Books', percent: '0' })).toEqual({
      ok: true,
      body: { storeId: 's', category: 'Books', basisPoints: 0 },
    });
  });

  it('says what is missing or wrong, field by field', () => {
    expect(checkRateForm(EMPTY_FORM)).toEqual({
      ok: false,
      errors: { storeId: RATE_FORM_ERRORS.scope, percent: RATE_FORM_ERRORS.percent },
    });
    for (const percent of ['101', '-2', '8.125', 'ten'])
      expect(checkRateForm({ storeId: 's', category: '', percent })).toEqual({
        ok: false,
        errors: { percent: RATE_FORM_ERRORS.percent },
      });
  });

  it('reads a rate’s scope, what replaces it, and the query that removes it', () => {
    const both = { storeId: 'negril-gems', storeName: 'Negril Gems', category: 'Home & Garden' };
    expect(rateScope(both)).toBe('Negril Gems, Home & Garden');
    expect(rateScope({ ...both, category: null })).toBe('Negril Gems, every category');
    expect(rateScope({ storeId: null, storeName: null, category: 'Books' })).toBe('Books, every store');
    expect(removeQuery(both)).toBe('storeId=negril-gems&category=Home+%26+Garden');
    expect(fallbackOf({ storeId: null, category: 'Books' }, 1_000)).toBe('the marketplace’s 10%');
    expect(fallbackOf({ storeId: 'x', category: null }, 1_000)).toBe(
      'each category’s rate, else the marketplace’s 10%',
    );
  });
});
