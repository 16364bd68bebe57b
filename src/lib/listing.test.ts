import { describe, expect, it } from 'vitest';
import type { Product } from './contract/catalog';
import {
  categoryTitle,
  DEFAULT_FILTERS,
  filtersFromQuery,
  filtersToQuery,
  ratingDisplay,
  sortProducts,
  starsLabel,
  stockBadge,
  toggleRating,
} from './listing';

const product = (over: Partial<Product>): Product => ({
  id: 'p',
  name: 'Thing',
  description: '',
  price: 10,
  compareAtPrice: null,
  discounted: false,
  images: [],
  category: 'Books',
  subcategory: 'Fiction',
  stock: 10,
  store: { id: 's', name: 'S', logo: null, verified: true, location: 'Kingston', user_id: null },
  rating: 4,
  reviewCount: 1,
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  salesCount: 0,
  sku: 'X',
  options: [],
  ...over,
});

const items = [
  product({ id: 'a', price: 30, rating: 4.8, stock: 0, category: 'Books', createdAt: '2026-03-01T00:00:00Z' }),
  product({
    id: 'b',
    price: 10,
    rating: 3.2,
    category: 'Toys',
    subcategory: 'Games',
    createdAt: '2026-05-01T00:00:00Z',
  }),
  product({ id: 'c', price: 20, rating: 4.1, discounted: true, compareAtPrice: 25, salesCount: 50 }),
];

describe('listing filters', () => {
  it('sorts newest first by default, and by price, rating and sales', () => {
    expect(sortProducts(items, DEFAULT_FILTERS.sort).map((p) => p.id)).toEqual(['b', 'a', 'c']);
    expect(sortProducts(items, 'price-low').map((p) => p.id)).toEqual(['b', 'c', 'a']);
    expect(sortProducts(items, 'price-high').map((p) => p.id)).toEqual(['a', 'c', 'b']);
    expect(sortProducts(items, 'rating').map((p) => p.id)).toEqual(['a', 'c', 'b']);
    expect(sortProducts(items, 'bestsellers')[0].id).toBe('c');
  });

  it('puts sold-out best sellers after every product in stock, however much they sold', () => {
    const soldOut = product({ id: 'gone', stock: 0, salesCount: 900 });
    const selling = [product({ id: 'few', salesCount: 3 }), soldOut, product({ id: 'many', salesCount: 80 })];
    expect(sortProducts(selling, 'bestsellers').map((p) => p.id)).toEqual(['many', 'few', 'gone']);
  });

  it('resets the minimum rating when the same value is chosen again', () => {
    expect(toggleRating(0, 4)).toBe(4);
    expect(toggleRating(4, 4)).toBe(0);
    expect(toggleRating(4, 3)).toBe(3);
  });

  it('round-trips the state through the URL and ignores bad values', () => {
    const state = {
      ...DEFAULT_FILTERS,
      sort: 'price-low' as const,
      subcategories: ['Fiction'],
      inStock: true,
      rating: 3,
      discounted: true,
    };
    expect(filtersFromQuery(filtersToQuery(state))).toEqual(state);
    expect(filtersFromQuery('sortBy=cheapest&rating=9&inStock=yes')).toEqual(DEFAULT_FILTERS);
  });
});

describe('card rules', () => {
  it('floors stars and shows one decimal', () => {
    expect(ratingDisplay(4.7)).toEqual({ full: 4, label: '4.7' });
    expect(ratingDisplay(undefined)).toEqual({ full: 0, label: '0.0' });
    expect(ratingDisplay(9)).toEqual({ full: 5, label: '5.0' });
  });

  it('reads stars aloud with the count in the right number, of reviews or of a seller’s ratings', () => {
    expect(starsLabel(4.5, 1)).toBe('Rated 4.5 out of 5, 1 review');
    expect(starsLabel(4.25, 12)).toBe('Rated 4.3 out of 5, 12 reviews');
    expect(starsLabel(3, 1, 'rating')).toBe('Rated 3.0 out of 5, 1 rating');
    expect(starsLabel(4, 0, 'rating')).toBe('Rated 4.0 out of 5, 0 ratings');
    expect(starsLabel(4.7)).toBe('Rated 4.7 out of 5');
  });

  it('badges stock: out at 0, low from 1 to 5', () => {
    expect(stockBadge(0)).toBe('out');
    expect(stockBadge(-1)).toBe('out');
    expect(stockBadge(1)).toBe('low');
    expect(stockBadge(5)).toBe('low');
    expect(stockBadge(6)).toBeNull();
  });

  it('titles a category from its URL form', () => {
    expect(categoryTitle('home-garden')).toBe('Home garden');
    expect(categoryTitle('health_beauty')).toBe('Health beauty');
    expect(categoryTitle(undefined)).toBe('All Products');
  });
});
