import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { ensureMethodTaken, paymentOptions, storeTakes } from './payment-methods';

/* The rule of docs/decisions/020 and 034 on its own: which methods a cart of these stores may use. */

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
  it('cards and bank transfer (to the marketplace) always; cash on delivery as the store says', () => {
    for (const m of ['credit_card', 'debit_card', 'bank_transfer'] as const) {
      expect(storeTakes(transferOnly, m)).toBe(true);
      expect(storeTakes({ ...cashOnly, bankDetails: null }, m)).toBe(true);
    }
    expect(storeTakes(cashOnly, 'cash_on_delivery')).toBe(true);
    expect(storeTakes(transferOnly, 'cash_on_delivery')).toBe(false);
  });

  it('PayPal is shown, never offered: no provider takes it', () => {
    for (const stores of [[both], [], [cashOnly, transferOnly]])
      expect(paymentOptions(stores).find((o) => o.method === 'paypal')).toEqual({
        method: 'paypal',
        available: false,
        notTakenBy: [],
        reason: 'Not available at this shop yet',
      });
    expect(() => ensureMethodTaken('paypal', [both])).toThrow(
      'PayPal is not available at this shop yet. Choose another way to pay.',
    );
  });

  it('a cart may use a method only when every store in it takes it, naming the ones that do not', () => {
    const options = paymentOptions([both, cashOnly, transferOnly]);
    expect(options.filter((o) => o.available).map((o) => o.method)).toEqual([
      'credit_card',
      'debit_card',
      'bank_transfer',
    ]);
    expect(options.find((o) => o.method === 'cash_on_delivery')).toEqual({
      method: 'cash_on_delivery',
      available: false,
      notTakenBy: [{ sellerId: 'f', storeName: 'Falmouth Art Gallery' }],
      reason: 'Not taken by Falmouth Art Gallery',
    });
    const offered = (stores: (typeof both)[]) => paymentOptions(stores).filter((o) => o.available).length;
    expect(offered([both])).toBe(4);
    expect(offered([])).toBe(4);
  });

  it('refuses with a 409 naming the stores, keyed by store id', () => {
    expect(() => ensureMethodTaken('credit_card', [cashOnly, transferOnly])).not.toThrow();
    let error: unknown;
    try {
      ensureMethodTaken('cash_on_delivery', [transferOnly, both, { ...transferOnly, id: 'm', name: 'May Pen Auto' }]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body()).toEqual({
      message: 'Falmouth Art Gallery and May Pen Auto do not take cash on delivery. Choose another way to pay.',
      code: 'payment_method_unavailable',
      errors: {
        f: 'Falmouth Art Gallery and May Pen Auto do not take cash on delivery. Choose another way to pay.',
        m: 'Falmouth Art Gallery and May Pen Auto do not take cash on delivery. Choose another way to pay.',
      },
      reasons: { f: 'payment_method_not_taken', m: 'payment_method_not_taken' },
    });
    expect((error as ApiError).status).toBe(409);
  });
});
