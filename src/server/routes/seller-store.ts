import { createRoute } from '@hono/zod-openapi';
import { OwnStore, StoreApplication, StoreUpdate } from '../../lib/contract/stores';
import { requireUser } from '../auth/middleware';
import { createRouter } from '../http/router';
import { applyForStore, getOwnStore, NO_STORE_YET, updateOwnStore } from '../services/stores/own-store';
import { sellersOnlySaying, signedIn } from './guards';
import { errors, json } from './openapi-helpers';

const tags = ['Seller store'];
const body = <T>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

/*
 * Who asks is checked before the body is read, as on every seller call: 401 signed out, and on the
 * store's own calls 403 for an account that owns no store (then `c.var.seller` is the owner's).
 */
const storeOwnersOnly = sellersOnlySaying(NO_STORE_YET);

/** Opening a store and editing its page (docs/decisions/015); always the signed-in user's own store. */
export const sellerStoreRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/apply',
      tags,
      summary:
        'Apply to open a store (or resubmit a rejected application): it is pending (not public) until an operator approves it',
      description:
        'One store per account. The applicant becomes a seller at once, so the photo uploads and the store editor open to them; the store and its products are public only once approved. Logo and banner are set afterwards with PUT /seller/store (an upload needs a store to belong to). An applicant whose store was rejected sends the corrected application here again: the same store (same id) takes the fields sent and is pending again (200), and the resubmission is in the action log.',
      middleware: [signedIn] as const,
      request: body(StoreApplication),
      responses: {
        200: json(OwnStore, 'The rejected application, resubmitted: the same store, pending again'),
        201: json(OwnStore, 'The new store, pending'),
        ...errors(
          [400, 'Missing or invalid field'],
          [401, 'Not signed in'],
          [409, 'You already have a store that is pending, active or suspended'],
        ),
      },
    }),
    async (c) => {
      const { store, resubmitted } = await applyForStore(c.var.db, requireUser(c).id, c.req.valid('json'));
      return resubmitted ? c.json(store, 200) : c.json(store, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/store',
      tags,
      summary: 'The signed-in user’s own store, whatever its status (with the reason when rejected or suspended)',
      middleware: [storeOwnersOnly] as const,
      responses: {
        200: json(OwnStore, 'The store'),
        ...errors([401, 'Not signed in'], [403, 'You have no store yet (an account that has not applied)']),
      },
    }),
    async (c) => c.json(await getOwnStore(c.var.db, c.var.seller), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/store',
      tags,
      summary: 'Edit the signed-in seller’s store page: any of the application’s fields',
      description:
        'Only the fields sent change; `shippingRates`, when sent, replaces the whole list (a rate sent with its `id` keeps it). Logo and banner must be photos uploaded for this store. An active store’s change is published within seconds.',
      middleware: [storeOwnersOnly] as const,
      request: body(StoreUpdate),
      responses: {
        200: json(OwnStore, 'The store as it now is'),
        ...errors(
          [400, 'Missing or invalid field'],
          [401, 'Not signed in'],
          [403, 'You have no store yet (an account that has not applied)'],
        ),
      },
    }),
    async (c) => {
      return c.json(await updateOwnStore(c.var.db, c.var.seller, c.req.valid('json')), 200);
    },
  );
