import { describe, expect, it } from 'vitest';
import { desertBoots } from '../../tests/fixtures/variant-product';
import { optionsHint, priceIsFrom } from './variant-card';

/* What a card says of a product sold in sizes and colours (issue 30 #2). */

describe('a card of a product with options', () => {
  it('counts the values of each option', () => {
    expect(optionsHint(desertBoots().options)).toBe('4 sizes · 2 colours');
    expect(optionsHint([{ name: 'Ring size', values: ['5', '6', '7', '8', '9'] }])).toBe('5 ring sizes');
    expect(optionsHint([{ name: 'Size', values: ['One size'] }])).toBe('');
    expect(optionsHint([])).toBe('');
  });

  it('says "from" only when its variants are not all one price', () => {
    const boots = desertBoots();
    expect(priceIsFrom(boots)).toBe(true);
    const samePrice = boots.variants?.map((v) => ({ ...v, price: 95 }));
    expect(priceIsFrom({ ...boots, variants: samePrice })).toBe(false);
    expect(priceIsFrom({ ...boots, variants: undefined })).toBe(true);
    expect(priceIsFrom({ options: [], variants: undefined })).toBe(false);
  });
});
