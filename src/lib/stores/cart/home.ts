import type { Product } from '../../contract/catalog';
import type { ProductSnapshot } from '../product-snapshot';
import type { ChosenVariant } from './cart-line';
import type { CartLine, CartMode } from './state';

/**
 * Where a cart lives: the guest home (browser storage, `guest-home.ts`) or the server home
 * (the API, `server-home.ts`). The verbs (`verbs.ts`) run every method one at a time through the
 * cart's queue, pick the home when a change starts, and show the toasts; a home only keeps the
 * lines and `$cartLines` in step and says how a change went.
 */
export type Addable = Product | ProductSnapshot;

/** How a change went; `message` is the spec's text for the shopper (none when the home has said it). */
export type Outcome = { ok: true } | { ok: false; message?: string; signedOut?: true };

export type CartValidationRequest = {
  items?: { productId: string; variantId?: string; quantity: number; name: string; price?: number }[];
};

export interface CartHome {
  readonly mode: CartMode;
  /** Reads the lines again. `asked` is the owner's generation when the caller asked: a later owner's lines are never overwritten. */
  load(asked: number): Promise<void>;
  /** Brings the lines up to today's products (the cart page calls this when it opens). */
  refresh(asked: number): Promise<Outcome>;
  /** Adds units of a product, of the chosen variant for a product with options; `signedOut` when the server no longer knows the shopper. */
  add(product: Addable, quantity: number, variant?: ChosenVariant): Promise<Outcome>;
  /** Adds one of each at once, where the home can: how many were added, and what was refused. */
  addMany?(products: readonly Addable[]): Promise<{ added: number; problems: string[] } | undefined>;
  setQuantity(line: CartLine, quantity: number): Promise<Outcome>;
  remove(line: CartLine): Promise<Outcome>;
  clear(): Promise<Outcome>;
  /** Takes today's prices as the prices the shopper accepted (after "Price changed for …"). */
  acceptPrices(): Promise<Outcome>;
  /** What POST /cart/validate needs to check this cart. */
  validationRequest(): CartValidationRequest;
}
