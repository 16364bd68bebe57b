import { describe, expect, it } from 'vitest';
import { bankTransferView } from './bank-transfer';
import type { BankTransferPayment } from './contract/payments';

const base: BankTransferPayment = {
  stage: 'awaiting_payment',
  payTo: { bankName: 'Bank', branch: 'Branch', accountName: 'Name', accountNumber: '0000-0000' },
  reference: 'YM-1',
  amount: 100,
  received: 0,
  due: 100,
  excess: 0,
  refunded: 0,
  payBy: '2026-12-01T15:00:00.000Z',
};
const view = (over: Partial<BankTransferPayment>) => bankTransferView({ bankTransfer: { ...base, ...over } });

describe('bankTransferView', () => {
  it('is nothing for an order not paid by transfer to the marketplace', () => {
    expect(bankTransferView({ bankTransfer: null })).toBeNull();
  });

  it('awaiting: where to pay and by when; part paid says what is still due', () => {
    expect(view({})).toMatchObject({ tone: 'waiting', title: 'Awaiting payment', showAccount: true });
    expect(view({})?.text).toContain('Pay by');
    expect(view({ received: 40, due: 60 })).toMatchObject({ title: 'Part paid', showAccount: true });
    expect(view({ received: 40, due: 60 })?.text).toContain('US$60.00 is still due');
  });

  it('paid, with an over-payment to refund; expired with what was sent to refund', () => {
    expect(view({ stage: 'paid', payBy: null })).toMatchObject({ tone: 'ok', title: 'Paid', showAccount: false });
    expect(view({ stage: 'paid', excess: 5 })?.text).toContain('US$5.00 will be sent back to you by bank transfer');
    expect(view({ stage: 'expired', received: 10, excess: 10 })).toMatchObject({
      title: 'Not paid in time',
      tone: 'off',
    });
    expect(view({ stage: 'expired', received: 10, excess: 10 })?.text).toContain(
      'US$10.00 will be sent back to you by bank transfer',
    );
    expect(view({ stage: 'expired' })?.text).not.toContain('sent back');
  });

  it('what the shop’s team sent back, and what is still to come; a paid order cancelled says so', () => {
    const paid = { stage: 'paid' as const, payBy: null, excess: 100 };
    expect(bankTransferView({ status: 'cancelled', bankTransfer: { ...base, ...paid } })?.text).toBe(
      'Your bank transfer was received. The order was cancelled. US$100.00 will be sent back to you by bank transfer.',
    );
    expect(view({ ...paid, refunded: 40 })?.text).toContain(
      'US$40.00 was sent back to you by bank transfer. US$60.00 more will be sent back to you by bank transfer.',
    );
    expect(view({ ...paid, refunded: 100 })?.text).toContain('US$100.00 was sent back to you by bank transfer.');
    expect(view({ ...paid, refunded: 100 })?.text).not.toContain('will be');
  });
});
