import { SHOP_TIME_ZONE } from '../../lib/shop-time';

/** How the seller screens write days and times: Jamaica's, whatever the device's zone (decision 017). */

const dayFormat = new Intl.DateTimeFormat('en-JM', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** "2026-11-23" → "23 Nov" (a calendar day, so read in UTC: it is already Jamaica's). */
export const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

const whenFormat = new Intl.DateTimeFormat('en-JM', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: SHOP_TIME_ZONE,
});
/** An instant as "23 Nov, 2:05 pm", Jamaica time. */
export const whenLabel = (iso: string) => whenFormat.format(new Date(iso));

export { sellerPartPath as detailHref } from '../../lib/order-display';

export const paymentBadge = (status: string) =>
  status === 'paid' ? { className: 'badge-green', label: 'Paid' } : { className: 'badge-grey', label: 'Unpaid' };
