import { useState } from 'react';
import type { Product } from '../../lib/contract/catalog';
import { addToCart } from '../../lib/stores/cart';
import type { ProductSnapshot } from '../../lib/stores/product-snapshot';

type Props = {
  product: Product | ProductSnapshot;
  quantity?: number;
  label?: string;
  className?: string;
};

/**
 * "Add to Cart" for islands (static HTML uses `data-add-to-cart` and src/scripts/product-actions.ts).
 * Disabled when out of stock (spec §9); the verb shows the success or failure toast.
 */
export default function AddToCartButton({
  product,
  quantity = 1,
  label = 'Add to Cart',
  className = 'btn btn-primary',
}: Props) {
  const [busy, setBusy] = useState(false);
  const soldOut = product.stock <= 0;
  return (
    <button
      type="button"
      className={className}
      disabled={soldOut}
      aria-busy={busy || undefined}
      aria-label={label === 'Add to Cart' || label === 'Add' ? `Add ${product.name} to cart` : undefined}
      onClick={async () => {
        if (busy) return;
        setBusy(true);
        try {
          await addToCart(product, quantity);
        } finally {
          setBusy(false);
        }
      }}
    >
      {soldOut ? 'Out of Stock' : label}
    </button>
  );
}
