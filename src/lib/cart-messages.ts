/**
 * The cart's texts (spec §5), part of MESSAGES (messages.ts) as `MESSAGES.cart`. Their own file
 * because every page's one script (the cart badge, Add to Cart) says them, and importing them from
 * here keeps the rest of MESSAGES out of that script (issue 31's product-page budget).
 */
export const CART_MESSAGES = {
  loadFailedTitle: 'Cart Error',
  loadFailed: 'Could not load your cart. Please refresh the page.',
  errorTitle: 'Error',
  addFailed: 'Failed to add item to cart.',
  updateFailed: 'Failed to update quantity.',
  removeFailed: 'Failed to remove item.',
  clearFailed: 'Failed to clear cart.',
  refreshFailed: 'Failed to refresh cart.',
  validateFailed: 'Unable to validate cart. Please try again.',
  addedTitle: 'Added to cart',
  added: (name: string) => `${name} has been added to your cart.`,
  addedMany: (count: number) => `${count} ${count === 1 ? 'item has' : 'items have'} been added to your cart.`,
  removedTitle: 'Removed from cart',
  removed: (name: string) => `${name} has been removed from your cart.`,
  clearedTitle: 'Cart cleared',
  cleared: 'Your cart is now empty.',
  syncedTitle: 'Cart Synced',
  synced: (count: number) =>
    `${count} ${count === 1 ? 'item' : 'items'} from this device ${count === 1 ? 'was' : 'were'} added to your cart.`,
  // Spec §5: cart validation before checkout; the server and the cart page say the same.
  empty: 'Cart is empty',
  unavailable: (name: string) => `Product "${name}" is no longer available`,
  storeClosed: (name: string) => `"${name}" cannot be ordered: its store is not open on Yaad Market right now`,
  insufficientStock: (name: string, available: number) => `Insufficient stock for "${name}". Available: ${available}`,
  priceChanged: (name: string) => `Price changed for "${name}". Please refresh your cart`,
  couldNotValidate: (name: string) => `Could not validate "${name}"`,
  notInCart: (name: string) => `"${name}" is not in your cart`,
  // Issue 30: a product with options is bought as one of its variants (docs/decisions/052).
  chooseVariant: (optionNames: readonly string[]) =>
    optionNames.length === 1
      ? `Choose a ${optionNames[0].toLowerCase()}`
      : `Choose a ${optionNames.slice(0, -1).join(', ')} and ${optionNames[optionNames.length - 1]}`,
  variantNotFound: (name: string) => `"${name}" is not sold in that choice`,
} as const;
