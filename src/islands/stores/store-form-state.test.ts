import { describe, expect, it } from 'vitest';
import {
  editedPathsOf,
  editedRatePaths,
  emptyStoreForm,
  storeBody,
  storeProblems,
  withoutErrors,
} from './store-form-state';

const errors = {
  name: 'Store name is required',
  'socialLinks.website': 'Not a web address',
  'paymentMethods.cashOnDelivery': 'Accept at least one payment method',
  'paymentMethods.bankDetails': 'Bank details are required for transfers',
  'paymentMethods.bankDetails.accountNumber': 'Digits only',
  shippingRates: 'Add at least one courier',
  'shippingRates.0.cost': 'Enter a cost',
  'shippingRates.1.cost': 'Enter a cost',
  'shippingRates.1.parishes': 'Pick at least one parish',
};

describe('the store form forgets the errors an edit may have put right', () => {
  it('a field takes its own error only', () => {
    expect(Object.keys(withoutErrors(errors, editedPathsOf('name')))).not.toContain('name');
    expect(Object.keys(withoutErrors(errors, editedPathsOf('name')))).toHaveLength(Object.keys(errors).length - 1);
    expect(withoutErrors(errors, editedPathsOf('website'))).not.toHaveProperty(['socialLinks.website']);
  });

  it('a payment method choice takes every payment error; a bank field its own and the details line', () => {
    const afterToggle = withoutErrors(errors, editedPathsOf('bankTransfer'));
    expect(Object.keys(afterToggle).filter((k) => k.startsWith('paymentMethods'))).toEqual([]);
    const afterBank = withoutErrors(errors, editedPathsOf('accountNumber'));
    expect(afterBank).not.toHaveProperty(['paymentMethods.bankDetails.accountNumber']);
    expect(afterBank).not.toHaveProperty(['paymentMethods.bankDetails']);
    expect(afterBank).toHaveProperty(['paymentMethods.cashOnDelivery']);
  });

  it("a courier's field takes its own error and the list's line, not another courier's", () => {
    const left = withoutErrors(errors, editedRatePaths(1, { cost: '5' }));
    expect(left).not.toHaveProperty(['shippingRates.1.cost']);
    expect(left).not.toHaveProperty(['shippingRates']);
    expect(left).toHaveProperty(['shippingRates.0.cost']);
    expect(left).toHaveProperty(['shippingRates.1.parishes']);
  });

  it('a courier added or removed takes every courier error (the others are renumbered)', () => {
    const left = withoutErrors(errors, editedPathsOf('rates'));
    expect(Object.keys(left).filter((k) => k.startsWith('shippingRates'))).toEqual([]);
    expect(left).toHaveProperty(['name']);
  });
});

describe('the error banner lists every problem', () => {
  it('in order, a courier named by its number, each pointing at its control', () => {
    expect(storeProblems(errors)).toEqual([
      { text: 'Store name is required', target: 'store-name' },
      { text: 'Not a web address', target: 'store-socialLinks-website' },
      { text: 'Accept at least one payment method', target: 'store-paymentMethods-cashOnDelivery' },
      { text: 'Bank details are required for transfers', target: 'store-paymentMethods-bankDetails-bankName' },
      { text: 'Digits only', target: 'store-paymentMethods-bankDetails-accountNumber' },
      { text: 'Add at least one courier', target: 'store-shippingRates' },
      { text: 'Courier 1: Enter a cost', target: 'store-shippingRates-0-cost' },
      { text: 'Courier 2: Enter a cost', target: 'store-shippingRates-1-cost' },
      { text: 'Courier 2: Pick at least one parish', target: 'store-shippingRates-1-parishes' },
    ]);
  });
});

describe('the tax details section', () => {
  it('sends the TRN as typed (the API keeps its digits), and a GCT number only when the box is ticked', () => {
    const form = { ...emptyStoreForm('me@example.com'), trn: ' 123-456-789 ', gctNumber: 'G-1' };
    expect(storeBody(form).taxDetails).toEqual({ trn: '123-456-789', gctRegistered: false, gctNumber: null });
    expect(storeBody({ ...form, gctRegistered: true }).taxDetails).toEqual({
      trn: '123-456-789',
      gctRegistered: true,
      gctNumber: 'G-1',
    });
    expect(storeBody({ ...form, trn: '  ' }).taxDetails.trn).toBeNull();
  });

  it('unticking the box takes the registration errors; a number field its own', () => {
    const taxErrors = { 'taxDetails.trn': 'needs its TRN', 'taxDetails.gctNumber': 'needs its number' };
    expect(withoutErrors(taxErrors, editedPathsOf('gctRegistered'))).toEqual({});
    expect(withoutErrors(taxErrors, editedPathsOf('trn'))).toEqual({ 'taxDetails.gctNumber': 'needs its number' });
  });
});
