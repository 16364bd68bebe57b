import type { CSSProperties } from 'react';
import type { ReviewSummary } from '../../lib/contract/reviews';
import { ratingDisplay } from '../../lib/listing';
import { reviewCountText, type StarCounts, starShare } from '../../lib/ratings';

const LEVELS = [5, 4, 3, 2, 1] as const;

/** The average, the stars and one bar per star level (how many reviews gave it). */
export function RatingBars({ summary }: { summary: ReviewSummary }) {
  const { full, label } = ratingDisplay(summary.average);
  const counts: StarCounts = {
    1: summary.histogram['1'],
    2: summary.histogram['2'],
    3: summary.histogram['3'],
    4: summary.histogram['4'],
    5: summary.histogram['5'],
  };
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:gap-8">
      <div className="flex flex-col items-start gap-1">
        <p className="text-4xl font-bold text-ink" data-reviews-average>
          {label}
          <span className="sr-only"> out of 5</span>
        </p>
        <span aria-hidden="true" className="stars stars-md" style={{ '--stars-full': full } as CSSProperties} />
        <p className="text-sm text-muted" data-reviews-count>
          {reviewCountText(summary.count)}
        </p>
      </div>
      <ul className="flex w-full max-w-sm flex-col gap-1.5" aria-label="Reviews per star level">
        {LEVELS.map((star) => {
          const share = starShare(counts, star);
          return (
            <li key={star} className="flex items-center gap-2 text-sm">
              <span className="w-14 shrink-0 text-ink">
                {star} {star === 1 ? 'star' : 'stars'}
              </span>
              <span className="h-2.5 flex-1 overflow-hidden rounded-full bg-line" aria-hidden="true">
                <span className="block h-full rounded-full bg-gold-400" style={{ width: `${share}%` }} />
              </span>
              <span className="w-20 shrink-0 text-right whitespace-nowrap text-muted">
                {counts[star]}
                <span className="sr-only"> {counts[star] === 1 ? 'review' : 'reviews'}</span> ({share}%)
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
