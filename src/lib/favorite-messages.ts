/** The favourites' texts (spec §5), part of MESSAGES as `MESSAGES.favorites`; their own file for the reason cart-messages.ts gives. */
export const FAVORITE_MESSAGES = {
  addedTitle: 'Added to favorites',
  added: (name: string) => `${name} has been added to your favorites.`,
  removedTitle: 'Removed from favorites',
  removed: 'Item has been removed from your favorites.',
  empty: 'No favorites yet',
} as const;
