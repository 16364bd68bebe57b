import { createRoute } from '@hono/zod-openapi';
import {
  HideInput,
  KeepInput,
  ModerationList,
  ModerationQuery,
  Review,
  ReviewIdParam,
} from '../../lib/contract/reviews';
import { operatorsOnly, requireOperator } from '../auth/roles';
import { createRouter } from '../http/router';
import { keepReview, moderateReview, moderationList } from '../services/reviews';
import { errors, json } from './openapi-helpers';

const tags = ['Operators'];
const refused = [
  [401, 'Not signed in'],
  [403, 'Not an operator'],
] as [number, string][];

/**
 * Mounted at /admin/reviews: operators moderate reviews (role admin, src/server/auth/roles.ts),
 * checked before the query or body is read (401, 403), as on the operators' store calls.
 */
export const adminReviewRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      middleware: [operatorsOnly] as const,
      summary: 'Reviews with open reports (most reported first), or the hidden ones',
      request: { query: ModerationQuery },
      responses: { 200: json(ModerationList, 'A page of reviews'), ...errors([400, 'Invalid query'], ...refused) },
    }),
    async (c) => {
      const operator = requireOperator(c);
      return c.json(await moderationList(c.var.db, c.req.valid('query'), operator.id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/hide',
      tags,
      middleware: [operatorsOnly] as const,
      summary: 'Hide a review: off the product page and out of its average; its open reports are resolved',
      request: {
        params: ReviewIdParam,
        body: { content: { 'application/json': { schema: HideInput } }, required: true },
      },
      responses: {
        200: json(Review, 'The hidden review'),
        ...errors([400, 'Missing reason'], ...refused, [404, 'Review not found'], [409, 'Already hidden']),
      },
    }),
    async (c) => {
      const operator = requireOperator(c);
      const { id } = c.req.valid('param');
      const review = await moderateReview(c.var.db, id, operator, {
        hide: true,
        reason: c.req.valid('json').reason,
      });
      c.var.log.info({ reviewId: id, operatorId: operator.id }, 'review hidden');
      return c.json(review, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/restore',
      tags,
      middleware: [operatorsOnly] as const,
      summary: 'Restore a review: back on the page and in the average; its open reports are resolved',
      request: { params: ReviewIdParam },
      responses: {
        200: json(Review, 'The visible review'),
        ...errors(...refused, [404, 'Review not found'], [409, 'Already visible']),
      },
    }),
    async (c) => {
      const operator = requireOperator(c);
      const { id } = c.req.valid('param');
      const review = await moderateReview(c.var.db, id, operator, { hide: false });
      c.var.log.info({ reviewId: id, operatorId: operator.id }, 'review restored');
      return c.json(review, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/dismiss',
      tags,
      middleware: [operatorsOnly] as const,
      summary: 'Keep a reported review: its open reports are closed, it stays on the page and in the average',
      request: {
        params: ReviewIdParam,
        body: { content: { 'application/json': { schema: KeepInput } }, required: false },
      },
      responses: {
        200: json(Review, 'The review, still visible'),
        ...errors([400, 'Note too long'], ...refused, [404, 'Review not found'], [409, 'No open report']),
      },
    }),
    async (c) => {
      const operator = requireOperator(c);
      const { id } = c.req.valid('param');
      const review = await keepReview(c.var.db, id, operator, c.req.valid('json').note ?? null);
      c.var.log.info({ reviewId: id, operatorId: operator.id }, 'review kept, reports dismissed');
      return c.json(review, 200);
    },
  );
