import { stringify } from 'csv-stringify/sync';
import { type MarketplaceReport, REPORT_LINES, reportFigure } from '../../../lib/contract/reports';
import { SELLER_ACCOUNTS } from '../../../lib/ledger';
import { MESSAGES } from '../../../lib/messages';
import { toDollars } from '../../../lib/money';
import { monthBounds, shopMonth } from '../../../lib/shop-time';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import { marketplaceSummary, movements } from './balances';

/*
 * The monthly marketplace report (issue 27 #6, docs/decisions/040), read from the books only —
 * never from orders or payouts — through balances.ts: `movements` (what each account and kind
 * moved in the month, Jamaica's calendar) and `marketplaceSummary` at the month's end. Signs: the
 * books are debit positive, so what the marketplace earned or owes is a negated sum.
 *
 *   sales             −Σ seller accounts, kind sale (what buyers paid for parts: items, shipping, tax share)
 *     paid to it       Σ marketplace_cash, kind sale;  collected by couriers: Σ seller accounts, cash_collected
 *   commission        charged −Σ commission_revenue/commission, reversed Σ commission_revenue/cancellation
 *   GCT on commission the same on gct_payable
 *   gateway fees      not in the books yet: null
 *   refunds           owed for cancelled parts −Σ refunds_due/cancellation, made Σ refunds_due/refund
 *   payouts           sent Σ seller_available/payout, paid −Σ marketplace_cash/payout,
 *                     failed Σ payouts_in_transit/payout_failed, returned Σ marketplace_cash/payout_returned
 *   at the month's end what marketplaceSummary says of the entries before it
 */

export async function monthlyReport(db: Db, month: string, now: Date = new Date()): Promise<MarketplaceReport> {
  if (month > shopMonth(now)) throw new ApiError(404, 'not_found', MESSAGES.reports.notYet);
  const { from, to: until } = monthBounds(month);
  const moved = await movements(db, { from, until });
  const end = await marketplaceSummary(db, { until });
  const d = (cents: number) => toDollars(cents) || 0;
  const sum = moved.sumOf;
  const charged = (account: 'commission_revenue' | 'gct_payable', kind: 'commission' | 'gct_on_commission') => ({
    charged: d(-sum(account, kind)),
    reversed: d(sum(account, 'cancellation')),
    net: d(-sum(account)),
  });
  return {
    success: true,
    month,
    from: from.toISOString(),
    until: until.toISOString(),
    sales: {
      total: d(-sum(SELLER_ACCOUNTS, 'sale')),
      paidToMarketplace: d(sum('marketplace_cash', 'sale')),
      collectedBySellers: d(sum(SELLER_ACCOUNTS, 'cash_collected')),
    },
    commission: charged('commission_revenue', 'commission'),
    gctOnCommission: charged('gct_payable', 'gct_on_commission'),
    gatewayFees: null,
    refunds: {
      owedForCancelledParts: d(-sum('refunds_due', 'cancellation')),
      made: d(sum('refunds_due', 'refund')),
    },
    payouts: {
      sent: d(sum('seller_available', 'payout')),
      paid: d(-sum('marketplace_cash', 'payout')),
      failed: d(sum('payouts_in_transit', 'payout_failed')),
      returned: d(sum('marketplace_cash', 'payout_returned')),
    },
    atMonthEnd: {
      heldForSellers: d(end.owedToSellersCents),
      payoutsInTransit: d(end.payoutsInTransitCents),
      refundsDue: d(end.refundsDueCents),
      cashHeld: d(end.holdsCents),
      balanced: end.balanced,
    },
  };
}

/** The report as CSV: one line per figure (month, figure, amount in dollars with two decimals; "not recorded" for none). */
export function reportCsv(report: MarketplaceReport): string {
  return stringify(
    REPORT_LINES.map((line) => {
      const value = reportFigure(report, line);
      return [report.month, line[2], value === null ? 'not recorded' : value.toFixed(2)];
    }),
    { header: true, columns: ['month', 'figure', 'amount'] },
  );
}
