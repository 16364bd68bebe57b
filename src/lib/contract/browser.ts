/**
 * The contract schemas the browser parses API answers with, loaded on first use: static pages
 * carry no schema library until a shopper's action calls the API (docs/performance.md).
 */
export const browserSchemas = async () => {
  const [cart, catalog] = await Promise.all([import('./cart'), import('./catalog')]);
  return {
    Cart: cart.Cart,
    CartSyncResult: cart.CartSyncResult,
    CartValidation: cart.CartValidation,
    Product: catalog.Product,
    ProductList: catalog.ProductList,
  };
};
