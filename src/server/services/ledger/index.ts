/*
 * The marketplace's books: commission frozen at sale, a double-entry ledger, balances (issue 27,
 * docs/decisions/036). The accounts and the kinds of entry are named in src/lib/ledger.ts, the
 * commission's rounding in src/lib/commission.ts.
 *
 *   post.ts             THE writer of ledger rows: entries that add up to zero, once per event key
 *   events.ts           a part paid, cancelled, refunded, delivered: one line at each event's door
 *   unapplied.ts        money received that pays no part (a late approval, a transfer's excess), owed back
 *   return-events.ts    a return's refund decided and made (issue 28)
 *   release.ts          pending → available once a delivered part's return window has passed (the sweeper)
 *   accounts-of.ts      the keys of a part's events, where its seller money is now
 *   commission-rates.ts the store and category rates, read when an order is placed, set and removed by operators
 *   balances.ts         a seller's balance from its entries; what the marketplace holds, owes and earned
 *   entries.ts          THE read of a seller's entries (owner-scoped), by kind and by Jamaican month
 *   earnings.ts         GET /seller/earnings: the seller's balance and its entries
 *   report.ts           GET /admin/reports/{month}: the monthly marketplace report, from balances.ts' sums
 *   statements.ts       GET /seller/statements(/{month}): the months, a month's statement (decision 041)
 *   statement-csv.ts    a statement as CSV (its PDF: src/server/invoices/statement-pdf.ts)
 *   payout-statement.ts what a payout pays, by kind of money, for the payout mail
 */

export { type MarketplaceSummary, marketplaceSummary } from './balances';
export {
  changeCommissionRate,
  listCommissionRates,
  removeCommissionRate,
  setCommissionRate,
} from './commission-rates';
export { sellerEarnings } from './earnings';
export { payoutStatement } from './payout-statement';
export { releaseSettledParts } from './release';
export { monthlyReport, reportCsv } from './report';
export { statementCsv } from './statement-csv';
export { sellerStatement, statementMonths } from './statements';
