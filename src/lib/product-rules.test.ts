import { describe, expect, it } from 'vitest';
import { compareAtProblem, copySku, parseTags, subcategoriesOf, subcategoryProblem } from './product-rules';

describe('product rules', () => {
  it('takes a subcategory only from its own category of the spec’s lists', () => {
    expect(subcategoryProblem('Books', 'Fiction')).toBeUndefined();
    expect(subcategoryProblem('Books', 'Laptops')).toBe(
      "Choose a subcategory of Books: Fiction, Non-Fiction, Textbooks, Children's, E-books",
    );
    expect(subcategoryProblem('Books', 'fiction')).toContain('Choose a subcategory of Books');
    expect(subcategoriesOf('constructor')).toEqual([]);
    expect(subcategoriesOf('Electronics')).toContain('Smart Home');
  });

  it('wants a compare-at price above the price, or none', () => {
    expect(compareAtProblem(1000, null)).toBeUndefined();
    expect(compareAtProblem(1000, 1001)).toBeUndefined();
    expect(compareAtProblem(1000, 1000)).toContain('above the price');
    expect(compareAtProblem(1000, 999)).toContain('above the price');
  });

  it('gives a copy a SKU not taken', () => {
    const taken = new Set(['A-1', 'A-1-COPY', 'A-1-COPY-2']);
    expect(copySku('B-2', (s) => taken.has(s))).toBe('B-2-COPY');
    expect(copySku('A-1', (s) => taken.has(s))).toBe('A-1-COPY-3');
    expect(copySku('X'.repeat(64), () => false).length).toBeLessThanOrEqual(64);
  });

  it('reads typed tags: trimmed, no blanks, no repeats', () => {
    expect(parseTags(' coffee, gift ,,coffee, ')).toEqual(['coffee', 'gift']);
    expect(parseTags('')).toEqual([]);
  });
});
