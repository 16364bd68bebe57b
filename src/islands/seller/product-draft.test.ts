import { describe, expect, it } from 'vitest';
import { type Draft, EMPTY, localProblems, stillWrong } from './product-draft';

const filled: Draft = {
  ...EMPTY,
  name: 'Bissy Tea',
  category: 'Health & Beauty',
  subcategory: 'Wellness',
  price: '600',
  sku: 'TEA-1',
};

describe('stillWrong: the errors left after an edit', () => {
  it('drops the error of the field put right and keeps the others', () => {
    const shown = localProblems(EMPTY);
    const left = stillWrong(shown, EMPTY, { ...EMPTY, sku: 'TEA-1' });
    expect(left.sku).toBeUndefined();
    expect(left.name).toBe('Enter a name');
    expect(Object.keys(left).sort()).toEqual(
      Object.keys(shown)
        .filter((k) => k !== 'sku')
        .sort(),
    );
  });

  it('says what is wrong now when the field is still wrong', () => {
    const left = stillWrong({ sku: 'Enter a SKU' }, EMPTY, { ...EMPTY, sku: 'TEA 1' });
    expect(left).toEqual({ sku: 'Letters, digits, dots, dashes and underscores only' });
  });

  it('shows no new error while the seller types', () => {
    expect(stillWrong({ name: 'Enter a name' }, EMPTY, { ...EMPTY, sku: 'bad sku' })).toEqual({ name: 'Enter a name' });
  });

  it('drops a compare-at error put right by the price, another field', () => {
    const before = { ...filled, compareAtPrice: '500' };
    const shown = localProblems(before);
    expect(shown.compareAtPrice).toMatch(/above the price/);
    expect(stillWrong(shown, before, { ...before, price: '450' })).toEqual({});
  });

  it("keeps the server's error until its own field changes", () => {
    const shown = { sku: 'That SKU is already used in your store' };
    expect(stillWrong(shown, filled, { ...filled, name: 'Bissy Tea Bags' })).toEqual(shown);
    expect(stillWrong(shown, filled, { ...filled, sku: 'TEA-2' })).toEqual({});
  });
});
