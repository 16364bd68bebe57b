import { Heart } from '../../components/product/Heart';
import { Stars } from '../../components/product/Stars';
import { Picture } from '../../components/ui/Picture';
import { Price } from '../../components/ui/Price';
import { stockText } from '../../lib/listing';
import type { SearchHit } from '../../lib/search/static-search';
import { toSnapshot } from '../../lib/stores/product-snapshot';

/**
 * One search result (spec §2 Search): image (placeholder if none), price badge, name,
 * description, subcategory badge, stars to one decimal, "N in stock" / "Out of stock", Add to
 * Cart (disabled at zero stock) and Favorite / Favorited. The buttons are wired like every
 * product card's (src/scripts/product-actions.ts), so the toasts and stores are the same.
 */
export function SearchResultCard({
  hit,
  layout,
  priority,
}: {
  hit: SearchHit;
  layout: 'grid' | 'list';
  priority: boolean;
}) {
  const { id, name, price, stock, category, store } = hit;
  const snapshot = JSON.stringify(
    toSnapshot({ id, name, price, stock, category, store: { ...store }, images: hit.image ? [hit.image] : [] }),
  );
  const list = layout === 'list';
  // Phones always get a row (a small picture beside the text); wider screens follow the toggle.
  return (
    <article
      className={`card flex flex-row overflow-hidden ${list ? '' : 'sm:flex-col'}`}
      data-product-id={hit.id}
      data-category={hit.category}
      data-store={hit.store.id}
    >
      <a
        href={`/product/${encodeURIComponent(hit.id)}`}
        tabIndex={-1}
        aria-hidden="true"
        className={`relative block w-28 shrink-0 self-start overflow-hidden bg-surface aspect-square ${list ? 'sm:w-48' : 'sm:aspect-[4/3] sm:w-full'}`}
      >
        <Picture
          src={hit.image}
          alt=""
          width={400}
          height={400}
          sizes="(min-width: 1024px) 22vw, (min-width: 640px) 30vw, 112px"
          widths={[240, 480]}
          priority={priority}
          className="h-full w-full object-cover"
        />
        <span className="badge absolute left-1.5 top-1.5 bg-white/95 font-bold text-ink shadow-sm sm:left-2 sm:top-2 sm:text-sm">
          <Price dollars={hit.price} />
        </span>
      </a>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3 sm:gap-2 sm:p-4">
        <div className="flex flex-wrap items-center gap-2">
          {hit.subcategory && <span className="badge badge-grey">{hit.subcategory}</span>}
          <span className="truncate text-xs text-muted">{hit.store.name}</span>
        </div>
        <h2 className="line-clamp-2 text-base font-semibold leading-6">
          <a href={`/product/${encodeURIComponent(hit.id)}`} className="hover:text-brand-700 hover:underline">
            {hit.name}
          </a>
        </h2>
        <p className="line-clamp-2 text-sm text-muted">{hit.description}</p>
        <Stars rating={hit.rating} />
        <p className={`text-sm font-medium ${hit.stock > 0 ? 'text-brand-700' : 'text-danger'}`}>
          {stockText(hit.stock, { lowNote: false })}
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-1 [&>*]:min-w-[7.5rem]">
          <button
            type="button"
            className="btn btn-primary btn-sm flex-1"
            data-add-to-cart={snapshot}
            disabled={hit.stock <= 0}
          >
            Add to Cart
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm flex-1 aria-pressed:text-danger"
            aria-pressed="false"
            data-favorite={snapshot}
          >
            <Heart />
            <span data-favorite-text data-on="Favorited" data-off="Favorite">
              Favorite
            </span>
          </button>
        </div>
      </div>
    </article>
  );
}
