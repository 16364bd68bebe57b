import { createRoute } from '@hono/zod-openapi';
import { IdParam } from '../../lib/contract/catalog';
import {
  HelpfulAnswer,
  MyReview,
  MySellerRatings,
  MySellerRatingsQuery,
  ReplyInput,
  ReportInput,
  Review,
  ReviewIdParam,
  ReviewInput,
  ReviewList,
  ReviewListQuery,
  ReviewUpdate,
  SellerRatingAnswer,
  SellerRatingInput,
} from '../../lib/contract/reviews';
import { REVIEW_TEXT } from '../../lib/review-messages';
import { requireUser } from '../auth/middleware';
import { createRouter } from '../http/router';
import {
  createReview,
  deleteReview,
  listReviews,
  myReview,
  mySellerRatings,
  rateSeller,
  replyToReview,
  reportReview,
  unvoteHelpful,
  updateReview,
  voteHelpful,
} from '../services/reviews';
import { sellersOnlySaying } from './guards';
import { errors, json } from './openapi-helpers';

const tags = ['Reviews'];
const body = <T>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
const signedIn = [401, 'Not signed in'] as [number, string];

/** Mounted at /products: a product's reviews. */
export const productReviewRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/reviews',
      tags,
      summary: "A product's reviews, newest or most helpful first, with the per-star histogram, average and count",
      description:
        'Hidden reviews are left out, of the list and of the summary. Signed in, each review says whether it is yours and whether you found it helpful.',
      request: { params: IdParam, query: ReviewListQuery },
      responses: {
        200: json(ReviewList, 'A page of reviews'),
        ...errors([400, 'Invalid query'], [404, 'Product not found']),
      },
    }),
    async (c) =>
      c.json(await listReviews(c.var.db, c.req.valid('param').id, c.req.valid('query'), c.var.user?.id), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/reviews/mine',
      tags,
      summary: 'Whether you may review this product (a delivered order with it), and your review if you wrote one',
      request: { params: IdParam },
      responses: { 200: json(MyReview, 'What you may do'), ...errors(signedIn, [404, 'Product not found']) },
    }),
    async (c) => c.json(await myReview(c.var.db, c.req.valid('param').id, requireUser(c).id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/reviews',
      tags,
      summary: 'Review a product you received: 1 to 5 stars, an optional title and text',
      description:
        'Only a buyer with a delivered order part containing the product, once per product; not its own seller.',
      request: { params: IdParam, ...body(ReviewInput) },
      responses: {
        201: json(Review, 'The review, live'),
        ...errors(
          [400, 'Invalid review'],
          signedIn,
          [403, 'No delivered order with this product, or your own product'],
          [404, 'Product not found'],
          [409, 'You already reviewed it'],
        ),
      },
    }),
    async (c) =>
      c.json(await createReview(c.var.db, c.req.valid('param').id, requireUser(c).id, c.req.valid('json')), 201),
  );

/** Mounted at /reviews: one review. */
export const reviewRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      tags,
      summary: 'Edit your review (for 30 days after writing it)',
      request: { params: ReviewIdParam, ...body(ReviewUpdate) },
      responses: {
        200: json(Review, 'The review'),
        ...errors([400, 'Invalid change'], signedIn, [403, 'Not yours, or past 30 days'], [404, 'Review not found']),
      },
    }),
    async (c) =>
      c.json(await updateReview(c.var.db, c.req.valid('param').id, requireUser(c).id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      tags,
      summary: 'Delete your review (for 30 days after writing it)',
      request: { params: ReviewIdParam },
      responses: {
        204: { description: 'Deleted' },
        ...errors(signedIn, [403, 'Not yours, or past 30 days'], [404, 'Review not found']),
      },
    }),
    async (c) => {
      await deleteReview(c.var.db, c.req.valid('param').id, requireUser(c).id);
      return c.body(null, 204);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/helpful',
      tags,
      summary: 'Mark a review as helpful (once per shopper)',
      request: { params: ReviewIdParam },
      responses: {
        200: json(HelpfulAnswer, 'The new count'),
        ...errors(signedIn, [403, 'Your own review'], [404, 'Review not found'], [409, 'Already marked']),
      },
    }),
    async (c) => c.json(await voteHelpful(c.var.db, c.req.valid('param').id, requireUser(c).id), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}/helpful',
      tags,
      summary: 'Take back your helpful vote',
      request: { params: ReviewIdParam },
      responses: { 200: json(HelpfulAnswer, 'The new count'), ...errors(signedIn, [404, 'Review not found']) },
    }),
    async (c) => c.json(await unvoteHelpful(c.var.db, c.req.valid('param').id, requireUser(c).id), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/reply',
      tags,
      summary:
        "The seller's public reply under a review of one of its products (one per review; sending again rewords it)",
      middleware: [sellersOnlySaying(REVIEW_TEXT.notSeller)] as const,
      request: { params: ReviewIdParam, ...body(ReplyInput) },
      responses: {
        200: json(Review, 'The review with its reply'),
        ...errors([400, 'Invalid reply'], signedIn, [403, 'Not the seller of this product'], [404, 'Review not found']),
      },
    }),
    async (c) =>
      c.json(await replyToReview(c.var.db, c.req.valid('param').id, c.var.seller, c.req.valid('json').body), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/reports',
      tags,
      summary: 'Report a review to the operators, with a reason (once per shopper)',
      request: { params: ReviewIdParam, ...body(ReportInput) },
      responses: {
        201: { description: 'Reported' },
        ...errors(
          [400, 'Missing reason'],
          signedIn,
          [403, 'Your own review'],
          [404, 'Review not found'],
          [409, 'Already reported'],
          [429, 'Too many reports in a short time'],
        ),
      },
    }),
    async (c) => {
      await reportReview(c.var.db, c.req.valid('param').id, requireUser(c).id, c.req.valid('json').reason);
      return c.body(null, 201);
    },
  );

/** Mounted at /seller-ratings: a buyer rates the seller of a delivered part. */
export const sellerRatingRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary: 'Rate the seller of a delivered part of your order: delivery and communication, 1 to 5, once per part',
      request: body(SellerRatingInput),
      responses: {
        201: json(SellerRatingAnswer, 'Rated'),
        ...errors(
          [400, 'Invalid rating'],
          signedIn,
          [403, 'That part is not delivered yet'],
          [404, 'No such order of yours with that seller'],
          [409, 'Already rated'],
        ),
      },
    }),
    async (c) => c.json(await rateSeller(c.var.db, requireUser(c).id, c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'The ratings you gave the sellers of one of your orders (none for an order that is not yours)',
      request: { query: MySellerRatingsQuery },
      responses: {
        200: json(MySellerRatings, 'Your ratings, a seller each'),
        ...errors([400, 'No order named'], signedIn),
      },
    }),
    async (c) => c.json(await mySellerRatings(c.var.db, requireUser(c).id, c.req.valid('query').orderId), 200),
  );
