import { stringify } from 'csv-stringify/sync';
import type { SellerStatement } from '../../../lib/contract/statements';
import { shopDay } from '../../../lib/shop-time';
import { asSpreadsheetText } from '../products/csv-cells';

/*
 * A statement as CSV (docs/decisions/041): one row per line of the month, between its opening and
 * closing balances (kind `opening` and `closing`, one row per balance), so a spreadsheet has the
 * whole statement: opening + the month's amounts on a balance = its closing. Dates are Jamaica's
 * days; amounts dollars with two decimals, positive owed to the seller. The description is
 * neutralised as the product export's text is (csv-cells.ts).
 */

export const STATEMENT_COLUMNS = ['date', 'order', 'kind', 'description', 'balance', 'amount'] as const;

const money = (dollars: number) => dollars.toFixed(2);

export function statementCsv(statement: SellerStatement): string {
  const first = shopDay(new Date(statement.from));
  const last = shopDay(new Date(new Date(statement.to).getTime() - 1));
  const ends = (kind: 'opening' | 'closing', day: string, b: SellerStatement['opening']) =>
    (['pending', 'available'] as const).map((balance) => [
      day,
      '',
      kind,
      `${kind === 'opening' ? 'Opening' : 'Closing'} balance, ${balance}`,
      balance,
      money(b[balance]),
    ]);
  return stringify(
    [
      ...ends('opening', first, statement.opening),
      ...statement.lines.map((l) => [
        shopDay(new Date(l.at)),
        l.orderNumber ?? '',
        l.kind,
        asSpreadsheetText(l.description),
        l.balance,
        money(l.amount),
      ]),
      ...ends('closing', last, statement.closing),
    ],
    { header: true, columns: [...STATEMENT_COLUMNS] },
  );
}
