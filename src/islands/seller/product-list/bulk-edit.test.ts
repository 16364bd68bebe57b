import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api';
import { BULK_TEXT } from '../../../lib/contract/seller-products';
import { bulkBody, bulkDone, bulkFailure, bulkFieldsOf, bulkProblems, bulkSummary } from './bulk-edit';

describe('the bulk edit', () => {
  it('asks for something when both fields are blank', () => {
    expect(bulkProblems('', '  ')).toEqual({ none: BULK_TEXT.nothing, fields: {} });
  });

  it("refuses each field in the contract's words, and passes what is right", () => {
    expect(bulkProblems('12.50', '')).toEqual({ fields: {} });
    expect(bulkProblems('', '7')).toEqual({ fields: {} });
    const { none, fields } = bulkProblems('12.505', '-1');
    expect(none).toBeUndefined();
    expect(fields.price).toMatch(/^New price \(US\$\)/);
    expect(fields.stock).toMatch(/^New stock/);
  });

  it('sends each ticked product with only the fields entered, as numbers', () => {
    expect(bulkBody(new Set(['a', 'b']), '9.99', '')).toEqual({
      items: [
        { id: 'a', price: 9.99 },
        { id: 'b', price: 9.99 },
      ],
    });
    expect(bulkBody(['a'], '', '0')).toEqual({ items: [{ id: 'a', stock: 0 }] });
  });

  it("puts the API's item errors on the two fields, the first of each", () => {
    expect(
      bulkFieldsOf({ 'items.0.price': 'first', 'items.3.price': 'second', 'items.1.stock': 'stock', items: 'other' }),
    ).toEqual({ price: 'first', stock: 'stock' });
  });

  it("keeps the form's own line for an answer that names no field", () => {
    const onFields = new ApiRequestError('Invalid', 400, 'validation_failed', undefined, {
      'items.0.stock': 'Too many',
    });
    expect(bulkFailure(onFields)).toEqual({ fields: { stock: 'Too many' } });
    expect(bulkFailure(new ApiRequestError('Choose at most 500 products', 400))).toEqual({
      fields: {},
      error: 'Choose at most 500 products',
    });
    expect(bulkFailure(new TypeError('Failed to fetch'))).toEqual({
      fields: {},
      error: 'Could not update. Please try again.',
    });
  });

  it('links each banner line to its field and counts in words', () => {
    expect(bulkSummary({ price: 'Bad price' })).toEqual([{ text: 'Bad price', target: 'bulk-price' }]);
    expect(bulkDone(1)).toBe('1 product updated');
    expect(bulkDone(3)).toBe('3 products updated');
  });
});
