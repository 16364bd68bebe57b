import { followSignedInHint } from '../signed-in-hint';
import { guestHome, showGuestCart } from './guest-home';
import type { CartHome } from './home';
import { openServerCart, serverHome } from './server-home';
import { $cartLines, $cartMode, $cartStatus, cartOwner, serial } from './state';

/** The home the cart lives in now. */
export const currentHome = (): CartHome => ($cartMode.get() === 'server' ? serverHome : guestHome);

/**
 * Tells the cart who is signed in (the hint's first name), or null for nobody. Signing in merges
 * a non-empty guest cart, or loads the server cart; signing out goes back to the (empty) guest
 * cart. The cart follows the signed-in hint by itself (below); tests call this directly.
 */
export function setCartAccount(signedInAs: string | null): Promise<void> {
  if (cartOwner.known && signedInAs === cartOwner.signedInAs) return Promise.resolve();
  cartOwner.known = true;
  cartOwner.signedInAs = signedInAs;
  const mine = ++cartOwner.generation;
  if (signedInAs === null) {
    showGuestCart();
    return Promise.resolve();
  }
  $cartMode.set('server');
  $cartStatus.set('loading');
  $cartLines.set([]);
  return serial(() => openServerCart(mine));
}

// The hint only says someone may be signed in; the server decides (GET /cart answers 401 when nobody is).
followSignedInHint(setCartAccount);
