import { createRoute } from '@hono/zod-openapi';
import { IdParam, Product, ProductUpdate } from '../../lib/contract/catalog';
import { requireUser } from '../auth/middleware';
import { createRouter } from '../http/router';
import { getProduct } from '../services/catalog';
import { updateOwnProduct } from '../services/seller-products';
import { errors, json } from './openapi-helpers';

/** A seller changes its own products; the pages that show them are published again within seconds. */
export const sellerProductRoutes = createRouter().openapi(
  createRoute({
    method: 'put',
    path: '/{id}',
    tags: ['Stores'],
    summary: "Change the name, description, price, former price or stock of one of the signed-in seller's products",
    request: { params: IdParam, body: { content: { 'application/json': { schema: ProductUpdate } }, required: true } },
    responses: {
      200: json(Product, 'The product as it now is'),
      ...errors([400, 'Invalid change'], [401, 'Not signed in'], [403, 'Not your product'], [404, 'Product not found']),
    },
  }),
  async (c) => {
    const me = requireUser(c);
    const { id } = c.req.valid('param');
    await updateOwnProduct(c.var.db, me.id, id, c.req.valid('json'));
    c.var.site?.wake();
    return c.json(await getProduct(c.var.db, id), 200);
  },
);
