import { describe, expect, it } from 'vitest';
import { judgeLine } from './cart-validation';

const line = { productId: 'rum-cake', variantId: 'rum-cake', name: 'Rum Cake', quantity: 2, priceCents: 1500 };
const facts = { productId: 'rum-cake', name: 'Rum Cake', stock: 10, priceCents: 1500 };

describe('judgeLine (spec §5 cart validation)', () => {
  it('passes a line within stock at the price the shopper saw', () => {
    expect(judgeLine(line, facts)).toEqual({
      productId: 'rum-cake',
      variantId: 'rum-cake',
      name: 'Rum Cake',
      quantity: 2,
      available: 10,
      price: 15,
    });
  });

  it('names a vanished product by the name the shopper saw, else by its id', () => {
    expect(judgeLine(line, undefined)).toMatchObject({
      error: 'Product "Rum Cake" is no longer available',
      reason: 'unavailable',
    });
    expect(judgeLine({ ...line, name: undefined }, undefined).error).toBe('Product "rum-cake" is no longer available');
  });

  it('reports short stock before a price change', () => {
    expect(judgeLine({ ...line, quantity: 3 }, { ...facts, stock: 2, priceCents: 1600 })).toMatchObject({
      error: 'Insufficient stock for "Rum Cake". Available: 2',
      reason: 'insufficient_stock',
    });
  });

  it('reports a price change, and skips the price check when no price was sent', () => {
    expect(judgeLine(line, { ...facts, priceCents: 1600 })).toMatchObject({
      error: 'Price changed for "Rum Cake". Please refresh your cart',
      reason: 'price_changed',
    });
    for (const priceCents of [undefined, null]) {
      const verdict = judgeLine({ ...line, priceCents }, { ...facts, priceCents: 1600 });
      expect(verdict.error).toBeUndefined();
      expect(verdict.reason).toBeUndefined();
    }
  });

  it('says "Could not validate" when the product could not be read', () => {
    expect(judgeLine(line, new Error('connection reset'))).toMatchObject({
      error: 'Could not validate "Rum Cake"',
      reason: 'unverifiable',
      available: null,
      price: null,
    });
  });
});
