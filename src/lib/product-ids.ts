/** The most product ids one GET /products?ids=… may name (re-exported by catalog.ts; products-by-id.ts batches by it). */
export const PRODUCT_IDS_PER_CALL = 100;
