import { HTTPException } from 'hono/http-exception';
import { type FirebaseVerifier, firebaseVerifierFromConfig } from './auth/firebase';
import { loadUser } from './auth/middleware';
import type { Database } from './db/client';
import type { Env as Config } from './env';
import { ApiError } from './http/errors';
import { createLogger, type Logger } from './http/logger';
import { mutationGuard, requestContext } from './http/middleware';
import { renderReference } from './http/reference';
import { createRouter } from './http/router';
import { addressRoutes } from './routes/addresses';
import { admin } from './routes/admin';
import { authRoutes } from './routes/auth';
import { cartRoutes } from './routes/cart';
import { cartShippingRoutes } from './routes/cart-shipping';
import { checkoutRoutes } from './routes/checkout';
import { health } from './routes/health';
import { invoiceRoutes } from './routes/invoice';
import { newsletterRoutes } from './routes/newsletter';
import { orderRoutes } from './routes/orders';
import { productRoutes } from './routes/products';
import { sellerProductRoutes } from './routes/seller-products';
import { storeRoutes } from './routes/stores';
import { userRoutes } from './routes/users';
import type { Publisher } from './site/publisher';

export type AppDeps = {
  database: Database;
  config: Config;
  log?: Logger;
  site?: Publisher;
  /** Firebase ID token verifier; from the configuration when omitted (tests pass one with local keys). */
  firebase?: FirebaseVerifier;
};

/** The API, mounted at /api/v1. Routes → services → db; every body and query checked by src/lib/contract. */
export function createApi(deps: AppDeps) {
  const log = deps.log ?? createLogger(deps.config.LOG_LEVEL);
  const api = createRouter().basePath('/api/v1');
  const firebase = deps.firebase ?? firebaseVerifierFromConfig(deps.config);

  api.use('*', async (c, next) => {
    c.set('db', deps.database.db);
    c.set('dbKind', deps.database.kind);
    c.set('config', deps.config);
    c.set('log', log);
    c.set('site', deps.site);
    c.set('firebase', firebase);
    await next();
  });
  api.use('*', requestContext);
  api.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
  });
  api.use('*', mutationGuard);
  api.use('*', loadUser);

  api.route('/health', health);
  api.route('/admin', admin);
  api.route('/auth', authRoutes);
  api.route('/users/addresses', addressRoutes);
  api.route('/users', userRoutes);
  api.route('/products', productRoutes);
  api.route('/seller/stores', storeRoutes);
  api.route('/seller/products', sellerProductRoutes);
  api.route('/newsletter', newsletterRoutes);
  api.route('/cart', cartRoutes);
  api.route('/cart', cartShippingRoutes);
  api.route('/checkout', checkoutRoutes);
  api.route('/orders', orderRoutes);
  api.route('/invoice', invoiceRoutes);

  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Yaad Market API',
      version: '1',
      description:
        'The storefront API. Money fields are US dollars with two decimals; errors are { message, code, errors? }.',
    },
  });
  api.get('/docs', (c) =>
    c.html(
      renderReference(api.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Yaad Market API', version: '1' } })),
    ),
  );

  api.notFound((c) => c.json({ message: `No API route for ${c.req.method} ${c.req.path}`, code: 'not_found' }, 404));
  api.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.body(), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      const message = error.message || 'Bad request';
      return c.json({ message, code: 'bad_request' }, error.status);
    }
    c.var.log?.error('unhandled error', {
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return c.json({ message: 'Something went wrong on our side. Please try again.', code: 'internal' }, 500);
  });
  return api;
}
export type Api = ReturnType<typeof createApi>;
