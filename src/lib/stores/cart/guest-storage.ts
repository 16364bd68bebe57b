import { parseJson, readJson, writeJson } from '../browser-storage';
import { asSnapshot } from '../product-snapshot';
import type { CartLine } from './cart-line';

/**
 * A guest's cart as kept in local storage: product snapshots, quantities and the price the
 * shopper added at. Checked by hand (no schema library on every page); anything odd is discarded.
 */
export const GUEST_CART_KEY = 'yaad-cart';

const acceptGuest = (value: unknown): CartLine[] | undefined => {
  if (!Array.isArray(value)) return undefined;
  const lines: CartLine[] = [];
  for (const entry of value) {
    const { product, quantity, addedPrice = null } = (entry ?? {}) as Record<string, unknown>;
    const snapshot = asSnapshot(product);
    if (!snapshot || typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0) return undefined;
    if (addedPrice !== null && typeof addedPrice !== 'number') return undefined;
    lines.push({ product: snapshot, quantity, addedPrice });
  }
  return lines;
};

export const readGuestCart = (): CartLine[] => readJson(GUEST_CART_KEY, acceptGuest) ?? [];

/** The guest cart another tab wrote (null: it removed it). */
export const parseGuestCart = (raw: string | null): CartLine[] =>
  raw === null ? [] : (parseJson(raw, acceptGuest) ?? []);

const storable = ({ product, quantity, addedPrice }: CartLine) => ({ product, quantity, addedPrice });

/** Keeps the lines; an empty cart removes the key. */
export const writeGuestCart = (lines: readonly CartLine[]) =>
  writeJson(GUEST_CART_KEY, lines.length ? lines.map(storable) : undefined);

export const forgetGuestCart = () => writeJson(GUEST_CART_KEY, undefined);
