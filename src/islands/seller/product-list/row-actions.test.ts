import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api';
import { actionDone, actionFailed, actionPath, archiveAction } from './row-actions';

describe("a product row's actions", () => {
  it('calls the action on the product, its id escaped', () => {
    expect(actionPath('p1', 'archive')).toBe('/seller/products/p1/archive');
    expect(actionPath('a/b', 'duplicate')).toBe('/seller/products/a%2Fb/duplicate');
  });

  it('says what happened, a copy by the name the shop gave it', () => {
    expect(actionDone('archive', 'Mug', 'Mug')).toBe('Archived: Mug');
    expect(actionDone('unarchive', 'Mug', 'Mug')).toBe('Back on sale: Mug');
    expect(actionDone('duplicate', 'Mug', 'Mug (copy)')).toBe(
      'Copied as "Mug (copy)" (archived until you put it on sale)',
    );
  });

  it("fails in the API's words, or asks to try again", () => {
    expect(actionFailed(new ApiRequestError('Product not found', 404))).toBe('Product not found');
    expect(actionFailed(new TypeError('Failed to fetch'))).toBe('Please try again.');
  });

  it('archives an active product and puts an archived one back on sale', () => {
    expect(archiveAction('active')).toBe('archive');
    expect(archiveAction('archived')).toBe('unarchive');
  });
});
