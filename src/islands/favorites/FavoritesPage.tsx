import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ProductCard } from '../../components/product/ProductCard';
import { CardSkeletons, StatusCard } from '../../components/ui/StatusCard';
import type { Product } from '../../lib/contract/catalog';
import { MESSAGES } from '../../lib/messages';
import { addAllToCart } from '../../lib/stores/cart';
import { $favorites, type FavoriteProduct } from '../../lib/stores/favorites';
import { fetchProducts } from '../../lib/stores/product-snapshot';
import { useMounted } from '../use-mounted';

/**
 * /favorites (spec §2): the count, Add All to Cart (one unit of each), and the saved products as
 * the shared product cards (whose heart and Add are wired by src/scripts/product-actions.ts);
 * empty: "No favorites yet" with Discover Products. Cards show today's price and stock.
 */
export default function FavoritesPage() {
  const mounted = useMounted();
  const favorites = useStore($favorites);
  const [live, setLive] = useState<Map<string, Product>>(new Map());
  const [busy, setBusy] = useState(false);

  const ids = favorites.map((f) => f.id).join(',');
  useEffect(() => {
    if (!ids) return;
    let current = true;
    void fetchProducts(ids.split(',')).then((found) => {
      if (current && found) setLive((before) => new Map([...before, ...found]));
    });
    return () => {
      current = false;
    };
  }, [ids]);

  if (!mounted) return <FavoritesSkeleton />;
  if (favorites.length === 0) {
    return (
      <StatusCard
        size="page"
        tone="danger"
        icon={
          <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M12 20s-7-4.4-9.3-8.6C1.1 8.3 3 4.5 6.6 4.5c2 0 3.4 1.1 5.4 3.2 2-2.1 3.4-3.2 5.4-3.2 3.6 0 5.5 3.8 3.9 6.9C19 15.6 12 20 12 20z" />
          </svg>
        }
        title={MESSAGES.favorites.empty}
        text="Tap the heart on any product to keep it here for later."
      >
        <a href="/" className="btn btn-primary">
          Discover Products
        </a>
      </StatusCard>
    );
  }

  const products = favorites.map((f) => live.get(f.id) ?? asProduct(f));
  const count = products.length;
  return (
    <div>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted" aria-live="polite">
          {count} saved {count === 1 ? 'item' : 'items'}
        </p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={async () => {
            setBusy(true);
            try {
              await addAllToCart(products);
            } finally {
              setBusy(false);
            }
          }}
        >
          {busy ? 'Adding…' : 'Add All to Cart'}
        </button>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
        {products.map((p) => (
          <li key={p.id} className="flex">
            <div className="flex w-full flex-col [&>article]:flex-1">
              <ProductCard product={p} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A stored favourite as a full product, for the card, until today's data arrives. */
function asProduct(f: FavoriteProduct): Product {
  const extra = f as Partial<Product>;
  return {
    id: f.id,
    name: f.name,
    description: typeof extra.description === 'string' ? extra.description : '',
    price: f.price,
    compareAtPrice: null,
    discounted: false,
    images: f.images,
    category: f.category,
    subcategory: typeof extra.subcategory === 'string' ? extra.subcategory : '',
    stock: f.stock,
    store: {
      id: f.store.id,
      name: f.store.name,
      logo: null,
      verified: false,
      location: '',
      user_id: null,
      ...(f.store as Partial<Product['store']>),
    },
    rating: typeof extra.rating === 'number' ? extra.rating : 0,
    reviewCount: typeof extra.reviewCount === 'number' ? extra.reviewCount : 0,
    tags: [],
    createdAt: '',
    salesCount: 0,
    sku: '',
    options: [],
  };
}

function FavoritesSkeleton() {
  return (
    <div aria-busy="true">
      <p className="sr-only">Loading your favorites…</p>
      <div className="skeleton mb-5 h-6 w-40" />
      <CardSkeletons count={4} gridClassName="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" />
    </div>
  );
}
