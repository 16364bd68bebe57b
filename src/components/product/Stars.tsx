import type { CSSProperties } from 'react';
import { ratingDisplay, starsCountText, starsLabel } from '../../lib/listing';
import { NO_REVIEWS } from '../../lib/ratings';

/**
 * Five stars, floored to whole stars, with the rating to one decimal (spec §9). The stars are one
 * element (`.stars` in global.css), not five SVGs: a listing has dozens of cards. `counts` names
 * what the count counts for a screen reader: a product's reviews, or a seller's ratings. A product
 * without reviews says "No reviews yet" instead of "0.0 (0)" and five grey stars, which read as a
 * zero rating (README deviations); without a count (a search result), a rating of 0 means none,
 * as an average of 1 to 5 stars is never 0. `live` (a product card's) lets
 * src/scripts/live-products.ts bring the stars, the number, the count and the label up to date on a
 * static page (data-live-rating="card"), showing one of the two lines; an island that hydrates after
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
  const none = (reviewCount ?? (rating > 0 ? 1 : 0)) === 0;
  // What live-products.ts finds and changes, only on a live line.
  const mark = (name: string) => (live ? { [name]: '', suppressHydrationWarning: true } : {});
  const stars = (
    // The count moves whole to the next line on a narrow card (two cards a row at 360 px) instead of being cut.
    <div
      className="flex flex-wrap items-center gap-x-1"
      role="img"
      aria-label={starsLabel(rating, reviewCount, counts)}
      {...(live ? { 'data-rating-label': '', suppressHydrationWarning: true } : {})}
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
  const noReviews = <p className="text-sm text-muted">{NO_REVIEWS}</p>;
  if (!live) return none ? noReviews : stars;
  // Both lines, one hidden: live-products.ts shows the other when the first review comes (or the last goes).
  return (
    <div data-live-rating="card" suppressHydrationWarning>
      <div className={none ? 'hidden' : undefined} data-rating-some="" suppressHydrationWarning>
        {stars}
      </div>
      <div className={none ? undefined : 'hidden'} data-rating-none="" suppressHydrationWarning>
        {noReviews}
      </div>
    </div>
  );
}
