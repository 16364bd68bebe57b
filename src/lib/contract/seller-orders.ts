import { z } from 'zod';
import { ShippingAddress } from './checkout';
import { limitParam, pageParam } from './common';
import { labelledText } from './field-messages';
import { ORDER_STATUSES, type OrderStatus, PAYMENT_METHODS, PAYMENT_STATUSES } from './orders';
import { singleLine } from './single-line';

/*
 * The seller's orders workspace (/api/v1/seller/orders…): one row per order part (the seller's
 * share of an order, docs/decisions/007), its detail, and the actions along the status table
 * (src/server/services/orders/status.ts, the one home of the transitions).
 */

/** What a seller can do to a part; the status each action moves it to (payment moves none). */
export const PART_ACTIONS = ['accept', 'ship', 'deliver', 'cancel', 'record-payment'] as const;
export type PartAction = (typeof PART_ACTIONS)[number];
export const ACTION_STATUS: Record<Exclude<PartAction, 'record-payment'>, OrderStatus> = {
  accept: 'processing',
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'cancelled',
};
export const ACTION_LABELS: Record<PartAction, string> = {
  accept: 'Accept order',
  ship: 'Mark shipped',
  deliver: 'Mark delivered',
  cancel: 'Cancel order',
  'record-payment': 'Record payment received',
};

export const PartIdParam = z.object({ partId: z.string().min(1).max(200) });

export const SellerOrdersQuery = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  /** An order number ("YM-2611-4F7K2Q", or part of one), or the buyer's name or e-mail. */
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  page: pageParam,
  limit: limitParam(100, 20),
});
export type SellerOrdersQuery = z.input<typeof SellerOrdersQuery>;

/** The list's row and answer, and the dashboard's, live in ./seller-reads.ts (the first screens load them alone). */
export {
  SalesFigure,
  SellerDashboard,
  SellerPartList,
  SellerPartSummary,
} from './seller-reads';

export const SellerPartLine = z
  .object({
    id: z.string(),
    productId: z.string().nullable(),
    productName: z.string(),
    /** "Size 10, Brown", as sold; empty for a product without options (docs/decisions/052). */
    variantLabel: z.string(),
    /** The variant's SKU today (the product's for a product without options); null when it has since been deleted. */
    sku: z.string().nullable(),
    quantity: z.number().int(),
    price: z.number(),
    lineTotal: z.number(),
    image: z.string().nullable(),
  })
  .meta({ id: 'SellerPartLine' });
export type SellerPartLine = z.infer<typeof SellerPartLine>;

/** One part as its seller works on it: what to pack, where it goes, how it ships, what is next. */
export const SellerPartDetail = z
  .object({
    partId: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    storeId: z.string(),
    storeName: z.string(),
    status: z.enum(ORDER_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    paymentMethod: z.enum(PAYMENT_METHODS),
    buyer: z.object({ name: z.string(), email: z.string() }),
    /** Where it goes, with the phone the courier calls. */
    shippingAddress: ShippingAddress,
    customerNotes: z.string().nullable(),
    /** The delivery the buyer chose and paid for. */
    shipping: z.object({
      method: z.string(),
      provider: z.string(),
      cost: z.number(),
      estimatedDays: z.string().nullable(),
    }),
    /** The courier named when it shipped (null before). */
    courier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    cancelReason: z.string().nullable(),
    items: z.array(SellerPartLine),
    subtotal: z.number(),
    shippingCost: z.number(),
    total: z.number(),
    /** What the seller may do next (the status table, and payment while a live part is unpaid). */
    actions: z.array(z.enum(PART_ACTIONS)),
    placedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SellerPartDetail' });
export type SellerPartDetail = z.infer<typeof SellerPartDetail>;

export const SellerPartAnswer = z
  .object({ success: z.literal(true), part: SellerPartDetail })
  .meta({ id: 'SellerPartAnswer' });
export type SellerPartAnswer = z.infer<typeof SellerPartAnswer>;

/** What the ship and cancel dialogs call their fields, for their texts and the API's. */
export const PART_FIELD_LABELS = { courier: 'Courier', trackingNumber: 'Tracking number', reason: 'Reason' } as const;
const L = PART_FIELD_LABELS;

/** Marking a part shipped: the courier that carries it and its tracking number, both required. */
export const ShipPartInput = z
  .object({
    courier: singleLine(
      labelledText(L.courier, 80, { required: 'name the courier that carries the parcel' }),
      L.courier,
    ),
    trackingNumber: singleLine(
      labelledText(L.trackingNumber, 100, { required: 'copy it from the courier’s receipt' }),
      L.trackingNumber,
    ),
  })
  .meta({ id: 'ShipPartInput' });
export type ShipPartInput = z.infer<typeof ShipPartInput>;

/** Cancelling a part: the buyer is told why. */
export const CancelPartInput = z
  .object({ reason: labelledText(L.reason, 500, { required: 'tell the buyer why the order is cancelled' }) })
  .meta({ id: 'CancelPartInput' });
export type CancelPartInput = z.infer<typeof CancelPartInput>;
