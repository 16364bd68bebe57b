import { formatCents } from '../../lib/money';
import { SHOP } from '../../lib/site';
import { hello, type RenderedMail, render, siteLink } from './templates';

/*
 * The seller's mail when a payout is marked paid (issue 27 #4, #5; docs/decisions/039): how much,
 * to which account, the bank's reference and day, and where its entries are (/dashboard/earnings).
 */
export function payoutSentMail(input: {
  ownerName: string;
  storeName: string;
  amountCents: number;
  bankName: string;
  accountNumber: string;
  reference: string;
  bankReference: string;
  paidOn: string;
}): RenderedMail {
  const last4 = input.accountNumber.slice(-4);
  return render('payout_sent', `${SHOP.name} paid ${input.storeName} ${formatCents(input.amountCents)}`, [
    hello(input.ownerName),
    { p: `We paid ${input.storeName}'s available earnings to its bank account.` },
    {
      table: {
        rows: [
          ['Bank', `${input.bankName}, account ending ${last4}`],
          ['Paid on', input.paidOn],
          ['Bank reference', input.bankReference],
          ['Payout reference', input.reference],
          ['Amount', formatCents(input.amountCents)],
        ],
        strongLast: true,
      },
    },
    { p: 'Every sale, commission and refund this payout covers is in your earnings, by order.' },
    { button: { label: 'See your earnings', href: siteLink('/dashboard/earnings/') } },
    { small: `Questions about a payout? Write to ${SHOP.email}.` },
  ]);
}

/**
 * The seller's mail when a paid payout comes back from its bank (docs/decisions/040): how much,
 * from which account, why the bank said it returned it, that the money is in its available
 * balance again, and to check its bank details before the next run.
 */
export function payoutReturnedMail(input: {
  ownerName: string;
  storeName: string;
  amountCents: number;
  bankName: string;
  accountNumber: string;
  reference: string;
  bankReference: string;
  reason: string;
}): RenderedMail {
  const last4 = input.accountNumber.slice(-4);
  return render(
    'payout_returned',
    `Your bank returned ${SHOP.name}'s payout of ${formatCents(input.amountCents)} to ${input.storeName}`,
    [
      hello(input.ownerName),
      {
        p: `The payout we sent to ${input.storeName}'s bank account came back from the bank. The money is in your available balance again and is paid in the next payout run.`,
      },
      {
        table: {
          rows: [
            ['Bank', `${input.bankName}, account ending ${last4}`],
            ['Why the bank returned it', input.reason],
            ['Bank reference of the return', input.bankReference],
            ['Payout reference', input.reference],
            ['Amount', formatCents(input.amountCents)],
          ],
          strongLast: true,
        },
      },
      { p: 'Please check your store’s bank details before the next payout run.' },
      { button: { label: 'See your earnings', href: siteLink('/dashboard/earnings/') } },
      { small: `Questions about a payout? Write to ${SHOP.email}.` },
    ],
  );
}
