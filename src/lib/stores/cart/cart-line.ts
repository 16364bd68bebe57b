import type { ProductSnapshot } from '../product-snapshot';

/** One line of the cart, in either home (its own file: guest-storage.ts reads lines without the stores of state.ts). */
export type CartLine = {
  product: ProductSnapshot;
  quantity: number;
  /** The unit price (dollars) when the line was added or last refreshed; null when unknown. */
  addedPrice: number | null;
  /**
   * The product can no longer be bought: gone, archived, or its store is not open (a suspension).
   * A guest's refresh sets it; the server cart says it (`available`). Such a line is not priced.
   */
  unavailable?: boolean;
};
