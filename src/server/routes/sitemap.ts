import { Hono } from 'hono';
import { publicSiteUrl } from '../env';
import type { Runtime } from '../runtime';
import { pagesSitemap, productsSitemap, sitemapIndex } from '../services/sitemap';

const XML = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' };

/** /sitemap.xml (the index robots.txt names) and the files it lists (src/server/services/sitemap.ts). */
export function sitemapRoutes(runtime: Runtime) {
  const base = new URL(publicSiteUrl(runtime.config));
  const db = runtime.database.db;
  return new Hono()
    .get('/sitemap.xml', async (c) => c.body(await sitemapIndex(db, base), 200, XML))
    .get('/sitemaps/pages.xml', async (c) => c.body(await pagesSitemap(db, base), 200, XML))
    .get('/sitemaps/:file{products-[0-9]+\\.xml}', async (c) => {
      const n = Number(c.req.param('file').replace(/\D/g, ''));
      const body = await productsSitemap(db, base, n);
      return body ? c.body(body, 200, XML) : c.notFound();
    });
}
