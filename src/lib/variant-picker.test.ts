import { describe, expect, it } from 'vitest';
import { bootVariants, desertBoots } from '../../tests/fixtures/variant-product';
import { productSnapshot } from './product-page';
import { photoSets } from './product-photos';
import {
  chosenVariantOf,
  defaultVariant,
  isChoosable,
  searchWithVariant,
  variantFromSearch,
  variantOf,
  variantPath,
} from './variant-picker';

/* The product page's option pickers (issue 30 #2, docs/decisions/053). */

const variants = bootVariants();

describe('which values can be chosen', () => {
  it('strikes a sold-out combination for the other choices, and only for them', () => {
    // With Black chosen, Size 11 is the sold-out 11 / Black; with Brown it is on sale.
    expect(isChoosable(variants, ['8', 'Black'], 0, '11')).toBe(false);
    expect(isChoosable(variants, ['8', 'Brown'], 0, '11')).toBe(true);
    // With Size 11 chosen, Black cannot be; Brown can.
    expect(isChoosable(variants, ['11', 'Brown'], 1, 'Black')).toBe(false);
    expect(isChoosable(variants, ['11', 'Brown'], 1, 'Brown')).toBe(true);
    for (const size of ['8', '9', '10']) expect(isChoosable(variants, ['11', 'Black'], 0, size)).toBe(true);
  });

  it('strikes a combination that does not exist', () => {
    const without = variants.filter((v) => v.id !== 'leather-desert-boots~9-black');
    expect(isChoosable(without, ['8', 'Black'], 0, '9')).toBe(false);
    expect(isChoosable(without, ['8', 'Brown'], 0, '9')).toBe(true);
  });
});

describe('the variant a choice is', () => {
  it('is the one with exactly those values, option by option', () => {
    expect(variantOf(variants, ['10', 'Brown'])).toMatchObject({
      id: 'leather-desert-boots~10-brown',
      price: 89,
      stock: 3,
    });
    expect(variantOf(variants, ['Brown', '10'])).toBeNull();
    expect(variantOf(variants, ['10'])).toBeNull();
    expect(variantOf(variants, ['12', 'Brown'])).toBeNull();
  });

  it('is the first in the seller order when nothing is chosen (the page without JavaScript)', () => {
    expect(defaultVariant(variants)?.options).toEqual(['8', 'Brown']);
    expect(defaultVariant([])).toBeUndefined();
  });
});

describe('the address of a variant', () => {
  it('is /product/<id>/?variant=<variant id>, and a shared link opens on it', () => {
    const path = variantPath('leather-desert-boots', 'leather-desert-boots~10-brown');
    expect(path).toBe('/product/leather-desert-boots/?variant=leather-desert-boots~10-brown');
    expect(variantFromSearch(variants, new URL(path, 'https://x.test').search)?.options).toEqual(['10', 'Brown']);
  });

  it('names no variant for an unknown or missing id', () => {
    expect(variantFromSearch(variants, '?variant=leather-desert-boots~12-brown')).toBeUndefined();
    expect(variantFromSearch(variants, '?variant=')).toBeUndefined();
    expect(variantFromSearch(variants, '')).toBeUndefined();
  });

  it('keeps the other parameters of the address', () => {
    expect(searchWithVariant('?utm_source=wa', 'leather-desert-boots~10-brown')).toBe(
      '?utm_source=wa&variant=leather-desert-boots~10-brown',
    );
    expect(searchWithVariant('?variant=a', 'b')).toBe('?variant=b');
  });
});

describe('the photos a variant shows', () => {
  it("are its own when it has some, else the product's", () => {
    const boots = desertBoots();
    const { sets, setOf } = photoSets(boots);
    expect(sets).toEqual([boots.images, ['/media/products/boot-225-1.svg', '/media/products/boot-225-2.svg']]);
    expect(setOf(variantOf(variants, ['10', 'Brown']) as (typeof variants)[number])).toBe(0);
    expect(setOf(variantOf(variants, ['10', 'Black']) as (typeof variants)[number])).toBe(1);
  });
});

describe('the variant Add to Cart sends', () => {
  it("is the one the button's snapshot names, with its price, stock and photos", () => {
    const snapshot = JSON.parse(productSnapshot(desertBoots(), variantOf(variants, ['10', 'Black']) ?? undefined));
    expect(chosenVariantOf(snapshot)).toEqual({
      id: 'leather-desert-boots~10-black',
      label: 'Size 10, Black',
      price: 95,
      stock: 6,
      images: ['/media/products/boot-225-1.svg', '/media/products/boot-225-2.svg'],
    });
    expect(chosenVariantOf(JSON.parse(productSnapshot(desertBoots())))).toBeUndefined();
  });
});
