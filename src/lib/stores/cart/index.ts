/**
 * The cart (spec §3, §4, §7, §8), one store for every island and script on the page: one set of
 * verbs (`verbs.ts`) over two homes behind one interface (`home.ts`): a guest's cart in browser
 * storage (`guest-home.ts`) and a signed-in shopper's on the server (`server-home.ts`). Which
 * home is used follows the signed-in hint (`account.ts`); the state every reader shares is in
 * `state.ts`.
 */
export { setCartAccount } from './account';
export { type ChosenVariant, type LineVariant, lineKey, lineName } from './cart-line';
export {
  $cartCount,
  $cartLines,
  $cartMode,
  $cartStatus,
  $cartSubtotalCents,
  $cartValidation,
  type CartLine,
  type CartMode,
  type CartStatus,
  priceChanged,
} from './state';
export {
  acceptCurrentPrices,
  addAllToCart,
  addToCart,
  cartLineFor,
  clearCart,
  loadCart,
  refreshCart,
  removeFromCart,
  setQuantity,
  validateCart,
} from './verbs';
