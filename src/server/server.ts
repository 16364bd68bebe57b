import { Hono } from 'hono';
import { createApi } from './app';
import { securityHeaders } from './http/security-headers';
import { serveSite } from './http/static-site';
import { devMailPage, devMailPageEnabled } from './mail/dev-mail-page';
import { createMedia } from './routes/media';
import { sitemapRoutes } from './routes/sitemap';
import type { Runtime } from './runtime';
import { catalogueMedia } from './services/media-names';
import type { Publisher } from './site/publisher';

/** The whole shop on one origin: the API, generated media, and (in production) the built site. */
export function createServerApp(runtime: Runtime, site?: Publisher) {
  const app = new Hono();
  app.use('*', securityHeaders({ siteUrl: runtime.config.PUBLIC_SITE_URL }));
  app.route('/', createApi({ database: runtime.database, config: runtime.config, log: runtime.log, site }));
  app.route('/media', createMedia({ exists: catalogueMedia(runtime.database.db) }));
  app.route('/', sitemapRoutes(runtime));
  if (devMailPageEnabled(runtime.config)) app.route('/dev/mail', devMailPage(runtime.config.DATA_DIR));
  if (site) app.get('*', serveSite(site));
  return app;
}
