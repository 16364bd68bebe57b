/**
 * The catalogue the pages render from. The publisher's render worker loads it once, keeps it up
 * to date change by change and hands it over on `globalThis` (the rendered bundle has its own copy
 * of every module, so a module variable would not be shared). Astro's dev server has no worker:
 * there it is read through the API on each request, so an edit shows at once.
 */
import { CatalogSnapshot } from '../lib/catalog-snapshot';
import { type Product, ProductList, type SellerStore, StoreList } from '../lib/contract/catalog';
import { catalogGetAll, type ReadTimes } from './catalog-api';

type Holder = { __yaadCatalogSnapshot?: CatalogSnapshot };

export function setCatalogSnapshot(snapshot: CatalogSnapshot | undefined): void {
  (globalThis as Holder).__yaadCatalogSnapshot = snapshot;
}

/** Every product, through the API (page by page). */
export function readAllProducts(times?: ReadTimes): Promise<Product[]> {
  return catalogGetAll('/products?sort=newest', 'products', ProductList, 500, times);
}

/** Every store, through the API. */
export function readAllStores(times?: ReadTimes): Promise<SellerStore[]> {
  return catalogGetAll('/seller/stores', 'stores', StoreList, 100, times);
}

/** Every product and store, through the API (page by page). */
export async function loadCatalogSnapshot(): Promise<CatalogSnapshot> {
  const [products, stores] = await Promise.all([readAllProducts(), readAllStores()]);
  return new CatalogSnapshot(products, stores);
}

export async function catalogSnapshot(): Promise<CatalogSnapshot> {
  return (globalThis as Holder).__yaadCatalogSnapshot ?? (await loadCatalogSnapshot());
}
