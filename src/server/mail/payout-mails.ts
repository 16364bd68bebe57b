import { ENTRY_KIND_LABELS, type EntryKind } from '../../lib/ledger';
import { formatCents } from '../../lib/money';
import { monthName } from '../../lib/shop-time';
import { SHOP } from '../../lib/site';
import { type Block, hello, type RenderedMail, render, siteLink } from './templates';

/** What a payout pays, by kind of money (services/ledger/payout-statement.ts). */
export type MailPayoutStatement = {
  month: string;
  lines: { kind: EntryKind; cents: number }[];
  carriedCents: number;
  orderNumbers: string[];
};

/** "+US$12.00" owed to the seller, "-US$1.20" taken. */
const signed = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));

/** At most this many order numbers are named; the rest are counted. */
const ORDERS_NAMED = 12;

/** The payout's statement in the mail's body: its money by kind, summed to the payout, its orders, the month's statement. */
function statementBlocks(statement: MailPayoutStatement, amountCents: number): Block[] {
  const rows: [string, string][] = statement.lines.map((l) => [ENTRY_KIND_LABELS[l.kind], signed(l.cents)]);
  if (statement.carriedCents !== 0) rows.push(['Carried over from before', signed(statement.carriedCents)]);
  rows.push(['Paid to you', formatCents(amountCents)]);
  const named = statement.orderNumbers.slice(0, ORDERS_NAMED);
  const more = statement.orderNumbers.length - named.length;
  const month = monthName(statement.month);
  return [
    { heading: 'What this payout pays' },
    { table: { rows, strongLast: true } },
    ...(named.length > 0 ? [{ p: `For orders ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}.` }] : []),
    {
      action: {
        label: `Download your ${month} statement (PDF)`,
        href: siteLink(`/api/v1/seller/statements/${statement.month}?format=pdf`),
      },
    },
  ];
}

/*
 * The seller's mail when a payout is marked paid (issue 27 #4, #5; docs/decisions/039, 041): how
 * much, to which account, the bank's reference and day, what the payout pays by kind of money
 * (its statement, summed to the payout), and a link to the month's statement PDF (linked, not
 * attached: decision 041).
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
  statement: MailPayoutStatement;
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
    ...statementBlocks(input.statement, input.amountCents),
    { p: 'Every entry, by order, and each month’s statement are in your earnings.' },
    { button: { label: 'See your earnings', href: siteLink('/dashboard/earnings/#statements') } },
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
