import { z } from 'zod';
import { MONTH_PATTERN } from '../shop-time';

/*
 * The monthly marketplace report (issue 27 #6, docs/decisions/040): what moved through the
 * marketplace's books in a month of Jamaica's calendar, and what it held at the month's end. Every
 * figure is a sum of ledger entries (services/ledger/report.ts); dollars, as operators read them.
 */

const MONTH_ERROR = 'Month must be YYYY-MM, such as 2026-11';

export const ReportMonthParam = z.object({
  month: z
    .string({ error: MONTH_ERROR })
    .regex(MONTH_PATTERN, MONTH_ERROR)
    .meta({ description: 'A month of Jamaica’s calendar (UTC−5), YYYY-MM', example: '2026-11' }),
});

export const REPORT_FORMATS = ['json', 'csv'] as const;
export const ReportQuery = z.object({
  format: z
    .enum(REPORT_FORMATS, { error: 'format must be json or csv' })
    .optional()
    .meta({ description: 'json (the default) or csv, a download' }),
});

export const MarketplaceReport = z
  .object({
    success: z.literal(true),
    month: z.string(),
    /** The month's first and next month's first midnight in Jamaica, as instants. */
    from: z.string(),
    until: z.string(),
    sales: z.object({
      /** What buyers paid for parts paid this month (items, shipping, their share of the tax). */
      total: z.number(),
      /** Of which paid to the marketplace (card, bank transfer). */
      paidToMarketplace: z.number(),
      /** Of which collected by sellers' couriers (cash on delivery). */
      collectedBySellers: z.number(),
    }),
    commission: z.object({ charged: z.number(), reversed: z.number(), net: z.number() }),
    gctOnCommission: z.object({ charged: z.number(), reversed: z.number(), net: z.number() }),
    /** Gateway fees: the books do not record them yet, so none is reported (null). */
    gatewayFees: z.number().nullable(),
    refunds: z.object({
      /** Paid to the marketplace for parts cancelled this month: owed back to their buyers. */
      owedForCancelledParts: z.number(),
      /** Given back to buyers this month. */
      made: z.number(),
    }),
    payouts: z.object({
      /** Taken from sellers' available balances by payout runs this month. */
      sent: z.number(),
      /** Marked paid (the money left the marketplace's bank). */
      paid: z.number(),
      /** Marked failed, back to sellers' available balances. */
      failed: z.number(),
      /** Paid, then returned by the bank, back to sellers' available balances. */
      returned: z.number(),
    }),
    /** The books at the month's end (now, for the current month). */
    atMonthEnd: z.object({
      /** What the marketplace owes its sellers, pending and available, less what they owe it. */
      heldForSellers: z.number(),
      payoutsInTransit: z.number(),
      refundsDue: z.number(),
      /** Money the marketplace holds at its gateway and bank for all of the above and its earnings. */
      cashHeld: z.number(),
      /** What it holds is exactly what it owes and earned. */
      balanced: z.boolean(),
    }),
  })
  .meta({ id: 'MarketplaceReport' });
export type MarketplaceReport = z.infer<typeof MarketplaceReport>;

/** The report's figures in order, as the CSV and the screen name them: [section, figure, label]. */
export const REPORT_LINES = [
  ['sales', 'total', 'Sales (what buyers paid for parts)'],
  ['sales', 'paidToMarketplace', 'Sales paid to the marketplace'],
  ['sales', 'collectedBySellers', 'Sales collected by sellers’ couriers'],
  ['commission', 'charged', 'Commission charged'],
  ['commission', 'reversed', 'Commission reversed (cancellations)'],
  ['commission', 'net', 'Commission earned'],
  ['gctOnCommission', 'charged', 'GCT on commission charged'],
  ['gctOnCommission', 'reversed', 'GCT on commission reversed'],
  ['gctOnCommission', 'net', 'GCT on commission'],
  ['gatewayFees', null, 'Gateway fees'],
  ['refunds', 'owedForCancelledParts', 'Owed back for cancelled parts'],
  ['refunds', 'made', 'Refunds made'],
  ['payouts', 'sent', 'Payouts sent'],
  ['payouts', 'paid', 'Payouts paid'],
  ['payouts', 'failed', 'Payouts failed'],
  ['payouts', 'returned', 'Payouts returned by the bank'],
  ['atMonthEnd', 'heldForSellers', 'Held for sellers at the month’s end'],
  ['atMonthEnd', 'payoutsInTransit', 'Payouts in transit at the month’s end'],
  ['atMonthEnd', 'refundsDue', 'Refunds due at the month’s end'],
  ['atMonthEnd', 'cashHeld', 'Cash held at the month’s end'],
] as const;

/** A figure of the report by its line: dollars, or null (gateway fees, not recorded). */
export function reportFigure(report: MarketplaceReport, line: (typeof REPORT_LINES)[number]): number | null {
  const [section, figure] = line;
  if (section === 'gatewayFees') return report.gatewayFees;
  return (report[section] as Record<string, number>)[figure as string];
}
