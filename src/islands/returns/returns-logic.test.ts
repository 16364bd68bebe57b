import { describe, expect, it } from 'vitest';
import { actionsFor, itemsLine, statusBadgeOf } from './returns-logic';

describe('what a returns screen offers', () => {
  it('the seller answers a new request; the buyer escalates only once it may; the operator decides an escalated one', () => {
    const requested = {
      next: ['accepted', 'rejected', 'refunded', 'escalated'] as const,
      escalableFrom: '2026-12-01T00:00:00Z',
    };
    const r = { ...requested, next: [...requested.next] };
    expect(actionsFor('seller', r)).toEqual(['accept', 'refund', 'reject']);
    expect(actionsFor('buyer', r, new Date('2026-11-30T00:00:00Z'))).toEqual([]);
    expect(actionsFor('buyer', r, new Date('2026-12-01T00:00:01Z'))).toEqual(['escalate']);
    expect(actionsFor('operator', { next: ['decided', 'closed'], escalableFrom: null })).toEqual(['decide']);
    expect(actionsFor('seller', { next: ['received', 'refunded'], escalableFrom: null })).toEqual([
      'receive',
      'refund',
    ]);
    expect(actionsFor('buyer', { next: ['escalated'], escalableFrom: null })).toEqual(['escalate']);
    expect(actionsFor('seller', { next: [], escalableFrom: null })).toEqual([]);
  });

  it('reads a status and the items', () => {
    expect(statusBadgeOf('escalated')).toEqual({ label: 'With the Yaad Market team', className: 'badge-red' });
    expect(
      itemsLine({
        lines: [{ quantity: 1, productName: 'Mug' } as never, { quantity: 2, productName: 'Tea' } as never],
      }),
    ).toBe('1 × Mug, 2 × Tea');
  });
});
