/**
 * A seller's own products (issue 14, items 4 and 5; docs/decisions/016): the list with its
 * filters, create and edit with every field, archive, duplicate, bulk price and stock, CSV.
 * The rules that need more than one field or the database (category → subcategory, compare-at
 * above the price, SKU unique in the store, photos the store uploaded) are in
 * src/lib/product-rules.ts and the service, so the JSON calls and the CSV import share them.
 */
import { z } from 'zod';
import { CATEGORY_NAMES } from '../catalog';
import {
  MAX_PHOTOS,
  MAX_TAG_LENGTH,
  MAX_TAGS,
  PRODUCT_STATUSES,
  SELLER_SORTS,
  SKU_PATTERN,
  STOCK_FILTERS,
} from '../product-rules';
import { Product } from './catalog';
import { limitParam, Pagination, pageParam } from './common';
import { singleLine } from './single-line';

/** One of the seller's products as the seller sees it: the public fields, its status and last change. */
export const SellerProduct = Product.extend({
  status: z.enum(PRODUCT_STATUSES),
  archivedAt: z.string().nullable(),
  updatedAt: z.string(),
}).meta({ id: 'SellerProduct' });
export type SellerProduct = z.infer<typeof SellerProduct>;

export const SellerProductList = z
  .object({ products: z.array(SellerProduct), pagination: Pagination })
  .meta({ id: 'SellerProductList' });
export type SellerProductList = z.infer<typeof SellerProductList>;

const blankIsAbsent = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

export const SellerProductQuery = z.object({
  /** Part of the name or SKU, any case. */
  search: z.string().max(200, 'search must be at most 200 characters').optional().transform(blankIsAbsent),
  status: z
    .enum(['all', ...PRODUCT_STATUSES], { error: `status must be all, ${PRODUCT_STATUSES.join(' or ')}` })
    .default('all'),
  category: z
    .enum(CATEGORY_NAMES as [string, ...string[]], { error: `category must be one of ${CATEGORY_NAMES.join(', ')}` })
    .optional(),
  /** in: above the low-stock line; low: 1 to the line; out: none. */
  stock: z.enum(STOCK_FILTERS, { error: `stock must be one of ${STOCK_FILTERS.join(', ')}` }).optional(),
  sort: z.enum(SELLER_SORTS, { error: `sort must be one of ${SELLER_SORTS.join(', ')}` }).default('updated'),
  page: pageParam,
  limit: limitParam(100, 25),
});
export type SellerProductQuery = z.infer<typeof SellerProductQuery>;

const text = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(min, min === 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`);

const dollars = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be 0 or more`)
    .max(1_000_000, `${field} must be at most 1,000,000`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${field} must have at most 2 decimals`);

const stock = z
  .number({ error: 'stock must be a whole number' })
  .int('stock must be a whole number')
  .min(0, 'stock must be 0 or more')
  .max(1_000_000, 'stock must be at most 1,000,000');

/** Every field of a product a seller sets; the API's dollars become cents in the service. */
export const PRODUCT_FIELDS = {
  name: singleLine(text('name', 1, 200), 'Name'),
  description: text('description', 0, 5000),
  category: z.enum(CATEGORY_NAMES as [string, ...string[]], {
    error: `category must be one of ${CATEGORY_NAMES.join(', ')}`,
  }),
  subcategory: singleLine(text('subcategory', 1, 100), 'Subcategory'),
  price: dollars('price'),
  /** The former price, shown struck through; must be above the price. Null: not on sale. */
  compareAtPrice: dollars('compareAtPrice').nullable(),
  stock,
  sku: z
    .string({ error: 'sku must be text' })
    .trim()
    .min(1, 'sku must not be empty')
    .max(64, 'sku must be at most 64 characters')
    .regex(SKU_PATTERN, 'sku may only hold letters, digits, dots, dashes and underscores'),
  tags: z
    .array(singleLine(text('a tag', 1, MAX_TAG_LENGTH), 'A tag'), { error: 'tags must be a list of words' })
    .max(MAX_TAGS, `at most ${MAX_TAGS} tags`),
  /** Ordered: the first is the product's main photo. Each one the store uploaded (`/uploads/…`), or already on one of its products. */
  images: z
    .array(z.string().max(300), { error: 'images must be a list of photo addresses' })
    .max(MAX_PHOTOS, `at most ${MAX_PHOTOS} photos`),
  status: z.enum(PRODUCT_STATUSES, { error: `status must be ${PRODUCT_STATUSES.join(' or ')}` }),
};

export const ProductCreate = z
  .object({
    ...PRODUCT_FIELDS,
    description: PRODUCT_FIELDS.description.default(''),
    compareAtPrice: PRODUCT_FIELDS.compareAtPrice.default(null),
    tags: PRODUCT_FIELDS.tags.default([]),
    images: PRODUCT_FIELDS.images.default([]),
    status: PRODUCT_FIELDS.status.default('active'),
  })
  .meta({ id: 'ProductCreate' });
export type ProductCreate = z.infer<typeof ProductCreate>;

/** A change to one product: any of its fields (at least one); `images` replaces the list (order, removals). */
export const ProductUpdate = z
  .object({
    name: PRODUCT_FIELDS.name.optional(),
    description: PRODUCT_FIELDS.description.optional(),
    category: PRODUCT_FIELDS.category.optional(),
    subcategory: PRODUCT_FIELDS.subcategory.optional(),
    price: PRODUCT_FIELDS.price.optional(),
    compareAtPrice: PRODUCT_FIELDS.compareAtPrice.optional(),
    stock: PRODUCT_FIELDS.stock.optional(),
    sku: PRODUCT_FIELDS.sku.optional(),
    tags: PRODUCT_FIELDS.tags.optional(),
    images: PRODUCT_FIELDS.images.optional(),
  })
  .refine((u) => Object.values(u).some((v) => v !== undefined), {
    message:
      'Nothing to change: send name, description, category, subcategory, price, compareAtPrice, stock, sku, tags or images',
  })
  .meta({ id: 'ProductUpdate' });
export type ProductUpdate = z.infer<typeof ProductUpdate>;

/** Bulk price and stock: each line names one product and its new price and/or stock. */
export const BulkEdit = z
  .object({
    items: z
      .array(
        z
          .object({ id: z.string().min(1).max(200), price: PRODUCT_FIELDS.price.optional(), stock: stock.optional() })
          .refine((i) => i.price !== undefined || i.stock !== undefined, {
            message: 'give a price, a stock or both',
          }),
      )
      .min(1, 'choose at least one product')
      .max(500, 'at most 500 products at once')
      .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'each product at most once'),
  })
  .meta({ id: 'BulkEdit' });
export type BulkEdit = z.infer<typeof BulkEdit>;

export const BulkResult = z.object({ updated: z.number().int(), products: z.array(SellerProduct) }).meta({
  id: 'BulkResult',
});

/** POST /seller/products/import: the CSV file as the multipart field `file`. */
export const ImportForm = z
  .object({
    file: z.instanceof(File, { message: 'Attach the CSV file as the form field "file".' }).meta({
      type: 'string',
      format: 'binary',
      description: 'A CSV file in the export’s columns (docs/decisions/016)',
    }),
  })
  .meta({ id: 'ImportForm' });

export const ImportResult = z
  .object({ created: z.number().int(), updated: z.number().int(), rows: z.number().int() })
  .meta({ id: 'ImportResult' });
export type ImportResult = z.infer<typeof ImportResult>;

/** One bad cell (or row): its line in the file (the header is line 1) and column. */
export const ImportProblem = z.object({ line: z.number().int(), column: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof ImportProblem>;

/** A file with any bad row: nothing was imported; every problem is listed. */
export const ImportRefused = z
  .object({ message: z.string(), code: z.string(), problems: z.array(ImportProblem) })
  .meta({ id: 'ImportRefused' });
export type ImportRefused = z.infer<typeof ImportRefused>;
