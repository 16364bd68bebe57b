import { ApiRequestError, api } from './api';
import type { Order } from './contract/orders';
import { PayAnswer } from './contract/payments';
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
export function cardPaymentView(order: Pick<Order, 'cardPayment'>): CardPaymentView | null {
  const card = order.cardPayment;
  if (!card) return null;
  const last = card.lastAttempt;
  switch (card.stage) {
    case 'paid':
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
