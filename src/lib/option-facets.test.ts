import { describe, expect, it } from 'vitest';
import { desertBoots } from '../../tests/fixtures/variant-product';
import { filtersFromQuery, filtersToQuery } from './listing';
import { optionFacets, withOption } from './option-facets';

/* A category page's filters by option values (issue 30 #2, decision 053). */

describe('optionFacets', () => {
  it("gathers each option's values across the category's products, sizes by size and colours alphabetically, one spelling a name", () => {
    const tee = { options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }] };
    const dress = {
      options: [
        { name: 'size', values: ['m', 'XXL'] },
        { name: 'Colour', values: ['Red', 'Blue'] },
      ],
    };
    const plain = { options: [] };
    const oneSize = { options: [{ name: 'Length', values: ['Long'] }] };
    expect(optionFacets([desertBoots(), tee, dress, plain, oneSize])).toEqual([
      { name: 'Size', values: ['8', '9', '10', '11', 'S', 'M', 'L', 'XL', 'XXL'] },
      { name: 'Colour', values: ['Black', 'Blue', 'Brown', 'Red'] },
    ]);
    expect(optionFacets([plain])).toEqual([]);
  });

  it('lists sizes by size whichever product is seen first: not "10, 11, 8, 9", not alphabetically', () => {
    const big = { options: [{ name: 'Size', values: ['10', '11'] }] };
    const small = { options: [{ name: 'Size', values: ['8', '9'] }] };
    expect(optionFacets([big, small])).toEqual([{ name: 'Size', values: ['8', '9', '10', '11'] }]);
    const large = { options: [{ name: 'Size', values: ['XXL', 'XL', 'L'] }] };
    const little = { options: [{ name: 'Size', values: ['M', 'S', 'XS'] }] };
    expect(optionFacets([large, little])).toEqual([{ name: 'Size', values: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] }]);
  });
});

describe('the chosen option values', () => {
  it('replace the same option, keep the others, and clear', () => {
    const size10 = withOption([], 'Size', '10');
    const both = withOption(size10, 'Colour', 'Brown');
    expect(both).toEqual([
      { name: 'Size', value: '10' },
      { name: 'Colour', value: 'Brown' },
    ]);
    expect(withOption(both, 'size', '11')).toEqual([
      { name: 'Colour', value: 'Brown' },
      { name: 'size', value: '11' },
    ]);
    expect(withOption(both, 'Size', undefined)).toEqual([{ name: 'Colour', value: 'Brown' }]);
  });

  it('live in the address and read back; a bad one is dropped', () => {
    const q = filtersToQuery({ ...filtersFromQuery(''), options: withOption([], 'Size', '10') });
    expect(q.get('options')).toBe('Size:10');
    expect(filtersFromQuery(q).options).toEqual([{ name: 'Size', value: '10' }]);
    expect(filtersFromQuery('options=Size').options).toBeUndefined();
    expect(filtersFromQuery('').options).toBeUndefined();
  });
});
