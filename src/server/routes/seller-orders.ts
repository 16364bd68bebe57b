import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  CancelPartInput,
  PartIdParam,
  SellerDashboard,
  SellerOrdersQuery,
  SellerPartAnswer,
  SellerPartList,
  ShipPartInput,
} from '../../lib/contract/seller-orders';
import { SHOP } from '../../lib/site';
import { privatePdf } from '../http/private-file';
import type { SellerEnv } from '../http/router';
import { createRouter } from '../http/router';
import { renderPackingSlipPdf } from '../invoices/packing-slip';
import { actOnPart, getSellerPart, listSellerParts, type PartActionInput } from '../services/orders';
import { sellerDashboard } from '../services/seller-dashboard';
import { sellersOnly } from './guards';
import { errors, json } from './openapi-helpers';

/*
 * The seller's workspace over its orders (issue 14 #2, #3): the dashboard, its order parts listed
 * and read one by one, the actions along the status table, and a packing slip per part. Every call
 * is the signed-in seller's own: 401 signed out, 403 for a user who owns no store (before the body
 * is read), 404 for a part of another seller's or none. The actions go through the same door as
 * PUT /orders/update-status (services/orders/move-part.ts, decision 025): the same action again is
 * a 200 that changes nothing (a repeated ship corrects the courier and tracking number).
 */

const tags = ['Seller orders'];
const signedIn: [number, string] = [401, 'Not signed in'];
const notSeller: [number, string] = [403, 'Not a seller (owns no store)'];
const notFound: [number, string] = [404, 'Order not found (or another seller’s)'];

export const sellerDashboardRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'The seller’s day, month and last 30 days of sales (Jamaica time), low stock, and parts waiting',
    description:
      'Sales are the seller’s order parts that are not cancelled, on the Jamaican day they were placed, at subtotal + shipping (no tax), in dollars summed in cents (decision 017). Low stock is the Low Stock badge’s rule (at most 5 units, sold out included). Waiting parts are pending or processing, oldest first.',
    middleware: [sellersOnly] as const,
    responses: { 200: json(SellerDashboard, 'The dashboard'), ...errors(signedIn, notSeller) },
  }),
  async (c) => c.json(await sellerDashboard(c.var.db, c.var.seller), 200),
);

/** Answers the part after an action. */
async function act(c: Context<SellerEnv>, partId: string, input: PartActionInput) {
  const part = await actOnPart(c.var.db, c.var.seller, partId, input, c.var);
  c.var.log.info({ partId, action: input.action, status: part.status }, 'seller acted on order part');
  return c.json({ success: true as const, part }, 200);
}

/** The answers of an action: the part, or why not. */
const actionResponses = (withBody: boolean, conflict = 'A move the status table does not allow') => ({
  200: json(SellerPartAnswer, 'The part as it now is'),
  ...errors(...(withBody ? [[400, 'Invalid body'] as [number, string]] : []), signedIn, notSeller, notFound, [
    409,
    conflict,
  ]),
});

/** An action without a body (accept, deliver, payment). */
const actionRoute = (path: string, summary: string, conflict?: string) =>
  createRoute({
    method: 'post',
    path,
    tags,
    summary,
    middleware: [sellersOnly] as const,
    request: { params: PartIdParam },
    responses: actionResponses(false, conflict),
  });

export const sellerOrderRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'The seller’s order parts, newest first: by status, and by order number or buyer name or e-mail',
      middleware: [sellersOnly] as const,
      request: { query: SellerOrdersQuery },
      responses: {
        200: json(SellerPartList, 'A page of parts'),
        ...errors([400, 'Invalid query'], signedIn, notSeller),
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const list = await listSellerParts(c.var.db, c.var.seller, { ...query, q: query.q || undefined });
      return c.json({ success: true as const, ...list }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{partId}',
      tags,
      summary: 'One of the seller’s parts: items, delivery address and phone, courier, notes, payment, next actions',
      middleware: [sellersOnly] as const,
      request: { params: PartIdParam },
      responses: { 200: json(SellerPartAnswer, 'The part'), ...errors(signedIn, notSeller, notFound) },
    }),
    async (c) =>
      c.json(
        {
          success: true as const,
          part: await getSellerPart(c.var.db, c.var.seller, c.req.valid('param').partId),
        },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{partId}/packing-slip',
      tags,
      summary: 'The part’s packing slip as a PDF: ship-to, courier, items with SKU and quantity (no prices)',
      middleware: [sellersOnly] as const,
      request: { params: PartIdParam },
      responses: {
        200: {
          description: 'The PDF',
          content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
        },
        ...errors(signedIn, notSeller, notFound),
      },
    }),
    async (c) => {
      const part = await getSellerPart(c.var.db, c.var.seller, c.req.valid('param').partId);
      const pdf = await renderPackingSlipPdf(part, SHOP.name);
      return privatePdf(c, pdf, { filename: `packing-slip-${part.orderNumber}.pdf`, disposition: 'inline' });
    },
  )
  .openapi(actionRoute('/{partId}/accept', 'Accept a pending part: it becomes processing'), (c) =>
    act(c, c.req.valid('param').partId, { action: 'accept' }),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{partId}/ship',
      tags,
      summary:
        'Mark a processing part shipped with its courier and tracking number (both required); on a shipped part, corrects them',
      middleware: [sellersOnly] as const,
      request: {
        params: PartIdParam,
        body: { content: { 'application/json': { schema: ShipPartInput } }, required: true },
      },
      responses: actionResponses(true),
    }),
    (c) => act(c, c.req.valid('param').partId, { action: 'ship', ...c.req.valid('json') }),
  )
  .openapi(actionRoute('/{partId}/deliver', 'Mark a shipped part delivered'), (c) =>
    act(c, c.req.valid('param').partId, { action: 'deliver' }),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{partId}/cancel',
      tags,
      summary:
        'Cancel a pending or processing part with a reason the buyer sees; its stock goes back in the same transaction',
      middleware: [sellersOnly] as const,
      request: {
        params: PartIdParam,
        body: { content: { 'application/json': { schema: CancelPartInput } }, required: true },
      },
      responses: actionResponses(true),
    }),
    (c) => act(c, c.req.valid('param').partId, { action: 'cancel', ...c.req.valid('json') }),
  )
  .openapi(
    actionRoute(
      '/{partId}/payment',
      'Record that this part’s payment was received (again: no change)',
      'The part is cancelled',
    ),
    (c) => act(c, c.req.valid('param').partId, { action: 'record-payment' }),
  );
