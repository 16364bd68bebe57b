import type { Product } from '../../lib/contract/catalog';
import { stockBadge } from '../../lib/listing';
import { productSnapshot } from '../../lib/product-page';
import { optionsHint, priceIsFrom } from '../../lib/variant-card';
import { Picture } from '../ui/Picture';
import { Price } from '../ui/Price';
import { Heart } from './Heart';
import { Stars } from './Stars';

/**
 * The shared product card (spec §2): image or placeholder, "+N photos", Low Stock / Out of
 * Stock, floored stars, store link, heart and Add. Static HTML on built pages (price, stock and
 * stars refreshed by src/scripts/live-products.ts) and live inside islands; the buttons are wired by
 * src/scripts/product-actions.ts through their data attributes. What live-products.ts refreshes
 * (price, stock badge, Add, the stars' line) is marked suppressHydrationWarning: a listing's island hydrates on the
 * first tap, after that refresh, and must take today's values over as they are; a mismatch made
 * React throw the cards away and draw them again, losing the tap (tests/e2e/first-tap.spec.ts).
 */
export function ProductCard({
  product: p,
  priority = false,
  layout = 'grid',
}: {
  product: Product;
  /** true: the first screen's largest paint may be this card's photo; 'low': in the first screen, after the page's banner. */
  priority?: boolean | 'low';
  layout?: 'grid' | 'list';
}) {
  const badge = stockBadge(p.stock);
  const snapshot = productSnapshot(p);
  const extra = p.images.length - 1;
  // Sold in sizes or colours (decision 053): "from" the cheapest, a hint, and a size is chosen on its page.
  const picks = p.options.length > 0;
  const hint = optionsHint(p.options);
  return (
    <article
      className={`card render-later group relative flex overflow-hidden ${layout === 'list' ? 'flex-row [--render-later-h:12rem]' : 'flex-col [--render-later-h:21rem]'}`}
      data-live-product={p.id}
    >
      <div
        className={`relative shrink-0 overflow-hidden bg-surface ${layout === 'list' ? 'w-36 sm:w-48' : 'aspect-square'}`}
      >
        <a href={`/product/${p.id}`} tabIndex={-1} aria-hidden="true" className="block h-full">
          <Picture
            src={p.images[0]}
            alt=""
            width={400}
            height={400}
            sizes="(min-width: 1024px) 22vw, (min-width: 640px) 30vw, 45vw"
            widths={[240, 320, 480]}
            priority={priority}
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        </a>
        <div className="absolute left-2 top-2 flex flex-col items-start gap-1">
          <span
            data-stock-badge=""
            className={`badge ${badge === 'out' ? 'badge-red' : 'badge-gold'} ${badge ? '' : 'hidden'}`}
            // live-products.ts may have brought it up to date before an island hydrates: kept as is.
            suppressHydrationWarning
          >
            {badge === 'out' ? 'Out of Stock' : 'Low Stock'}
          </span>
          {p.discounted && <span className="badge badge-green">Sale</span>}
        </div>
        {extra > 0 && (
          <span className="badge absolute bottom-2 left-2 bg-ink/75 text-white">
            +{extra} {extra === 1 ? 'photo' : 'photos'}
          </span>
        )}
        <button
          type="button"
          className="absolute right-2 top-2 inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-ink shadow-sm hover:text-danger aria-pressed:text-danger"
          aria-pressed="false"
          aria-label={`Save ${p.name} to favorites`}
          data-favorite={snapshot}
        >
          <Heart />
        </button>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-3">
        <a
          href={`/seller/${p.store.id}`}
          className="truncate text-xs font-medium text-muted hover:text-brand-700 hover:underline"
        >
          {p.store.name}
        </a>
        <h3 className="line-clamp-2 min-h-10 text-sm font-semibold leading-5">
          <a href={`/product/${p.id}`} className="hover:text-brand-700">
            {p.name}
          </a>
        </h3>
        {layout === 'list' && <p className="line-clamp-2 text-sm text-muted">{p.description}</p>}
        <Stars rating={p.rating} reviewCount={p.reviewCount} live />
        {hint && <p className="text-xs text-muted">{hint}</p>}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-1">
          <p className="flex flex-col leading-tight">
            <span className="text-base font-bold">
              {priceIsFrom(p) && <span className="text-xs font-medium text-muted">from </span>}
              <span data-price="" suppressHydrationWarning>
                <Price dollars={p.price} />
              </span>
            </span>
            {p.compareAtPrice && (
              <s className="text-xs text-muted">
                <span className="sr-only">Was </span>
                <Price dollars={p.compareAtPrice} />
              </s>
            )}
          </p>
          {picks ? (
            <a href={`/product/${p.id}`} className="btn btn-primary btn-sm" aria-label={`Choose options for ${p.name}`}>
              Choose
            </a>
          ) : (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              data-add-to-cart={snapshot}
              disabled={p.stock <= 0}
              suppressHydrationWarning
              aria-label={`Add ${p.name} to cart`}
            >
              Add
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
