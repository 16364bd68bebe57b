/**
 * Every text the spec fixes (spec §5 and §8), in one place, so the server, the islands and the
 * tests say exactly the same thing.
 */
export const MESSAGES = {
  products: {
    loadFailed: 'Failed to load products from the server',
    loadFailedToast: 'Failed to load products. Please try again.',
    none: 'No products available at the moment.',
    categoryFailed: 'Failed to load products. Please try again later.',
    notFound: 'Product Not Found',
    sellerNotFound: 'Seller Not Found',
    noMatches: 'No products found matching your criteria.',
  },
  shipping: {
    setAddressFailed: 'Failed to set shipping address',
    optionsFailed: 'Failed to get shipping options',
    selectFailed: 'Failed to select shipping option',
    noneToLocation: 'No shipping available to this location',
    noneForLocation: 'No shipping options available for this location',
    loadFailed: 'Failed to load shipping options',
    noneForSeller: 'No shipping options available',
  },
  search: {
    failed: 'Failed to search products. Please try again.',
    failedToastTitle: 'Search Error',
    failedToast: 'Failed to perform search. Please try again.',
  },
  cart: {
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
    insufficientStock: (name: string, available: number) => `Insufficient stock for "${name}". Available: ${available}`,
    priceChanged: (name: string) => `Price changed for "${name}". Please refresh your cart`,
    couldNotValidate: (name: string) => `Could not validate "${name}"`,
    notInCart: (name: string) => `"${name}" is not in your cart`,
  },
  favorites: {
    addedTitle: 'Added to favorites',
    added: (name: string) => `${name} has been added to your favorites.`,
    removedTitle: 'Removed from favorites',
    removed: 'Item has been removed from your favorites.',
    empty: 'No favorites yet',
  },
} as const;
