import { SHOP_TIME_ZONE } from '../../lib/shop-time';

/** How the seller screens write days and times: Jamaica's, whatever the device's zone (decision 017). */

/*
 * The formatters are made on first use or by prepareLabels, not as the module loads: a formatter
 * with a time zone was a large part of the seller screens' first task on a slow phone when made
 * there (docs/performance.md, 2026-11-28 10:13–11:35).
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

/**
 * Makes the formatters a screen will draw with, each in a task of its own, while its data is on
 * the way (call it from an effect after useSellerData's, so the request goes out first): made
 * inside the data's render they were the largest part of that task on a slow phone
 * (docs/performance.md, 2026-11-28 10:13–11:35).
 */
export function prepareLabels(...labels: ('day' | 'when')[]) {
  for (const label of labels) setTimeout(label === 'day' ? dayFormatter : whenFormatter, 0);
}

export { sellerPartPath as detailHref } from '../../lib/order-display';

export const paymentBadge = (status: string) =>
  status === 'paid' ? { className: 'badge-green', label: 'Paid' } : { className: 'badge-grey', label: 'Unpaid' };
