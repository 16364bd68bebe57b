import { createRoute } from '@hono/zod-openapi';
import { NewsletterResult, NewsletterSignup } from '../../lib/contract/newsletter';
import { createRouter } from '../http/router';
import { subscribeToNewsletter } from '../services/newsletter';
import { errors, json } from './openapi-helpers';

/** Signing up twice is fine: the answer is the same and nothing is duplicated. */
export const newsletterRoutes = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/',
    tags: ['Newsletter'],
    summary: 'Sign an e-mail address up for the newsletter',
    request: { body: { content: { 'application/json': { schema: NewsletterSignup } }, required: true } },
    responses: { 200: json(NewsletterResult, 'Signed up'), ...errors([400, 'Not an e-mail address']) },
  }),
  async (c) => {
    await subscribeToNewsletter(c.var.db, c.req.valid('json').email);
    return c.json({ message: 'Thank you for subscribing! Look out for our next newsletter.' }, 200);
  },
);
