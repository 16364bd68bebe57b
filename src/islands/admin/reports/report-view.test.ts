import { describe, expect, it } from 'vitest';
import type { MarketplaceReport } from '../../../lib/contract/reports';
import { monthFrom, monthTitle, reportSections } from './report-view';

const report: MarketplaceReport = {
  success: true,
  month: '2026-11',
  from: '2026-11-01T05:00:00.000Z',
  until: '2026-12-01T05:00:00.000Z',
  sales: { total: 1234.5, paidToMarketplace: 1000, collectedBySellers: 234.5 },
  commission: { charged: 123.45, reversed: 3.5, net: 119.95 },
  gctOnCommission: { charged: 18.52, reversed: 0.53, net: 17.99 },
  gatewayFees: null,
  refunds: { owedForCancelledParts: 40, made: 40 },
  payouts: { sent: 900, paid: 800, failed: 100, returned: 0 },
  atMonthEnd: { heldForSellers: 210.25, payoutsInTransit: 0, refundsDue: 0, cashHeld: 348.19, balanced: true },
};

describe('the monthly report screen', () => {
  it('reads the month from the address, else this month in Jamaica', () => {
    expect(monthFrom('?month=2026-10')).toBe('2026-10');
    // 03:00 UTC on 1 December is 30 November in Kingston.
    expect(monthFrom('?month=2026-13', new Date('2026-12-01T03:00:00Z'))).toBe('2026-11');
    expect(monthFrom('', new Date('2026-12-01T06:00:00Z'))).toBe('2026-12');
    expect(monthTitle('2026-11')).toBe('November 2026');
  });

  it('groups the figures by section, as dollars; gateway fees are not recorded', () => {
    const sections = reportSections(report);
    expect(sections.map((s) => s.title)).toEqual([
      'Sales',
      'Commission',
      'GCT on commission',
      'Gateway fees',
      'Refunds',
      'Payouts',
      'At the month’s end',
    ]);
    expect(sections[0].rows[0]).toEqual({
      label: 'Sales (what buyers paid for parts)',
      amount: 'US$1,234.50',
      total: true,
    });
    expect(sections[3].rows).toEqual([{ label: 'Gateway fees', amount: 'Not recorded', total: false }]);
    expect(sections[6].rows[0]).toMatchObject({ amount: 'US$210.25', total: true });
  });
});
