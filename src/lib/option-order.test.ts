import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareOptionValues, filterOrder, isSize, pickerOrder } from './option-order';

/* The order shoppers read option values in (issue 30 #2): sizes by size, the rest alphabetically. */

describe('filterOrder', () => {
  it('puts number sizes by number, halves between: not "10, 11, 8, 9"', () => {
    expect(filterOrder(['10', '11', '8', '9'])).toEqual(['8', '9', '10', '11']);
    expect(filterOrder(['10', '9.5', '9', '9½', '8,5'])).toEqual(['8,5', '9', '9.5', '9½', '10']);
  });

  it('puts letter sizes from small to large, however spelled: not alphabetically', () => {
    expect(filterOrder(['XL', 'L', 'M', 'S', 'XXL', 'XS'])).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    expect(filterOrder(['3XL', 'xxl', 'Large', 'XXS', 'Medium', 'X-Small', 'Extra Large'])).toEqual([
      'XXS',
      'X-Small',
      'Medium',
      'Large',
      'Extra Large',
      'xxl',
      '3XL',
    ]);
    // 2XL is XXL: text decides between equal sizes, so the order is the same every time.
    expect(filterOrder(['XXL', '2XL'])).toEqual(['2XL', 'XXL']);
  });

  it('puts numbers, then letter sizes, then the rest, which read naturally and alphabetically', () => {
    expect(filterOrder(['One size', 'M', '10', 'S', '8'])).toEqual(['8', '10', 'S', 'M', 'One size']);
    expect(filterOrder(['Red', 'brown', 'Black', 'blue'])).toEqual(['Black', 'blue', 'brown', 'Red']);
    expect(filterOrder(['EU 42', 'EU 40', 'US 9', 'US 10'])).toEqual(['EU 40', 'EU 42', 'US 9', 'US 10']);
    expect(filterOrder(['10T', '2T', '3T'])).toEqual(['2T', '3T', '10T']);
  });

  it('is an order: the same list whatever order the values come in', () => {
    const values = fc.constantFrom(
      '8',
      '9',
      '9.5',
      '10',
      '11',
      'XS',
      'S',
      'M',
      'L',
      'XL',
      '2XL',
      'Black',
      'Tan',
      'EU 40',
    );
    fc.assert(
      fc.property(fc.uniqueArray(values), (list) => {
        const sorted = filterOrder(list);
        expect(filterOrder([...list].reverse())).toEqual(sorted);
        for (let i = 1; i < sorted.length; i++)
          expect(compareOptionValues(sorted[i - 1] as string, sorted[i] as string)).toBeLessThan(0);
      }),
    );
  });
});

describe('pickerOrder', () => {
  it('lists a product’s sizes by size, whatever order the seller typed them in', () => {
    expect(pickerOrder(['9', '10', '11', '8'])).toEqual(['8', '9', '10', '11']);
    expect(pickerOrder(['L', 'S', 'M'])).toEqual(['S', 'M', 'L']);
  });

  it('keeps the seller’s order of anything that is not all sizes (colours, materials, "S/M")', () => {
    const colours = ['Brown', 'Black'];
    expect(pickerOrder(colours)).toBe(colours);
    expect(pickerOrder(['S/M', 'L/XL', 'XS'])).toEqual(['S/M', 'L/XL', 'XS']);
  });

  it('knows what a size is', () => {
    expect(['8', '10.5', '9½', 'xs', 'XXL', '3XL', 'Small', 'X-Large'].every(isSize)).toBe(true);
    expect(['Brown', 'One size', 'S/M', 'XM', 'EU 42', ''].some(isSize)).toBe(false);
  });
});
