/**
 * The sample catalogue's reviews and seller ratings (docs/decisions/018). They are written by
 * demo reviewer accounts and stored with source `sample`: the shop shows them as "Sample review",
 * never as a verified purchase, since no order stands behind them. Products and stores get their
 * rating and count from these rows (recounted by the seeder), so nothing shows a rating without
 * reviews; about one product in eight has none and says so. A PRNG of its own, so the
 * catalogue's other numbers (stock, prices) stay what they were.
 */
import type { productReviews, reviewVotes, sellerRatings } from '../schema';
import { seededRandom } from './random';
import type { StoreSeed } from './stores';

export type ReviewRow = typeof productReviews.$inferInsert;
export type VoteRow = typeof reviewVotes.$inferInsert;
export type SellerRatingRow = typeof sellerRatings.$inferInsert;
/** Rows whose author is named by e-mail; the seeder puts in the account's id. */
export type ByEmail<T> = Omit<T, 'authorId' | 'userId'> & { authorEmail: string };

export const REVIEWER_NAMES = [
  'Andre Williams',
  'Kimberley Thompson',
  'Marcus Reid',
  'Shanice Brown',
  'Delroy Gordon',
  'Tameka Clarke',
  'Omar Johnson',
  'Natalie Francis',
  'Kemar Lewis',
  'Simone Palmer',
  'Rohan Bailey',
  'Alicia Morgan',
] as const;
export const reviewerEmail = (n: number) => `reviewer-${n + 1}@yaad.test`;

const WORDS: Record<1 | 2 | 3 | 4 | 5, { titles: string[]; bodies: string[] }> = {
  5: {
    titles: ['Excellent', 'Just as described', 'Love it', 'Worth every penny', 'Would buy again'],
    bodies: [
      'Arrived well packed and quicker than I expected. Exactly what the photos show.',
      'Really good quality for the price. The seller answered my questions the same day.',
      'Bought it as a gift and it went down very well. Will be ordering again.',
      'Does everything it should and looks great. No complaints at all.',
    ],
  },
  4: {
    titles: ['Very good', 'Happy with it', 'Good value', 'Nice, one small thing'],
    bodies: [
      'Good quality and it arrived on time. Slightly smaller than I imagined, but I like it.',
      'Does the job well. Packaging could have been better, the item itself was fine.',
      'Solid buy. Took a couple of days longer than the estimate to reach Mandeville.',
    ],
  },
  3: {
    titles: ['It is okay', 'Average', 'Does the job'],
    bodies: [
      'Decent for the price, but the finish is not as nice as the photos suggest.',
      'Works, though I expected a bit more. Delivery was fine.',
    ],
  },
  2: {
    titles: ['Disappointed', 'Not as pictured'],
    bodies: [
      'The colour is quite different from the photos and it feels cheaper than I hoped.',
      'Stopped working properly after two weeks. The seller offered to help, still waiting.',
    ],
  },
  1: {
    titles: ['Would not buy again'],
    bodies: ['Arrived damaged and the replacement took weeks. Not what I paid for.'],
  },
};

/** Fisher–Yates with the given PRNG. */
function shuffled<T>(list: readonly T[], random: () => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const DAY = 24 * 60 * 60 * 1000;
/** Sample reviews are written between a product's listing and this day. */
const REVIEWS_END = Date.UTC(2026, 10, 20);

/** Reviews, their helpful votes, and seller ratings for the given products and stores, the same on every run. */
export function sampleReviews(
  products: readonly { id: string; createdAt?: Date | null; salesCount?: number | null }[],
  stores: readonly Pick<StoreSeed, 'id' | 'sampleRatingCentre' | 'sampleRatingsSeed'>[],
) {
  const random = seededRandom(2718);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const reviews: ByEmail<ReviewRow>[] = [];
  const votes: ByEmail<VoteRow>[] = [];
  const ratings: ByEmail<SellerRatingRow>[] = [];
  const people = REVIEWER_NAMES.map((_, n) => reviewerEmail(n));

  for (const product of products) {
    const sales = product.salesCount ?? 0;
    if (sales === 0 || random() < 0.12) continue;
    const howMany = Math.min(people.length, 1 + Math.floor(random() * Math.min(people.length, 1 + sales / 40)));
    const quality = 2.8 + 2.2 * random();
    const authors = shuffled(people, random).slice(0, howMany);
    const listed = product.createdAt?.getTime() ?? REVIEWS_END - 60 * DAY;
    authors.forEach((author, n) => {
      const rating = Math.min(5, Math.max(1, Math.round(quality + (random() - 0.5) * 2.2))) as 1 | 2 | 3 | 4 | 5;
      const words = WORDS[rating];
      const withText = random() < 0.75;
      const createdAt = new Date(listed + DAY + Math.floor(random() * Math.max(DAY, REVIEWS_END - listed - DAY)));
      const id = `sample-${product.id}-${n + 1}`;
      const voters = people.filter((p) => p !== author && random() < 0.15);
      reviews.push({
        id,
        productId: product.id,
        authorEmail: author,
        source: 'sample',
        rating,
        title: withText ? pick(words.titles) : null,
        body: withText ? pick(words.bodies) : null,
        helpfulCount: voters.length,
        createdAt,
        updatedAt: createdAt,
      });
      for (const voter of voters) votes.push({ reviewId: id, authorEmail: voter });
    });
  }

  for (const store of stores) {
    const howMany = 6 + (store.sampleRatingsSeed % 15);
    for (let n = 0; n < howMany; n++) {
      const score = () => Math.min(5, Math.max(1, Math.round(store.sampleRatingCentre + (random() - 0.5) * 1.6)));
      ratings.push({
        storeId: store.id,
        authorEmail: people[n % people.length],
        source: 'sample',
        delivery: score(),
        communication: score(),
        createdAt: new Date(REVIEWS_END - Math.floor(random() * 200) * DAY),
      });
    }
  }
  return { reviews, votes, sellerRatings: ratings };
}
