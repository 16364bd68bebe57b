import { createRoute } from '@hono/zod-openapi';
import {
  NEWSLETTER_TEXT,
  NewsletterConfirmInput,
  NewsletterIssueInput,
  NewsletterIssueQueued,
  NewsletterResult,
  NewsletterSignup,
  UnsubscribeParam,
} from '../../lib/contract/newsletter';
import { operatorsOnly } from '../auth/roles';
import { clientAddress } from '../http/client-address';
import { takesOneClickForm } from '../http/route-facts';
import { createRouter } from '../http/router';
import { confirmNewsletter, sendNewsletterIssue, subscribeToNewsletter, unsubscribe } from '../services/newsletter';
import { errors, json } from './openapi-helpers';

const tags = ['Newsletter'];
const body = <T>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

/** Double opt-in sign-up, confirmation, one-click unsubscribe (RFC 8058), and an operator's issue. */
export const newsletterRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      summary:
        'Sign an address up: a confirmation link is mailed (double opt-in); the same answer whoever is subscribed',
      request: body(NewsletterSignup),
      responses: {
        200: json(NewsletterResult, 'Confirmation mailed (or already subscribed)'),
        ...errors([400, 'Not an e-mail address'], [429, 'Too many sign-ups for this address']),
      },
    }),
    async (c) => {
      await subscribeToNewsletter(c.var.db, c.req.valid('json').email, await clientAddress(c));
      return c.json({ message: NEWSLETTER_TEXT.checkMail }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/confirm',
      tags,
      summary: 'Confirm a sign-up with the token from its confirmation mail',
      request: body(NewsletterConfirmInput),
      responses: { 200: json(NewsletterResult, 'Subscribed'), ...errors([400, 'Expired, used or unknown link']) },
    }),
    async (c) => {
      await confirmNewsletter(c.var.db, c.req.valid('json').token);
      return c.json({ message: NEWSLETTER_TEXT.confirmed }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/unsubscribe/{token}',
      tags,
      summary:
        'Unsubscribe (the link in every issue). Also the List-Unsubscribe one-click target: a mailbox provider may POST `List-Unsubscribe=One-Click` as a form',
      // A mailbox provider's one-click POST is a form without an Origin (RFC 8058).
      middleware: [takesOneClickForm] as const,
      request: { params: UnsubscribeParam },
      responses: {
        200: json(NewsletterResult, 'Unsubscribed (again, when already)'),
        ...errors([400, 'Not an unsubscribe token'], [404, 'Unknown unsubscribe link']),
      },
    }),
    async (c) => {
      await unsubscribe(c.var.db, c.req.valid('param').token);
      return c.json({ message: NEWSLETTER_TEXT.unsubscribed }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/issues',
      tags,
      summary: 'Operators: send an issue to every confirmed subscriber (each with its unsubscribe link)',
      middleware: [operatorsOnly] as const,
      request: body(NewsletterIssueInput),
      responses: {
        202: json(NewsletterIssueQueued, 'Queued for sending'),
        ...errors([400, 'Invalid issue'], [401, 'Not signed in'], [403, 'Not an operator']),
      },
    }),
    async (c) => {
      const recipients = await sendNewsletterIssue(c.var.db, c.req.valid('json'));
      return c.json({ recipients }, 202);
    },
  );
