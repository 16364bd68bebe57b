import { describe, expect, it } from 'vitest';
import { type Draft, EMPTY, localProblems, productBody, stillWrong } from './product-draft';

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
    expect(left.name).toBe('Name is required');
    expect(Object.keys(left).sort()).toEqual(
      Object.keys(shown)
        .filter((k) => k !== 'sku')
        .sort(),
    );
  });

  it('says what is wrong now when the field is still wrong', () => {
    const left = stillWrong({ sku: 'SKU is required: enter your own code for it, like TEA-1' }, EMPTY, {
      ...EMPTY,
      sku: 'TEA 1',
    });
    expect(left).toEqual({
      sku: 'SKU can only hold letters, digits, dots, dashes and underscores: take out the spaces and other signs',
    });
  });

  it('shows no new error while the seller types', () => {
    expect(stillWrong({ name: 'Name is required' }, EMPTY, { ...EMPTY, sku: 'bad sku' })).toEqual({
      name: 'Name is required',
    });
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

describe("localProblems: the contract's own words, before sending", () => {
  it('names each field by its label and says how to fix it, as the API does', () => {
    expect(localProblems(EMPTY)).toEqual({
      name: 'Name is required',
      category: 'Choose a category from the list',
      subcategory: 'Choose a subcategory from the list',
      price: 'Price (US$) is required: enter an amount like 1250.00',
      sku: 'SKU is required: enter your own code for it, like TEA-1',
    });
    expect(
      localProblems({ ...filled, price: '12,50', compareAtPrice: 'ten', stock: '2.5', tags: 'x'.repeat(41) }),
    ).toEqual({
      price: 'Price (US$) must be an amount like 1250.00',
      compareAtPrice: 'Compare-at price (US$) must be an amount like 1250.00, or empty when not on sale',
      stock: 'Stock must be a whole number, like 12',
      tags: 'Each tag can have at most 40 characters: shorten it',
    });
    expect(localProblems({ ...filled, price: '-1', stock: '' })).toEqual({
      price: 'Price (US$) cannot be below 0.00',
      stock: 'Stock is required: enter a whole number, like 12',
    });
    expect(localProblems({ ...filled, subcategory: 'Laptops' }).subcategory).toBe(
      'Choose a subcategory of Health & Beauty: Skincare, Makeup, Wellness, Personal Care, Fragrances',
    );
  });

  it('finds nothing wrong with a good product, and sends its numbers as numbers', () => {
    expect(localProblems({ ...filled, compareAtPrice: '750.00', tags: 'tea, bush' })).toEqual({});
    expect(productBody({ ...filled, compareAtPrice: '' })).toMatchObject({
      price: 600,
      compareAtPrice: null,
      stock: 0,
    });
  });
});
