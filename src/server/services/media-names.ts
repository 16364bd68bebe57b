import { sql } from 'drizzle-orm';
import { CATEGORY_BANNERS } from '../../lib/catalog';
import { CATEGORY_TILES, HERO_SLIDES } from '../../lib/home';
import type { Db } from '../db/client';
import { products, productVariants, stores } from '../db/schema';

/** How often, at most, an unknown name makes the list be read again (new products or stores). */
const RELOAD_AFTER_MS = 60_000;

/**
 * Whether a generated image ("logos/BM-25", "products/coffee-bag-28-2") is used by the catalogue:
 * only those are rendered, so invented names cost a set lookup, not a render. The names are read
 * once (about 3 per product) and again at most once a minute when an unknown one is asked for, so
 * a product added since then shows its pictures within a minute.
 */
export function catalogueMedia(db: Db): (name: string) => Promise<boolean> {
  let names: Set<string> | undefined;
  let loadedAt = 0;
  let loading: Promise<Set<string>> | undefined;
  const load = () => {
    loading ??= readNames(db)
      .then((set) => {
        names = set;
        loadedAt = Date.now();
        return set;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };
  return async (name) => {
    const known = names ?? (await load());
    if (known.has(name)) return true;
    if (Date.now() - loadedAt < RELOAD_AFTER_MS) return false;
    return (await load()).has(name);
  };
}

async function readNames(db: Db): Promise<Set<string>> {
  const [images, variantImages, logos] = await Promise.all([
    db.selectDistinct({ url: sql<string>`jsonb_array_elements_text(${products.images})` }).from(products),
    // A variant's own photos (the black boots'), which its product's list does not hold (issue 30).
    db.selectDistinct({ url: sql<string>`jsonb_array_elements_text(${productVariants.images})` }).from(productVariants),
    db.select({ logo: stores.logo, banner: stores.bannerImage }).from(stores),
  ]);
  const urls = [
    ...images.map((r) => r.url),
    ...variantImages.map((r) => r.url),
    ...logos.flatMap((r) => [r.logo, r.banner]),
    // The shop's own pictures: category and area banners (listings, hero) and the home tiles.
    ...Object.values(CATEGORY_BANNERS),
    ...HERO_SLIDES.map((s) => s.banner),
    ...CATEGORY_TILES.map((t) => t.image),
  ];
  const names = new Set<string>();
  for (const url of urls) {
    const m = url ? /^\/media\/(.+)\.svg$/.exec(url) : null;
    if (m) names.add(m[1]);
  }
  return names;
}
