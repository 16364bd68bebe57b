import { createRoute } from '@hono/zod-openapi';
import {
  IdParam,
  ProductList,
  SellerStore,
  StoreList,
  StoreListQuery,
  StoreProductsQuery,
} from '../../lib/contract/catalog';
import { catalogCache } from '../http/catalog-cache';
import { createRouter } from '../http/router';
import { getStore, listStores, storeProducts } from '../services/catalog';
import { errors, json } from './openapi-helpers';

/**
 * Each read here is the same for every reader: its route lists `catalogCache`, which keeps and
 * shares the answer (decision 019).
 */
const tags = ['Stores'];

export const storeRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      middleware: catalogCache,
      summary: 'Every seller store, by name',
      request: { query: StoreListQuery },
      responses: { 200: json(StoreList, 'A page of stores'), ...errors([400, 'Invalid query']) },
    }),
    async (c) => c.json(await listStores(c.var.db, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      middleware: catalogCache,
      summary: 'One seller store',
      request: { params: IdParam },
      responses: { 200: json(SellerStore, 'The store'), ...errors([404, 'Seller not found']) },
    }),
    async (c) => c.json(await getStore(c.var.db, c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/products',
      tags,
      middleware: catalogCache,
      summary: "A store's products, sorted and paginated",
      request: { params: IdParam, query: StoreProductsQuery },
      responses: {
        200: json(ProductList, 'A page of products'),
        ...errors([400, 'Invalid query'], [404, 'Seller not found']),
      },
    }),
    async (c) => c.json(await storeProducts(c.var.db, c.req.valid('param').id, c.req.valid('query')), 200),
  );
