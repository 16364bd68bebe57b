import { ApiRequestError, api } from './api';
import type { Order } from './contract/orders';
import type { CardPayment } from './contract/payments';
import { PayAnswer } from './contract/payments';
import { formatCents, toCents } from './money';
import { formatDateTime } from './order-display';

/*
 * A card order's payment as the shopper reads it (docs/decisions/029), on the confirmation and the
 * order page, and the one verb: start a payment at the gateway and go to its page.
 */

export type CardPaymentView = {
  tone: 'ok' | 'waiting' | 'failed' | 'off';
  title: string;
  text: string;
  /** "Pay now" or "Try again": the order still awaits its payment. */
  action: 'Pay now' | 'Try again' | null;
};

/** What the order's card payment says, or null for the other methods. */
export function cardPaymentView(order: Pick<Order, 'cardPayment' | 'total' | 'sellers'>): CardPaymentView | null {
  const card = order.cardPayment;
  if (!card) return null;
  const last = card.lastAttempt;
  switch (card.stage) {
    case 'paid':
      if (card.refunds.length > 0) return refundView(order, card);
      return {
        tone: 'ok',
        title: 'Paid',
        text: 'Your card payment was received. The sellers are preparing your order.',
        action: null,
      };
    case 'expired':
      return {
        tone: 'off',
        title: 'Not paid in time',
        text: 'The order was cancelled when the time to pay ran out. Nothing was charged.',
        action: null,
      };
    case 'cancelled':
      return {
        tone: 'off',
        title: 'Cancelled',
        text: 'You cancelled the order before paying. Nothing was charged.',
        action: null,
      };
    default: {
      const until = card.holdUntil ? ` Your items are held until ${formatDateTime(card.holdUntil)}.` : '';
      if (last?.status === 'declined')
        return {
          tone: 'failed',
          title: 'Payment failed',
          text: `Your card was declined${last.message ? ` (${last.message})` : ''}. No money was taken.${until}`,
          action: 'Try again',
        };
      return {
        tone: 'waiting',
        title: 'Awaiting payment',
        text: `We have not received your card payment yet.${until}`,
        action: 'Pay now',
      };
    }
  }
}

/** Starts a payment for the order and sends the browser to the gateway's page; answers an error text on failure. */
export async function goPay(orderId: string): Promise<string | null> {
  try {
    const { payment } = await api.post(`/orders/${encodeURIComponent(orderId)}/pay`, undefined, PayAnswer);
    location.assign(payment.payUrl);
    return null;
  } catch (error) {
    return error instanceof ApiRequestError ? error.message : 'The card payment page could not be opened.';
  }
}

const sum = (refunds: CardPayment['refunds']) => refunds.reduce((n, r) => n + toCents(r.amount), 0);

/**
 * A paid card order with refunds (docs/decisions/033): what went back to the card and for which
 * sellers' parts, what is on its way, what the gateway refused (the shop's team refunds it), and
 * what the team then sent by bank transfer instead.
 */
function refundView(order: Pick<Order, 'total' | 'sellers'>, card: CardPayment): CardPaymentView {
  const stores = (partIds: string[]) => order.sellers.filter((p) => partIds.includes(p.partId)).map((p) => p.storeName);
  const made = card.refunds.filter((r) => r.status === 'refunded');
  const toCard = made.filter((r) => r.method === 'gateway');
  const byBank = made.filter((r) => r.method === 'bank_transfer');
  const pending = card.refunds.filter((r) => r.status === 'refund_pending');
  const failed = card.refunds.filter((r) => r.status === 'refund_failed');
  const madeCents = sum(made);
  const forWhat = (refunds: CardPayment['refunds']) => {
    const names = [...new Set(refunds.flatMap((r) => stores(r.partIds)))];
    return names.length > 0 ? ` for the cancelled items from ${names.join(', ')}` : '';
  };
  const said: string[] = [];
  if (toCard.length > 0) said.push(`${formatCents(sum(toCard))} was refunded to your card${forWhat(toCard)}.`);
  if (byBank.length > 0)
    said.push(
      `${formatCents(sum(byBank))}${forWhat(byBank)} was sent to you by bank transfer, as your card could not take it back.`,
    );
  if (pending.length > 0)
    said.push(`A refund of ${formatCents(sum(pending))}${forWhat(pending)} is on its way to your card.`);
  if (failed.length > 0)
    said.push(
      `We could not refund ${formatCents(sum(failed))}${forWhat(failed)} to your card automatically; our team will refund it and write to you.`,
    );
  if (made.length > 0) said.push('Your bank may take a few working days to show it.');
  const whole = madeCents >= toCents(order.total);
  return {
    tone: failed.length > 0 ? 'failed' : 'ok',
    title:
      failed.length > 0
        ? 'Refund delayed'
        : pending.length > 0
          ? 'Refund on its way'
          : whole
            ? 'Refunded'
            : 'Partly refunded',
    text: said.join(' '),
    action: null,
  };
}
