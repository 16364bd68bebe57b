import { describe, expect, it } from 'vitest';
import { jamaicaMonth, jamaicaMonthWindow, MONTH_PATTERN, nextPayoutDay } from './payouts';

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

describe('a month of Jamaica’s calendar', () => {
  it('runs from its first midnight in Kingston (05:00 UTC) to the next month’s; December into January', () => {
    expect(jamaicaMonthWindow('2026-11')).toEqual({
      from: new Date('2026-11-01T05:00:00Z'),
      until: new Date('2026-12-01T05:00:00Z'),
    });
    expect(jamaicaMonthWindow('2026-12').until).toEqual(new Date('2027-01-01T05:00:00Z'));
    // 03:00 UTC on 1 December is still 30 November in Kingston.
    expect(jamaicaMonth(new Date('2026-12-01T03:00:00Z'))).toBe('2026-11');
    expect(jamaicaMonth(new Date('2026-12-01T05:00:00Z'))).toBe('2026-12');
  });

  it('is YYYY-MM with a month from 01 to 12', () => {
    expect(['2026-01', '2026-12'].every((m) => MONTH_PATTERN.test(m))).toBe(true);
    expect(['2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', ''].some((m) => MONTH_PATTERN.test(m))).toBe(false);
  });
});
