import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import { CATEGORY_NAMES, categorySlug, SHOPPING_AREAS } from '../lib/catalog';
import type { Product } from '../lib/contract/catalog';

/** Every public page of the catalogue, for search engines. */
export const GET: APIRoute = async ({ site }) => {
  const base = site ?? new URL('http://localhost:4321');
  const products = await getCollection('products');
  const stores = await getCollection('stores');
  const pages = await getCollection('pages');
  const entries: { path: string; lastmod?: string }[] = [
    { path: '/' },
    { path: '/products' },
    { path: '/about' },
    { path: '/category' },
    ...CATEGORY_NAMES.map((c) => ({ path: `/category/${categorySlug(c)}` })),
    ...Object.keys(SHOPPING_AREAS).map((slug) => ({ path: `/category/${slug}` })),
    ...pages.map((p: { id: string }) => ({ path: `/${p.id}` })),
    ...stores.map((s: { id: string }) => ({ path: `/seller/${s.id}` })),
    ...products.map((p: { id: string; data: Product }) => ({
      path: `/product/${p.id}`,
      lastmod: p.data.createdAt.slice(0, 10),
    })),
  ];
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.map((e) => `  <url><loc>${esc(new URL(e.path, base).href)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
