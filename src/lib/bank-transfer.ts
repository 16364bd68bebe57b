import type { Order } from './contract/orders';
import { formatDateTime } from './order-display';

/*
 * A bank-transfer order's one transfer to the marketplace as the shopper reads it (docs/decisions/034),
 * on the confirmation and the order page: what to pay, by when, and what has arrived.
 */

export type BankTransferView = {
  tone: 'ok' | 'waiting' | 'off';
  title: string;
  text: string;
  /** Show where to pay (the account, the reference, the amount still due). */
  showAccount: boolean;
};

const money = (dollars: number) => `US$${dollars.toFixed(2)}`;

/**
 * What the marketplace gives back (docs/decisions/034's update): an over-payment, a transfer for
 * an order no longer awaiting one, a paid order or part cancelled; sent by bank transfer by the
 * shop's team, who record it (then it reads as sent).
 */
function refundSaid(bank: NonNullable<Order['bankTransfer']>): string {
  const toSend = Math.round((bank.excess - bank.refunded) * 100) / 100;
  return [
    bank.refunded > 0 ? ` ${money(bank.refunded)} was sent back to you by bank transfer.` : '',
    toSend > 0 ? ` ${money(toSend)} ${bank.refunded > 0 ? 'more ' : ''}will be sent back to you by bank transfer.` : '',
  ].join('');
}

/** What the order's transfer says, or null for the other methods (and older orders paid to each seller). */
export function bankTransferView(order: Pick<Order, 'bankTransfer'> & { status?: string }): BankTransferView | null {
  const bank = order.bankTransfer;
  if (!bank) return null;
  const refund = refundSaid(bank);
  switch (bank.stage) {
    case 'paid':
      return {
        tone: 'ok',
        title: 'Paid',
        text: `Your bank transfer was received. ${order.status === 'cancelled' ? 'The order was cancelled.' : 'The sellers are preparing your order.'}${refund}`,
        showAccount: false,
      };
    case 'expired':
      return {
        tone: 'off',
        title: 'Not paid in time',
        text: `The order was cancelled when the time to pay ran out.${refund}`,
        showAccount: false,
      };
    case 'cancelled':
      return {
        tone: 'off',
        title: 'Cancelled',
        text: `The order was cancelled before it was paid.${refund}`,
        showAccount: false,
      };
    default: {
      const until = bank.payBy ? ` Pay by ${formatDateTime(bank.payBy)}, or the order is cancelled.` : '';
      return {
        tone: 'waiting',
        title: bank.received > 0 ? 'Part paid' : 'Awaiting payment',
        text:
          bank.received > 0
            ? `We received ${money(bank.received)}; ${money(bank.due)} is still due.${until}`
            : `Make one bank transfer for the whole order, quoting the reference. Your sellers start once it arrives.${until}`,
        showAccount: true,
      };
    }
  }
}
