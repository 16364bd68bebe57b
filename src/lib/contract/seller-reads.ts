import { z } from 'zod';
import { Pagination } from './common';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './order-statuses';
import { PAYMENT_METHODS } from './payment-methods';

/*
 * What the seller's first screens read: the orders list (GET /api/v1/seller/orders) and the
 * dashboard (GET /api/v1/seller/dashboard). Apart from ./seller-orders.ts (which re-exports them)
 * so that those screens load, once their request is out, zod and these few schemas rather than
 * the whole contract the part's detail and its actions are built on (issue 31, Must-have 4).
 */

/** One row of the seller's order list: a part, newest first. */
export const SellerPartSummary = z
  .object({
    partId: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    paymentMethod: z.enum(PAYMENT_METHODS),
    buyer: z.object({ name: z.string(), email: z.string() }),
    /** Units in the part. */
    itemCount: z.number().int(),
    /** Subtotal + shipping of this part, in dollars (tax is charged on the whole order). */
    total: z.number(),
    placedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SellerPartSummary' });
export type SellerPartSummary = z.infer<typeof SellerPartSummary>;

export const SellerPartList = z
  .object({
    success: z.literal(true),
    parts: z.array(SellerPartSummary),
    pagination: Pagination,
    /** How many of the seller's parts are at each status (whatever the filter): the filter's counts. */
    counts: z.record(z.enum(ORDER_STATUSES), z.number().int()),
  })
  .meta({ id: 'SellerPartList' });
export type SellerPartList = z.infer<typeof SellerPartList>;

/** The dashboard (GET /api/v1/seller/dashboard); days and months are Jamaica's (decision 017). */
export const SalesFigure = z.object({
  /** Order parts placed in the period, not cancelled. */
  orders: z.number().int(),
  /** Their subtotal + shipping, in dollars (summed in cents). */
  sales: z.number(),
});
export type SalesFigure = z.infer<typeof SalesFigure>;

export const SellerDashboard = z
  .object({
    success: z.literal(true),
    timeZone: z.string(),
    /** The Jamaican day it is ("YYYY-MM-DD"). */
    today: z.string(),
    figures: z.object({ today: SalesFigure, month: SalesFigure }),
    /** The last 30 days, oldest first, today last; days without sales are zero. */
    daily: z.array(SalesFigure.extend({ day: z.string() })),
    lowStock: z.object({
      /** The Low Stock badge's rule (stock 1 to 5), and sold out (0). */
      threshold: z.number().int(),
      total: z.number().int(),
      /** Per variant (a product without options is its one variant, id the product's): "Leather Desert Boots", "Size 10, Brown". */
      products: z.array(
        z.object({
          id: z.string(),
          productId: z.string(),
          name: z.string(),
          /** "Size 10, Brown"; empty for a product without options. */
          variant: z.string(),
          sku: z.string(),
          stock: z.number().int(),
        }),
      ),
    }),
    waiting: z.object({
      /** Parts waiting for the seller: pending (to accept) and processing (to ship). */
      counts: z.object({ pending: z.number().int(), processing: z.number().int() }),
      parts: z.array(SellerPartSummary),
    }),
    reviews: z.object({
      /** Visible reviews of the seller's products that have no reply from the seller yet. */
      unanswered: z.number().int(),
      /** The newest visible reviews of the seller's products, newest first. */
      latest: z.array(
        z.object({
          id: z.string(),
          productId: z.string(),
          productName: z.string(),
          rating: z.number().int(),
          title: z.string().nullable(),
          authorName: z.string(),
          createdAt: z.string(),
          replied: z.boolean(),
        }),
      ),
    }),
  })
  .meta({ id: 'SellerDashboard' });
export type SellerDashboard = z.infer<typeof SellerDashboard>;
