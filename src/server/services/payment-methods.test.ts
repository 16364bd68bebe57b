import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { ensureMethodTaken, paymentOptions, storeTakes } from './payment-methods';

/* The rule of docs/decisions/020 on its own: which methods a cart of these stores may use. */

const bank = { bankName: 'NCB', branch: 'Falmouth', accountName: 'Sample (sample)', accountNumber: '0000-0000-0004' };
const cashOnly = {
  id: 'k',
  name: 'Kingston Kitchen',
  acceptsCashOnDelivery: true,
  acceptsBankTransfer: false,
  bankDetails: null,
};
const transferOnly = {
  id: 'f',
  name: 'Falmouth Art Gallery',
  acceptsCashOnDelivery: false,
  acceptsBankTransfer: true,
  bankDetails: bank,
};
const both = {
  id: 'b',
  name: 'Blue Mountain Roasters',
  acceptsCashOnDelivery: true,
  acceptsBankTransfer: true,
  bankDetails: bank,
};

describe('payment methods per store', () => {
  it('cards and PayPal always; cash and transfer as the store says; transfer needs bank details', () => {
    for (const m of ['credit_card', 'debit_card', 'paypal'] as const) expect(storeTakes(transferOnly, m)).toBe(true);
    expect(storeTakes(cashOnly, 'cash_on_delivery')).toBe(true);
    expect(storeTakes(cashOnly, 'bank_transfer')).toBe(false);
    expect(storeTakes(transferOnly, 'cash_on_delivery')).toBe(false);
    expect(storeTakes({ ...both, bankDetails: null }, 'bank_transfer')).toBe(false);
  });

  it('a cart may use a method only when every store in it takes it, naming the ones that do not', () => {
    const options = paymentOptions([both, cashOnly, transferOnly]);
    expect(options.filter((o) => o.available).map((o) => o.method)).toEqual(['credit_card', 'debit_card', 'paypal']);
    expect(options.find((o) => o.method === 'cash_on_delivery')).toEqual({
      method: 'cash_on_delivery',
      available: false,
      notTakenBy: [{ sellerId: 'f', storeName: 'Falmouth Art Gallery' }],
      reason: 'Not taken by Falmouth Art Gallery',
    });
    expect(paymentOptions([both]).every((o) => o.available)).toBe(true);
    expect(paymentOptions([]).every((o) => o.available)).toBe(true);
  });

  it('refuses with a 409 naming the stores, keyed by store id', () => {
    expect(() => ensureMethodTaken('credit_card', [cashOnly, transferOnly])).not.toThrow();
    let error: unknown;
    try {
      ensureMethodTaken('bank_transfer', [cashOnly, both, { ...cashOnly, id: 'm', name: 'May Pen Auto' }]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body()).toEqual({
      message: 'Kingston Kitchen and May Pen Auto do not take bank transfer. Choose another way to pay.',
      code: 'payment_method_unavailable',
      errors: {
        k: 'Kingston Kitchen and May Pen Auto do not take bank transfer. Choose another way to pay.',
        m: 'Kingston Kitchen and May Pen Auto do not take bank transfer. Choose another way to pay.',
      },
      reasons: { k: 'payment_method_not_taken', m: 'payment_method_not_taken' },
    });
    expect((error as ApiError).status).toBe(409);
  });
});
