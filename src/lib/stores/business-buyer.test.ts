import { describe, expect, it } from 'vitest';
import { businessBuyerErrorsFrom, checkBusinessBuyer, EMPTY_BUSINESS_BUYER } from './business-buyer';

describe('the business buyer’s fields', () => {
  it('closed: nothing goes with the order, whatever was typed', () => {
    expect(checkBusinessBuyer({ open: false, trn: 'nonsense', businessName: 'x' })).toEqual({
      ok: true,
      buyerTaxId: undefined,
    });
  });

  it('open: the TRN as nine digits by the store TRN’s rule, a blank business name as none', () => {
    expect(checkBusinessBuyer({ open: true, trn: ' 123 456 789 ', businessName: '  ' })).toEqual({
      ok: true,
      buyerTaxId: { trn: '123456789', businessName: null },
    });
    expect(checkBusinessBuyer({ open: true, trn: '123-456-789', businessName: ' Lewis Hardware ' })).toEqual({
      ok: true,
      buyerTaxId: { trn: '123456789', businessName: 'Lewis Hardware' },
    });
  });

  it('open: says what is wrong with each field in the API’s words', () => {
    expect(checkBusinessBuyer({ ...EMPTY_BUSINESS_BUYER, open: true })).toEqual({
      ok: false,
      errors: { trn: "Business TRN is required: enter the business's nine digits, like 123-456-789" },
    });
    expect(checkBusinessBuyer({ open: true, trn: '000-000-000', businessName: 'x'.repeat(121) })).toEqual({
      ok: false,
      errors: {
        trn: 'Business TRN must be nine digits, like 123-456-789',
        businessName: 'Business name can have at most 120 characters: shorten it',
      },
    });
  });

  it('reads the API’s refusal of those fields, and nothing else', () => {
    expect(
      businessBuyerErrorsFrom({
        'buyerTaxId.trn': 'Business TRN must be nine digits, like 123-456-789',
        _: 'something else',
      }),
    ).toEqual({ trn: 'Business TRN must be nine digits, like 123-456-789' });
    expect(businessBuyerErrorsFrom({ 'buyerTaxId.businessName': 'too long' })).toEqual({ businessName: 'too long' });
    expect(businessBuyerErrorsFrom({ _: 'Price changed' })).toBeNull();
    expect(businessBuyerErrorsFrom(undefined)).toBeNull();
  });
});
