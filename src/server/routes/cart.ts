import { createRoute } from '@hono/zod-openapi';
import {
  Cart,
  CartAddInput,
  CartRemoveInput,
  CartSyncInput,
  CartSyncResult,
  CartUpdateInput,
  CartValidateInput,
  CartValidation,
} from '../../lib/contract/cart';
import { requireUser } from '../auth/middleware';
import { createRouter } from '../http/router';
import { addToCart, clearCart, getCart, refreshCartPrices, removeCartLine, updateCartLine } from '../services/cart';
import { syncCart } from '../services/cart-sync';
import { validateCart } from '../services/cart-validation';
import { errors, json } from './openapi-helpers';

const tags = ['Cart'];
const body = <T extends Parameters<typeof json>[0]>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});
const signedIn = [401, 'Not signed in'] as [number, string];

/**
 * The signed-in shopper's cart (spec §7). Guests keep theirs in the browser and merge it through
 * /sync at login. The checkout feature owns the /cart/shipping-* routes (cart-shipping.ts).
 */
export const cartRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: "The shopper's cart at today's prices",
      responses: { 200: json(Cart, 'The cart'), ...errors(signedIn) },
    }),
    async (c) => c.json(await getCart(c.var.db, requireUser(c).id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/add',
      tags,
      summary: 'Add units of a product, or of one of its variants (never beyond its stock)',
      request: body(CartAddInput),
      responses: {
        200: json(Cart, 'The cart after the add'),
        ...errors(
          [400, 'Invalid body; variant_required: a product with options needs a variantId ("Choose a size")'],
          signedIn,
          [404, 'Product "…" is no longer available; variant_not_found: the variantId is not one of the product\'s'],
          [409, 'insufficient_stock: Insufficient stock for "…". Available: n (nothing changed)'],
        ),
      },
    }),
    async (c) => c.json(await addToCart(c.var.db, requireUser(c).id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/update',
      tags,
      summary: "Set a line's quantity; 0 or less removes the line",
      request: body(CartUpdateInput),
      responses: {
        200: json(Cart, 'The cart after the change'),
        ...errors(
          [400, 'Invalid body; variant_required: a product with options needs a variantId'],
          signedIn,
          [404, "The product or variant is gone, not the product's (variant_not_found), or not in the cart"],
          [409, 'insufficient_stock: Insufficient stock for "…". Available: n (nothing changed)'],
        ),
      },
    }),
    async (c) => c.json(await updateCartLine(c.var.db, requireUser(c).id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/remove',
      tags,
      summary:
        "Remove a line: the variant's, or every line of the product without variantId (no error when none is there)",
      request: body(CartRemoveInput),
      responses: { 200: json(Cart, 'The cart after the removal'), ...errors([400, 'Invalid body'], signedIn) },
    }),
    async (c) => c.json(await removeCartLine(c.var.db, requireUser(c).id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/clear',
      tags,
      summary: 'Empty the cart',
      responses: { 200: json(Cart, 'The empty cart'), ...errors(signedIn) },
    }),
    async (c) => c.json(await clearCart(c.var.db, requireUser(c).id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/sync',
      tags,
      summary: 'Merge a guest cart at login: quantities added, capped at stock',
      request: body(CartSyncInput),
      responses: {
        200: json(CartSyncResult, 'The merged cart, the units merged and what could not be merged in full'),
        ...errors([400, 'Invalid body'], signedIn),
      },
    }),
    async (c) => c.json(await syncCart(c.var.db, requireUser(c).id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/refresh',
      tags,
      summary: 'Accept today\'s prices (after a "Price changed" validation error)',
      responses: { 200: json(Cart, 'The cart'), ...errors(signedIn) },
    }),
    async (c) => c.json(await refreshCartPrices(c.var.db, requireUser(c).id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/validate',
      tags,
      summary: "Check a cart against today's stock and prices before checkout (spec §5 texts)",
      description:
        "With items (a guest cart, each with the price the shopper saw): those lines. Without: the signed-in shopper's cart, against the prices they last saw. Always 200 with valid and the errors.",
      request: body(CartValidateInput),
      responses: {
        200: json(CartValidation, 'The verdict, line by line'),
        ...errors([400, 'Invalid body'], [401, 'No items and not signed in']),
      },
    }),
    async (c) => c.json(await validateCart(c.var.db, c.req.valid('json'), c.var.user?.id), 200),
  );
