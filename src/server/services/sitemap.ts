/**
 * The sitemap (sitemaps.org): an index naming one file of the site's other pages and one file per
 * SITEMAP_FILE_URLS products, each product with the time it last changed. Read from the database
 * on request, so it is current the moment a change is made and costs no publishing.
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { asc, count, sql } from 'drizzle-orm';
import { categoryPaths } from '../../lib/catalog-snapshot';
import type { Db } from '../db/client';
import { products, stores } from '../db/schema';
import { publicProduct, publicStore } from './public-catalog';

/** At most 50,000 URLs a file are allowed; smaller files are fetched and re-read faster. */
export const SITEMAP_FILE_URLS = 10_000;

type Entry = { path: string; lastmod?: Date };

const policiesDir = fileURLToPath(new URL('../../content/pages', import.meta.url));
const policyPages = () =>
  readdirSync(policiesDir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `/${f.replace(/\.md$/, '')}`);

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const lastmod = (d: Date | undefined) => (d ? `<lastmod>${d.toISOString()}</lastmod>` : '');

export async function sitemapIndex(db: Db, base: URL): Promise<string> {
  const [{ total }] = await db.select({ total: count() }).from(products).where(publicProduct);
  // The newest change in each file: files follow (created_at, id), SITEMAP_FILE_URLS a file.
  const result = await db.execute(sql`
    select n, max(updated_at) as lastmod from (
      select ceil(row_number() over (order by ${products.createdAt}, ${products.id}) / ${SITEMAP_FILE_URLS}::float) as n,
             ${products.updatedAt} as updated_at
        from ${products} where ${publicProduct}) files
     group by n`);
  const rows = (result as unknown as { rows: { n: number | string; lastmod: string | Date }[] }).rows;
  const newest = new Map(rows.map((r) => [Number(r.n), new Date(r.lastmod)]));
  const files = Math.ceil(Number(total) / SITEMAP_FILE_URLS);
  const entries = [
    `<sitemap><loc>${escapeXml(new URL('/sitemaps/pages.xml', base).href)}</loc></sitemap>`,
    ...Array.from(
      { length: files },
      (_, i) =>
        `<sitemap><loc>${escapeXml(new URL(`/sitemaps/products-${i + 1}.xml`, base).href)}</loc>${lastmod(newest.get(i + 1))}</sitemap>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** Every page's canonical address ends in a slash (the pages' <link rel="canonical">). */
const canonical = (p: string) => (p.endsWith('/') ? p : `${p}/`);

function urlset(entries: Entry[], base: URL): string {
  const urls = entries.map(
    (e) => `<url><loc>${escapeXml(new URL(canonical(e.path), base).href)}</loc>${lastmod(e.lastmod)}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Home, listings, categories, about, policies and every seller. */
export async function pagesSitemap(db: Db, base: URL): Promise<string> {
  const sellers = await db
    .select({ id: stores.id, updatedAt: stores.updatedAt })
    .from(stores)
    .where(publicStore)
    .orderBy(asc(stores.id));
  return urlset(
    [
      { path: '/' },
      { path: '/products' },
      { path: '/about' },
      ...categoryPaths().map((path) => ({ path })),
      ...policyPages().map((path) => ({ path })),
      ...sellers.map((s) => ({ path: `/seller/${s.id}`, lastmod: s.updatedAt })),
    ],
    base,
  );
}

/** File `n` (from 1) of the products, oldest first: undefined past the last file. */
export async function productsSitemap(db: Db, base: URL, n: number): Promise<string | undefined> {
  if (!Number.isSafeInteger(n) || n < 1) return undefined;
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(publicProduct)
    .orderBy(asc(products.createdAt), asc(products.id))
    .limit(SITEMAP_FILE_URLS)
    .offset((n - 1) * SITEMAP_FILE_URLS);
  if (rows.length === 0) return undefined;
  return urlset(
    rows.map((r) => ({ path: `/product/${r.id}`, lastmod: r.updatedAt })),
    base,
  );
}
