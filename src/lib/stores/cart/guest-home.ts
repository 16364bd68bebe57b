import { ApiRequestError, api } from '../../api';
import { CART_MESSAGES } from '../../cart-messages';
import { browserSchemas } from '../../contract/browser';
import type { Product } from '../../contract/catalog';
import { onOtherTabChange } from '../browser-storage';
import { fetchProducts, toSnapshot } from '../product-snapshot';
import { asVariantSnapshot, lineKey, lineName } from './cart-line';
import { GUEST_CART_KEY, parseGuestCart, readGuestCart, writeGuestCart } from './guest-storage';
import type { CartHome, Outcome } from './home';
import { $cartLines, $cartMode, $cartStatus, $cartValidation, type CartLine, cartOwner } from './state';

/**
 * The guest home: the cart in local storage (`guest-storage.ts`). Other tabs follow it through
 * the `storage` event. Stock and prices are checked against the API when it answers, else
 * against the snapshot the page showed.
 */

/** Shows the guest cart: signed out, or back from a sign-in the server no longer knows. */
export function showGuestCart() {
  $cartMode.set('guest');
  $cartStatus.set('ready');
  $cartLines.set(readGuestCart());
  $cartValidation.set(null);
}

/** The server says nobody is signed in (the session ended or the hint was stale): the guest cart again. */
export function backToGuest(mine: number) {
  if (mine !== cartOwner.generation) return;
  cartOwner.signedInAs = null;
  cartOwner.generation += 1;
  showGuestCart();
}

/** Stores the lines, unless a sign-in made the server the home while this change waited. */
function setLines(lines: CartLine[]) {
  $cartLines.set(lines);
  $cartValidation.set(null);
  if ($cartMode.get() === 'guest') writeGuestCart(lines);
}

/** Today's product from the API: a Product, null when it is gone, undefined when it could not be read. */
async function liveProduct(id: string): Promise<Product | null | undefined> {
  try {
    return await api.get(`/products/${encodeURIComponent(id)}`, (await browserSchemas()).Product);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    return undefined;
  }
}

const OK: Outcome = { ok: true };

export const guestHome: CartHome = {
  mode: 'guest',

  async load() {
    $cartLines.set(readGuestCart());
  },

  /**
   * Snapshots take today's name, price and stock (a variant's own, read with its product); a gone
   * product or variant is marked; the added price stays.
   */
  async refresh() {
    const ids = $cartLines.get().map((l) => l.product.id);
    if (ids.length === 0) return OK;
    const live = await fetchProducts(ids);
    if (!live) return { ok: false, message: CART_MESSAGES.refreshFailed };
    const withVariants = new Map<string, Product | null | undefined>();
    for (const line of $cartLines.get())
      if (line.variant && !withVariants.has(line.product.id))
        withVariants.set(line.product.id, await liveProduct(line.product.id));
    if ([...withVariants.values()].includes(undefined)) return { ok: false, message: CART_MESSAGES.refreshFailed };
    setLines(
      $cartLines.get().map((line) => {
        if (!ids.includes(line.product.id)) return line;
        const fresh = line.variant ? withVariants.get(line.product.id) : live.get(line.product.id);
        const variant = line.variant && fresh?.variants?.find((v) => v.id === line.variant?.id);
        if (!fresh || (line.variant && !variant)) return { ...line, unavailable: true };
        const product = asVariantSnapshot({ ...line.product, ...toSnapshot(fresh) }, variant || undefined);
        return { ...line, product, unavailable: false };
      }),
    );
    return OK;
  },

  async add(product, quantity, chosen) {
    const live = await liveProduct(product.id);
    if (live === null) return { ok: false, message: CART_MESSAGES.unavailable(product.name) };
    // The server's rule (docs/decisions/052): a product with options is bought as one of its variants.
    if (live && live.options.length > 0 && !chosen)
      return { ok: false, message: CART_MESSAGES.chooseVariant(live.options.map((o) => o.name)) };
    const liveVariant = chosen && live ? live.variants?.find((v) => v.id === chosen.id) : chosen;
    if (chosen && !liveVariant) return { ok: false, message: CART_MESSAGES.variantNotFound(product.name) };
    const variant = liveVariant ? { id: liveVariant.id, label: liveVariant.label } : undefined;
    const snapshot = asVariantSnapshot(live ? toSnapshot(live) : toSnapshot(product), liveVariant);
    const lines = $cartLines.get();
    const key = lineKey({ product: snapshot, variant });
    const existing = lines.find((l) => lineKey(l) === key);
    const wanted = (existing?.quantity ?? 0) + quantity;
    if (wanted > snapshot.stock)
      return {
        ok: false,
        message: CART_MESSAGES.insufficientStock(lineName({ product: snapshot, variant }), snapshot.stock),
      };
    setLines(
      existing
        ? lines.map((l) =>
            // The price first seen stays, so the cart still says "Price changed for …" (refresh takes the new one).
            l === existing
              ? {
                  product: snapshot,
                  ...(variant ? { variant } : {}),
                  quantity: wanted,
                  addedPrice: existing.addedPrice ?? snapshot.price,
                  unavailable: false,
                }
              : l,
          )
        : [...lines, { product: snapshot, ...(variant ? { variant } : {}), quantity, addedPrice: snapshot.price }],
    );
    return OK;
  },

  async setQuantity(line, quantity) {
    if (quantity > line.product.stock) {
      return { ok: false, message: CART_MESSAGES.insufficientStock(lineName(line), line.product.stock) };
    }
    setLines($cartLines.get().map((l) => (l === line ? { ...l, quantity } : l)));
    return OK;
  },

  async remove(line) {
    setLines($cartLines.get().filter((l) => l !== line));
    return OK;
  },

  async clear() {
    setLines([]);
    return OK;
  },

  async acceptPrices() {
    setLines($cartLines.get().map((l) => ({ ...l, addedPrice: l.product.price })));
    return OK;
  },

  /** The server has no guest cart: the lines go with the prices the shopper added at. */
  validationRequest: () => ({
    items: $cartLines.get().map((l) => ({
      productId: l.product.id,
      ...(l.variant ? { variantId: l.variant.id } : {}),
      quantity: l.quantity,
      name: lineName(l),
      ...(l.addedPrice === null ? {} : { price: l.addedPrice }),
    })),
  }),
};

onOtherTabChange(GUEST_CART_KEY, (raw) => {
  if ($cartMode.get() !== 'guest') return;
  $cartLines.set(parseGuestCart(raw));
  $cartValidation.set(null);
});
