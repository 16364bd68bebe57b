import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowser } from '../../../tests/fixtures/browser';

type Browser = ReturnType<typeof installBrowser>;
let browser: Browser;

const rumCake = {
  id: 'rum-cake',
  name: 'Jamaican Rum Cake',
  price: 24.5,
  images: ['/media/products/cake-1.svg'],
  stock: 12,
  category: 'Other',
  store: { id: 'tastee', name: 'Tastee Treats' },
};
const coffee = { ...rumCake, id: 'coffee', name: 'Blue Mountain Coffee', price: 38 };

async function load(stored?: string) {
  vi.resetModules();
  browser = installBrowser();
  if (stored !== undefined) browser.local.setItem('favorites', stored);
  const favorites = await import('./favorites');
  const toasts = await import('./toasts');
  return { ...favorites, ...toasts };
}

beforeEach(() => {
  vi.unstubAllGlobals();
});

describe('favourites store', () => {
  it('starts empty, and discards a corrupt stored value', async () => {
    let f = await load();
    expect(f.$favorites.get()).toEqual([]);
    f = await load('{not json');
    expect(f.$favorites.get()).toEqual([]);
    expect(browser.local.getItem('favorites')).toBeNull();
    f = await load(JSON.stringify({ not: 'a list' }));
    expect(f.$favorites.get()).toEqual([]);
    expect(browser.local.getItem('favorites')).toBeNull();
  });

  it('reads whole product objects back, extra fields kept', async () => {
    const f = await load(JSON.stringify([{ ...rumCake, rating: 4.7, description: 'Moist and dark.' }]));
    expect(f.$favorites.get()).toEqual([{ ...rumCake, rating: 4.7, description: 'Moist and dark.' }]);
    expect(f.isFavorite('rum-cake')).toBe(true);
    expect(f.$favoriteCount.get()).toBe(1);
  });

  it('adds with the spec toast and stores under "favorites"; adding again does nothing', async () => {
    const f = await load();
    expect(f.addFavorite(rumCake)).toBe(true);
    expect(f.$toast.get()).toMatchObject({
      title: 'Added to favorites',
      description: 'Jamaican Rum Cake has been added to your favorites.',
    });
    expect(JSON.parse(browser.local.getItem('favorites') as string)).toEqual([rumCake]);
    f.dismissToast();
    expect(f.addFavorite(rumCake)).toBe(false);
    expect(f.$toast.get()).toBeNull();
    expect(f.$favorites.get()).toHaveLength(1);
  });

  it('removes with the spec toast; toggle flips', async () => {
    const f = await load(JSON.stringify([rumCake]));
    expect(f.toggleFavorite(coffee)).toBe(true);
    expect(f.toggleFavorite(rumCake)).toBe(false);
    expect(f.$toast.get()).toMatchObject({
      title: 'Removed from favorites',
      description: 'Item has been removed from your favorites.',
    });
    expect(f.$favorites.get().map((p) => p.id)).toEqual(['coffee']);
    expect(JSON.parse(browser.local.getItem('favorites') as string).map((p: { id: string }) => p.id)).toEqual([
      'coffee',
    ]);
  });

  it('follows another tab', async () => {
    const f = await load();
    browser.otherTabWrites('favorites', JSON.stringify([coffee]));
    expect(f.$favorites.get()).toEqual([coffee]);
    browser.otherTabWrites('favorites', 'garbage');
    expect(f.$favorites.get()).toEqual([]);
    browser.otherTabWrites('favorites', JSON.stringify([rumCake]));
    browser.otherTabWrites('favorites', null);
    expect(f.$favorites.get()).toEqual([]);
  });
});
