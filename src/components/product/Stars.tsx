import type { CSSProperties } from 'react';
import { ratingDisplay, starsLabel } from '../../lib/listing';

/**
 * Five stars, floored to whole stars, with the rating to one decimal (spec §9). The stars are one
 * element (`.stars` in global.css), not five SVGs: a listing has dozens of cards. `counts` names
 * what the count counts for a screen reader: a product's reviews, or a seller's ratings.
 */
export function Stars({
  rating,
  reviewCount,
  size = 'sm',
  counts = 'review',
}: {
  rating: number;
  reviewCount?: number;
  size?: 'sm' | 'md';
  counts?: 'review' | 'rating';
}) {
  const { full, label } = ratingDisplay(rating);
  return (
    // The count moves whole to the next line on a narrow card (two cards a row at 360 px) instead of being cut.
    <div
      className="flex flex-wrap items-center gap-x-1"
      role="img"
      aria-label={starsLabel(rating, reviewCount, counts)}
    >
      <span
        aria-hidden="true"
        className={size === 'sm' ? 'stars' : 'stars stars-md'}
        style={{ '--stars-full': full } as CSSProperties}
      />
      <span className="ml-1 text-sm font-medium text-ink">{label}</span>
      {reviewCount !== undefined && <span className="whitespace-nowrap text-sm text-muted">({reviewCount})</span>}
    </div>
  );
}
