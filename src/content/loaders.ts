import type { Loader } from 'astro/loaders';
import { Product, ProductList, SellerStore, StoreList } from '../lib/contract/catalog';
import { catalogGetAll } from './catalog-api';

/** Every product, read page by page through GET /products (the API contract, never the database). */
export function productsLoader(): Loader {
  return {
    name: 'yaad-products',
    schema: Product,
    load: async ({ store, logger, parseData }) => {
      const started = Date.now();
      const products = await catalogGetAll('/products?sort=newest', 'products', ProductList);
      store.clear();
      for (const product of products) {
        store.set({ id: product.id, data: await parseData({ id: product.id, data: product }) });
      }
      logger.info(`${products.length} products loaded in ${Date.now() - started} ms`);
    },
  };
}

/** Every seller store, through GET /seller/stores. */
export function storesLoader(): Loader {
  return {
    name: 'yaad-stores',
    schema: SellerStore,
    load: async ({ store, logger, parseData }) => {
      const stores = await catalogGetAll('/seller/stores', 'stores', StoreList, 100);
      store.clear();
      for (const s of stores) store.set({ id: s.id, data: await parseData({ id: s.id, data: s }) });
      logger.info(`${stores.length} stores loaded`);
    },
  };
}
