import { ApiRequestError, api } from '../../api';
import { CART_MESSAGES } from '../../cart-messages';
import { browserSchemas } from '../../contract/browser';
import type { Cart } from '../../contract/cart';
import { openChannel } from '../browser-storage';
import { toSnapshot } from '../product-snapshot';
import { toastError, toastSuccess } from '../toasts';
import { asVariantSnapshot, lineKey } from './cart-line';
import { backToGuest } from './guest-home';
import { forgetGuestCart, readGuestCart, writeGuestCart } from './guest-storage';
import type { CartHome, Outcome } from './home';
import { $cartLines, $cartMode, $cartStatus, $cartValidation, type CartLine, cartOwner, serial } from './state';

/**
 * The server home: a signed-in shopper's cart at /api/v1/cart. Every answer is the whole cart,
 * which replaces the lines; after each change this tab pings the BroadcastChannel "yaad-cart"
 * and the shopper's other tabs load it again.
 */

const channel = openChannel('yaad-cart');

type ChangedMessage = { type: 'changed'; signedInAs: string | null };

const fromServer = (cart: Cart): CartLine[] =>
  cart.items.map((i) => ({
    // A variant's line carries its price, stock and photo (docs/decisions/052).
    product: asVariantSnapshot(toSnapshot(i.product), i.variant ?? undefined),
    ...(i.variant ? { variant: { id: i.variant.id, label: i.variant.label } } : {}),
    quantity: i.quantity,
    addedPrice: i.addedPrice,
    // Archived, or its store closed since it was added: shown as gone, as the guest cart does.
    ...(i.available ? {} : { unavailable: true }),
  }));

function applyServer(cart: Cart, notify = true) {
  $cartLines.set(fromServer(cart));
  $cartValidation.set(null);
  $cartStatus.set('ready');
  if (notify) channel?.postMessage({ type: 'changed', signedInAs: cartOwner.signedInAs } satisfies ChangedMessage);
}

const isSignedOut = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/** The spec's message for a known refusal (stock, gone product), else the verb's fallback text. */
function refusal(error: unknown, fallback: string): Outcome {
  if (
    error instanceof ApiRequestError &&
    (error.code === 'insufficient_stock' || error.code === 'variant_required' || error.status === 404)
  ) {
    return { ok: false, message: error.message };
  }
  return { ok: false, message: fallback };
}

/** A line as the API names it: the product, and its variant when it has options. */
const lineRef = (l: CartLine) => ({ productId: l.product.id, ...(l.variant ? { variantId: lineKey(l) } : {}) });
const syncItem = (l: CartLine) => ({ ...lineRef(l), quantity: l.quantity });

/** Loads the server cart for owner generation `mine`; a 401 means the guest cart again. */
async function loadServerCart(mine: number, toastOnFailure: boolean) {
  try {
    const cart = await api.get('/cart', (await browserSchemas()).Cart);
    if (mine === cartOwner.generation) applyServer(cart, false);
  } catch (error) {
    if (mine !== cartOwner.generation) return;
    if (isSignedOut(error)) return backToGuest(mine);
    $cartStatus.set('error');
    if (toastOnFailure) toastError(CART_MESSAGES.loadFailedTitle, CART_MESSAGES.loadFailed);
  }
}

/**
 * At sign-in: a non-empty guest cart is merged through /cart/sync (quantities added, capped at
 * stock), local storage is cleared and "Cart Synced" shows the count; with an empty guest cart
 * the server cart is simply loaded. A merge that fails keeps the guest cart for the next try.
 */
export async function openServerCart(mine: number) {
  if (mine !== cartOwner.generation) return;
  // Claim the guest cart before the call, so a second tab signing in at once cannot merge it again.
  const guest = readGuestCart();
  if (guest.length === 0) return loadServerCart(mine, false);
  forgetGuestCart();
  try {
    const result = await api.post(
      '/cart/sync',
      { items: guest.map(syncItem) },
      (await browserSchemas()).CartSyncResult,
    );
    if (mine !== cartOwner.generation) return;
    applyServer(result);
    const notices = result.notices.length ? ` ${result.notices.join('. ')}.` : '';
    toastSuccess(CART_MESSAGES.syncedTitle, CART_MESSAGES.synced(result.merged) + notices);
  } catch (error) {
    writeGuestCart(guest);
    if (isSignedOut(error)) backToGuest(mine);
    else await loadServerCart(mine, true);
  }
}

const OK: Outcome = { ok: true };

export const serverHome: CartHome = {
  mode: 'server',

  load: (asked) => loadServerCart(asked, true),

  async refresh(asked) {
    await loadServerCart(asked, true);
    // A failure has shown "Cart Error" already.
    return $cartStatus.get() === 'ready' ? OK : { ok: false };
  },

  async add(product, quantity, variant) {
    try {
      const body = { productId: product.id, ...(variant ? { variantId: variant.id } : {}), quantity };
      applyServer(await api.post('/cart/add', body, (await browserSchemas()).Cart));
      return OK;
    } catch (error) {
      // The session ended since the page loaded: the verbs keep the item in the guest cart instead.
      if (isSignedOut(error)) return { ok: false, signedOut: true };
      return refusal(error, CART_MESSAGES.addFailed);
    }
  },

  async addMany(products) {
    try {
      const result = await api.post(
        '/cart/sync',
        { items: products.map((p) => ({ productId: p.id, quantity: 1 })) },
        (await browserSchemas()).CartSyncResult,
      );
      applyServer(result);
      return { added: result.merged, problems: result.notices };
    } catch {
      return undefined;
    }
  },

  /** Shown at once; the line goes back when the server refuses. */
  async setQuantity(line, quantity) {
    const lines = $cartLines.get();
    $cartLines.set(lines.map((l) => (l === line ? { ...l, quantity } : l)));
    try {
      applyServer(await api.put('/cart/update', { ...lineRef(line), quantity }, (await browserSchemas()).Cart));
      return OK;
    } catch (error) {
      $cartLines.set(lines);
      return refusal(error, CART_MESSAGES.updateFailed);
    }
  },

  async remove(line) {
    const lines = $cartLines.get();
    $cartLines.set(lines.filter((l) => l !== line));
    try {
      applyServer(await api.delete('/cart/remove', lineRef(line), (await browserSchemas()).Cart));
      return OK;
    } catch {
      $cartLines.set(lines);
      return { ok: false, message: CART_MESSAGES.removeFailed };
    }
  },

  /** Empties the server cart, and the guest cart this browser may still keep (spec §4). */
  async clear() {
    try {
      applyServer(await api.delete('/cart/clear', undefined, (await browserSchemas()).Cart));
    } catch {
      return { ok: false, message: CART_MESSAGES.clearFailed };
    }
    forgetGuestCart();
    return OK;
  },

  async acceptPrices() {
    try {
      applyServer(await api.post('/cart/refresh', undefined, (await browserSchemas()).Cart));
      return OK;
    } catch {
      return { ok: false, message: CART_MESSAGES.refreshFailed };
    }
  },

  /** The server knows the cart: an empty body. */
  validationRequest: () => ({}),
};

// Another tab of the same shopper changed the cart: load it again.
channel?.addEventListener('message', (event: MessageEvent) => {
  const data = event.data as Partial<ChangedMessage> | undefined;
  if (data?.type !== 'changed' || $cartMode.get() !== 'server' || data.signedInAs !== cartOwner.signedInAs) return;
  const asked = cartOwner.generation;
  void serial(() => loadServerCart(asked, true));
});
