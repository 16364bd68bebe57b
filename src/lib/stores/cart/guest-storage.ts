import { parseJson, readJson, writeJson } from '../browser-storage';
import { asSnapshot } from '../product-snapshot';
import type { CartLine, LineVariant } from './cart-line';

/**
 * A guest's cart as kept in local storage: product snapshots (a variant's price, stock and photo
 * for a product with options, with the variant's id and label), quantities and the price the
 * shopper added at. Checked by hand (no schema library on every page); anything odd is discarded.
 */
export const GUEST_CART_KEY = 'yaad-cart';

/** A line's variant as kept: its id and label (lines are keyed by variant: docs/decisions/052). */
const isLineVariant = (v: unknown): v is LineVariant =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as LineVariant).id === 'string' &&
  (v as LineVariant).id !== '' &&
  typeof (v as LineVariant).label === 'string';

const acceptGuest = (value: unknown): CartLine[] | undefined => {
  if (!Array.isArray(value)) return undefined;
  const lines: CartLine[] = [];
  for (const entry of value) {
    const { product, variant, quantity, addedPrice = null } = (entry ?? {}) as Record<string, unknown>;
    const snapshot = asSnapshot(product);
    if (!snapshot || typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0) return undefined;
    if (addedPrice !== null && typeof addedPrice !== 'number') return undefined;
    if (variant !== undefined && !isLineVariant(variant)) return undefined;
    lines.push({ product: snapshot, ...(variant ? { variant } : {}), quantity, addedPrice });
  }
  return lines;
};

export const readGuestCart = (): CartLine[] => readJson(GUEST_CART_KEY, acceptGuest) ?? [];

/** The guest cart another tab wrote (null: it removed it). */
export const parseGuestCart = (raw: string | null): CartLine[] =>
  raw === null ? [] : (parseJson(raw, acceptGuest) ?? []);

const storable = ({ product, variant, quantity, addedPrice }: CartLine) => ({
  product,
  ...(variant ? { variant } : {}),
  quantity,
  addedPrice,
});

/** Keeps the lines; an empty cart removes the key. */
export const writeGuestCart = (lines: readonly CartLine[]) =>
  writeJson(GUEST_CART_KEY, lines.length ? lines.map(storable) : undefined);

export const forgetGuestCart = () => writeJson(GUEST_CART_KEY, undefined);
