import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canMoveReturn,
  RETURN_STATUSES,
  RETURN_TRANSITIONS,
  returnedItemsRefundCents,
  reversedInProportion,
} from './returns';

describe('the return status table', () => {
  it('requested → accepted → received → refunded; rejected → escalated → decided or closed; the finals go nowhere', () => {
    expect(canMoveReturn('requested', 'accepted')).toBe(true);
    expect(canMoveReturn('accepted', 'received')).toBe(true);
    expect(canMoveReturn('received', 'refunded')).toBe(true);
    expect(canMoveReturn('requested', 'refunded')).toBe(true);
    expect(canMoveReturn('rejected', 'escalated')).toBe(true);
    expect(canMoveReturn('escalated', 'decided')).toBe(true);
    expect(canMoveReturn('escalated', 'closed')).toBe(true);
    for (const final of ['refunded', 'decided', 'closed'] as const) expect(RETURN_TRANSITIONS[final]).toEqual([]);
    // Nothing moves to itself, and nothing goes back to requested.
    for (const s of RETURN_STATUSES) {
      expect(canMoveReturn(s, s)).toBe(false);
      expect(canMoveReturn(s, 'requested')).toBe(false);
    }
    expect(canMoveReturn('received', 'rejected')).toBe(false);
    expect(canMoveReturn('accepted', 'escalated')).toBe(false);
  });
});

describe('a return’s money', () => {
  it('the items and their share of the part’s tax, never past what is left', () => {
    // Items 34.99, shipping 6.50, tax share 2.45: returning 9.99 gives 9.99 + 2.45 × 9.99/34.99 = 0.6995 → 0.70.
    const part = { shareCents: 3_499 + 650 + 245, subtotalCents: 3_499, shippingCents: 650 };
    expect(returnedItemsRefundCents(part, 999, 10_000)).toBe(1_069);
    expect(returnedItemsRefundCents(part, 3_499, 10_000)).toBe(3_744);
    expect(returnedItemsRefundCents(part, 999, 500)).toBe(500);
    expect(returnedItemsRefundCents(part, 999, 0)).toBe(0);
  });

  it('property: refunds in any steps up to the share reverse at most the frozen amount, and all of it at the whole share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 6 }),
        (share, frozenRaw, steps) => {
          const frozen = Math.min(frozenRaw, share);
          let refunded = 0;
          let reversed = 0;
          for (const step of steps) {
            const now = Math.min(step, share - refunded);
            if (now <= 0) break;
            const r = reversedInProportion(frozen, share, refunded, now, reversed);
            expect(r).toBeGreaterThanOrEqual(0);
            refunded += now;
            reversed += r;
            expect(reversed).toBeLessThanOrEqual(frozen);
            // Within a cent of the exact proportion at every step.
            expect(Math.abs(reversed - (frozen * refunded) / share)).toBeLessThanOrEqual(0.5 + 1e-9);
          }
          const rest = share - refunded;
          if (rest > 0) reversed += reversedInProportion(frozen, share, refunded, rest, reversed);
          expect(reversed).toBe(frozen);
        },
      ),
      { numRuns: 300 },
    );
  });
});
