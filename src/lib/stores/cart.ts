import { atom, computed } from 'nanostores';
import { ApiRequestError, api } from '../api';
import { browserSchemas } from '../contract/browser';
import type { Cart, CartValidation } from '../contract/cart';
import type { Product } from '../contract/catalog';
import { MESSAGES } from '../messages';
import { toCents } from '../money';
import { localStore, onOtherTabChange, openChannel, parseJson, readJson, writeJson } from './browser-storage';
import { asSnapshot, fetchProducts, type ProductSnapshot, toSnapshot } from './product-snapshot';
import { toastError, toastSuccess } from './toasts';

/**
 * The cart (spec §3, §4, §7, §8), one store for every island and script on the page.
 *
 * - A guest's cart lives in local storage under GUEST_CART_KEY (product snapshots, quantities and
 *   the price the shopper added at); other tabs follow through the `storage` event.
 * - A signed-in shopper's cart lives on the server (/api/v1/cart). After every change this tab
 *   pings the BroadcastChannel "yaad-cart" and the shopper's other tabs reload it.
 * - At sign-in (`setCartAccount`), a non-empty guest cart is merged through /cart/sync (quantities
 *   added, capped at stock), local storage is cleared and "Cart Synced" shows the count; with an
 *   empty guest cart the server cart is simply loaded.
 *
 * Every verb shows the spec's success or failure toast itself, so callers only call the verb.
 */

export const GUEST_CART_KEY = 'yaad-cart';
const CHANNEL = 'yaad-cart';
const T = MESSAGES.cart;

export type CartLine = {
  product: ProductSnapshot;
  quantity: number;
  /** The unit price (dollars) when the line was added or last refreshed; null when unknown. */
  addedPrice: number | null;
  /** Set by a refresh when the product is gone from the shop. */
  unavailable?: boolean;
};
export type CartMode = 'guest' | 'server';
export type CartStatus = 'loading' | 'ready' | 'error';

/** The stored guest cart, checked by hand (no schema library on every page); anything odd is discarded. */
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
const readGuest = () => readJson(GUEST_CART_KEY, acceptGuest) ?? [];

/** The session store's hint that someone is signed in (their first name), kept in local storage. */
const SIGNED_IN_HINT_KEY = 'yaad-user';

export const $cartLines = atom<CartLine[]>(readGuest());
export const $cartMode = atom<CartMode>('guest');
/** 'loading' until the session is known when the hint says someone is signed in: no flash of an empty cart. */
export const $cartStatus = atom<CartStatus>(localStore()?.getItem(SIGNED_IN_HINT_KEY) ? 'loading' : 'ready');
/** The last validation's verdict; cleared whenever the cart changes. */
export const $cartValidation = atom<CartValidation | null>(null);
/** Units in the cart: the header badge. */
export const $cartCount = computed($cartLines, (lines) => lines.reduce((n, l) => n + l.quantity, 0));
/** Today's prices (as last refreshed) times quantities; gone products count for nothing. */
export const $cartSubtotalCents = computed($cartLines, (lines) =>
  lines.reduce((sum, l) => (l.unavailable ? sum : sum + toCents(l.product.price) * l.quantity), 0),
);

export const priceChanged = (line: CartLine) =>
  line.addedPrice !== null && toCents(line.addedPrice) !== toCents(line.product.price);

/* ---------------------------------------------------------------- state plumbing */

let userId: string | null = null;
let accountKnown = false;
let generation = 0;
let queue: Promise<unknown> = Promise.resolve();
const channel = openChannel(CHANNEL);

/** Runs cart changes one after another, so quick clicks reach the server in order. */
function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

function setLines(lines: CartLine[]) {
  $cartLines.set(lines);
  $cartValidation.set(null);
  if ($cartMode.get() === 'guest') writeJson(GUEST_CART_KEY, lines.length ? lines.map(storable) : undefined);
}

const storable = ({ product, quantity, addedPrice }: CartLine) => ({ product, quantity, addedPrice });

function fromServer(cart: Cart): CartLine[] {
  return cart.items.map((i) => ({ product: toSnapshot(i.product), quantity: i.quantity, addedPrice: i.addedPrice }));
}

function applyServer(cart: Cart, notify = true) {
  $cartLines.set(fromServer(cart));
  $cartValidation.set(null);
  $cartStatus.set('ready');
  if (notify) channel?.postMessage({ type: 'changed', userId });
}

/** The spec's message for a known refusal (stock, gone product), else the verb's fallback text. */
function reason(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && (error.code === 'insufficient_stock' || error.status === 404)) {
    return error.message;
  }
  return fallback;
}

channel?.addEventListener('message', (event: MessageEvent) => {
  const data = event.data as { type?: string; userId?: string } | undefined;
  if (data?.type === 'changed' && $cartMode.get() === 'server' && data.userId === userId) void loadCart();
});

onOtherTabChange(GUEST_CART_KEY, (raw) => {
  if ($cartMode.get() !== 'guest') return;
  $cartLines.set(raw === null ? [] : (parseJson(raw, acceptGuest) ?? []));
  $cartValidation.set(null);
});

/* ---------------------------------------------------------------- account */

/**
 * Tells the cart who is signed in (an account key, or null). Signing in merges a non-empty guest
 * cart, or loads the server cart; signing out goes back to the (empty) guest cart. The cart
 * follows the session by itself (`followSession` below); tests call this directly.
 */
export function setCartAccount(nextUserId: string | null): Promise<void> {
  if (accountKnown && nextUserId === userId) return Promise.resolve();
  accountKnown = true;
  userId = nextUserId;
  const mine = ++generation;
  if (!nextUserId) {
    $cartMode.set('guest');
    $cartStatus.set('ready');
    $cartLines.set(readGuest());
    $cartValidation.set(null);
    return Promise.resolve();
  }
  $cartMode.set('server');
  $cartStatus.set('loading');
  $cartLines.set([]);
  return serial(async () => {
    if (mine !== generation) return;
    // Claim the guest cart before the call, so a second tab signing in at once cannot merge it again.
    const guest = readGuest();
    if (guest.length === 0) return loadServerCart(mine, false);
    writeJson(GUEST_CART_KEY, undefined);
    try {
      const result = await api.post(
        '/cart/sync',
        { items: guest.map(syncItem) },
        (await browserSchemas()).CartSyncResult,
      );
      if (mine !== generation) return;
      applyServer(result);
      const notices = result.notices.length ? ` ${result.notices.join('. ')}.` : '';
      toastSuccess(T.syncedTitle, T.synced(result.merged) + notices);
    } catch (error) {
      writeJson(GUEST_CART_KEY, guest.map(storable));
      if (isSignedOut(error)) backToGuest(mine);
      else await loadServerCart(mine, true);
    }
  });
}

/** Resolves when every cart change queued so far is done (the sign-in merge, before leaving the page). */
export const cartSettled = (): Promise<void> => serial(async () => {});

const isSignedOut = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/** The server says nobody is signed in (the session ended or the hint was stale): the guest cart again. */
function backToGuest(mine: number) {
  if (mine !== generation) return;
  userId = null;
  generation += 1;
  $cartMode.set('guest');
  $cartStatus.set('ready');
  $cartLines.set(readGuest());
  $cartValidation.set(null);
}

const syncItem = (l: CartLine) => ({ productId: l.product.id, quantity: l.quantity });

async function loadServerCart(mine: number, toastOnFailure: boolean) {
  try {
    const cart = await api.get('/cart', (await browserSchemas()).Cart);
    if (mine === generation) applyServer(cart, false);
  } catch (error) {
    if (mine !== generation) return;
    if (isSignedOut(error)) return backToGuest(mine);
    $cartStatus.set('error');
    if (toastOnFailure) toastError(T.loadFailedTitle, T.loadFailed);
  }
}

/** Reloads the server cart (or re-reads the guest cart). */
export function loadCart(): Promise<void> {
  if ($cartMode.get() === 'guest') {
    $cartLines.set(readGuest());
    return Promise.resolve();
  }
  const mine = generation;
  return serial(() => loadServerCart(mine, true));
}

/* ---------------------------------------------------------------- verbs */

type Addable = Product | ProductSnapshot;

/** Today's product from the API: a Product, null when it is gone, undefined when it could not be read. */
async function liveProduct(id: string): Promise<Product | null | undefined> {
  try {
    return await api.get(`/products/${encodeURIComponent(id)}`, (await browserSchemas()).Product);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    return undefined;
  }
}

/** Adds `quantity` units (never beyond the stock); answers whether it worked. */
export function addToCart(product: Addable, quantity = 1): Promise<boolean> {
  return serial(async () => {
    const result = await addOne(product, quantity);
    if (result.ok) toastSuccess(T.addedTitle, T.added(product.name));
    else toastError(T.errorTitle, result.message);
    return result.ok;
  });
}

/** Adds one unit of each (favourites' Add All to Cart) with one toast at the end. */
export function addAllToCart(products: readonly Addable[]): Promise<number> {
  return serial(async () => {
    const problems: string[] = [];
    let added = 0;
    if ($cartMode.get() === 'server') {
      try {
        const result = await api.post(
          '/cart/sync',
          { items: products.map((p) => ({ productId: p.id, quantity: 1 })) },
          (await browserSchemas()).CartSyncResult,
        );
        applyServer(result);
        added = result.merged;
        problems.push(...result.notices);
      } catch {
        toastError(T.errorTitle, T.addFailed);
        return 0;
      }
    } else {
      for (const product of products) {
        const result = await addOne(product, 1);
        if (result.ok) added += 1;
        else problems.push(result.message);
      }
    }
    const extra = problems.length ? ` ${problems.join('. ')}.` : '';
    if (added > 0) toastSuccess(T.addedTitle, T.addedMany(added) + extra);
    else toastError(T.errorTitle, problems.length ? `${problems.join('. ')}.` : T.addFailed);
    return added;
  });
}

async function addOne(product: Addable, quantity: number): Promise<{ ok: true } | { ok: false; message: string }> {
  if (!Number.isInteger(quantity) || quantity < 1) return { ok: false, message: T.addFailed };
  if ($cartMode.get() === 'server') {
    try {
      applyServer(await api.post('/cart/add', { productId: product.id, quantity }, (await browserSchemas()).Cart));
      return { ok: true };
    } catch (error) {
      if (!isSignedOut(error)) return { ok: false, message: reason(error, T.addFailed) };
      // The session ended since the page loaded: keep the item in the guest cart instead.
      backToGuest(generation);
    }
  }
  // A guest: check against today's stock and price when the API answers, else the page's snapshot.
  const live = await liveProduct(product.id);
  if (live === null) return { ok: false, message: T.unavailable(product.name) };
  const snapshot = live ? toSnapshot(live) : toSnapshot(product);
  const lines = $cartLines.get();
  const existing = lines.find((l) => l.product.id === product.id);
  const wanted = (existing?.quantity ?? 0) + quantity;
  if (wanted > snapshot.stock) return { ok: false, message: T.insufficientStock(snapshot.name, snapshot.stock) };
  setLines(
    existing
      ? lines.map((l) =>
          // The price first seen stays, so the cart still says "Price changed for …" (refresh takes the new one).
          l === existing
            ? {
                product: snapshot,
                quantity: wanted,
                addedPrice: existing.addedPrice ?? snapshot.price,
                unavailable: false,
              }
            : l,
        )
      : [...lines, { product: snapshot, quantity, addedPrice: snapshot.price }],
  );
  return { ok: true };
}

/** Sets a line's quantity; 0 or less removes the line (spec §4). */
export function setQuantity(productId: string, quantity: number): Promise<boolean> {
  if (!Number.isFinite(quantity)) return Promise.resolve(false);
  const wanted = Math.trunc(quantity);
  if (wanted <= 0) return removeFromCart(productId);
  return serial(async () => {
    const lines = $cartLines.get();
    const line = lines.find((l) => l.product.id === productId);
    if (!line) return false;
    if (line.quantity === wanted) return true;
    if ($cartMode.get() === 'server') {
      $cartLines.set(lines.map((l) => (l === line ? { ...l, quantity: wanted } : l)));
      try {
        applyServer(await api.put('/cart/update', { productId, quantity: wanted }, (await browserSchemas()).Cart));
        return true;
      } catch (error) {
        $cartLines.set(lines);
        toastError(T.errorTitle, reason(error, T.updateFailed));
        return false;
      }
    }
    if (wanted > line.product.stock) {
      toastError(T.errorTitle, T.insufficientStock(line.product.name, line.product.stock));
      return false;
    }
    setLines(lines.map((l) => (l === line ? { ...l, quantity: wanted } : l)));
    return true;
  });
}

export function removeFromCart(productId: string): Promise<boolean> {
  return serial(async () => {
    const lines = $cartLines.get();
    const line = lines.find((l) => l.product.id === productId);
    if (!line) return false;
    const rest = lines.filter((l) => l !== line);
    if ($cartMode.get() === 'server') {
      $cartLines.set(rest);
      try {
        applyServer(await api.delete('/cart/remove', { productId }, (await browserSchemas()).Cart));
      } catch {
        $cartLines.set(lines);
        toastError(T.errorTitle, T.removeFailed);
        return false;
      }
    } else setLines(rest);
    toastSuccess(T.removedTitle, T.removed(line.product.name));
    return true;
  });
}

/** Empties the server cart (when signed in) and the local one (spec §4). */
export function clearCart(options: { quiet?: boolean } = {}): Promise<boolean> {
  return serial(async () => {
    if ($cartMode.get() === 'server') {
      try {
        applyServer(await api.delete('/cart/clear', undefined, (await browserSchemas()).Cart));
      } catch {
        if (!options.quiet) toastError(T.errorTitle, T.clearFailed);
        return false;
      }
      writeJson(GUEST_CART_KEY, undefined);
    } else setLines([]);
    if (!options.quiet) toastSuccess(T.clearedTitle, T.cleared);
    return true;
  });
}

/**
 * Brings the lines up to today (the cart page calls this when it opens): the server cart is
 * reloaded; a guest's snapshots take today's name, price and stock from the API, and a product
 * that is gone is marked. The price each line was added at is kept, for the price check.
 */
export function refreshCart(): Promise<boolean> {
  if ($cartMode.get() === 'server') {
    const mine = generation;
    return serial(async () => {
      await loadServerCart(mine, true);
      return $cartStatus.get() === 'ready';
    });
  }
  return serial(async () => {
    const ids = $cartLines.get().map((l) => l.product.id);
    if (ids.length === 0) return true;
    const live = await fetchProducts(ids);
    if (!live) {
      toastError(T.errorTitle, T.refreshFailed);
      return false;
    }
    setLines(
      $cartLines.get().map((line) => {
        if (!ids.includes(line.product.id)) return line;
        const fresh = live.get(line.product.id);
        if (!fresh) return { ...line, unavailable: true };
        return { ...line, product: { ...line.product, ...toSnapshot(fresh) }, unavailable: false };
      }),
    );
    return true;
  });
}

/** Accepts today's prices after a "Price changed" verdict. */
export function acceptCurrentPrices(): Promise<boolean> {
  return serial(async () => {
    if ($cartMode.get() === 'server') {
      try {
        applyServer(await api.post('/cart/refresh', undefined, (await browserSchemas()).Cart));
        return true;
      } catch {
        toastError(T.errorTitle, T.refreshFailed);
        return false;
      }
    }
    setLines($cartLines.get().map((l) => ({ ...l, addedPrice: l.product.price })));
    return true;
  });
}

/** Checks the cart against today's stock and prices (spec §5); null when the check itself failed. */
export function validateCart(): Promise<CartValidation | null> {
  return serial(async () => {
    const body =
      $cartMode.get() === 'server'
        ? {}
        : {
            items: $cartLines.get().map((l) => ({
              productId: l.product.id,
              quantity: l.quantity,
              name: l.product.name,
              ...(l.addedPrice === null ? {} : { price: l.addedPrice }),
            })),
          };
    try {
      const verdict = await api.post('/cart/validate', body, (await browserSchemas()).CartValidation);
      $cartValidation.set(verdict);
      return verdict;
    } catch {
      toastError(T.errorTitle, T.validateFailed);
      return null;
    }
  });
}

export const cartLineFor = (productId: string) => $cartLines.get().find((l) => l.product.id === productId);

/**
 * Follows the session through what the accounts feature keeps for every page: the `yaad-user`
 * hint in local storage and the `yaad:session` event it raises in this tab (other tabs see the
 * hint change through the `storage` event). The hint only says someone may be signed in; the
 * server decides (GET /cart answers 401 when nobody is).
 */
function followSession() {
  if (typeof window === 'undefined' || !window.addEventListener) return;
  const check = () => void setCartAccount(localStore()?.getItem(SIGNED_IN_HINT_KEY) || null);
  window.addEventListener('yaad:session', check);
  onOtherTabChange(SIGNED_IN_HINT_KEY, check);
  check();
}
followSession();
