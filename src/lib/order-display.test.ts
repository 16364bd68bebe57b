import { describe, expect, it } from 'vitest';
import { estimatedDelivery, statusBadge, statusLabel, trackerStep } from './order-display';

const now = new Date('2026-11-22T15:00:00Z');
const updatedAt = '2026-11-20T15:00:00Z';

describe('estimatedDelivery', () => {
  it('is 4 days after the last update once shipped', () => {
    expect(estimatedDelivery({ status: 'shipped', updatedAt }, now)).toBe('Expected by Tue, 24 Nov 2026');
  });
  it('shows the delivered date', () => {
    expect(estimatedDelivery({ status: 'delivered', updatedAt }, now)).toBe('Delivered on Fri, 20 Nov 2026');
  });
  it('says "Order cancelled" when cancelled', () => {
    expect(estimatedDelivery({ status: 'cancelled', updatedAt }, now)).toBe('Order cancelled');
  });
  it('is 7 to 14 days from now otherwise', () => {
    for (const status of ['pending', 'processing', 'anything'])
      expect(estimatedDelivery({ status, updatedAt }, now)).toBe('Between Sun, 29 Nov 2026 and Sun, 6 Dec 2026');
  });
});

describe('statuses', () => {
  it('shows pending without a status, grey for an unknown one', () => {
    expect(statusLabel(undefined)).toBe('Pending');
    expect(statusLabel('on_hold')).toBe('On_hold');
    expect(statusBadge('on_hold')).toBe('badge-grey');
    expect(statusBadge('cancelled')).toBe('badge-red');
  });
  it('places the tracker step; cancelled has none', () => {
    expect(['pending', 'processing', 'shipped', 'delivered', 'cancelled'].map(trackerStep)).toEqual([0, 1, 2, 3, -1]);
  });
});
