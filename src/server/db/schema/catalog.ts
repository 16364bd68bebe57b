import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DEFAULT_PROCESSING_TIME } from '../../../lib/seller-defaults';
import { type BankDetails, STORE_STATUSES } from '../../../lib/store-status';
import type { ProductOption } from '../../../lib/variants';
import { cents } from './columns';
import { users } from './users';

export const stores = pgTable(
  'stores',
  {
    /** URL-safe slug, e.g. "blue-mountain-roasters". */
    id: text('id').primaryKey(),
    /** The account that runs the store: one store per account (decisions 015, 027), none for the sample stores. */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logo: text('logo'),
    bannerImage: text('banner_image'),
    facebook: text('facebook'),
    instagram: text('instagram'),
    twitter: text('twitter'),
    website: text('website'),
    email: text('email'),
    phone: text('phone'),
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** Town shown on the store page, e.g. "Ocho Rios". */
    location: text('location').notNull(),
    parish: text('parish').notNull(),
    joinDate: date('join_date').notNull(),
    verified: boolean('verified').notNull().default(false),
    /** Orders from this seller at or above this subtotal ship free; null means never. */
    freeShippingThresholdCents: cents('free_shipping_threshold_cents'),
    /** Business days between the order and hand-over to the courier, e.g. "1-3 business days". */
    processingTime: text('processing_time').notNull().default(DEFAULT_PROCESSING_TIME),
    /**
     * The store's lifecycle (docs/decisions/015): only an active store and its products are public.
     * A new store is pending until an operator decides; the default keeps any other way of making
     * a store private until then.
     */
    status: text('status', { enum: STORE_STATUSES }).notNull().default('pending'),
    /** Why an operator rejected or suspended the store (shown to its owner); null otherwise. */
    statusReason: text('status_reason'),
    /** When the owner applied (null for stores that predate applications). */
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** When an operator last changed the status. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Payment methods the store accepts besides the shop's card payments. */
    acceptsCashOnDelivery: boolean('accepts_cash_on_delivery').notNull().default(true),
    acceptsBankTransfer: boolean('accepts_bank_transfer').notNull().default(false),
    /** Where a buyer paying by bank transfer sends the money; required when bank transfer is accepted. */
    bankDetails: jsonb('bank_details').$type<BankDetails>(),
    /**
     * The store's tax details (issue 29 #1, docs/decisions/044): its TRN as nine digits (null when
     * not given), whether it is GCT-registered (only then is GCT charged on its parts), and its GCT
     * registration number (set exactly when registered). Changes are logged (`tax_details_changed`).
     */
    trn: text('trn'),
    gctRegistered: boolean('gct_registered').notNull().default(false),
    gctNumber: text('gct_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stores_owner_unique').on(t.ownerId),
    index('stores_status_idx').on(t.status),
    check('stores_trn_nine_digits', sql`${t.trn} is null or ${t.trn} ~ '^[0-9]{9}$'`),
    check(
      'stores_gct_registration',
      sql`(${t.gctRegistered} and ${t.trn} is not null and ${t.gctNumber} is not null) or (not ${t.gctRegistered} and ${t.gctNumber} is null)`,
    ),
  ],
);

export const products = pgTable(
  'products',
  {
    /** URL-safe slug, e.g. "blue-mountain-coffee-beans-454g". */
    id: text('id').primaryKey(),
    storeId: text('store_id').references(() => stores.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: cents('price_cents').notNull(),
    /** The former price when the product is on sale; drives the "discounted" filter. */
    compareAtCents: cents('compare_at_cents'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    category: text('category').notNull(),
    subcategory: text('subcategory').notNull(),
    stock: integer('stock').notNull().default(0),
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    salesCount: integer('sales_count').notNull().default(0),
    /** A code the seller gives the product, unique within its store (CSV import matches on it). */
    sku: text('sku').notNull(),
    /**
     * Its options (at most 3, e.g. Size and Colour) and their values, in the seller's order;
     * empty for a product sold one way (docs/decisions/051). Each combination on sale is a row
     * of product_variants. With options, price_cents / compare_at_cents are those of its cheapest
     * variant and stock the sum of its variants' (what cards, filters and sorts read); without,
     * its one variant mirrors them (the products_sole_variant trigger, migration 0028).
     */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    /**
     * When the seller archived it; null while it is on sale. An archived product is out of the
     * public catalogue (services/public-catalog.ts) but keeps its row for order history
     * (docs/decisions/016).
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_store_sku_key').on(t.storeId, t.sku),
    index('products_category_idx').on(sql`lower(${t.category})`, sql`lower(${t.subcategory})`),
    index('products_store_idx').on(t.storeId),
    index('products_created_idx').on(t.createdAt),
    index('products_sales_idx').on(t.salesCount),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    check('products_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

/**
 * One way a product is sold (docs/decisions/051): a combination of its option values with its own
 * SKU, stock and price. A product without options has exactly one, whose id is the product's id
 * and which the database keeps equal to the product (the products_sole_variant trigger), so every
 * writer of a product's price or stock keeps it without knowing of it.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    /** The product's id for its sole variant; `<product id>~<values>` for one of several (src/lib/variants.ts). */
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /**
     * Its product's store, copied so the database can keep SKUs unique within a store
     * (docs/decisions/055). Only the database writes it, whatever a writer gives: taken from the
     * product on insert and following the product's store when that changes (the
     * product_variants_store and products_variants_store triggers, migration 0031).
     */
    storeId: text('store_id'),
    /** Its place in the seller's grid (the first is the default shown on the product page). */
    position: integer('position').notNull().default(0),
    /** One value per product option, in the options' order; empty for a sole variant. */
    optionValues: jsonb('option_values').$type<string[]>().notNull().default([]),
    sku: text('sku').notNull(),
    priceCents: cents('price_cents').notNull(),
    compareAtCents: cents('compare_at_cents'),
    stock: integer('stock').notNull().default(0),
    /** Its own photos; empty means the product's. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_variants_product_idx').on(t.productId, t.position),
    // "Blue AND XL" is one row: a combination exists at most once per product.
    uniqueIndex('product_variants_values_key').on(t.productId, t.optionValues),
    // One SKU, one thing sold, across the store's variants; a sole variant carries its product's SKU (docs/decisions/055).
    uniqueIndex('product_variants_store_sku_key').on(t.storeId, t.sku),
    check('product_variants_stock_nonnegative', sql`${t.stock} >= 0`),
    check('product_variants_price_nonnegative', sql`${t.priceCents} >= 0`),
  ],
);

/** A seller's delivery offer, e.g. Knutsford Express depot pickup for J$… to a set of parishes. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    costCents: cents('cost_cents').notNull(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('shipping_rates_store_idx').on(t.storeId),
    check('shipping_rates_cost_nonnegative', sql`${t.costCents} >= 0`),
  ],
);

/** Which parishes a rate delivers to. */
export const shippingRateParishes = pgTable(
  'shipping_rate_parishes',
  {
    rateId: text('rate_id')
      .notNull()
      .references(() => shippingRates.id, { onDelete: 'cascade' }),
    parish: text('parish').notNull(),
  },
  (t) => [primaryKey({ columns: [t.rateId, t.parish] }), index('shipping_rate_parishes_parish_idx').on(t.parish)],
);

/**
 * Newsletter addresses. Double opt-in (Jamaica's Data Protection Act 2020): a sign-up is pending
 * until the link in its confirmation mail is followed (confirmedAt); only confirmed addresses
 * that have not left (unsubscribedAt) receive marketing mail.
 */
export const newsletterSignups = pgTable('newsletter_signups', {
  email: text('email').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  /** The secret in every marketing mail's unsubscribe link (it can only unsubscribe this address). */
  unsubscribeToken: text('unsubscribe_token').unique('newsletter_signups_unsubscribe_key'),
});

/** Small key/value facts about the installation, e.g. when the catalogue last changed. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
