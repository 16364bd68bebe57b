import { atom, computed } from 'nanostores';
import type { Product } from '../contract/catalog';
import { FAVORITE_MESSAGES } from '../favorite-messages';
import { onOtherTabChange, parseJson, readJson, writeJson } from './browser-storage';
import { asSnapshot, asSnapshotList, type ProductSnapshot } from './product-snapshot';
import { toastSuccess } from './toasts';

/**
 * Favourites (spec §3, §4): client-side only, the product objects as given, under the local
 * storage key "favorites"; a corrupt stored value is discarded. Other tabs follow through the
 * `storage` event.
 */

export const FAVORITES_KEY = 'favorites';
export type FavoriteProduct = ProductSnapshot;

function accept(value: unknown): FavoriteProduct[] | undefined {
  return asSnapshotList(value);
}

export const $favorites = atom<FavoriteProduct[]>(readJson(FAVORITES_KEY, accept) ?? []);
export const $favoriteIds = computed($favorites, (list) => new Set(list.map((p) => p.id)));
export const $favoriteCount = computed($favorites, (list) => list.length);

onOtherTabChange(FAVORITES_KEY, (raw) => {
  $favorites.set(raw === null ? [] : (parseJson(raw, accept) ?? []));
});

function save(list: FavoriteProduct[]) {
  $favorites.set(list);
  writeJson(FAVORITES_KEY, list);
}

export const isFavorite = (productId: string) => $favoriteIds.get().has(productId);

/** Adds the product; one already saved is left as it is (spec §4), without a toast. */
export function addFavorite(product: Product | FavoriteProduct): boolean {
  if (isFavorite(product.id)) return false;
  const snapshot = asSnapshot(product);
  if (!snapshot) return false;
  save([...$favorites.get(), snapshot]);
  toastSuccess(FAVORITE_MESSAGES.addedTitle, FAVORITE_MESSAGES.added(product.name));
  return true;
}

export function removeFavorite(productId: string): boolean {
  if (!isFavorite(productId)) return false;
  save($favorites.get().filter((p) => p.id !== productId));
  toastSuccess(FAVORITE_MESSAGES.removedTitle, FAVORITE_MESSAGES.removed);
  return true;
}

/** Saves or unsaves; answers whether the product is a favourite afterwards. */
export function toggleFavorite(product: Product | FavoriteProduct): boolean {
  if (isFavorite(product.id)) {
    removeFavorite(product.id);
    return false;
  }
  return addFavorite(product);
}
