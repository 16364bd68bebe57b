import { useStore } from '@nanostores/react';
import type { Product } from '../../lib/contract/catalog';
import { $favoriteIds, toggleFavorite } from '../../lib/stores/favorites';
import type { ProductSnapshot } from '../../lib/stores/product-snapshot';
import { useMounted } from '../use-mounted';

type Props = { product: Product | ProductSnapshot; variant?: 'icon' | 'labelled'; className?: string };

/**
 * The favourite toggle for islands: a heart (cards) or "Save"/"Saved" (product page). Static HTML
 * uses `data-favorite` and src/scripts/product-actions.ts instead.
 */
export default function FavoriteButton({ product, variant = 'icon', className }: Props) {
  const mounted = useMounted();
  const ids = useStore($favoriteIds);
  const saved = mounted && ids.has(product.id);
  const heart = (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="currentColor"
      fillOpacity={saved ? 1 : 0}
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 20s-7-4.4-9.3-8.6C1.1 8.3 3 4.5 6.6 4.5c2 0 3.4 1.1 5.4 3.2 2-2.1 3.4-3.2 5.4-3.2 3.6 0 5.5 3.8 3.9 6.9C19 15.6 12 20 12 20z" />
    </svg>
  );
  if (variant === 'labelled') {
    return (
      <button
        type="button"
        aria-pressed={saved}
        onClick={() => toggleFavorite(product)}
        className={className ?? `btn btn-secondary ${saved ? 'text-danger' : ''}`}
      >
        {heart}
        <span>{saved ? 'Saved' : 'Save'}</span>
      </button>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={`Save ${product.name} to favorites`}
      onClick={() => toggleFavorite(product)}
      className={
        className ??
        `inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/90 shadow-sm hover:text-danger ${saved ? 'text-danger' : 'text-ink'}`
      }
    >
      {heart}
    </button>
  );
}
