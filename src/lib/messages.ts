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
} as const;
