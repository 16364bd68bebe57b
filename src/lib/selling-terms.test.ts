import { describe, expect, it } from 'vitest';
import { percent, sellingCostLines } from './selling-terms';

describe('what selling costs, as sellers read it', () => {
  it('says the commission, GCT on it when charged, the return window and the minimum payout', () => {
    const lines = sellingCostLines({
      commissionRate: 0.1,
      gctOnCommissionRate: 0.15,
      returnDays: 7,
      payoutMinimum: 20,
    });
    expect(lines.map((l) => l.title)).toEqual([
      '10% commission on what you sell',
      'Paid out 7 days after delivery',
      'Payouts from US$20.00',
    ]);
    expect(lines[0].text).toContain('plus GCT of 15% on the commission');
    expect(lines[0].text).toContain('Shipping is yours in full');
    expect(lines[1].text).toContain('its 7-day return window has passed');
    const untaxed = sellingCostLines({
      commissionRate: 0.1025,
      gctOnCommissionRate: null,
      returnDays: 1,
      payoutMinimum: 12.5,
    });
    expect(untaxed[0].title).toBe('10.25% commission on what you sell');
    expect(untaxed[0].text).not.toContain('GCT');
    expect(untaxed[1].title).toBe('Paid out 1 day after delivery');
    expect(untaxed[2].title).toBe('Payouts from US$12.50');
  });

  it('writes rates without float noise', () => {
    expect(percent(0.07)).toBe('7%');
    expect(percent(0.165)).toBe('16.5%');
    expect(percent(0)).toBe('0%');
  });
});
