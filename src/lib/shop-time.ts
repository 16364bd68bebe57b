/**
 * The shop's calendar: a "day" and a "month" are Jamaica's (America/Jamaica, UTC−5 all year since
 * 1983), wherever the server runs (docs/decisions/017). Instants stay UTC; only the boundaries of
 * days are computed here, from the time zone database rather than a fixed offset, so the rule
 * holds if Jamaica ever moves its clocks again.
 */

export const SHOP_TIME_ZONE = 'America/Jamaica';

/** A calendar day as "YYYY-MM-DD". */
export type DayKey = string;

/**
 * Made on first use: a formatter with a time zone costs the browser 10–15 ms to make (its zone
 * data), and most screens that import this module (for MONTH_PATTERN, through the contract) never
 * call it; made at load, it lengthened the seller's workspace's first long task (decision 050).
 */
let parts: Intl.DateTimeFormat | undefined;
const jamaicaParts = () =>
  (parts ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

/** The wall-clock fields of an instant in Jamaica. */
function wallClock(at: Date) {
  const f = Object.fromEntries(
    jamaicaParts()
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(f.year),
    month: Number(f.month),
    day: Number(f.day),
    hour: Number(f.hour),
    minute: Number(f.minute),
    second: Number(f.second),
  };
}

/** Milliseconds Jamaica's wall clock is ahead of UTC at an instant (negative: behind). */
function offsetAt(at: Date): number {
  const w = wallClock(at);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The Jamaican calendar day an instant falls on. */
export function shopDay(at: Date): DayKey {
  const w = wallClock(at);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The instant a Jamaican calendar day begins (its midnight), as a UTC Date. */
export function startOfShopDay(day: DayKey): Date {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetAt(new Date(guess));
  // Once more at the found instant: right across a change of offset.
  return new Date(guess - offsetAt(new Date(first)));
}

/** The day `n` days after (or before, negative) a day, by the calendar. */
export function addDays(day: DayKey, n: number): DayKey {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The first day of the month a day is in. */
export const monthStart = (day: DayKey): DayKey => `${day.slice(0, 7)}-01`;

/** A calendar month as "YYYY-MM". */
export type MonthKey = string;

/** A well-formed month, YYYY-MM (01–12): what a statement's or a report's month must look like. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The Jamaican calendar month an instant falls in. */
export const shopMonth = (at: Date): MonthKey => shopDay(at).slice(0, 7);

/** The month after a month. */
export function nextMonth(month: MonthKey): MonthKey {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7);
}

/** When a Jamaican month begins and when the next one does (its end, exclusive), as UTC instants. */
export const monthBounds = (month: MonthKey): { from: Date; to: Date } => ({
  from: startOfShopDay(`${month}-01`),
  to: startOfShopDay(`${nextMonth(month)}-01`),
});

/** "November 2026". */
export const monthName = (month: MonthKey): string =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-JM', { month: 'long', year: 'numeric', timeZone: 'UTC' });
