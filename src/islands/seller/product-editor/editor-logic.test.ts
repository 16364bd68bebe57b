import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api';
import type { SellerProduct } from '../../../lib/contract/seller-products';
import {
  archivedText,
  archiveFailed,
  archivePath,
  createdAddress,
  createdNote,
  invalidAttrs,
  pricePreview,
  savedDetail,
  saveFailure,
  saveRequest,
  withCategory,
} from './editor-logic';
import { type Draft, EMPTY } from './product-draft';

const draft: Draft = {
  ...EMPTY,
  name: 'Bissy Tea',
  category: 'Health & Beauty',
  subcategory: 'Wellness',
  price: '600',
  compareAtPrice: '',
  stock: '4',
  sku: 'TEA-1',
  tags: 'tea, gift',
};
const product = { id: 'p/1', status: 'active' } as SellerProduct;

describe('the product editor', () => {
  it('empties the subcategory when the category changes', () => {
    expect(withCategory(draft, 'Food')).toEqual({ ...draft, category: 'Food', subcategory: '' });
  });

  it('points a control with an error at its error line, and nothing when it has none', () => {
    expect(invalidAttrs({ sku: 'taken' }, 'sku')).toEqual({ 'aria-invalid': true, 'aria-describedby': 'sku-error' });
    expect(invalidAttrs({ sku: 'taken' }, 'name')).toEqual({});
  });

  it('previews the price only once it is an amount of at most two decimals', () => {
    expect(pricePreview('')).toBeNull();
    expect(pricePreview('12.5')).toBe(12.5);
    expect(pricePreview(' 1250.00 ')).toBe(1250);
    expect(pricePreview('12.505')).toBeNull();
    expect(pricePreview('abc')).toBeNull();
  });

  it('PUTs an edited product (its id escaped) and POSTs a new one with the status its box chose', () => {
    const put = saveRequest(product, draft);
    expect(put.method).toBe('put');
    expect(put.path).toBe('/seller/products/p%2F1');
    expect(put.body).toMatchObject({
      name: 'Bissy Tea',
      price: 600,
      stock: 4,
      compareAtPrice: null,
      tags: ['tea', 'gift'],
    });
    expect(put.body).not.toHaveProperty('status');
    expect(saveRequest(null, draft)).toMatchObject({
      method: 'post',
      path: '/seller/products',
      body: { status: 'active' },
    });
    expect(saveRequest(null, { ...draft, active: false }).body).toMatchObject({ status: 'archived' });
  });

  it('says an active change is live soon, and where a new product is edited next', () => {
    expect(savedDetail(product)).toBe('The shop shows the change within seconds.');
    expect(savedDetail({ ...product, status: 'archived' })).toBeUndefined();
    expect(createdAddress('a b')).toBe('/dashboard/products/edit/?id=a%20b&created=1');
    expect(createdNote('active')).toBe('It is in the shop within seconds.');
    expect(createdNote('archived')).toBe('It stays hidden until you unarchive it.');
  });

  it("puts the API's field errors on their fields (the first of each) and then keeps no form line", () => {
    const err = new ApiRequestError('Invalid', 400, 'validation_failed', undefined, {
      'images.1': 'Bad photo',
      'images.2': 'Another',
      sku: 'SKU already used',
    });
    expect(saveFailure(err)).toEqual({
      problems: { images: 'Bad photo', sku: 'SKU already used' },
      formError: null,
      message: 'Invalid',
    });
  });

  it("keeps the form's line for an answer naming no field, and the problems as they were", () => {
    expect(saveFailure(new ApiRequestError('Store suspended', 403))).toEqual({
      formError: 'Store suspended',
      message: 'Store suspended',
    });
    // An answer with an empty error list clears the fields' errors and keeps the form's line.
    expect(saveFailure(new ApiRequestError('Invalid', 400, 'validation_failed', undefined, {}))).toEqual({
      problems: {},
      formError: 'Invalid',
      message: 'Invalid',
    });
    expect(saveFailure(new TypeError('Failed to fetch'))).toEqual({
      formError: 'Could not save. Please try again.',
      message: 'Could not save. Please try again.',
    });
  });

  it('archives and unarchives through their own calls and words', () => {
    expect(archivePath('p1', true)).toBe('/seller/products/p1/archive');
    expect(archivePath('p1', false)).toBe('/seller/products/p1/unarchive');
    expect(archivedText(true)).toBe('Product archived');
    expect(archivedText(false)).toBe('Product back on sale');
    expect(archiveFailed(new ApiRequestError('Product not found', 404))).toBe('Product not found');
    expect(archiveFailed(new Error('x'))).toBe('Please try again.');
  });
});
