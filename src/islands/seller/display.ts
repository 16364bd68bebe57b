import { SHOP_TIME_ZONE } from '../../lib/shop-time';

/** How the seller screens write days and times: Jamaica's, whatever the device's zone (decision 017). */

/*
 * The formatters are made on first use, when the screen draws its data: a formatter with a time
 * zone was a large part of the seller screens' first task on a slow phone when made as the module
 * loaded (docs/performance.md, 2026-11-28 10:00–12:00).
 */
let dayFormat: Intl.DateTimeFormat | undefined;
const dayFormatter = () =>
  (dayFormat ??= new Intl.DateTimeFormat('en-JM', { day: 'numeric', month: 'short', timeZone: 'UTC' }));
/** "2026-11-23" → "23 Nov" (a calendar day, so read in UTC: it is already Jamaica's). */
export const dayLabel = (day: string) => dayFormatter().format(new Date(`${day}T00:00:00Z`));

let whenFormat: Intl.DateTimeFormat | undefined;
const whenFormatter = () =>
  (whenFormat ??= new Intl.DateTimeFormat('en-JM', {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: SHOP_TIME_ZONE,
  }));
/** An instant as "23 Nov, 2:05 pm", Jamaica time. */
export const whenLabel = (iso: string) => whenFormatter().format(new Date(iso));

export { sellerPartPath as detailHref } from '../../lib/order-display';

export const paymentBadge = (status: string) =>
  status === 'paid' ? { className: 'badge-green', label: 'Paid' } : { className: 'badge-grey', label: 'Unpaid' };
