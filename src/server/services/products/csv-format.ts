/** The CSV file's columns, in the export's order (docs/decisions/016). */
export const CSV_COLUMNS = [
  'sku',
  'name',
  'description',
  'category',
  'subcategory',
  'price',
  'compare_at_price',
  'stock',
  'tags',
  'photos',
  'status',
] as const;
export type Column = (typeof CSV_COLUMNS)[number];

/** The columns of numbers: written plainly (a price is never negative), never quoted as text. */
export const NUMBER_COLUMNS = new Set<Column>(['price', 'compare_at_price', 'stock']);
