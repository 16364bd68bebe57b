import { Hono } from 'hono';
import { createApi } from './app';
import { securityHeaders } from './http/security-headers';
import { serveSite } from './http/static-site';
import { media } from './routes/media';
import { sitemapRoutes } from './routes/sitemap';
import type { Runtime } from './runtime';
import type { Publisher } from './site/publisher';

/** The whole shop on one origin: the API, generated media, and (in production) the built site. */
export function createServerApp(runtime: Runtime, site?: Publisher) {
  const app = new Hono();
  app.use('*', securityHeaders);
  app.route('/', createApi({ database: runtime.database, config: runtime.config, log: runtime.log, site }));
  app.route('/media', media);
  app.route('/', sitemapRoutes(runtime));
  if (site) app.get('*', serveSite(site));
  return app;
}
