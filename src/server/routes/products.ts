import { createRoute } from '@hono/zod-openapi';
import {
  BestSellersQuery,
  CategoryParam,
  IdParam,
  ParishQuery,
  Product,
  ProductList,
  ProductQuery,
  ShippingInfo,
  Subcategories,
} from '../../lib/contract/catalog';
import { catalogCache } from '../http/catalog-cache';
import { createRouter } from '../http/router';
import { bestSellers, getProduct, listProducts, subcategoriesOf } from '../services/catalog';
import { productShipping } from '../services/shipping';
import { errors, json } from './openapi-helpers';

/**
 * Each read here is the same for every reader: its route lists `catalogCache`, which keeps and
 * shares the answer (decision 019). Only such a read lists it: one that knows its reader (a
 * product's reviews say which one is yours, reviews.ts) must never be kept or shared.
 */
const tags = ['Products'];

export const productRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      middleware: catalogCache,
      summary: 'Products, filtered, sorted and paginated',
      description:
        'category accepts one or several comma-separated names, each in any spelling of a category ("Home & Garden", "home-garden") or a shopping area ("Fashion", "art-collectibles"); category and subcategory match case-insensitively. sort: newest (default), price-low, price-high, rating, bestsellers (by sales). Pages of at most 500.',
      request: { query: ProductQuery },
      responses: { 200: json(ProductList, 'A page of products'), ...errors([400, 'Invalid query']) },
    }),
    async (c) => c.json(await listProducts(c.var.db, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/subcategories/{category}',
      tags,
      middleware: catalogCache,
      summary: "A category's subcategories",
      request: { params: CategoryParam },
      responses: { 200: json(Subcategories, 'The subcategories'), ...errors([404, 'Unknown category']) },
    }),
    (c) => c.json(subcategoriesOf(c.req.valid('param').category), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/best-sellers',
      tags,
      middleware: catalogCache,
      summary: 'The best-selling products (by sales), optionally within a category or subcategory',
      request: { query: BestSellersQuery },
      responses: { 200: json(Product.array(), 'Best sellers, most sold first'), ...errors([400, 'Invalid query']) },
    }),
    async (c) => c.json(await bestSellers(c.var.db, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      middleware: catalogCache,
      summary: 'One product',
      request: { params: IdParam },
      responses: { 200: json(Product, 'The product'), ...errors([404, 'Product not found']) },
    }),
    async (c) => c.json(await getProduct(c.var.db, c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/shipping',
      tags,
      middleware: catalogCache,
      summary: "The seller's shipping rates for this product to a parish",
      request: { params: IdParam, query: ParishQuery },
      responses: {
        200: json(ShippingInfo, 'Rates (empty, with a message, when the seller does not deliver there)'),
        ...errors([400, 'Missing or unknown parish'], [404, 'Product not found']),
      },
    }),
    async (c) => c.json(await productShipping(c.var.db, c.req.valid('param').id, c.req.valid('query').parish), 200),
  );
