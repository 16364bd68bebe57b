import { createRoute } from '@hono/zod-openapi';
import {
  NeedsAddress,
  SaveAddressAnswer,
  SelectShippingAnswer,
  ShippingAddressInput,
  ShippingOptionsAnswer,
  ShippingSelection,
  ShippingValidation,
} from '../../lib/contract/checkout';
import { requireUser } from '../auth/middleware';
import { taxTerms } from '../env';
import { createRouter } from '../http/router';
import {
  saveShippingAddress,
  selectShipping,
  shippingOptionsFor,
  validateShippingFor,
} from '../services/cart-shipping';
import { errors, json } from './openapi-helpers';

const tags = ['Checkout'];
const signedIn = [401, 'Not signed in'] as [number, string];

/**
 * The cart's shipping (spec §7 "Cart"): the address, each seller's rates to its parish, one
 * selection per seller. Mounted at /cart beside the cart's own routes (routes/cart.ts).
 */
export const cartShippingRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/shipping-address',
      tags,
      summary: 'Set the shipping address (selections that do not serve the new parish are dropped)',
      description:
        'name, street, city and parish are required ("Please fill in all required fields: …"); street may be a district without a house number; state defaults to the parish, country to Jamaica.',
      request: { body: { content: { 'application/json': { schema: ShippingAddressInput } }, required: true } },
      responses: {
        200: json(SaveAddressAnswer, 'The saved address'),
        ...errors([400, 'Please fill in all required fields: …'], signedIn),
      },
    }),
    async (c) => c.json(await saveShippingAddress(c.var.db, requireUser(c).id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/shipping-options',
      tags,
      summary: "Each seller's rates to the cart's parish",
      description:
        'A seller without a rate to the parish has rates [] with error "no_shipping" and message "No shipping options available". Before an address: 400 with needsAddress.',
      responses: {
        200: json(ShippingOptionsAnswer, 'Options per seller, and the address'),
        400: json(NeedsAddress, 'No shipping address yet'),
        ...errors(signedIn),
      },
    }),
    async (c) => c.json(await shippingOptionsFor(c.var.db, requireUser(c).id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/select-shipping',
      tags,
      summary: 'Choose one rate for one seller of the cart',
      request: { body: { content: { 'application/json': { schema: ShippingSelection } }, required: true } },
      responses: {
        200: json(SelectShippingAnswer, 'The selections, the shipping total and the estimated total (with tax)'),
        ...errors(
          [400, 'No address yet (needsAddress), a seller not in the cart, or a rate it does not offer to the parish'],
          signedIn,
        ),
      },
    }),
    async (c) =>
      c.json(await selectShipping(c.var.db, requireUser(c).id, c.req.valid('json'), taxTerms(c.var.config)), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/validate-shipping',
      tags,
      summary: 'Whether every seller of the cart has a usable rate to the address',
      responses: {
        200: json(ShippingValidation, 'valid, the message, the sellers still to choose'),
        ...errors(signedIn),
      },
    }),
    async (c) => c.json(await validateShippingFor(c.var.db, requireUser(c).id), 200),
  );
