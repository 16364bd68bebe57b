import { createRoute } from '@hono/zod-openapi';
import { IdParam } from '../../lib/contract/catalog';
import { StoreMessageInput, StoreMessageSent } from '../../lib/contract/store-messages';
import { requireUser } from '../auth/middleware';
import { createRouter } from '../http/router';
import { sendStoreMessage } from '../services/store-messages';
import { errors, json } from './openapi-helpers';

/** "Contact Seller": a shopper's message to a store, mailed to it with the shopper as Reply-To. */
export const storeMessageRoutes = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/{id}/messages',
    tags: ['Stores'],
    summary:
      'Write to a seller (signed in, verified e-mail): kept, and mailed to the store with the shopper as Reply-To',
    request: {
      params: IdParam,
      body: { content: { 'application/json': { schema: StoreMessageInput } }, required: true },
    },
    responses: {
      201: json(StoreMessageSent, 'Sent'),
      ...errors(
        [400, 'Missing or invalid field'],
        [401, 'Not signed in'],
        [403, 'E-mail address not verified'],
        [404, 'No such store, or the order or product is not one of its'],
        [409, 'The store has no address to write to'],
        [429, 'Too many messages in a short time'],
      ),
    },
  }),
  async (c) => {
    const sent = await sendStoreMessage(c.var.db, requireUser(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json(sent, 201);
  },
);
