import type { CSSProperties } from 'react';
import { ratingDisplay, starsCountText, starsLabel } from '../../lib/listing';

/**
 * Five stars, floored to whole stars, with the rating to one decimal (spec §9). The stars are one
 * element (`.stars` in global.css), not five SVGs: a listing has dozens of cards. `counts` names
 * what the count counts for a screen reader: a product's reviews, or a seller's ratings. `live`
 * (a product card's) lets src/scripts/live-products.ts bring the stars, the number, the count and
 * the label up to date on a static page (data-live-rating="card"); an island that hydrates after
 * that takes them over as they are (suppressHydrationWarning, as the card's price).
 */
export function Stars({
  rating,
  reviewCount,
  size = 'sm',
  counts = 'review',
  live = false,
}: {
  rating: number;
  reviewCount?: number;
  size?: 'sm' | 'md';
  counts?: 'review' | 'rating';
  live?: boolean;
}) {
  const { full, label } = ratingDisplay(rating);
  // What live-products.ts finds and changes, only on a live line.
  const mark = (name: string) => (live ? { [name]: '', suppressHydrationWarning: true } : {});
  return (
    // The count moves whole to the next line on a narrow card (two cards a row at 360 px) instead of being cut.
    <div
      className="flex flex-wrap items-center gap-x-1"
      role="img"
      aria-label={starsLabel(rating, reviewCount, counts)}
      {...(live ? { 'data-live-rating': 'card', suppressHydrationWarning: true } : {})}
    >
      <span
        aria-hidden="true"
        className={size === 'sm' ? 'stars' : 'stars stars-md'}
        style={{ '--stars-full': full } as CSSProperties}
        {...mark('data-rating-stars')}
      />
      <span className="ml-1 text-sm font-medium text-ink" {...mark('data-rating-value')}>
        {label}
      </span>
      {reviewCount !== undefined && (
        <span className="whitespace-nowrap text-sm text-muted" {...mark('data-rating-count')}>
          {starsCountText(reviewCount)}
        </span>
      )}
    </div>
  );
}
