import { useCallback, useEffect, useId, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import type { MyReview, Review, ReviewList, ReviewSort } from '../../lib/contract/reviews';
import { REVIEWS_ANCHOR } from '../../lib/ratings';
import { REVIEW_TEXT } from '../../lib/review-messages';
import { signedInAs } from '../../lib/stores/signed-in-hint';
import { toastError, toastSuccess } from '../../lib/stores/toasts';
import { RatingBars } from './RatingBars';
import { ReviewForm } from './ReviewForm';
import { ReviewItem } from './ReviewItem';
import { type ReviewDraft, reviewApi } from './review-api';

/** What the signed-in shopper may do (undefined while asking; 'guest' when nobody is signed in). */
type Me = MyReview | 'guest' | undefined;

/** Tells the page's rating line (src/scripts/live-products.ts) the new average and count at once. */
function announceRating(productId: string, list: ReviewList) {
  window.dispatchEvent(
    new CustomEvent('yaad:rating', {
      detail: { id: productId, rating: list.summary.average, reviewCount: list.summary.count },
    }),
  );
}

/**
 * The product page's reviews (spec §2 product detail, issue 16): the average with a bar per star
 * level, the reviews newest or most helpful first, paged, helpful votes, the seller's replies, and
 * "Write a review" for a buyer whose order with the product was delivered. The built page carries
 * the first page (`initial`); the island asks again for the shopper's own view.
 */
export default function ProductReviews({ productId, initial }: { productId: string; initial: ReviewList | null }) {
  const headingId = useId();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  const [list, setList] = useState<ReviewList | null>(initial);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [me, setMe] = useState<Me>(undefined);
  const [writing, setWriting] = useState<'new' | Review | null>(null);
  const [loginHref, setLoginHref] = useState('/login');

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const next = await reviewApi.list(productId, sort, page);
      setList(next);
      setFailed(false);
      return next;
    } catch {
      setFailed(true);
      return undefined;
    } finally {
      setLoading(false);
    }
  }, [productId, sort, page]);

  const loadMine = useCallback(async () => {
    if (!signedInAs()) {
      setMe('guest');
      return;
    }
    try {
      setMe(await reviewApi.mine(productId));
    } catch (err) {
      setMe(err instanceof ApiRequestError && err.status === 401 ? 'guest' : undefined);
    }
  }, [productId]);

  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    setLoginHref(`/login?next=${encodeURIComponent(`${location.pathname}#${REVIEWS_ANCHOR}`)}`);
    void loadMine();
  }, [loadMine]);

  /** After the shopper's own change: the list, the summary, their state and the page's rating line. */
  const afterChange = async (message: string) => {
    toastSuccess(message);
    setWriting(null);
    const next = await load();
    if (next) announceRating(productId, next);
    await loadMine();
  };

  const save = async (draft: ReviewDraft) => {
    if (writing && writing !== 'new') await reviewApi.update(writing.id, draft);
    else await reviewApi.create(productId, draft);
    await afterChange(writing === 'new' ? REVIEW_TEXT.reviewSaved : 'Your review was updated.');
  };

  const remove = async (review: Review) => {
    if (!window.confirm('Delete your review? This cannot be undone.')) return;
    try {
      await reviewApi.remove(review.id);
      await afterChange(REVIEW_TEXT.reviewDeleted);
    } catch (err) {
      toastError('Could not delete your review', err instanceof ApiRequestError ? err.message : undefined);
    }
  };

  const replace = (review: Review) =>
    setList((current) =>
      current ? { ...current, reviews: current.reviews.map((r) => (r.id === review.id ? review : r)) } : current,
    );

  const signedIn = me !== 'guest' && me !== undefined;
  const viewer = { signedIn, isSeller: Boolean(list?.viewerIsSeller), loginHref };
  const summary = list?.summary;
  const mine = me && me !== 'guest' ? me.review : null;

  return (
    <section id={REVIEWS_ANCHOR} aria-labelledby={headingId} className="container-page scroll-mt-24 py-8">
      <h2 id={headingId} className="h2 mb-4">
        Customer reviews
      </h2>

      {failed && !list && (
        <div className="card p-6 text-center" role="alert">
          <p className="font-medium">Reviews could not be loaded.</p>
          <button type="button" className="btn btn-secondary mt-3" onClick={() => void load()}>
            Try Again
          </button>
        </div>
      )}
      {!failed && !list && <div className="skeleton h-40" aria-label="Loading reviews" />}

      {summary && summary.count === 0 && (
        <p className="text-muted" data-no-reviews>
          {REVIEW_TEXT.noReviews}
        </p>
      )}
      {summary && summary.count > 0 && <RatingBars summary={summary} />}

      <div className="mt-6" data-review-action>
        {writing ? (
          <ReviewForm
            initial={
              writing === 'new'
                ? undefined
                : { rating: writing.rating, title: writing.title ?? '', body: writing.body ?? '' }
            }
            submitLabel={writing === 'new' ? 'Publish review' : 'Save changes'}
            onSubmit={save}
            onCancel={() => setWriting(null)}
          />
        ) : me === 'guest' ? (
          <p className="text-sm text-muted">
            Bought this product?{' '}
            <a className="link" href={loginHref}>
              Log in
            </a>{' '}
            to write a review.
          </p>
        ) : me?.canReview ? (
          <button type="button" className="btn btn-primary" onClick={() => setWriting('new')}>
            Write a review
          </button>
        ) : me?.reason === 'not_delivered' || me?.reason === 'own_product' ? (
          <p className="text-sm text-muted" data-review-refusal>
            {me.message}
          </p>
        ) : mine?.hidden ? (
          <p className="text-sm text-muted">Your review was hidden by our moderators.</p>
        ) : mine ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
            You reviewed this product.
            {mine.editable && (
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setWriting(mine)}>
                Edit your review
              </button>
            )}
          </p>
        ) : null}
      </div>

      {list && list.reviews.length > 0 && (
        <>
          <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-b border-line pb-3">
            <p className="text-sm text-muted" aria-live="polite">
              {loading ? 'Loading…' : `Page ${list.pagination.page} of ${Math.max(1, list.pagination.totalPages)}`}
            </p>
            <label className="flex items-center gap-2 text-sm">
              <span>Sort by</span>
              <select
                className="input w-auto min-w-40"
                value={sort}
                onChange={(e) => {
                  setSort(e.target.value as ReviewSort);
                  setPage(1);
                }}
              >
                <option value="newest">Newest</option>
                <option value="helpful">Most helpful</option>
              </select>
            </label>
          </div>
          <div data-review-list>
            {list.reviews.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                viewer={viewer}
                onChanged={replace}
                onEdit={() => setWriting(review)}
                onDelete={() => void remove(review)}
              />
            ))}
          </div>
          {list.pagination.totalPages > 1 && (
            <nav className="mt-4 flex items-center justify-center gap-2" aria-label="Review pages">
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={page <= 1 || loading}
                onClick={() => setPage((p) => p - 1)}
              >
                Previous
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                disabled={page >= list.pagination.totalPages || loading}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
