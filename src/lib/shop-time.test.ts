import { describe, expect, it } from 'vitest';
import {
  addDays,
  MONTH_PATTERN,
  monthBounds,
  monthName,
  monthStart,
  nextMonth,
  SHOP_TIME_ZONE,
  shopDay,
  shopMonth,
  startOfShopDay,
} from './shop-time';

describe('the shop’s calendar (America/Jamaica)', () => {
  it('puts an instant on Jamaica’s day: midnight there is 05:00 UTC', () => {
    expect(SHOP_TIME_ZONE).toBe('America/Jamaica');
    expect(shopDay(new Date('2026-11-23T04:59:59.999Z'))).toBe('2026-11-22');
    expect(shopDay(new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-23');
    expect(shopDay(new Date('2027-01-01T04:00:00Z'))).toBe('2026-12-31');
  });

  it('finds the UTC instant a Jamaican day starts, in winter and summer alike (no daylight saving)', () => {
    expect(startOfShopDay('2026-11-23').toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(startOfShopDay('2026-07-04').toISOString()).toBe('2026-07-04T05:00:00.000Z');
    expect(startOfShopDay('2026-03-01').toISOString()).toBe('2026-03-01T05:00:00.000Z');
    for (const day of ['2026-01-01', '2026-03-08', '2026-11-01', '2028-02-29'])
      expect(shopDay(startOfShopDay(day))).toBe(day);
  });

  it('counts days by the calendar, across months and leap years', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-15', -29)).toBe('2026-02-14');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(monthStart('2026-11-23')).toBe('2026-11-01');
  });

  it('bounds a Jamaican month: its first instant and the next month’s, across the year’s end', () => {
    expect(nextMonth('2026-11')).toBe('2026-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(monthBounds('2026-12')).toEqual({
      from: new Date('2026-12-01T05:00:00.000Z'),
      to: new Date('2027-01-01T05:00:00.000Z'),
    });
    // 11 p.m. on 30 November in Kingston is already December in UTC.
    expect(shopMonth(new Date('2026-12-01T04:00:00Z'))).toBe('2026-11');
    expect(shopMonth(new Date('2026-12-01T05:00:00Z'))).toBe('2026-12');
    expect(monthName('2026-11')).toBe('November 2026');
  });
});

describe('a month of Jamaica’s calendar', () => {
  it('runs from its first midnight in Kingston (05:00 UTC) to the next month’s; December into January', () => {
    expect(monthBounds('2026-11')).toEqual({
      from: new Date('2026-11-01T05:00:00Z'),
      to: new Date('2026-12-01T05:00:00Z'),
    });
    expect(monthBounds('2026-12').to).toEqual(new Date('2027-01-01T05:00:00Z'));
    // 03:00 UTC on 1 December is still 30 November in Kingston.
    expect(shopMonth(new Date('2026-12-01T03:00:00Z'))).toBe('2026-11');
    expect(shopMonth(new Date('2026-12-01T05:00:00Z'))).toBe('2026-12');
  });

  it('is YYYY-MM with a month from 01 to 12', () => {
    expect(['2026-01', '2026-12'].every((m) => MONTH_PATTERN.test(m))).toBe(true);
    expect(['2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', ''].some((m) => MONTH_PATTERN.test(m))).toBe(false);
  });
});
