import { describe, expect, it } from 'vitest';
import { nextPayoutDay } from './payouts';

describe('the next payout day, on Jamaica’s calendar', () => {
  it('is today on the day, else the next such weekday', () => {
    // Friday 27 November 2026, 10:00 in Kingston (15:00 UTC).
    expect(nextPayoutDay('friday', new Date('2026-11-27T15:00:00Z'))).toBe('2026-11-27');
    expect(nextPayoutDay('monday', new Date('2026-11-27T15:00:00Z'))).toBe('2026-11-30');
    expect(nextPayoutDay('thursday', new Date('2026-11-27T15:00:00Z'))).toBe('2026-12-03');
    // 02:00 UTC on Saturday is still Friday evening in Kingston.
    expect(nextPayoutDay('friday', new Date('2026-11-28T02:00:00Z'))).toBe('2026-11-27');
    expect(nextPayoutDay('friday', new Date('2026-11-28T06:00:00Z'))).toBe('2026-12-04');
  });
});
