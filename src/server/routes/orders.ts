import { createRoute, z } from '@hono/zod-openapi';
import { IdParam } from '../../lib/contract/catalog';
import { limitParam, pageParam } from '../../lib/contract/common';
import {
  CancelAnswer,
  IDEMPOTENCY_KEY_PATTERN,
  InvoiceAnswer,
  MyOrders,
  OrderAnswer,
  PlaceOrderAnswer,
  PlaceOrderInput,
  SellerOrderAnswer,
  SellerOrders,
  UpdateStatusInput,
} from '../../lib/contract/orders';
import { PayAnswer, type PaymentStart, paidByCard } from '../../lib/contract/payments';
import { MESSAGES } from '../../lib/messages';
import { requireUser } from '../auth/middleware';
import { commissionTerms, marketplaceBank, taxTerms } from '../env';
import { ApiError } from '../http/errors';
import { createRouter } from '../http/router';
import { getInvoice } from '../services/invoices';
import {
  cancelOrder,
  getBuyerOrder,
  getSellerOrder,
  invoiceUrlFor,
  listBuyerOrders,
  listSellerOrders,
  placeOrder,
  updatePartStatus,
} from '../services/orders';
import { startCardPayment } from '../services/payments';
import { sellersOnly } from './guards';
import { errors, json } from './openapi-helpers';

const tags = ['Orders'];
const signedIn = [401, 'Not signed in'] as [number, string];
const notSeller = [403, 'Not a seller (owns no store)'] as [number, string];
const ListQuery = z.object({ page: pageParam, limit: limitParam(100, 50) });
const PlaceHeaders = z.object({
  'idempotency-key': z.string().optional().openapi({
    description:
      '8–100 letters, digits, - or _: a retried submission with the same key and body returns the first order',
  }),
});

/** Spec §7 "Orders": buyers place, read and cancel; sellers list, read and move their own parts. */
export const orderRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/place',
      tags,
      summary: 'Place an order: one part per seller; stock taken in the same transaction',
      description:
        'Everything is checked again on the server (spec §5 texts): this one request is how the checkout validates and places (decision 010). A refusal for the cart’s lines (404 gone, 409 short of stock or price changed) answers the first problem and lists every line’s in errors (the line’s variant id → text; the product id for a product without options). An item may name its variantId (docs/decisions/052); a product with options named without one is refused 400 variant_required, a variant not of the product 404 variant_not_found, nothing written. With an Idempotency-Key header, the same key and body return the first order (200, replayed: true); the same key with another body is a 409. Without a key, an identical request that arrives while one is in flight gets the first order (200, replayed: true) instead of a second order. paymentStatus starts unpaid for every method. A card order (credit_card, debit_card) awaits its payment with its stock held for PAYMENT_HOLD_MINUTES, unseen by its sellers until paid; `payment` says where to send the shopper (the gateway’s hosted page), null when the gateway could not be reached (POST /orders/{id}/pay starts one).',
      request: {
        headers: PlaceHeaders,
        body: { content: { 'application/json': { schema: PlaceOrderInput } }, required: true },
      },
      responses: {
        201: json(PlaceOrderAnswer, 'The new order and its invoice URL'),
        200: json(PlaceOrderAnswer, 'The order an earlier request with this Idempotency-Key placed'),
        ...errors(
          [
            400,
            'A spec §5 order validation text, a missing selection, a rate that does not serve the parish, or variant_required',
          ],
          signedIn,
          [404, 'Product "…" is no longer available / variant_not_found'],
          [409, 'Insufficient stock for "…". Available: n / Price changed for "…" / key reused with another body'],
        ),
      },
    }),
    async (c) => {
      const me = requireUser(c);
      const key = c.req.header('idempotency-key');
      if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key))
        throw new ApiError(400, 'validation_failed', MESSAGES.orders.badKey);
      const { order, replayed } = await placeOrder(
        c.var.db,
        { id: me.id, name: me.name, email: me.email },
        c.req.valid('json'),
        {
          tax: taxTerms(c.var.config),
          paymentHoldMinutes: c.var.config.PAYMENT_HOLD_MINUTES,
          bankTransferDays: c.var.config.BANK_TRANSFER_DAYS,
          marketplaceBank: marketplaceBank(c.var.config),
          commission: commissionTerms(c.var.config),
          idempotencyKey: key,
          receivedAt: c.var.receivedAt,
        },
      );
      // A card order goes on to the gateway's page; when the gateway cannot be reached the order
      // stands, awaiting its payment (the confirmation offers Pay now).
      let payment: PaymentStart | null = null;
      if (!replayed && paidByCard(order.paymentMethod))
        payment = await startCardPayment(
          c.var.db,
          c.var.payments,
          c.var.config,
          { orderId: order.id, buyerId: me.id },
          c.var.log,
        ).catch((error) => {
          if (error instanceof ApiError && error.code === 'gateway_unavailable') return null;
          throw error;
        });
      return c.json(
        {
          success: true as const,
          message: MESSAGES.checkout.placed,
          order,
          invoiceUrl: invoiceUrlFor(order.id),
          replayed,
          payment,
        },
        replayed ? 200 : 201,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/my-orders',
      tags,
      summary: "The signed-in buyer's orders, newest first",
      request: { query: ListQuery },
      responses: { 200: json(MyOrders, 'success and data (the orders)'), ...errors([400, 'Invalid query'], signedIn) },
    }),
    async (c) => {
      const { page, limit } = c.req.valid('query');
      return c.json(
        { success: true as const, data: await listBuyerOrders(c.var.db, requireUser(c).id, page, limit) },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/seller',
      tags,
      summary: "The signed-in seller's orders: only the parts with its products",
      middleware: [sellersOnly] as const,
      request: { query: ListQuery },
      responses: {
        200: json(SellerOrders, 'Orders, each with only this seller’s parts'),
        ...errors([400, 'Invalid query'], signedIn, [403, 'Not a seller (owns no store)']),
      },
    }),
    async (c) => {
      const { page, limit } = c.req.valid('query');
      return c.json(
        { success: true as const, orders: await listSellerOrders(c.var.db, c.var.seller, page, limit) },
        200,
      );
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/update-status/{id}',
      tags,
      summary: 'A seller moves its own part of the order (and may add a tracking number)',
      description:
        'Transitions: pending → processing → shipped → delivered; cancelled from pending or processing (its stock goes back). The same status again changes nothing but the tracking number (no second notice, no second restock). paymentReceived: true records the payment for the seller’s parts (the order is paid when every live part is); a cancelled part needs none (409). The same door as the workspace’s part actions (decision 025): an order without the seller’s part is 404, like an unknown one.',
      middleware: [sellersOnly] as const,
      request: {
        params: IdParam,
        body: { content: { 'application/json': { schema: UpdateStatusInput } }, required: true },
      },
      responses: {
        200: json(SellerOrderAnswer, 'The order as this seller sees it'),
        ...errors(
          [400, 'Invalid body'],
          signedIn,
          notSeller,
          [404, 'Order not found (or none of its parts is the seller’s)'],
          [409, 'A transition the table does not allow, or a payment for a cancelled part'],
        ),
      },
    }),
    async (c) => {
      const order = await updatePartStatus(c.var.db, c.var.seller, c.req.valid('param').id, c.req.valid('json'), c.var);
      return c.json({ success: true as const, order }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/cancel/{id}',
      tags,
      summary: 'The buyer cancels the order while nothing has shipped; stock goes back',
      request: { params: IdParam },
      responses: {
        200: json(CancelAnswer, 'The cancelled order'),
        ...errors(
          signedIn,
          [403, 'Another user’s order'],
          [404, 'Order not found'],
          [409, 'Already shipped or cancelled'],
        ),
      },
    }),
    async (c) => {
      const me = requireUser(c);
      const { id } = c.req.valid('param');
      const order = await cancelOrder(c.var.db, { orderId: id, buyerId: me.id }, c.var);
      return c.json({ success: true as const, message: MESSAGES.orders.cancelled, order }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/pay',
      tags,
      summary: 'Start (or after a decline, start again) the card payment of an order awaiting it',
      description:
        'The buyer’s own card order only, while it awaits payment (placed, not paid, not cancelled or expired). The gateway starts an attempt; payUrl is the shop’s page that takes the browser to the gateway’s hosted page, next the gateway’s own step. Each call is a new attempt; an approval of an older one still pays the order once, a second approval is refunded (decision 029).',
      request: { params: IdParam },
      responses: {
        200: json(PayAnswer, 'Where to send the shopper'),
        ...errors(
          signedIn,
          [403, 'Another user’s order'],
          [404, 'Order not found'],
          [409, 'Not paid by card, already paid, or cancelled (its hold ended)'],
          [503, 'The gateway could not be reached: the order still awaits its payment'],
        ),
      },
    }),
    async (c) => {
      const payment = await startCardPayment(
        c.var.db,
        c.var.payments,
        c.var.config,
        { orderId: c.req.valid('param').id, buyerId: requireUser(c).id },
        c.var.log,
      );
      return c.json({ success: true as const, payment }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/invoice',
      tags,
      summary: 'The invoice as JSON: the buyer sees the whole order, a seller only its parts',
      request: { params: IdParam },
      responses: {
        200: json(InvoiceAnswer, 'The invoice'),
        ...errors(signedIn, [403, 'Access denied to this invoice'], [404, 'Invoice not found']),
      },
    }),
    async (c) =>
      c.json(
        {
          success: true as const,
          invoice: await getInvoice(c.var.db, { orderId: c.req.valid('param').id, userId: requireUser(c).id }),
        },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/seller-view',
      tags,
      summary: 'One order as a seller of it sees it (only its parts)',
      middleware: [sellersOnly] as const,
      request: { params: IdParam },
      responses: {
        200: json(SellerOrderAnswer, 'The order'),
        ...errors(signedIn, notSeller, [404, 'Order not found (or none of its parts is the seller’s)']),
      },
    }),
    async (c) =>
      c.json(
        {
          success: true as const,
          order: await getSellerOrder(c.var.db, c.var.seller, c.req.valid('param').id),
        },
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary: "One of the buyer's orders (spec §3 Order detail)",
      request: { params: IdParam },
      responses: {
        200: json(OrderAnswer, 'The order'),
        ...errors(signedIn, [403, "You don't have permission to view this order"], [404, 'Order not found']),
      },
    }),
    async (c) => {
      const order = await getBuyerOrder(c.var.db, { orderId: c.req.valid('param').id, buyerId: requireUser(c).id });
      return c.json({ success: true as const, order }, 200);
    },
  );
