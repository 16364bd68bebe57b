/**
 * The products CSV's columns (docs/decisions/016): the one list the import reads, the export writes,
 * and the import dialog explains and offers as a template, so none can drift from the others.
 */
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
  // A product with options: one row per variant, grouped by the product's sku (docs/decisions/054).
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'variant_sku',
  'variant_photos',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** A file must have these; a missing optional column leaves that field as it is (or its default for a new product). */
export const REQUIRED_CSV_COLUMNS: readonly CsvColumn[] = ['sku', 'name', 'category', 'subcategory', 'price', 'stock'];

/** What a seller writes in each column, as the import dialog says it. */
export const CSV_COLUMN_HELP: Record<CsvColumn, string> = {
  sku: 'Your code for the product: letters, digits, dots, dashes, underscores. A SKU you already have updates that product.',
  name: 'The name shoppers see.',
  description: 'What it is, as long as you like.',
  category: 'One of the shop’s categories, e.g. Home & Garden.',
  subcategory: 'One of that category’s subcategories, e.g. Kitchen.',
  price: 'In US dollars, the shop’s currency, e.g. 12.50.',
  compare_at_price: 'The former price when on sale (above the price); empty otherwise.',
  stock: 'How many you have: a whole number, 0 or more.',
  tags: 'Words shoppers search for, separated by commas.',
  photos: 'Addresses of photos already on your products, separated by spaces; upload new ones in the product form.',
  status: 'active (for sale, the default) or archived.',
  option1_name:
    'Sizes, colours…: a product with options has one row per variant, each with the product’s sku; the option’s name, e.g. Size.',
  option1_value: 'This variant’s value of option 1, e.g. 10. Empty for a product without options.',
  option2_name: 'A second option’s name, e.g. Colour; empty when there is none.',
  option2_value: 'This variant’s value of option 2, e.g. Brown.',
  option3_name: 'A third option’s name; empty when there is none.',
  option3_value: 'This variant’s value of option 3.',
  variant_sku:
    'The variant’s own code, unique in your store, e.g. BOOT-10-BROWN; price, compare_at_price and stock on its row are the variant’s.',
  variant_photos:
    'Addresses of the product’s photos this variant shows, separated by spaces; empty shows the product’s.',
};

/** One good row: what the template holds under its header, and what the dialog shows. */
export const CSV_EXAMPLE: Record<CsvColumn, string> = {
  sku: 'JERK-SAUCE-250',
  name: 'Scotch Bonnet Jerk Sauce',
  description: 'Hot jerk sauce made in St. Elizabeth, 250 ml.',
  category: 'Home & Garden',
  subcategory: 'Kitchen',
  price: '12.50',
  compare_at_price: '',
  stock: '24',
  tags: 'jerk, sauce, pepper',
  photos: '',
  status: 'active',
  option1_name: '',
  option1_value: '',
  option2_name: '',
  option2_value: '',
  option3_name: '',
  option3_value: '',
  variant_sku: '',
  variant_photos: '',
};

/** A cell as spreadsheets write it: quoted when it holds a comma, a quote or a line break. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The template to fill in: the header and the example row (CRLF, as spreadsheets save CSV). */
export function csvTemplate(): string {
  const rows = [CSV_COLUMNS, CSV_COLUMNS.map((c) => CSV_EXAMPLE[c])];
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
