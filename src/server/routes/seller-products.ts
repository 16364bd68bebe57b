import { createRoute } from '@hono/zod-openapi';
import { and, eq, sql } from 'drizzle-orm';
import { IdParam, Product, ProductUpdate } from '../../lib/contract/catalog';
import { toCents } from '../../lib/money';
import { requireUser } from '../auth/middleware';
import { products, stores } from '../db/schema';
import { ApiError } from '../http/errors';
import { createRouter } from '../http/router';
import { getProduct } from '../services/catalog';
import { catalogChanged, STOCK_REBUILD_DELAY_MS } from '../services/catalog-version';
import { errors, json } from './openapi-helpers';

/** A seller changes its own products; the static site is marked stale and rebuilt. */
export const sellerProductRoutes = createRouter().openapi(
  createRoute({
    method: 'put',
    path: '/{id}',
    tags: ['Stores'],
    summary: "Change the price, former price or stock of one of the signed-in seller's products",
    request: { params: IdParam, body: { content: { 'application/json': { schema: ProductUpdate } }, required: true } },
    responses: {
      200: json(Product, 'The product as it now is'),
      ...errors([400, 'Invalid change'], [401, 'Not signed in'], [403, 'Not your product'], [404, 'Product not found']),
    },
  }),
  async (c) => {
    const me = requireUser(c);
    const { id } = c.req.valid('param');
    const change = c.req.valid('json');
    const [owned] = await c.var.db
      .select({ id: products.id, ownerId: stores.ownerId })
      .from(products)
      .leftJoin(stores, eq(products.storeId, stores.id))
      .where(eq(products.id, id));
    if (!owned) throw new ApiError(404, 'not_found', 'Product not found');
    if (owned.ownerId !== me.id) throw new ApiError(403, 'forbidden', 'You can only change your own products');
    await c.var.db
      .update(products)
      .set({
        ...(change.price !== undefined ? { priceCents: toCents(change.price) } : {}),
        ...(change.compareAtPrice !== undefined
          ? { compareAtCents: change.compareAtPrice === null ? null : toCents(change.compareAtPrice) }
          : {}),
        ...(change.stock !== undefined ? { stock: change.stock } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(products.id, id)));
    const stockOnly = change.price === undefined && change.compareAtPrice === undefined;
    await catalogChanged(c.var.db, c.var.site, `product ${id} changed`, stockOnly ? STOCK_REBUILD_DELAY_MS : undefined);
    return c.json(await getProduct(c.var.db, id), 200);
  },
);
