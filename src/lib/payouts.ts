import { addDays, shopDay } from './shop-time';

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

/** The next payout day (YYYY-MM-DD, Jamaica's calendar): today when today is the day, else the next one. */
export function nextPayoutDay(day: Weekday, now: Date = new Date()): string {
  const today = shopDay(now);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addDays(today, (WEEKDAYS.indexOf(day) - weekday + 7) % 7);
}
