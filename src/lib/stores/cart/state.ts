import { atom, computed } from 'nanostores';
import type { CartValidation } from '../../contract/cart';
import { toCents } from '../../money';
import { readSignedInHint } from '../signed-in-hint';
import type { CartLine } from './cart-line';
import { readGuestCart } from './guest-storage';

/** What every island and script on the page reads of the cart, whichever home it lives in. */
export type { CartLine };
/** Which home the lines come from: browser storage (a guest) or the server (someone signed in). */
export type CartMode = 'guest' | 'server';
export type CartStatus = 'loading' | 'ready' | 'error';

export const $cartLines = atom<CartLine[]>(readGuestCart());
export const $cartMode = atom<CartMode>('guest');
/** 'loading' until the session is known when the hint says someone is signed in: no flash of an empty cart. */
export const $cartStatus = atom<CartStatus>(readSignedInHint() ? 'loading' : 'ready');
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

/**
 * Whose cart this tab shows: who the signed-in hint named at the last switch of homes (null for
 * a guest), whether that is known yet, and a generation every switch bumps, so an answer that
 * arrives after a switch is dropped instead of overwriting the new owner's lines.
 */
export const cartOwner: { signedInAs: string | null; known: boolean; generation: number } = {
  signedInAs: null,
  known: false,
  generation: 0,
};

let queue: Promise<unknown> = Promise.resolve();

/** Runs cart changes one after another, so quick clicks reach the server in order. */
export function serial<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}
