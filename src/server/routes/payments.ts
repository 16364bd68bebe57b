import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { CallbackAnswer } from '../../lib/contract/payments';
import { MESSAGES } from '../../lib/messages';
import { requireUser } from '../auth/middleware';
import { ApiError } from '../http/errors';
import { takesGatewayPost } from '../http/route-facts';
import { type AppEnv, createRouter } from '../http/router';
import type { GatewayReturn } from '../payments/provider';
import { acceptGatewayReturn, attemptPage } from '../services/payments';
import { errors, json } from './openapi-helpers';
import { GATEWAY_STEP_POLICY, gatewayStepPage } from './payment-step-page';

/*
 * The card gateway's side of a payment (docs/decisions/029): the page that hands the shopper's
 * browser to the gateway, the browser's return from it and the gateway's server callback. The
 * return and the callback take any origin and a form or JSON body (they declare `takesGatewayPost`,
 * so mutationGuard lets them by): nothing in them counts until the adapter has verified it with
 * the gateway.
 */

const tags = ['Payments'];
const IdParam = z.object({ id: z.string().min(1).max(100) });
/** The gateway's fields, as it sends them (PowerTranz: `Response`, a JSON text; WiPay: status, transaction_id, total, hash…). */
const GatewayFields = z.record(z.string(), z.string().max(20_000)).openapi({ description: 'The gateway’s own fields' });
const gatewayBody = {
  content: {
    'application/x-www-form-urlencoded': { schema: GatewayFields },
    'application/json': { schema: GatewayFields },
  },
  required: false,
};

/** The query and the body as plain strings (a field given twice keeps its first value; other types are dropped). */
async function readReturn(c: Context<AppEnv>): Promise<GatewayReturn> {
  const query: Record<string, string> = {};
  for (const [k, v] of new URL(c.req.url).searchParams) query[k] ??= v.slice(0, 20_000);
  const body: Record<string, string> = {};
  if (c.req.method === 'POST') {
    const type = c.req.header('content-type') ?? '';
    const raw: unknown = /json/i.test(type)
      ? await c.req.json().catch(() => ({}))
      : /form/i.test(type)
        ? await c.req.parseBody().catch(() => ({}))
        : {};
    if (raw && typeof raw === 'object')
      for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') body[k] = v.slice(0, 20_000);
  }
  return { query, body };
}

/** Where the browser lands after the gateway: the confirmation reads the order as it now is. */
const confirmationOf = (orderId: string) => `/order-confirmation?order=${encodeURIComponent(orderId)}`;

const returnRoute = (method: 'get' | 'post') =>
  createRoute({
    method,
    path: '/return',
    tags,
    summary: 'The shopper’s browser back from the gateway’s hosted page (MerchantResponseUrl / response_url)',
    description:
      'Verified by the adapter with the gateway itself (PowerTranz: the payment completion or a status read; WiPay: its hash) against the order it names: its number, total and currency. A verified approval for an order still awaiting payment pays every part and releases the order to its sellers; a decline leaves it awaiting (Try again); an approval for an order that no longer awaits it is refunded. A replayed or doubled return changes nothing. Any origin; the query or a form body. Answers 303 to the order confirmation, which shows paid, failed or still awaiting; 400 when the return names no order of the shop.',
    middleware: [takesGatewayPost] as const,
    ...(method === 'post' ? { request: { body: gatewayBody } } : {}),
    responses: {
      303: { description: 'To /order-confirmation?order={id}' },
      ...errors([400, 'The return names no card order of this shop']),
    },
  });

const handleReturn = async (c: Context<AppEnv>) => {
  const result = await acceptGatewayReturn(c.var.db, c.var.payments, await readReturn(c), {
    source: 'return',
    log: c.var.log,
  });
  if (!result.orderId) throw new ApiError(400, 'payment_refused', MESSAGES.payments.returnRefused);
  return c.redirect(confirmationOf(result.orderId), 303);
};

export const paymentRoutes = createRouter()
  .openapi(returnRoute('get'), handleReturn)
  .openapi(returnRoute('post'), handleReturn)
  .openapi(
    createRoute({
      method: 'post',
      path: '/callback',
      tags,
      summary: 'The gateway’s server tells the shop of a payment (server to server)',
      description:
        'The same verification and decision as the return (exactly one outcome whichever comes first, or both at once). PowerTranz SPI and WiPay send none today; a gateway that does posts here.',
      middleware: [takesGatewayPost] as const,
      request: { body: gatewayBody },
      responses: {
        200: json(CallbackAnswer, 'What the shop made of it'),
        ...errors([400, 'Not verified: not the gateway’s, not this order’s, another amount or currency (logged)']),
      },
    }),
    async (c) => {
      const result = await acceptGatewayReturn(c.var.db, c.var.payments, await readReturn(c), {
        source: 'callback',
        log: c.var.log,
      });
      if (!result.ok || !result.orderNumber)
        throw new ApiError(400, 'payment_refused', MESSAGES.payments.returnRefused);
      return c.json({ success: true as const, orderNumber: result.orderNumber, outcome: result.outcome }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/page',
      tags,
      summary: 'Hands the buyer’s browser over to the gateway’s hosted page for one pending attempt',
      description:
        'The payUrl of POST /orders/{id}/pay. A document of its own (sandboxed: the gateway’s markup never runs as the shop) that follows the gateway’s next step: a redirect, a form to post, or the gateway’s own document. Only the order’s buyer; a decided attempt has no page (409).',
      request: { params: IdParam },
      responses: {
        200: { description: 'The hand-over document', content: { 'text/html': { schema: z.string() } } },
        302: { description: 'The gateway’s page, when its next step is a plain redirect' },
        ...errors([401, 'Not signed in'], [404, 'Payment not found (or another buyer’s)'], [409, 'Already finished']),
      },
    }),
    async (c) => {
      const { next } = await attemptPage(c.var.db, { paymentId: c.req.valid('param').id, buyerId: requireUser(c).id });
      if (next.kind === 'redirect') return c.redirect(next.url, 302);
      c.header('Content-Security-Policy', GATEWAY_STEP_POLICY);
      c.header('Cache-Control', 'no-store');
      return c.html(gatewayStepPage(next), 200);
    },
  );
