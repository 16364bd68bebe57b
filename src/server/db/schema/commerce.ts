import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ShippingAddress } from '../../../lib/contract/checkout';
import type { BankDetails } from '../../../lib/store-status';
import { products, productVariants, shippingRates, stores } from './catalog';
import { cents, id } from './columns';
import { users } from './users';

/** The address a shopper ships to (spec §3), stored on a cart or an order as the API carries it. */
export type ShippingAddressValue = ShippingAddress;

/** A logged-in shopper's cart; guests keep theirs in the browser. */
export const carts = pgTable('carts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  shippingAddress: jsonb('shipping_address').$type<ShippingAddressValue>(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    /** The line's product, kept beside its variant for the joins that read the product. */
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** What the line is: one variant of the product (its sole variant when it has no options; docs/decisions/051, 052). */
    variantId: text('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The unit price the shopper last saw (at add, or when they refreshed the cart): the cart's price check. */
    priceCentsAtAdd: cents('price_cents_at_add'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.variantId] }),
    index('cart_lines_product_idx').on(t.productId),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** The rate a shopper picked for one seller's part of the cart. */
export const cartShippingSelections = pgTable(
  'cart_shipping_selections',
  {
    userId: text('user_id')
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    rateId: text('rate_id')
      .notNull()
      .references(() => shippingRates.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] })],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    /** Derived from the parts' statuses (see src/server/services/orders/status.ts). */
    status: text('status').notNull().default('pending'),
    paymentMethod: text('payment_method').notNull(),
    /** Paid when every live part is (see paymentStatusOf in src/server/services/orders/status.ts). */
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid'] })
      .notNull()
      .default('unpaid'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddressValue>().notNull(),
    customerNotes: text('customer_notes'),
    subtotalCents: cents('subtotal_cents').notNull(),
    shippingCents: cents('shipping_cents').notNull(),
    taxCents: cents('tax_cents').notNull(),
    totalCents: cents('total_cents').notNull(),
    /**
     * A card order's stock is held until then for its payment (docs/decisions/029): set when it is
     * placed, cleared when it is paid. While it is set its sellers do not see the order; an order
     * cancelled unpaid keeps it, so they never do.
     */
    awaitingPaymentUntil: timestamp('awaiting_payment_until', { withTimezone: true }),
    /**
     * A bank-transfer order (docs/decisions/034): the marketplace's account the buyer was told to
     * pay into, kept as it was when the order was placed; null for other methods and for older
     * orders paid to each seller (order_parts.bank_details).
     */
    bankTransferTo: jsonb('bank_transfer_to').$type<BankDetails>(),
    /** When the buyer of a bank-transfer order still unpaid was reminded (once). */
    paymentRemindedAt: timestamp('payment_reminded_at', { withTimezone: true }),
    /**
     * A business buyer's TRN (nine digits) and, if given, its name (docs/decisions/049): optional,
     * asked at checkout and printed on each seller's tax invoice, which freezes its own copy.
     */
    buyerTrn: text('buyer_trn'),
    buyerBusinessName: text('buyer_business_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.orderNumber),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt),
    // The hold sweeper's look: only orders still awaiting a payment are in it.
    index('orders_awaiting_payment_idx')
      .on(t.awaitingPaymentUntil)
      .where(
        sql`${t.awaitingPaymentUntil} is not null and ${t.paymentStatus} = 'unpaid' and ${t.status} <> 'cancelled'`,
      ),
    check('orders_buyer_trn_nine_digits', sql`${t.buyerTrn} is null or ${t.buyerTrn} ~ '^[0-9]{9}$'`),
    check('orders_buyer_business_with_trn', sql`${t.buyerBusinessName} is null or ${t.buyerTrn} is not null`),
  ],
);

/** One seller's share of an order: its own lines, shipping choice, status and tracking number. */
export const orderParts = pgTable(
  'order_parts',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    storeName: text('store_name').notNull(),
    status: text('status').notNull().default('pending'),
    /** Payment is per part (its seller records it); the order's own column follows its parts. */
    paymentStatus: text('payment_status', { enum: ['unpaid', 'paid'] })
      .notNull()
      .default('unpaid'),
    trackingNumber: text('tracking_number'),
    /** The courier that carries the part, named by its seller when marking it shipped (the buyer chose shippingProvider). */
    courier: text('courier'),
    /** Why its seller cancelled the part (shown to the buyer); null for a buyer's cancel. */
    cancelReason: text('cancel_reason'),
    shippingRateId: text('shipping_rate_id'),
    shippingMethod: text('shipping_method').notNull(),
    shippingProvider: text('shipping_provider').notNull(),
    shippingCents: cents('shipping_cents').notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    estimatedDays: text('estimated_days'),
    /**
     * The store's bank details when the order was placed by bank transfer (null otherwise): what the
     * buyer was told to pay into stays the same on every later page and mail (docs/decisions/020).
     */
    bankDetails: jsonb('bank_details').$type<BankDetails>(),
    /**
     * What the sale costs its seller, frozen when the order is placed (docs/decisions/036): the
     * commission on its items at its lines' rates (`order_lines.commission_bp`), and the GCT on that
     * commission when the marketplace is GCT-registered. Rounded by src/lib/commission.ts only.
     */
    commissionCents: cents('commission_cents').notNull().default(0),
    commissionGctCents: cents('commission_gct_cents').notNull().default(0),
    /**
     * The part's own tax (docs/decisions/044): round(subtotal × rate) when its seller charges it (a
     * GCT-registered seller, or every seller under TAX_MODE=spec), else 0; and the rate charged in
     * basis points (0: not taxed). Null on orders placed before migration 0026, whose tax is the
     * order's split over its parts (`partTaxes` in src/lib/pricing.ts).
     */
    taxCents: cents('tax_cents'),
    taxBasisPoints: integer('tax_bp'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_parts_order_idx').on(t.orderId), index('order_parts_store_idx').on(t.storeId, t.createdAt)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    partId: text('part_id')
      .notNull()
      .references(() => orderParts.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    /** The variant sold (null once it is gone, or on lines older than migration 0030). */
    variantId: text('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /** How the line names its variant, frozen at placement ("Size 10, Brown"; `variantLabel`); '' for a product without options. */
    variantLabel: text('variant_label').notNull().default(''),
    productDescription: text('product_description').notNull().default(''),
    image: text('image'),
    unitPriceCents: cents('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: cents('line_total_cents').notNull(),
    /** The commission rate of this line in basis points, frozen when the order is placed (the most specific rule: src/lib/commission.ts). */
    commissionBasisPoints: integer('commission_bp').notNull().default(0),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId), check('order_lines_quantity_positive', sql`${t.quantity} > 0`)],
);

/** A replayed place-order with the same key returns the first answer instead of a second order. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
