import { stringify } from 'csv-stringify/sync';
import { asc } from 'drizzle-orm';
import { toDollars } from '../../../lib/money';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { type Seller, soldBy } from '../sellers';
import { asSpreadsheetText } from './csv-cells';
import { CSV_COLUMNS, NUMBER_COLUMNS } from './csv-format';

/** The seller's products as a CSV file in the import's columns: importing it back changes nothing. */
export async function exportOwnProducts(db: Db, seller: Seller): Promise<string> {
  const rows = await db
    .select()
    .from(products)
    .where(soldBy(seller, products.storeId))
    .orderBy(asc(products.sku), asc(products.id));
  return stringify(
    rows.map((p) =>
      [
        p.sku,
        p.name,
        p.description,
        p.category,
        p.subcategory,
        toDollars(p.priceCents).toFixed(2),
        p.compareAtCents === null ? '' : toDollars(p.compareAtCents).toFixed(2),
        String(p.stock),
        p.tags.join(', '),
        p.images.join(' '),
        p.archivedAt ? 'archived' : 'active',
      ].map((cell, i) => (NUMBER_COLUMNS.has(CSV_COLUMNS[i]) ? cell : asSpreadsheetText(cell))),
    ),
    { header: true, columns: [...CSV_COLUMNS] },
  );
}
