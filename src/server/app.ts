import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import { HTTPException } from 'hono/http-exception';
import { type FirebaseVerifier, firebaseVerifierFromConfig } from './auth/firebase';
import { loadUser } from './auth/middleware';
import type { Database } from './db/client';
import type { Env as Config } from './env';
import { catalogCache } from './http/catalog-cache';
import { ApiError } from './http/errors';
import { createLogger, describeError, type Logger } from './http/logger';
import { mutationGuard, requestIdentity, requestLog } from './http/middleware';
import { renderReference } from './http/reference';
import { ownHandler } from './http/route-facts';
import { routeTable } from './http/route-table';
import { type AppEnv, createRouter } from './http/router';
import { textGuard } from './http/text-guard';
import { paymentProviderFromConfig } from './payments';
import type { PaymentProvider } from './payments/provider';
import { addressRoutes } from './routes/addresses';
import { admin } from './routes/admin';
import { adminCommissionRoutes } from './routes/admin-commission';
import { adminPaymentRoutes } from './routes/admin-payments';
import { adminPayoutRoutes } from './routes/admin-payouts';
import { adminReportRoutes } from './routes/admin-reports';
import { adminReviewRoutes } from './routes/admin-reviews';
import { adminStoreRoutes } from './routes/admin-stores';
import { authRoutes } from './routes/auth';
import { cartRoutes } from './routes/cart';
import { cartShippingRoutes } from './routes/cart-shipping';
import { checkoutRoutes } from './routes/checkout';
import { health } from './routes/health';
import { invoiceRoutes } from './routes/invoice';
import { newsletterRoutes } from './routes/newsletter';
import { orderRoutes } from './routes/orders';
import { paymentRoutes } from './routes/payments';
import { productRoutes } from './routes/products';
import { adminDisputeRoutes, returnRoutes, sellerReturnRoutes } from './routes/returns';
import { productReviewRoutes, reviewRoutes, sellerRatingRoutes } from './routes/reviews';
import { sellerCommissionInvoiceRoutes } from './routes/seller-commission-invoices';
import { sellerEarningsRoutes } from './routes/seller-earnings';
import { sellerDashboardRoutes, sellerOrderRoutes } from './routes/seller-orders';
import { sellerProductRoutes } from './routes/seller-products';
import { sellerStatementRoutes } from './routes/seller-statements';
import { sellerStoreRoutes } from './routes/seller-store';
import { sellerTaxDocumentRoutes } from './routes/seller-tax-documents';
import { sellerUploadRoutes } from './routes/seller-uploads';
import { sellingTermsRoutes } from './routes/selling-terms';
import { storeMessageRoutes } from './routes/store-messages';
import { storeRoutes } from './routes/stores';
import { uploadFileRoutes } from './routes/uploads';
import { userRoutes } from './routes/users';
import type { Publisher } from './site/publisher';

export type AppDeps = {
  database: Database;
  config: Config;
  log?: Logger;
  site?: Publisher;
  /** Firebase ID token verifier; from the configuration when omitted (tests pass one with local keys). */
  firebase?: FirebaseVerifier;
  /** The card gateway; from the configuration when omitted (tests pass the test gateway on its own port). */
  payments?: PaymentProvider;
};

/**
 * Every route, mounted where /api/v1 serves it. Built once, with each route's facts in its own
 * middleware (route-facts.ts), so what the API-wide rules need is read from the routes themselves.
 */
const apiRoutes = createRouter();
apiRoutes.route('/health', health);
apiRoutes.route('/admin', admin);
apiRoutes.route('/admin/reviews', adminReviewRoutes);
apiRoutes.route('/admin', adminStoreRoutes);
apiRoutes.route('/admin', adminPaymentRoutes);
apiRoutes.route('/admin', adminPayoutRoutes);
apiRoutes.route('/admin', adminCommissionRoutes);
apiRoutes.route('/admin', adminReportRoutes);
apiRoutes.route('/admin/disputes', adminDisputeRoutes);
apiRoutes.route('/auth', authRoutes);
apiRoutes.route('/users/addresses', addressRoutes);
apiRoutes.route('/users', userRoutes);
apiRoutes.route('/products', productRoutes);
apiRoutes.route('/products', productReviewRoutes);
apiRoutes.route('/reviews', reviewRoutes);
apiRoutes.route('/seller-ratings', sellerRatingRoutes);
apiRoutes.route('/seller/stores', storeRoutes);
apiRoutes.route('/stores', storeMessageRoutes);
apiRoutes.route('/seller/products', sellerProductRoutes);
apiRoutes.route('/seller/uploads', sellerUploadRoutes);
apiRoutes.route('/seller/dashboard', sellerDashboardRoutes);
apiRoutes.route('/seller/orders', sellerOrderRoutes);
apiRoutes.route('/seller/earnings', sellerEarningsRoutes);
apiRoutes.route('/seller/statements', sellerStatementRoutes);
apiRoutes.route('/seller/tax-documents', sellerTaxDocumentRoutes);
apiRoutes.route('/seller/commission-invoices', sellerCommissionInvoiceRoutes);
apiRoutes.route('/seller/returns', sellerReturnRoutes);
apiRoutes.route('/selling-terms', sellingTermsRoutes);
apiRoutes.route('/seller', sellerStoreRoutes);
apiRoutes.route('/uploads', uploadFileRoutes);
apiRoutes.route('/newsletter', newsletterRoutes);
apiRoutes.route('/cart', cartRoutes);
apiRoutes.route('/cart', cartShippingRoutes);
apiRoutes.route('/checkout', checkoutRoutes);
apiRoutes.route('/orders', orderRoutes);
apiRoutes.route('/returns', returnRoutes);
apiRoutes.route('/payments', paymentRoutes);
apiRoutes.route('/invoice', invoiceRoutes);

/**
 * The API reads whose answer is the same for every reader: those whose route lists `catalogCache`
 * (catalog-cache.ts keeps and shares them). Read from the routes, for the tests and the docs.
 */
export const PUBLIC_CATALOG_READS: readonly string[] = [
  ...new Set(apiRoutes.routes.filter((r) => ownHandler(r.handler) === catalogCache).map((r) => r.path)),
];

/** The largest request body the API reads (a route that takes a file has its own limit: route-facts.ts). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The API, mounted at /api/v1. Routes → services → db; every body and query checked by src/lib/contract. */
export function createApi(deps: AppDeps) {
  const log = deps.log ?? createLogger(deps.config.LOG_LEVEL, { format: deps.config.LOG_FORMAT });
  const api = createRouter().basePath('/api/v1');
  const firebase = deps.firebase ?? firebaseVerifierFromConfig(deps.config);
  const payments = deps.payments ?? paymentProviderFromConfig(deps.config);

  api.use('*', async (c, next) => {
    c.set('receivedAt', new Date());
    c.set('db', deps.database.db);
    c.set('dbKind', deps.database.kind);
    c.set('config', deps.config);
    c.set('log', log);
    c.set('site', deps.site);
    c.set('firebase', firebase);
    c.set('payments', payments);
    await next();
  });
  // Read lazily: by the first request every route below is registered.
  const routes = routeTable(api.routes);
  api.use('*', requestIdentity);
  api.use('*', requestLog);
  // Every API body is a small JSON document: a larger one is refused before it is read (from its
  // Content-Length, or as soon as a streamed body passes the limit), so it cannot fill memory.
  api.use(
    '*',
    except(
      // Reads carry no body; a route that takes a file has its own limit.
      (c) => c.req.method === 'GET' || c.req.method === 'HEAD' || routes.declares('file', c.req.path),
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: (c) =>
          c.json({ message: 'The request body is too large (at most 1 MB).', code: 'payload_too_large' }, 413),
      }),
    ),
  );
  api.use('*', async (c, next) => {
    await next();
    // Personal unless a route said otherwise (the catalogue reads, catalog-cache.ts). A catalogue
    // change forgets the kept answers it touches itself, once committed (catalog-changes.ts).
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  api.use('*', mutationGuard(routes));
  api.use('*', textGuard(routes));
  api.use('*', loadUser);

  api.route('/', apiRoutes);

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

  // Last, so it only runs when no route answered. A sub-app's notFound is not used once the API is
  // mounted in the server (the site's HTML 404 would answer), so the API answers its own misses here.
  const noRoute = (c: Context<AppEnv>) => {
    const allow = routes.allowed(c.req.path);
    if (allow.length > 0) {
      c.header('Allow', allow.join(', '));
      return c.json(
        {
          message: `${c.req.method} is not allowed on ${c.req.path} (allowed: ${allow.join(', ')})`,
          code: 'method_not_allowed',
        },
        405,
      );
    }
    return c.json({ message: `No API route for ${c.req.method} ${c.req.path}`, code: 'not_found' }, 404);
  };
  api.all('*', noRoute);
  api.notFound(noRoute);
  api.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.body(), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      const message = error.message || 'Bad request';
      return c.json({ message, code: 'bad_request' }, error.status);
    }
    c.var.log?.error({ error: describeError(error) }, 'unhandled error');
    return c.json({ message: 'Something went wrong on our side. Please try again.', code: 'internal' }, 500);
  });
  return api;
}
export type Api = ReturnType<typeof createApi>;
