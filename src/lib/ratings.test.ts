import { describe, expect, it } from 'vitest';
import type { Product } from './contract/catalog';
import { sortProducts } from './listing';
import {
  averageOf,
  bayesianRating,
  PRIOR_MEAN,
  PRIOR_REVIEWS,
  REVIEW_EDIT_MS,
  reviewerName,
  starShare,
  withinEditWindow,
} from './ratings';

describe('averageOf', () => {
  it('is the mean of the stars given, 0 with none', () => {
    expect(averageOf({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 })).toEqual({ average: 0, count: 0 });
    expect(averageOf({ 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 })).toEqual({ average: 3, count: 2 });
    expect(averageOf({ 1: 1, 2: 0, 3: 0, 4: 0, 5: 2 }).average).toBeCloseTo(11 / 3, 12);
  });

  it('gives each bar its share in whole percent', () => {
    const counts = { 1: 1, 2: 0, 3: 0, 4: 1, 5: 2 };
    expect([5, 4, 3, 2, 1].map((s) => starShare(counts, s as 1 | 2 | 3 | 4 | 5))).toEqual([50, 25, 0, 0, 25]);
    expect(starShare({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, 5)).toBe(0);
  });
});

describe('bayesianRating', () => {
  it('blends the mean with PRIOR_REVIEWS reviews of PRIOR_MEAN stars', () => {
    expect(bayesianRating(0, 0)).toBe(PRIOR_MEAN);
    expect(bayesianRating(5, 1)).toBeCloseTo((PRIOR_REVIEWS * PRIOR_MEAN + 5) / (PRIOR_REVIEWS + 1), 12);
    expect(bayesianRating(4.8, 200)).toBeCloseTo((PRIOR_REVIEWS * PRIOR_MEAN + 960) / (PRIOR_REVIEWS + 200), 12);
  });

  it('ranks many good reviews above one perfect one, and approaches the mean as reviews grow', () => {
    expect(bayesianRating(4.8, 200)).toBeGreaterThan(bayesianRating(5, 1));
    expect(bayesianRating(4.5, 20)).toBeGreaterThan(bayesianRating(5, 2));
    expect(bayesianRating(4.2, 10_000)).toBeCloseTo(4.2, 2);
    // A few bad reviews rank below no reviews at all, a few good ones above.
    expect(bayesianRating(1.5, 3)).toBeLessThan(bayesianRating(0, 0));
    expect(bayesianRating(4.5, 3)).toBeGreaterThan(bayesianRating(0, 0));
  });
});

describe('the rating sort', () => {
  const product = (id: string, rating: number, reviewCount: number) =>
    ({ id, rating, reviewCount, createdAt: '2026-01-01T00:00:00.000Z', price: 10, salesCount: 0 }) as Product;

  it('orders by the Bayesian average, then the count, then the id', () => {
    const list = [
      product('one-perfect', 5, 1),
      product('none', 0, 0),
      product('two-hundred', 4.8, 200),
      product('poor', 2, 40),
      product('b-twenty', 4.5, 20),
      product('a-twenty', 4.5, 20),
    ];
    expect(sortProducts(list, 'rating').map((p) => p.id)).toEqual([
      'two-hundred',
      'a-twenty',
      'b-twenty',
      'one-perfect',
      'none',
      'poor',
    ]);
  });
});

describe('reviews', () => {
  it('may be changed for 30 days', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(withinEditWindow(new Date(now.getTime() - REVIEW_EDIT_MS), now)).toBe(true);
    expect(withinEditWindow(new Date(now.getTime() - REVIEW_EDIT_MS - 1), now)).toBe(false);
    expect(withinEditWindow('2026-11-01T00:00:00Z', now)).toBe(true);
  });

  it('name their author by first name and initial', () => {
    expect(reviewerName('Tanisha Campbell')).toBe('Tanisha C.');
    expect(reviewerName('  Marcus  de  Souza ')).toBe('Marcus S.');
    expect(reviewerName('Prince')).toBe('Prince');
    expect(reviewerName('')).toBe('A shopper');
  });
});
