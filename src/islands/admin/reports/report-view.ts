import { type MarketplaceReport, REPORT_LINES, reportFigure } from '../../../lib/contract/reports';
import { formatDollars } from '../../../lib/money';
import { MONTH_PATTERN, monthName, shopMonth } from '../../../lib/shop-time';

/*
 * The monthly report screen's logic (docs/decisions/040): which month the address asks for (this
 * month in Jamaica by default), how it is titled, and the report's figures in sections as rows.
 */

/** The month in the address (?month=YYYY-MM), else this month in Jamaica. */
export function monthFrom(search: string, now: Date = new Date()): string {
  const asked = new URLSearchParams(search).get('month') ?? '';
  return MONTH_PATTERN.test(asked) ? asked : shopMonth(now);
}

/** "November 2026". */
export const monthTitle = monthName;

export const SECTION_TITLES: Record<(typeof REPORT_LINES)[number][0], string> = {
  sales: 'Sales',
  commission: 'Commission',
  gctOnCommission: 'GCT on commission',
  gatewayFees: 'Gateway fees',
  refunds: 'Refunds',
  payouts: 'Payouts',
  atMonthEnd: 'At the month’s end',
};

export type ReportSection = { title: string; rows: { label: string; amount: string; total: boolean }[] };

/** The figures grouped by section, each amount as it reads ("US$1,234.50", "Not recorded"). */
export function reportSections(report: MarketplaceReport): ReportSection[] {
  const sections: ReportSection[] = [];
  for (const line of REPORT_LINES) {
    const title = SECTION_TITLES[line[0]];
    let section = sections.find((s) => s.title === title);
    if (!section) {
      section = { title, rows: [] };
      sections.push(section);
    }
    const value = reportFigure(report, line);
    section.rows.push({
      label: line[2],
      amount: value === null ? 'Not recorded' : formatDollars(value),
      total: line[1] === 'total' || line[1] === 'net' || line[1] === 'heldForSellers',
    });
  }
  return sections;
}
