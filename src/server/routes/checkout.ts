import { createRoute } from '@hono/zod-openapi';
import { CheckoutSummary, PrepareAnswer } from '../../lib/contract/checkout';
import { requireUser } from '../auth/middleware';
import { taxTerms } from '../env';
import { createRouter } from '../http/router';
import { checkoutSummary, prepareCheckout } from '../services/checkout';
import { cardGateway } from '../services/payments';
import { errors, json } from './openapi-helpers';

const tags = ['Checkout'];

/** Spec §7 "Checkout": the summary the checkout page draws, and the order request it will send. */
export const checkoutRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/summary',
      tags,
      summary: 'The checkout summary: sellers, options, selections, address, totals, shipping validation',
      description:
        'Money in dollars. Tax is per seller (docs/decisions/044): the configured rate (TAX_RATE; 15% under TAX_MODE gct, 7% under spec) of a seller’s subtotal, rounded once per seller, charged only by a GCT-registered seller under gct (each seller group’s tax and taxRate say it); a seller without a selection counts 5.99; a seller whose subtotal reaches its threshold ships free. cardGateway names the gateway cards are paid through, the cards it takes and how long a card order’s items are held for its payment.',
      responses: { 200: json(CheckoutSummary, 'The summary'), ...errors([401, 'Not signed in']) },
    }),
    async (c) =>
      c.json(
        await checkoutSummary(c.var.db, requireUser(c).id, taxTerms(c.var.config), {
          ...cardGateway(c.var.payments.name),
          holdMinutes: c.var.config.PAYMENT_HOLD_MINUTES,
        }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/prepare',
      tags,
      summary: 'Check the cart (stock, prices) and the shipping, then answer the order request data',
      responses: {
        200: json(PrepareAnswer, 'checkoutData: items, shippingAddress, shippingSelections'),
        ...errors(
          [400, 'Cart is empty, or shipping incomplete (the shipping validation message)'],
          [401, 'Not signed in'],
          [409, 'Insufficient stock / Price changed / no longer available (spec §5 texts)'],
        ),
      },
    }),
    async (c) => c.json(await prepareCheckout(c.var.db, requireUser(c).id), 200),
  );
