/**
 * The rules of reviews and ratings that the API, the pages and the tests share
 * (docs/decisions/018-reviews-and-ratings.md). Pure: no I/O.
 */

/** The id of a product page's reviews section, where the review form and the seller's reply are. */
export const REVIEWS_ANCHOR = 'reviews';

/** What a product without reviews says where its stars would be (its page, its cards). */
export const NO_REVIEWS = 'No reviews yet';

/** A product page at its reviews: the address the order page, the dashboard and the mails link to. */
export const productReviewsPath = (productId: string) => `/product/${encodeURIComponent(productId)}/#${REVIEWS_ANCHOR}`;

/** A review's author may edit or delete it for this long after writing it. */
export const REVIEW_EDIT_DAYS = 30;
export const REVIEW_EDIT_MS = REVIEW_EDIT_DAYS * 24 * 60 * 60 * 1000;

/** Text limits, in characters (after trimming). */
export const REVIEW_LIMITS = {
  title: 120,
  body: 4000,
  reply: 2000,
  reportReason: 500,
  hideReason: 500,
  keepNote: 500,
} as const;

/** Reviews per page on the product page (the API allows up to 50). */
export const REVIEWS_PER_PAGE = 5;

/**
 * The rating sort ranks by a Bayesian average: each product's reviews are blended with
 * PRIOR_REVIEWS imaginary reviews of PRIOR_MEAN stars,
 *
 *   score = (PRIOR_REVIEWS × PRIOR_MEAN + n × mean) / (PRIOR_REVIEWS + n)
 *
 * so a product needs several good reviews before it outranks a well-reviewed one: one 5-star
 * review scores (15 + 5) / 6 ≈ 3.33, two hundred reviews averaging 4.8 score ≈ 4.76. The prior
 * mean is the middle of the scale (no evidence is neither good nor bad), and a fixed constant
 * rather than the catalogue's mean, so the same product sorts the same way in SQL, in the pages'
 * own sorting and in a test, whatever else is in the catalogue.
 */
export const PRIOR_REVIEWS = 5;
export const PRIOR_MEAN = 3;

/** The Bayesian average of `count` reviews whose mean is `mean` (0 reviews: the prior mean). */
export function bayesianRating(mean: number, count: number): number {
  const n = Math.max(0, count);
  return (PRIOR_REVIEWS * PRIOR_MEAN + n * (n > 0 ? mean : 0)) / (PRIOR_REVIEWS + n);
}

export type StarCounts = Record<1 | 2 | 3 | 4 | 5, number>;

/** The mean of a histogram of star ratings (0 when empty: "no rating", spec §9). */
export function averageOf(counts: StarCounts): { average: number; count: number } {
  let count = 0;
  let sum = 0;
  for (const star of [1, 2, 3, 4, 5] as const) {
    count += counts[star];
    sum += star * counts[star];
  }
  return { average: count === 0 ? 0 : sum / count, count };
}

/** A bar's share of all reviews, as a whole percentage for its width and its label. */
export function starShare(counts: StarCounts, star: 1 | 2 | 3 | 4 | 5): number {
  const { count } = averageOf(counts);
  return count === 0 ? 0 : Math.round((counts[star] / count) * 100);
}

/** Whether a review written at `createdAt` may still be changed by its author at `now`. */
export function withinEditWindow(createdAt: Date | string, now: Date = new Date()): boolean {
  return now.getTime() - new Date(createdAt).getTime() <= REVIEW_EDIT_MS;
}

/** "Tanisha C.": a reviewer as the public sees them (first name, initial of the last). */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A shopper';
  const last = words.length > 1 ? ` ${words[words.length - 1].charAt(0).toUpperCase()}.` : '';
  return `${words[0]}${last}`;
}

/** "1 review", "12 reviews". */
export const reviewCountText = (n: number): string => `${n} ${n === 1 ? 'review' : 'reviews'}`;

/** "12 November 2026": a review's date, the same on the server and in every browser. */
export const reviewDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
