import type { SellingTerms } from './contract/selling-terms';
import { formatDollars } from './money';

/** 0.1 → "10%", 0.1025 → "10.25%": a rate as sellers read it. */
export const percent = (rate: number) => `${Number((rate * 100).toFixed(2))}%`;

/**
 * What selling costs, in the words /sell and the seller workspace both use (issue 27 #1,
 * docs/decisions/036): the commission, the GCT on it, when money is paid out, the minimum payout.
 */
export function sellingCostLines(terms: Omit<SellingTerms, 'success'>): { title: string; text: string }[] {
  const gct =
    terms.gctOnCommissionRate === null
      ? ''
      : ` plus GCT of ${percent(terms.gctOnCommissionRate)} on the commission (Yaad Market is GCT-registered)`;
  const days = terms.returnDays === 1 ? '1 day' : `${terms.returnDays} days`;
  return [
    {
      title: `${percent(terms.commissionRate)} commission on what you sell`,
      text: `Taken from the price of your items${gct}. Shipping is yours in full, and so is the tax your invoice shows. Some stores and categories have their own rate; an order keeps the rate it was placed at.`,
    },
    {
      title: `Paid out ${days} after delivery`,
      text: `Card and bank-transfer payments are made to Yaad Market. Your share is pending until the order is delivered and its ${terms.returnDays}-day return window has passed, then available to be paid to your bank account by bank transfer.`,
    },
    {
      title: `Payouts from ${formatDollars(terms.payoutMinimum)}`,
      text: `An available balance under ${formatDollars(terms.payoutMinimum)} waits for the next payout. On cash-on-delivery orders your courier collects the money, and the commission is taken from what you are owed.`,
    },
  ];
}
