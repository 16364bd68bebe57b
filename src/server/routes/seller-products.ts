import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IdParam } from '../../lib/contract/catalog';
import {
  BulkEdit,
  BulkResult,
  ImportForm,
  ImportRefused,
  ImportResult,
  ProductCreate,
  ProductUpdate,
  SellerProduct,
  SellerProductList,
  SellerProductQuery,
  VariantsInput,
} from '../../lib/contract/seller-products';
import { privateCsv } from '../http/private-file';
import { type AppEnv, createRouter } from '../http/router';
import {
  bulkEditOwn,
  createOwnProduct,
  duplicateOwnProduct,
  exportOwnProducts,
  getOwnProduct,
  ImportRefusedError,
  importOwnProducts,
  importText,
  listOwnProducts,
  MAX_IMPORT_BYTES,
  setArchived,
  setOwnVariants,
  updateOwnProduct,
} from '../services/products';
import { multipartOnly, sellersOnly } from './guards';
import { errors, json } from './openapi-helpers';

const ownErrors = (...more: [number, string][]) =>
  errors(...more, [401, 'Not signed in'], [403, 'Not a seller'], [404, 'Product not found (or another store’s)']);

const csvOnly = multipartOnly('the CSV file');

const importLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_IMPORT_BYTES + 64 * 1024,
  onError: (c) => c.json({ message: 'A CSV file may be at most 5 MB', code: 'payload_too_large' }, 413),
});

/**
 * A seller's own products (docs/decisions/016): list, read, create, change, archive, duplicate,
 * bulk price and stock, CSV export and import. The pages that show a change are published again
 * within seconds (docs/decisions/008).
 */
export const sellerProductRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags: ['Stores'],
      summary: "The signed-in seller's products, archived ones too: search by name or SKU, filter, sort, page",
      middleware: [sellersOnly] as const,
      request: { query: SellerProductQuery },
      responses: {
        200: json(SellerProductList, 'One page of products'),
        ...errors([400, 'Invalid query'], [401, 'Not signed in'], [403, 'Not a seller']),
      },
    }),
    async (c) => c.json(await listOwnProducts(c.var.db, c.var.seller, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/export',
      tags: ['Stores'],
      summary: "Every product of the signed-in seller's store as CSV (the import's columns)",
      middleware: [sellersOnly] as const,
      responses: {
        200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
        ...errors([401, 'Not signed in'], [403, 'Not a seller']),
      },
    }),
    async (c) => {
      const csv = await exportOwnProducts(c.var.db, c.var.seller);
      return privateCsv(c, csv, { filename: `products-${new Date().toISOString().slice(0, 10)}.csv` });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/import',
      tags: ['Stores'],
      summary: 'Import a CSV file of products: upsert by SKU, all rows or none',
      description:
        'Columns as the export gives them (sku, name, description, category, subcategory, price, compare_at_price, stock, tags, photos, status; the first six required). Every row is checked first: a file with any bad row imports nothing and answers 422 with each problem by line (the header is line 1) and column.',
      middleware: [sellersOnly, csvOnly, importLimit] as const,
      request: { body: { content: { 'multipart/form-data': { schema: ImportForm } }, required: true } },
      responses: {
        200: json(ImportResult, 'Every row imported'),
        422: json(ImportRefused, 'Nothing imported: the problems of the file'),
        ...errors(
          [400, 'No file, or not UTF-8 text'],
          [401, 'Not signed in'],
          [403, 'Not a seller'],
          [413, 'Larger than 5 MB'],
          [415, 'Not multipart/form-data'],
        ),
      },
    }),
    async (c) => {
      const { file } = c.req.valid('form');
      try {
        const result = await importOwnProducts(c.var.db, c.var.seller, await importText(file));
        c.var.log.info({ ...result }, 'products imported from CSV');
        return c.json(result, 200);
      } catch (error) {
        if (error instanceof ImportRefusedError)
          return c.json({ message: error.message, code: 'validation_failed', problems: error.problems }, 422);
        throw error;
      }
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/bulk',
      tags: ['Stores'],
      summary: 'New prices and/or stock for many of the seller’s products at once (all or nothing)',
      middleware: [sellersOnly] as const,
      request: { body: { content: { 'application/json': { schema: BulkEdit } }, required: true } },
      responses: { 200: json(BulkResult, 'The products as they now are'), ...ownErrors([400, 'Invalid edit']) },
    }),
    async (c) => {
      const result = await bulkEditOwn(c.var.db, c.var.seller, c.req.valid('json'));
      return c.json(result, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags: ['Stores'],
      summary: 'Add a product to the signed-in seller’s store',
      middleware: [sellersOnly] as const,
      request: { body: { content: { 'application/json': { schema: ProductCreate } }, required: true } },
      responses: {
        201: json(SellerProduct, 'The new product'),
        ...errors(
          [400, 'Invalid product'],
          [401, 'Not signed in'],
          [403, 'Not a seller'],
          [409, 'SKU already used in the store'],
        ),
      },
    }),
    async (c) => {
      const product = await createOwnProduct(c.var.db, c.var.seller, c.req.valid('json'));
      return c.json(product, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags: ['Stores'],
      summary: 'One of the signed-in seller’s products, archived or not',
      middleware: [sellersOnly] as const,
      request: { params: IdParam },
      responses: { 200: json(SellerProduct, 'The product'), ...ownErrors() },
    }),
    async (c) => c.json(await getOwnProduct(c.var.db, c.var.seller, c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      tags: ['Stores'],
      summary: "Change any field of one of the signed-in seller's products (images: the new ordered list)",
      middleware: [sellersOnly] as const,
      request: {
        params: IdParam,
        body: { content: { 'application/json': { schema: ProductUpdate } }, required: true },
      },
      responses: {
        200: json(SellerProduct, 'The product as it now is'),
        ...ownErrors([400, 'Invalid change'], [409, 'SKU already used in the store']),
      },
    }),
    async (c) => {
      const product = await updateOwnProduct(c.var.db, c.var.seller, c.req.valid('param').id, c.req.valid('json'));
      return c.json(product, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/variants',
      tags: ['Stores'],
      summary:
        'Set the options (Size, Colour…) and variants of one of the signed-in seller’s products: the whole grid, all or nothing',
      description:
        'Each variant is one combination of the option values with its own SKU (unique in the store), price, compare-at price, stock and photos (from the product’s). Name an existing variant by its id to keep it when its values are renamed. No options: exactly one row, the product’s own price, stock and SKU (docs/decisions/054).',
      middleware: [sellersOnly] as const,
      request: {
        params: IdParam,
        body: { content: { 'application/json': { schema: VariantsInput } }, required: true },
      },
      responses: {
        200: json(SellerProduct, 'The product with its options and variants as they now are'),
        ...ownErrors([400, 'A refused grid: each cell’s problem'], [409, 'A SKU was taken meanwhile']),
      },
    }),
    async (c) => {
      const product = await setOwnVariants(c.var.db, c.var.seller, c.req.valid('param').id, c.req.valid('json'));
      return c.json(product, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/archive',
      tags: ['Stores'],
      summary: 'Archive a product: it leaves the public catalogue and keeps its order history',
      middleware: [sellersOnly] as const,
      request: { params: IdParam },
      responses: { 200: json(SellerProduct, 'The archived product'), ...ownErrors() },
    }),
    async (c) => {
      const product = await setArchived(c.var.db, c.var.seller, c.req.valid('param').id, true);
      return c.json(product, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/unarchive',
      tags: ['Stores'],
      summary: 'Put an archived product back on sale',
      middleware: [sellersOnly] as const,
      request: { params: IdParam },
      responses: { 200: json(SellerProduct, 'The product, active again'), ...ownErrors() },
    }),
    async (c) => {
      const product = await setArchived(c.var.db, c.var.seller, c.req.valid('param').id, false);
      return c.json(product, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/duplicate',
      tags: ['Stores'],
      summary: 'Copy a product: archived (a draft to finish), named "… (copy)", with a SKU of its own',
      middleware: [sellersOnly] as const,
      request: { params: IdParam },
      responses: { 201: json(SellerProduct, 'The copy'), ...ownErrors() },
    }),
    async (c) => c.json(await duplicateOwnProduct(c.var.db, c.var.seller, c.req.valid('param').id), 201),
  );
