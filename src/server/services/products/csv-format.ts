/** The CSV file's columns live in src/lib/product-csv.ts (the import dialog shows them too; decision 016). */
import { CSV_COLUMNS, type CsvColumn } from '../../../lib/product-csv';

export { CSV_COLUMNS };
export type Column = CsvColumn;

/** The columns of numbers: written plainly (a price is never negative), never quoted as text. */
export const NUMBER_COLUMNS = new Set<Column>(['price', 'compare_at_price', 'stock']);
