import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { createApi } from './app';
import { keptAnswerListener } from './http/catalog-cache';
import { keepConnectionsOpen } from './http/keep-alive';
import { securityHeaders, securityHeaderValues } from './http/security-headers';
import { serveSite, siteListener } from './http/static-site';
import { devMailPage, devMailPageEnabled } from './mail/dev-mail-page';
import type { MailWorker } from './mail/worker';
import { TEST_GATEWAY_PATH, testGatewayEnabled, testGatewayPublicBase } from './payments';
import { testGateway } from './payments/test-gateway/app';
import { createMedia, rasterListener } from './routes/media';
import { sitemapRoutes } from './routes/sitemap';
import { getRuntime, type Runtime, startMailWorker, startPaymentSweeper } from './runtime';
import { catalogueMedia } from './services/media-names';
import type { PaymentHoldSweeper } from './services/payments';
import type { Publisher } from './site/publisher';

/** The whole shop on one origin: the API, generated media, and (in production) the built site. */
export function createServerApp(runtime: Runtime, site?: Publisher) {
  const app = new Hono();
  app.use('*', securityHeaders({ siteUrl: runtime.config.PUBLIC_SITE_URL }));
  app.route('/', createApi({ database: runtime.database, config: runtime.config, log: runtime.log, site }));
  app.route('/media', createMedia({ exists: catalogueMedia(runtime.database.db) }));
  app.route('/', sitemapRoutes(runtime));
  if (devMailPageEnabled(runtime.config)) app.route('/dev/mail', devMailPage(runtime.config.DATA_DIR));
  if (testGatewayEnabled(runtime.config))
    app.route(
      TEST_GATEWAY_PATH,
      testGateway({ db: runtime.database.db, publicBase: testGatewayPublicBase(runtime.config) }),
    );
  if (site) app.get('*', serveSite(site));
  return app;
}

const WORKER = Symbol.for('yaad-market.mail-worker');
const SWEEPER = Symbol.for('yaad-market.payment-sweeper');

/** The app `npm run dev` mounts inside Astro's dev server (pages come from Astro there; scripts/vite-api-dev.ts). */
export async function devApp() {
  const runtime = await getRuntime();
  const holder = globalThis as { [WORKER]?: MailWorker; [SWEEPER]?: PaymentHoldSweeper };
  holder[WORKER] ??= startMailWorker(runtime);
  holder[SWEEPER] ??= startPaymentSweeper(runtime);
  return createServerApp(runtime);
}

/** Paths Hono answers (the API, generated media, the sitemaps, the development mail page, the test gateway); every other GET is a file of the site. */
const APP_PREFIXES = ['/api/', '/media/', '/sitemap', '/dev/mail', `${TEST_GATEWAY_PATH}/`];
const isSitePath = (url: string) => !APP_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * The shop's HTTP server: the site's files, the catalogue answers and the images kept in memory answered on
 * Node's server directly (the same answers as serveSite and catalog-cache.ts, with the same
 * security headers, at several times the rate: docs/decisions/019), everything else by Hono.
 */
export async function createShopServer(runtime: Runtime, site: Publisher): Promise<Server> {
  const app = createServerApp(runtime, site);
  const hono = getRequestListener(app.fetch);
  const headers = await securityHeaderValues({ siteUrl: runtime.config.PUBLIC_SITE_URL });
  const files = siteListener(site, headers, isSitePath);
  // The catalogue answers kept in memory go out the same way, unless the operator asked to see
  // every request in the log (the routine reads are debug lines: middleware.ts).
  const kept = runtime.log.isLevelEnabled('debug') ? () => false : keptAnswerListener(headers);
  const images = rasterListener(headers);
  return keepConnectionsOpen(
    createServer((req, res) => {
      if (!kept(req, res) && !images(req, res) && !files(req, res)) void hono(req, res);
    }),
  );
}
