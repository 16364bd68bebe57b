import { stringify } from 'csv-stringify/sync';
import { toDollars } from '../../../lib/money';
import type { Db } from '../../db/client';
import { asSpreadsheetText } from '../products/csv-cells';
import { payoutRunDetail } from './read';

/*
 * A run's bank file (docs/decisions/039): one line per payout of the run, for the bank's bulk ACH
 * upload — payee (the account's name), bank, branch, account, amount in dollars with two decimals,
 * the payout's reference. Text cells are neutralised as the product export's are (csv-cells.ts):
 * a store's name or account text starting with = + - @ is never run as a formula. The same run
 * always gives the same file.
 */

export const BANK_FILE_COLUMNS = ['payee', 'bank', 'branch', 'account', 'amount', 'reference'] as const;

export async function payoutBankFile(db: Db, runId: string): Promise<{ csv: string; createdAt: string }> {
  const { run, rows } = await payoutRunDetail(db, runId);
  const csv = stringify(
    rows.map((p) => [
      asSpreadsheetText(p.bankDetails.accountName),
      asSpreadsheetText(p.bankDetails.bankName),
      asSpreadsheetText(p.bankDetails.branch),
      asSpreadsheetText(p.bankDetails.accountNumber),
      toDollars(p.amountCents).toFixed(2),
      asSpreadsheetText(p.reference),
    ]),
    { header: true, columns: [...BANK_FILE_COLUMNS] },
  );
  return { csv, createdAt: run.createdAt };
}
