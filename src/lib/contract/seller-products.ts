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
  PRODUCT_LABELS,
  PRODUCT_STATUSES,
  SELLER_SORTS,
  SKU_PATTERN,
  STOCK_FILTERS,
} from '../product-rules';
import { variantGridProblems } from '../variant-rules';
import { MAX_PRODUCT_OPTIONS, MAX_VARIANTS_PER_PRODUCT } from '../variants';
import { Product } from './catalog';
import { limitParam, Pagination, pageParam } from './common';
import { amount, labelledText, wholeNumber } from './field-messages';
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

const L = PRODUCT_LABELS;

/** The bulk edit's fields on the products list, named as that form names them. */
export const BULK_LABELS = { price: 'New price (US$)', stock: 'New stock' } as const;

/** The example amount and count the texts show. */
const PRICE_EXAMPLE = '1250.00';
const STOCK_EXAMPLE = '12';
const MAX_STOCK = 1_000_000;

const tag = singleLine(
  z
    .string({ error: `${L.tags} must be words, like coffee, gift` })
    .trim()
    .min(1, `${L.tags} cannot hold an empty tag: take out the extra comma`)
    .max(MAX_TAG_LENGTH, `Each tag can have at most ${MAX_TAG_LENGTH} characters: shorten it`),
  L.tags,
);

/** Every field of a product a seller sets; the API's dollars become cents in the service. */
export const PRODUCT_FIELDS = {
  name: singleLine(labelledText(L.name, 200), L.name),
  description: labelledText(L.description, 5000, { min: 0 }),
  category: z.enum(CATEGORY_NAMES as [string, ...string[]], { error: 'Choose a category from the list' }),
  subcategory: singleLine(
    z
      .string({ error: 'Choose a subcategory from the list' })
      .trim()
      .min(1, 'Choose a subcategory from the list')
      .max(100, `${L.subcategory} can have at most 100 characters: shorten it`),
    L.subcategory,
  ),
  price: amount(L.price, PRICE_EXAMPLE, { missing: `${L.price} is required: enter an amount like ${PRICE_EXAMPLE}` }),
  /** The former price, shown struck through; must be above the price. Null: not on sale. */
  compareAtPrice: amount(L.compareAtPrice, PRICE_EXAMPLE, { orEmpty: true }).nullable(),
  stock: wholeNumber(L.stock, MAX_STOCK, {
    example: STOCK_EXAMPLE,
    missing: `${L.stock} is required: enter a whole number, like ${STOCK_EXAMPLE}`,
  }),
  sku: z
    .string({ error: `${L.sku} is required: enter your own code for it, like TEA-1` })
    .trim()
    .min(1, `${L.sku} is required: enter your own code for it, like TEA-1`)
    .max(64, `${L.sku} can have at most 64 characters: shorten it`)
    .regex(
      SKU_PATTERN,
      `${L.sku} can only hold letters, digits, dots, dashes and underscores: take out the spaces and other signs`,
    ),
  tags: z
    .array(tag, { error: `${L.tags} must be words, like coffee, gift` })
    .max(MAX_TAGS, `${L.tags} can hold at most ${MAX_TAGS} words: remove some`),
  /** Ordered: the first is the product's main photo. Each one the store uploaded (`/uploads/…`), or already on one of its products. */
  images: z
    .array(
      z
        .string({ error: `${L.images} must be photos you uploaded` })
        .max(300, `${L.images} must be photos you uploaded: remove this one and upload it again`),
      { error: `${L.images} must be photos you uploaded` },
    )
    .max(MAX_PHOTOS, `${L.images} can hold at most ${MAX_PHOTOS} photos: remove some`),
  status: z.enum(PRODUCT_STATUSES, { error: `Status must be ${PRODUCT_STATUSES.join(' or ')}` }),
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
    message: 'Change at least one field',
  })
  .meta({ id: 'ProductUpdate' });
export type ProductUpdate = z.infer<typeof ProductUpdate>;

/** The variant grid's labels, as the editor's Options section shows them. */
export const VARIANT_LABELS = { optionName: 'Option name', optionValue: 'Value' } as const;
/** Values one option may have: every shoe size and then some. */
export const MAX_OPTION_VALUES = 30;

const optionText = (label: string) => singleLine(labelledText(label, 40), label);

/** One option of a product and its values, in the seller's order: { name: 'Size', values: ['9', '10'] }. */
export const OptionInput = z.object({
  name: optionText(VARIANT_LABELS.optionName),
  values: z
    .array(optionText(VARIANT_LABELS.optionValue), { error: 'Give the option its values, like 9, 10, 11' })
    .min(1, 'Give the option at least one value, like 9, 10, 11')
    .max(MAX_OPTION_VALUES, `An option can have at most ${MAX_OPTION_VALUES} values: remove some`),
});

/** One row of the grid: a combination of values (one per option) and how it is sold. */
export const VariantInput = z.object({
  /** An existing variant's id keeps that variant (and carts and orders naming it) even when its values are renamed. */
  id: z.string().max(300).optional(),
  /** One value per option, in the options' order; empty for a product without options. */
  options: z.array(z.string().trim().max(40)).max(MAX_PRODUCT_OPTIONS),
  sku: PRODUCT_FIELDS.sku,
  price: PRODUCT_FIELDS.price,
  compareAtPrice: PRODUCT_FIELDS.compareAtPrice.default(null),
  stock: PRODUCT_FIELDS.stock,
  /** Chosen from the product's photos; empty shows the product's; left out, a kept variant keeps its own. */
  images: z
    .array(z.string().max(300))
    .max(MAX_PHOTOS, `Photos can hold at most ${MAX_PHOTOS} photos: remove some`)
    .optional(),
});

/**
 * PUT /seller/products/{id}/variants: the whole grid, all or nothing (docs/decisions/054). With
 * options, one row per combination on sale; without (options taken away), exactly one row, which
 * becomes the product's price, stock and SKU again.
 */
export const VariantsInput = z
  .object({
    options: z
      .array(OptionInput)
      .max(
        MAX_PRODUCT_OPTIONS,
        `A product can have at most ${MAX_PRODUCT_OPTIONS} options, like Size, Colour and Width`,
      ),
    variants: z
      .array(VariantInput)
      .min(1, 'Give at least one variant: a combination you sell')
      .max(
        MAX_VARIANTS_PER_PRODUCT,
        `A product can have at most ${MAX_VARIANTS_PER_PRODUCT} variants: remove combinations you do not sell`,
      ),
  })
  .superRefine((input, ctx) => {
    for (const [path, message] of Object.entries(variantGridProblems(input)))
      ctx.addIssue({ code: 'custom', message, path: path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) });
  })
  .meta({ id: 'VariantsInput' });
export type VariantsInput = z.infer<typeof VariantsInput>;
export type VariantsInputBody = z.input<typeof VariantsInput>;

/** The bulk edit's texts that are not a field's (the form checks with them before sending). */
export const BULK_TEXT = {
  nothing: 'Enter a new price, a new stock or both',
  noProducts: 'Choose the products to change: tick their boxes',
} as const;

/** The bulk edit's two fields, each named by its own label. */
export const BULK_FIELDS = {
  price: amount(BULK_LABELS.price, PRICE_EXAMPLE),
  stock: wholeNumber(BULK_LABELS.stock, MAX_STOCK, { example: STOCK_EXAMPLE }),
};

/** Bulk price and stock: each line names one product and its new price and/or stock. */
export const BulkEdit = z
  .object({
    items: z
      .array(
        z
          .object({
            id: z.string({ error: 'Each product must be named by its id' }).min(1).max(200),
            price: BULK_FIELDS.price.optional(),
            stock: BULK_FIELDS.stock.optional(),
          })
          .refine((i) => i.price !== undefined || i.stock !== undefined, { message: BULK_TEXT.nothing }),
        { error: BULK_TEXT.noProducts },
      )
      .min(1, BULK_TEXT.noProducts)
      .max(500, 'Choose at most 500 products at once: change the rest next')
      .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'Each product can be chosen only once'),
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
