/**
 * A payout's states (issue 27 #4, docs/decisions/039), for the database, the API and the screens:
 * sent to the bank (in transit) until an operator marks it paid (the bank's reference and day) or
 * failed (its money back to the seller's available balance, with the reason). A marking is final,
 * but for one: a paid payout the bank later returns (the account closed after the transfer) is
 * marked returned, its money back to the seller's available balance (docs/decisions/040).
 */
export const PAYOUT_STATUSES = ['in_transit', 'paid', 'failed', 'returned'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The days a weekly payout may be run on (PAYOUT_DAY), Sunday first as Date.getUTCDay counts. */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Jamaica keeps UTC−5 all year (no daylight saving). */
const JAMAICA_OFFSET_MS = -5 * 3_600_000;

/** The next payout day (YYYY-MM-DD, Jamaica's calendar): today when today is the day, else the next one. */
export function nextPayoutDay(day: Weekday, now: Date = new Date()): string {
  const here = new Date(now.getTime() + JAMAICA_OFFSET_MS);
  const ahead = (WEEKDAYS.indexOf(day) - here.getUTCDay() + 7) % 7;
  return new Date(here.getTime() + ahead * 86_400_000).toISOString().slice(0, 10);
}
