import type { ProductSnapshot } from '../product-snapshot';

/**
 * The variant a line is, for a product with options (issue 30, docs/decisions/052): its id and
 * label ("Size 10, Brown"). The line's `product` then carries the variant's price, stock and photo,
 * so every reader of a line's price and stock reads the variant's.
 */
export type LineVariant = { id: string; label: string };

/** A variant as the product page offers it to the cart (a `ProductVariant` of the contract fits). */
export type ChosenVariant = LineVariant & { price: number; stock: number; images: readonly string[] };

/** One line of the cart, in either home (its own file: guest-storage.ts reads lines without the stores of state.ts). */
export type CartLine = {
  product: ProductSnapshot;
  /** The variant of a product with options; absent for a product without options (its sole variant). */
  variant?: LineVariant;
  quantity: number;
  /** The unit price (dollars) when the line was added or last refreshed; null when unknown. */
  addedPrice: number | null;
  /**
   * The product can no longer be bought: gone, archived, or its store is not open (a suspension).
   * A guest's refresh sets it; the server cart says it (`available`). Such a line is not priced.
   */
  unavailable?: boolean;
};

/** What names a line: its variant's id, or the product's for a product without options (its sole variant's id). */
export const lineKey = (line: Pick<CartLine, 'product' | 'variant'>) => line.variant?.id ?? line.product.id;

/** The product as the line sells it: the variant's price, stock and photo over the product's. */
export function asVariantSnapshot(product: ProductSnapshot, variant: ChosenVariant | undefined): ProductSnapshot {
  if (!variant) return product;
  return {
    ...product,
    price: variant.price,
    stock: variant.stock,
    images: variant.images.length ? variant.images.slice(0, 1) : product.images,
  };
}

/** The line's name with its variant: "Leather Desert Boots (Size 10, Brown)", as the server's refusals say it. */
export const lineName = (line: Pick<CartLine, 'product' | 'variant'>) =>
  line.variant?.label ? `${line.product.name} (${line.variant.label})` : line.product.name;
