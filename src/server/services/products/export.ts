import { stringify } from 'csv-stringify/sync';
import { asc } from 'drizzle-orm';
import { toDollars } from '../../../lib/money';
import type { Db } from '../../db/client';
import { products, productVariants } from '../../db/schema';
import { type Seller, soldBy } from '../sellers';
import { asSpreadsheetText } from './csv-cells';
import { CSV_COLUMNS, NUMBER_COLUMNS } from './csv-format';
import { ownVariants } from './scope';

const money = (cents: number | null) => (cents === null ? '' : toDollars(cents).toFixed(2));

/**
 * The seller's products as a CSV file in the import's columns: importing it back changes nothing.
 * A product with options has one row per variant, each with the product's sku and fields and the
 * variant's options, SKU, price, stock and photos (docs/decisions/054).
 */
export async function exportOwnProducts(db: Db, seller: Seller): Promise<string> {
  const rows = await db
    .select()
    .from(products)
    .where(soldBy(seller, products.storeId))
    .orderBy(asc(products.sku), asc(products.id));
  const withOptions = rows.filter((p) => p.options.length > 0).map((p) => p.id);
  const variants = withOptions.length
    ? await db
        .select()
        .from(productVariants)
        .where(ownVariants(db, seller, withOptions))
        .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))
    : [];
  const lines = rows.flatMap((p) => {
    const product = [
      p.sku,
      p.name,
      p.description,
      p.category,
      p.subcategory,
      money(p.priceCents),
      money(p.compareAtCents),
      String(p.stock),
      p.tags.join(', '),
      p.images.join(' '),
      p.archivedAt ? 'archived' : 'active',
    ];
    if (p.options.length === 0) return [[...product, '', '', '', '', '', '', '', '']];
    return variants
      .filter((v) => v.productId === p.id)
      .map((v) => {
        const row = [...product];
        row[5] = money(v.priceCents);
        row[6] = money(v.compareAtCents);
        row[7] = String(v.stock);
        const options = [0, 1, 2].flatMap((i) => [p.options[i]?.name ?? '', v.optionValues[i] ?? '']);
        return [...row, ...options, v.sku, v.images.join(' ')];
      });
  });
  return stringify(
    lines.map((line) => line.map((cell, i) => (NUMBER_COLUMNS.has(CSV_COLUMNS[i]) ? cell : asSpreadsheetText(cell)))),
    { header: true, columns: [...CSV_COLUMNS] },
  );
}
