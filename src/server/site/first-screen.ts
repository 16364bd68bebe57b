import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The pages whose first screen a shopper most often opens cold: the home page, then the
 * category and shopping-area listings (a bounded set, whatever the catalogue's size).
 */
function landingPages(siteDir: string): string[] {
  const pages = [path.join(siteDir, 'index.html'), path.join(siteDir, 'category', 'index.html')];
  try {
    for (const entry of readdirSync(path.join(siteDir, 'category'), { withFileTypes: true })) {
      if (entry.isDirectory()) pages.push(path.join(siteDir, 'category', entry.name, 'index.html'));
    }
  } catch {}
  return pages.filter((p) => existsSync(p));
}

/**
 * The AVIF variants of each landing page's largest-paint candidate: the first <picture> marked
 * fetchpriority="high" (the hero banner, the first product card). Every current browser takes the
 * AVIF source, so the WebP fallback is left to be made on request.
 */
export function firstScreenImages(siteDir: string): string[] {
  const urls = new Set<string>();
  for (const page of landingPages(siteDir)) {
    const html = readFileSync(page, 'utf8');
    for (const [, picture] of html.matchAll(/<picture>([\s\S]*?)<\/picture>/gi)) {
      if (!/fetchpriority="high"/i.test(picture)) continue;
      const avif = /<source type="image\/avif" srcset="([^"]+)"/i.exec(picture);
      for (const candidate of avif?.[1].split(',') ?? []) {
        const url = candidate.trim().split(/\s+/)[0];
        if (url.startsWith('/media/')) urls.add(url.replaceAll('&amp;', '&'));
      }
      break;
    }
  }
  return [...urls];
}
