import { api } from '../../api';
import { CART_MESSAGES } from '../../cart-messages';
import { browserSchemas } from '../../contract/browser';
import type { CartValidation } from '../../contract/cart';
import { toastError, toastSuccess } from '../toasts';
import { currentHome } from './account';
import { type ChosenVariant, lineKey, lineName } from './cart-line';
import { backToGuest, guestHome } from './guest-home';
import type { Addable, Outcome } from './home';
import { $cartLines, $cartValidation, cartOwner, serial } from './state';

/**
 * The cart's verbs (spec §3, §4, §7, §8), the same whichever home the cart lives in: each runs
 * in turn through the cart's queue, asks the current home to do it, and shows the spec's success
 * or failure toast itself, so callers only call the verb.
 */

const failed = (outcome: Outcome, fallback: string) => (outcome.ok ? fallback : (outcome.message ?? fallback));

async function addOne(product: Addable, quantity: number, variant?: ChosenVariant): Promise<Outcome> {
  if (!Number.isInteger(quantity) || quantity < 1) return { ok: false, message: CART_MESSAGES.addFailed };
  const outcome = await currentHome().add(product, quantity, variant);
  if (outcome.ok || !outcome.signedOut) return outcome;
  // The session ended since the page loaded: the item goes to the guest cart instead.
  backToGuest(cartOwner.generation);
  return guestHome.add(product, quantity, variant);
}

/**
 * Adds `quantity` units (never beyond the stock); answers whether it worked. A product with
 * options is added as the chosen `variant` (the product page's pickers: docs/decisions/052).
 */
export function addToCart(product: Addable, quantity = 1, variant?: ChosenVariant): Promise<boolean> {
  return serial(async () => {
    const outcome = await addOne(product, quantity, variant);
    const name = variant?.label ? `${product.name} (${variant.label})` : product.name;
    if (outcome.ok) toastSuccess(CART_MESSAGES.addedTitle, CART_MESSAGES.added(name));
    else toastError(CART_MESSAGES.errorTitle, failed(outcome, CART_MESSAGES.addFailed));
    return outcome.ok;
  });
}

/** Adds one unit of each (favourites' Add All to Cart) with one toast at the end. */
export function addAllToCart(products: readonly Addable[]): Promise<number> {
  return serial(async () => {
    const problems: string[] = [];
    let added = 0;
    const home = currentHome();
    if (home.addMany) {
      const result = await home.addMany(products);
      if (!result) {
        toastError(CART_MESSAGES.errorTitle, CART_MESSAGES.addFailed);
        return 0;
      }
      added = result.added;
      problems.push(...result.problems);
    } else {
      for (const product of products) {
        const outcome = await addOne(product, 1);
        if (outcome.ok) added += 1;
        else problems.push(failed(outcome, CART_MESSAGES.addFailed));
      }
    }
    const extra = problems.length ? ` ${problems.join('. ')}.` : '';
    if (added > 0) toastSuccess(CART_MESSAGES.addedTitle, CART_MESSAGES.addedMany(added) + extra);
    else toastError(CART_MESSAGES.errorTitle, problems.length ? `${problems.join('. ')}.` : CART_MESSAGES.addFailed);
    return added;
  });
}

/** Sets a line's quantity; 0 or less removes the line (spec §4). `lineId`: `lineKey(line)`, the product's id without options. */
export function setQuantity(lineId: string, quantity: number): Promise<boolean> {
  if (!Number.isFinite(quantity)) return Promise.resolve(false);
  const wanted = Math.trunc(quantity);
  if (wanted <= 0) return removeFromCart(lineId);
  return serial(async () => {
    const line = cartLineFor(lineId);
    if (!line) return false;
    if (line.quantity === wanted) return true;
    const outcome = await currentHome().setQuantity(line, wanted);
    if (!outcome.ok) toastError(CART_MESSAGES.errorTitle, failed(outcome, CART_MESSAGES.updateFailed));
    return outcome.ok;
  });
}

export function removeFromCart(lineId: string): Promise<boolean> {
  return serial(async () => {
    const line = cartLineFor(lineId);
    if (!line) return false;
    const outcome = await currentHome().remove(line);
    if (!outcome.ok) {
      toastError(CART_MESSAGES.errorTitle, failed(outcome, CART_MESSAGES.removeFailed));
      return false;
    }
    toastSuccess(CART_MESSAGES.removedTitle, CART_MESSAGES.removed(lineName(line)));
    return true;
  });
}

/** Empties the cart: the server's (when signed in) and the local one (spec §4). */
export function clearCart(options: { quiet?: boolean } = {}): Promise<boolean> {
  return serial(async () => {
    const outcome = await currentHome().clear();
    if (!outcome.ok) {
      if (!options.quiet) toastError(CART_MESSAGES.errorTitle, failed(outcome, CART_MESSAGES.clearFailed));
      return false;
    }
    if (!options.quiet) toastSuccess(CART_MESSAGES.clearedTitle, CART_MESSAGES.cleared);
    return true;
  });
}

/** Reads the cart again from its home (the cart page's Try Again, another tab's change). */
export function loadCart(): Promise<void> {
  const home = currentHome();
  const asked = cartOwner.generation;
  return serial(() => home.load(asked));
}

/**
 * Brings the lines up to today (the cart page calls this when it opens): the server cart is
 * reloaded; a guest's snapshots take today's name, price and stock from the API, and a product
 * that is gone is marked. The price each line was added at is kept, for the price check.
 */
export function refreshCart(): Promise<boolean> {
  const home = currentHome();
  const asked = cartOwner.generation;
  return serial(async () => {
    const outcome = await home.refresh(asked);
    if (!outcome.ok && outcome.message) toastError(CART_MESSAGES.errorTitle, outcome.message);
    return outcome.ok;
  });
}

/** Accepts today's prices after a "Price changed" verdict. */
export function acceptCurrentPrices(): Promise<boolean> {
  return serial(async () => {
    const outcome = await currentHome().acceptPrices();
    if (!outcome.ok) toastError(CART_MESSAGES.errorTitle, failed(outcome, CART_MESSAGES.refreshFailed));
    return outcome.ok;
  });
}

/** Checks the cart against today's stock and prices (spec §5); null when the check itself failed. */
export function validateCart(): Promise<CartValidation | null> {
  return serial(async () => {
    const body = currentHome().validationRequest();
    try {
      const verdict = await api.post('/cart/validate', body, (await browserSchemas()).CartValidation);
      $cartValidation.set(verdict);
      return verdict;
    } catch {
      toastError(CART_MESSAGES.errorTitle, CART_MESSAGES.validateFailed);
      return null;
    }
  });
}

/** The line of a variant, or of a product without options, by `lineKey`. */
export const cartLineFor = (lineId: string) => $cartLines.get().find((l) => lineKey(l) === lineId);
