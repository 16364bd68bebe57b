import { SHOP } from '../../lib/site';
import { REVIEW_PROMISE } from '../../lib/store-status';
import { hello, type RenderedMail, render, siteLink } from './templates';

/*
 * The mails of a store's lifecycle (docs/decisions/015, amended 2026-11-27), in the shop's frame
 * from ./templates.ts: the owner hears of each operator decision (with the reason, escaped in the
 * HTML, when there is one), and the operators of each application and resubmission.
 */

type Owner = { ownerName: string; storeName: string };

/** Approved: the store and its products are public; the dashboard is where selling starts. */
export function storeApprovedMail(input: Owner & { storeId: string }): RenderedMail {
  return render('store_approved', `${input.storeName} is approved and open on ${SHOP.name}`, [
    hello(input.ownerName),
    {
      p: `Good news: we approved ${input.storeName}. Your store page and your products are public now, with the Verified Seller badge.`,
    },
    { p: 'Add products, check your couriers and rates, and follow your orders from your seller dashboard.' },
    { button: { label: 'Open your dashboard', href: siteLink('/dashboard/') } },
    {
      action: { label: 'See your public store page', href: siteLink(`/seller/${encodeURIComponent(input.storeId)}/`) },
    },
  ]);
}

/** Rejected: the operator's reason, and how to correct the application and send it again. */
export function storeRejectedMail(input: Owner & { reason: string }): RenderedMail {
  return render('store_rejected', `Your application for ${input.storeName} was not approved`, [
    hello(input.ownerName),
    { p: `We could not approve your application for ${input.storeName} as it stands. Our team gave this reason:` },
    { quote: input.reason },
    {
      p: 'Your application is kept as you sent it. Correct what the reason asks for and send it again: we review it like a new one.',
    },
    { button: { label: 'Correct and resubmit', href: siteLink('/sell') } },
    { small: `Questions? Reply to this e-mail or write to ${SHOP.email}.` },
  ]);
}

/** Suspended: the reason, what it means for shoppers and orders, and how to appeal. */
export function storeSuspendedMail(input: Owner & { reason: string }): RenderedMail {
  return render('store_suspended', `${input.storeName} is suspended on ${SHOP.name}`, [
    hello(input.ownerName),
    {
      p: `We suspended ${input.storeName}. While it is suspended, your store page and products are hidden from shoppers and no new orders can be placed. Our team gave this reason:`,
    },
    { quote: input.reason },
    { p: 'Orders placed before the suspension are still yours to ship or cancel from your dashboard.' },
    {
      p: `To appeal, reply to this e-mail or write to ${SHOP.email}: tell us what happened and what you have changed. We answer within ${REVIEW_PROMISE.days}.`,
    },
    { button: { label: 'See your store status', href: siteLink('/dashboard/store/') } },
  ]);
}

/** Reinstated: public again. */
export function storeReinstatedMail(input: Owner & { storeId: string }): RenderedMail {
  return render('store_reinstated', `${input.storeName} is open again on ${SHOP.name}`, [
    hello(input.ownerName),
    { p: `We reinstated ${input.storeName}: your store page and products are public again and take orders.` },
    { button: { label: 'Open your dashboard', href: siteLink('/dashboard/') } },
    {
      action: { label: 'See your public store page', href: siteLink(`/seller/${encodeURIComponent(input.storeId)}/`) },
    },
  ]);
}

/** To each operator: an application (or a rejected one sent again) waits on /admin/stores/. */
export function storeApplicationMail(input: {
  storeName: string;
  ownerName: string;
  ownerEmail: string;
  town: string;
  parish: string;
  resubmitted: boolean;
}): RenderedMail {
  const what = input.resubmitted ? 'Resubmitted store application' : 'New store application';
  return render('store_application', `${what}: ${input.storeName}`, [
    {
      p: input.resubmitted
        ? `${input.ownerName} corrected the rejected application for ${input.storeName} and sent it again. It waits at the end of the pending queue.`
        : `${input.ownerName} applied to open ${input.storeName}. It waits in the pending queue.`,
    },
    {
      table: {
        rows: [
          ['Store', input.storeName],
          ['Applicant', `${input.ownerName} (${input.ownerEmail})`],
          ['Town', `${input.town}, ${input.parish}`],
        ],
      },
    },
    { p: `${REVIEW_PROMISE.sentence}: applicants are told so.` },
    { button: { label: 'Review pending stores', href: siteLink('/admin/stores/') } },
  ]);
}
