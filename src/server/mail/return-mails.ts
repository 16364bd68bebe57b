import { formatCents } from '../../lib/money';
import {
  RETURN_INSTRUCTION_LABELS,
  RETURN_REASON_LABELS,
  type ReturnInstructions,
  type ReturnMessageAuthor,
  type ReturnReason,
  type ReturnStatus,
} from '../../lib/returns';
import { SHOP } from '../../lib/site';
import { type RenderedMail, render, siteLink } from './templates';

/*
 * The mails of a return request (issue 28 #5, #6; docs/decisions/042): at each step, to whoever
 * must act next (the seller on a new request, the buyer on the seller's answer, the operators on an
 * escalation, both sides on an operator's decision), and each message written on its thread to the
 * other side(s). Pure builders: the services queue them in the step's transaction.
 */

export type MailReturn = {
  id: string;
  orderId: string;
  orderNumber: string;
  storeName: string;
  buyerName: string;
  reason: ReturnReason;
  note: string;
  items: { name: string; quantity: number }[];
};

const itemsLine = (r: MailReturn) => r.items.map((i) => `${i.quantity} × ${i.name}`).join(', ');
const orderPage = (r: MailReturn) => siteLink(`/order/${encodeURIComponent(r.orderId)}`);
const sellerPage = () => siteLink('/dashboard/orders/');

const facts = (r: MailReturn) => ({
  table: {
    rows: [
      ['Order', r.orderNumber],
      ['Store', r.storeName],
      ['Items', itemsLine(r)],
      ['Reason', RETURN_REASON_LABELS[r.reason]],
    ] as [string, string][],
  },
});

/** To the seller: a buyer asks to return items; answer within `answerDays`. */
export function returnRequestedMail(r: MailReturn, answerDays: number): RenderedMail {
  return render('return_update', `Return request for order ${r.orderNumber}`, [
    { p: `${r.buyerName} asked ${r.storeName} to return items of order ${r.orderNumber}.` },
    facts(r),
    ...(r.note ? [{ quote: r.note }] : []),
    {
      p: `Accept it (with how the item comes back), reject it with a reason, or refund it without a return within ${answerDays} ${answerDays === 1 ? 'day' : 'days'}: after that the buyer may ask the ${SHOP.name} team to decide.`,
    },
    { button: { label: 'Open your orders', href: sellerPage() } },
  ]);
}

/** To the buyer: the seller's answer, and what to do next. */
export function returnAnsweredMail(
  r: MailReturn,
  answer:
    | { to: 'accepted'; instructions: ReturnInstructions; note: string | null }
    | { to: 'rejected'; reason: string }
    | { to: 'received' }
    | { to: 'refunded'; amountCents: number; byCard: boolean },
): RenderedMail {
  const blocks =
    answer.to === 'accepted'
      ? [
          {
            p: `${r.storeName} accepted your return: ${RETURN_INSTRUCTION_LABELS[answer.instructions].toLowerCase()}.`,
          },
          ...(answer.note ? [{ quote: answer.note }] : []),
          {
            p:
              answer.instructions === 'keep_item'
                ? 'You do not need to send anything back: the seller will refund you.'
                : 'Once the seller has the item back, it marks it received and refunds you.',
          },
        ]
      : answer.to === 'rejected'
        ? [
            { p: `${r.storeName} rejected your return request.` },
            { quote: answer.reason },
            { p: `If you disagree, ask the ${SHOP.name} team to decide from your order page.` },
          ]
        : answer.to === 'received'
          ? [{ p: `${r.storeName} received the items you returned. The refund comes next.` }]
          : [
              {
                p: `${r.storeName} refunded ${formatCents(answer.amountCents)} for the items you returned.${
                  answer.byCard
                    ? ' It goes back to your card: we send you a mail when the card gateway has made it.'
                    : ` The ${SHOP.name} team sends it back to you and mails you when it is sent.`
                }`,
              },
            ];
  const subject =
    answer.to === 'rejected'
      ? `Your return for order ${r.orderNumber} was rejected`
      : `Your return for order ${r.orderNumber}: ${answer.to}`;
  return render('return_update', subject, [
    ...blocks,
    facts(r),
    { button: { label: 'See your order', href: orderPage(r) } },
  ]);
}

/** To each operator: a buyer escalated a request; to decide on the disputes screen. */
export function returnEscalatedMail(r: MailReturn, from: ReturnStatus): RenderedMail {
  return render('return_update', `Return dispute to decide: order ${r.orderNumber}`, [
    {
      p: `${r.buyerName} asked us to decide a return with ${r.storeName}: ${
        from === 'rejected' ? 'the seller rejected it' : 'the seller did not answer in time'
      }.`,
    },
    facts(r),
    { p: 'Read both sides and decide: a refund in full or in part, charged to the seller, or close it.' },
  ]);
}

/** To the buyer and to the seller: an operator's decision. */
export function returnDecidedMail(
  r: MailReturn,
  decision: { outcome: 'refund'; amountCents: number; note: string } | { outcome: 'close'; note: string },
  to: 'buyer' | 'seller',
): RenderedMail {
  const what =
    decision.outcome === 'refund'
      ? `The ${SHOP.name} team decided the return of order ${r.orderNumber}: ${formatCents(decision.amountCents)} is refunded to the buyer${
          to === 'seller' ? ', charged to your store' : ''
        }.`
      : `The ${SHOP.name} team closed the return of order ${r.orderNumber} with no refund.`;
  return render('return_update', `Return decided: order ${r.orderNumber}`, [
    { p: what },
    { quote: decision.note },
    facts(r),
    {
      button:
        to === 'buyer'
          ? { label: 'See your order', href: orderPage(r) }
          : { label: 'Open your orders', href: sellerPage() },
    },
  ]);
}

/** A message on the request's thread, to the other side(s). */
export function returnMessageMail(r: MailReturn, message: { author: ReturnMessageAuthor; name: string; body: string }) {
  const who = message.author === 'operator' ? `The ${SHOP.name} team` : message.name;
  return render('return_message', `Message about the return of order ${r.orderNumber}`, [
    { p: `${who} wrote about the return of ${itemsLine(r)} (order ${r.orderNumber}, ${r.storeName}):` },
    { quote: message.body },
    { small: 'Answer on the request, not by replying to this mail.' },
  ]);
}
