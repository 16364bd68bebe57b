/*
 * A seller's own products (docs/decisions/016): the use cases the routes call. Every query names
 * the owner in its WHERE (scope.ts); every change the public catalogue shows is queued for
 * publishing in its transaction (docs/decisions/008), and the route then wakes the publisher.
 *
 *   read.ts       the seller's list (search, filters, sorts, pages) and one product
 *   create.ts     a new product (JSON)
 *   change.ts     THE write path of a change to a product: its rules and its publishing, for
 *                 edit.ts (JSON), bulk.ts (many prices and stocks), import.ts (each CSV row of a
 *                 product the store has) and archive.ts
 *   duplicate.ts  an archived copy
 *   export.ts, import.ts   the CSV file out and in (csv-format.ts: its columns; csv-cells.ts:
 *                 formulas neutralised, control characters refused)
 *   variants.ts  THE door of a product's options and variants: the whole grid, all or nothing
 *   photos.ts, sku.ts, scope.ts, shapes.ts   the photos a product may show, the SKU's uniqueness,
 *                 whose products a query reaches, the seller's shape of a product
 */
export { setArchived } from './archive';
export { bulkEditOwn } from './bulk';
export { createOwnProduct } from './create';
export { CSV_COLUMNS } from './csv-format';
export { duplicateOwnProduct } from './duplicate';
export { updateOwnProduct } from './edit';
export { exportOwnProducts } from './export';
export { ImportRefusedError, importOwnProducts, importText, MAX_IMPORT_BYTES } from './import';
export { MAX_IMPORT_ROWS } from './import-rows';
export { getOwnProduct, listOwnProducts } from './read';
export { setOwnVariants, setVariants } from './variants';
