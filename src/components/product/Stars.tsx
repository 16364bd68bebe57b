import { ratingDisplay } from '../../lib/listing';

/** Five stars, floored to whole stars, with the rating to one decimal (spec §9). */
export function Stars({
  rating,
  reviewCount,
  size = 'sm',
}: {
  rating: number;
  reviewCount?: number;
  size?: 'sm' | 'md';
}) {
  const { full, label } = ratingDisplay(rating);
  const px = size === 'sm' ? 'h-4 w-4' : 'h-5 w-5';
  return (
    <div
      className="flex items-center gap-1"
      role="img"
      aria-label={`Rated ${label} out of 5${reviewCount !== undefined ? `, ${reviewCount} reviews` : ''}`}
    >
      {[0, 1, 2, 3, 4].map((i) => (
        <svg
          key={i}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`${px} ${i < full ? 'text-gold-400' : 'text-line'}`}
          fill="currentColor"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
        </svg>
      ))}
      <span className="ml-1 text-sm font-medium text-ink">{label}</span>
      {reviewCount !== undefined && <span className="text-sm text-muted">({reviewCount})</span>}
    </div>
  );
}
