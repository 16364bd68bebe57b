import { z } from 'zod';
import { PARISHES, PRODUCT_IDS_PER_CALL, SORTS } from '../catalog';
import { parseOptionFilter } from '../option-filter';
import { MAX_PRODUCT_OPTIONS } from '../variants';
import { limitParam, Pagination, pageParam } from './common';

/** The store as a product carries it (spec §3 "Store on a product"). */
export const ProductStore = z
  .object({
    id: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
    verified: z.boolean(),
    location: z.string(),
    user_id: z.string().nullable(),
  })
  .meta({ id: 'ProductStore' });
export type ProductStore = z.infer<typeof ProductStore>;

/** One of a product's options and its values (issue 30, docs/decisions/051), e.g. Size: 9, 10, 11. */
export const ProductOption = z.object({ name: z.string(), values: z.array(z.string()) }).meta({ id: 'ProductOption' });

/** One way a product is sold: a combination of its option values with its own SKU, price and stock. */
export const ProductVariant = z
  .object({
    id: z.string(),
    /** One value per product option, in the options' order; empty for a product without options. */
    options: z.array(z.string()),
    /** "Size 10, Brown"; empty for a product without options. */
    label: z.string(),
    sku: z.string(),
    /** US dollars, two decimals. */
    price: z.number(),
    compareAtPrice: z.number().nullable(),
    discounted: z.boolean(),
    stock: z.number().int(),
    /** Its own photos; empty means the product's. */
    images: z.array(z.string()),
  })
  .meta({ id: 'ProductVariant' });
export type ProductVariant = z.infer<typeof ProductVariant>;

export const Product = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    /** US dollars, two decimals. */
    price: z.number(),
    /** The former price when on sale, else null. */
    compareAtPrice: z.number().nullable(),
    discounted: z.boolean(),
    images: z.array(z.string()),
    category: z.string(),
    subcategory: z.string(),
    stock: z.number().int(),
    store: ProductStore,
    rating: z.number(),
    reviewCount: z.number().int(),
    tags: z.array(z.string()),
    createdAt: z.string(),
    salesCount: z.number().int(),
    sku: z.string(),
    /**
     * Its options (at most 3); empty for a product sold one way, whose spec fields above are its
     * one variant's. With options, price and compareAtPrice are its cheapest variant's and stock
     * the sum of its variants' (docs/decisions/051).
     */
    options: z.array(ProductOption),
    /**
     * Its variants, in the seller's order (the first is the default): on a single product's read,
     * and on lists for a product with options (docs/decisions/053).
     */
    variants: z.array(ProductVariant).optional(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof Product>;

const optionalText = z
  .string()
  .trim()
  .max(200, 'must be at most 200 characters')
  .optional()
  .transform((v) => (v === '' ? undefined : v));
const money = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(0, `${name} must be 0 or more`)
    .max(1_000_000)
    .optional();

export const ProductQuery = z
  .object({
    category: optionalText,
    subcategory: optionalText,
    search: optionalText,
    storeId: optionalText,
    /** Comma-separated product ids (at most PRODUCT_IDS_PER_CALL): how pages refresh the live price and stock of the cards they show. */
    ids: z
      .string()
      .max(5000)
      .optional()
      .transform((v) =>
        v
          ? [
              ...new Set(
                v
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean),
              ),
            ]
          : undefined,
      )
      .refine((v) => v === undefined || v.length <= PRODUCT_IDS_PER_CALL, `ids: at most ${PRODUCT_IDS_PER_CALL} ids`),
    /**
     * Option values a product must be sold in, as `Name:Value` pairs joined by ";" ("Size:10;Colour:Brown"):
     * one of its variants has every one of them (with inStock=true, that variant is in stock).
     * Names and values compare case-insensitively (docs/decisions/053).
     */
    options: z
      .string()
      .max(500)
      .optional()
      .transform((v) => (v ? parseOptionFilter(v) : undefined))
      .refine((v) => v === undefined || v.length > 0, 'options: pairs like Size:10, joined by ;')
      .refine((v) => v === undefined || v.length <= MAX_PRODUCT_OPTIONS, `options: at most ${MAX_PRODUCT_OPTIONS}`),
    minPrice: money('minPrice'),
    maxPrice: money('maxPrice'),
    inStock: z.enum(['true', 'false']).optional(),
    discounted: z.enum(['true', 'false']).optional(),
    minRating: z.coerce.number().min(0).max(5).optional(),
    /** Default: relevance when searching, else newest. */
    sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).optional(),
    page: pageParam,
    limit: limitParam(500, 24),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'minPrice must not be more than maxPrice',
    path: ['minPrice'],
  });
export type ProductQuery = z.infer<typeof ProductQuery>;

export const ProductList = z.object({ products: z.array(Product), pagination: Pagination }).meta({ id: 'ProductList' });
export type ProductList = z.infer<typeof ProductList>;

export const BestSellersQuery = z.object({
  category: optionalText,
  subcategory: optionalText,
  limit: limitParam(50, 10),
});

export const Subcategories = z
  .object({ category: z.string(), subcategories: z.array(z.string()) })
  .meta({ id: 'Subcategories' });

export const ShippingRate = z
  .object({
    id: z.string(),
    method: z.string(),
    provider: z.string(),
    cost: z.number(),
    isFreeShipping: z.boolean(),
    estimatedDays: z.string(),
    description: z.string(),
  })
  .meta({ id: 'ShippingRate' });
export type ShippingRate = z.infer<typeof ShippingRate>;

export const ParishQuery = z.object({
  parish: z.enum(PARISHES, { error: `parish must be one of ${PARISHES.join(', ')}` }),
});

/**
 * One seller's delivery to a parish, the same on the product page's estimator (ShippingInfo) and
 * for each seller at checkout (SellerShippingOptions, spec §3 shippingOptions).
 */
export const SELLER_SHIPPING_FIELDS = {
  rates: z.array(ShippingRate),
  /** Dollars; null when this seller never ships free. */
  freeShippingThreshold: z.number().nullable(),
  qualifiesForFreeShipping: z.boolean(),
  processingTime: z.string(),
  /** 'no_shipping' with the message "No shipping options available…" when no rate reaches the parish. */
  error: z.string().optional(),
  message: z.string().optional(),
};

export const ShippingInfo = z.object({ parish: z.string(), ...SELLER_SHIPPING_FIELDS }).meta({ id: 'ShippingInfo' });
export type ShippingInfo = z.infer<typeof ShippingInfo>;

/** A store's social links as the API answers them (null: none given). */
export const StoreSocialLinks = z.object({
  facebook: z.string().nullable(),
  instagram: z.string().nullable(),
  twitter: z.string().nullable(),
  website: z.string().nullable(),
});

export const SellerStore = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    logo: z.string().nullable(),
    bannerImage: z.string().nullable(),
    socialLinks: StoreSocialLinks,
    rating: z.number(),
    reviewCount: z.number().int(),
    location: z.string(),
    parish: z.string(),
    joinDate: z.string(),
    verified: z.boolean(),
    productCount: z.number().int(),
    /** The store's own contact (Contact Seller; null when it gave none). */
    email: z.string().nullable(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'SellerStore' });
export type SellerStore = z.infer<typeof SellerStore>;

export const StoreList = z.object({ stores: z.array(SellerStore), pagination: Pagination }).meta({ id: 'StoreList' });
export const StoreListQuery = z.object({ page: pageParam, limit: limitParam(100, 50) });
export const StoreProductsQuery = z.object({
  sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).default('newest'),
  page: pageParam,
  limit: limitParam(500, 24),
});

export const IdParam = z.object({ id: z.string().min(1).max(200) });
export const CategoryParam = z.object({ category: z.string().min(1).max(100) });
