import { describe, expect, it } from 'vitest';
import { categorySlug, findCategory, findSubcategory, resolveCategoryFilter } from './catalog';

describe('category names', () => {
  it('slugs names for URLs', () => {
    expect(categorySlug('Home & Garden')).toBe('home-garden');
    expect(categorySlug('Health & Beauty')).toBe('health-beauty');
    expect(categorySlug('Electronics')).toBe('electronics');
  });

  it('finds a category from any spelling', () => {
    for (const input of ['Home & Garden', 'home-garden', 'home_garden', 'HOME & GARDEN', 'Home%20%26%20Garden']) {
      expect(findCategory(input)).toBe('Home & Garden');
    }
    expect(findCategory('Spaceships')).toBeUndefined();
  });

  it('maps shopping areas to the categories they cover', () => {
    expect(resolveCategoryFilter('Fashion')).toEqual(['Clothing', 'Jewelry']);
    expect(resolveCategoryFilter('art-collectibles')).toEqual(['Other']);
    expect(resolveCategoryFilter('jewelry')).toEqual(['Jewelry']);
    expect(resolveCategoryFilter('nope')).toEqual([]);
  });

  it('finds subcategories case-insensitively', () => {
    expect(findSubcategory('Clothing', "men's")).toBe("Men's");
    expect(findSubcategory('Clothing', 'Laptops')).toBeUndefined();
  });
});
