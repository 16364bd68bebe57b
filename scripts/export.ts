/**
 * `npm run export -- DIR`: writes the site being served now as plain files, for a CDN or any
 * static host: the full build with every published layer applied, and the sitemap files. What is
 * not a file stays with the shop's instances: route /api/* (cart, checkout, accounts, live prices)
 * and /media/* (pictures drawn on request, then cached for a year) to them.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { localOrigin, parseEnv, publicSiteUrl } from '../src/server/env';
import { readCurrent, SiteView } from '../src/server/site/site-view';

const config = parseEnv();
const [target] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
if (!target) {
  console.error('Usage: npm run export -- DIR');
  process.exit(2);
}
const out = path.resolve(target);
const root = path.resolve(config.DATA_DIR, 'site');
const current = readCurrent(root);
if (!current) {
  console.error(`No published site under ${root}: start the shop (npm start) first.`);
  process.exit(1);
}
const view = new SiteView(root, current);
rmSync(out, { recursive: true, force: true });
cpSync(view.clientDir, out, { recursive: true });
for (const [rel, file] of Object.entries(view.layeredFiles())) {
  mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
  cpSync(file, path.join(out, rel));
}
for (const rel of view.removedFiles()) rmSync(path.join(out, rel), { force: true });

/** The sitemap comes from the database: through the running shop when it answers, else opened here. */
async function sitemapFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const shop = localOrigin(config);
  const up = await fetch(`${shop}/api/v1/health`, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.ok,
    () => false,
  );
  if (up) {
    const index = await (await fetch(`${shop}/sitemap.xml`)).text();
    files.set('sitemap.xml', index);
    for (const [, loc] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const rel = new URL(loc).pathname;
      files.set(rel.slice(1), await (await fetch(`${shop}${rel}`)).text());
    }
    return files;
  }
  const { getRuntime } = await import('../src/server/runtime');
  const { pagesSitemap, productsSitemap, sitemapIndex } = await import('../src/server/services/sitemap');
  const { database } = await getRuntime();
  const base = new URL(publicSiteUrl(config));
  files.set('sitemap.xml', await sitemapIndex(database.db, base));
  files.set('sitemaps/pages.xml', await pagesSitemap(database.db, base));
  for (let n = 1; ; n++) {
    const body = await productsSitemap(database.db, base, n);
    if (!body) break;
    files.set(`sitemaps/products-${n}.xml`, body);
  }
  await database.close();
  return files;
}

for (const [rel, body] of await sitemapFiles()) {
  mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
  writeFileSync(path.join(out, rel), body);
}

console.info(
  `The site is in ${out}${existsSync(path.join(out, 'index.html')) ? '' : ' (no home page: is the build complete?)'}.`,
);
process.exit(0);
