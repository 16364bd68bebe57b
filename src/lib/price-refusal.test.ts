import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api';
import { hasPriceChange, isPriceRefusal } from './price-refusal';

const line = { productId: 'p', variantId: 'p', name: 'Rum Cake', quantity: 1, available: 5, price: 12 };

describe('price refusals', () => {
  it('are read from the verdict reasons, not from the text', () => {
    expect(hasPriceChange({ items: [line, { ...line, error: 'anything', reason: 'price_changed' }] })).toBe(true);
    expect(
      hasPriceChange({
        items: [
          { ...line, error: 'Price changed for "Rum Cake". Please refresh your cart', reason: 'insufficient_stock' },
        ],
      }),
    ).toBe(false);
    expect(hasPriceChange({ items: [] })).toBe(false);
  });

  it('are read from the API error code, not from the text', () => {
    expect(isPriceRefusal(new ApiRequestError('Price changed', 409, 'price_changed'))).toBe(true);
    expect(
      isPriceRefusal(new ApiRequestError('Price changed for "x". Please refresh your cart', 409, 'conflict')),
    ).toBe(false);
    expect(isPriceRefusal(new Error('price_changed'))).toBe(false);
  });

  it("include a refused order whose first line is short of stock but another line's price moved", () => {
    const body = { reasons: { a: 'insufficient_stock', b: 'price_changed' } };
    expect(isPriceRefusal(new ApiRequestError('Only 1 left', 409, 'insufficient_stock', body))).toBe(true);
    const short = { reasons: { a: 'insufficient_stock' } };
    expect(isPriceRefusal(new ApiRequestError('Only 1 left', 409, 'insufficient_stock', short))).toBe(false);
  });
});
