import { describe, expect, it } from 'vitest';
import type { OperatorPayment } from '../../../lib/contract/payments';
import { checkRefund, checkTransfer, NO_FILTERS, paymentNotes, paymentsQuery, refundLine } from './payments-query';

const record: OperatorPayment = {
  id: 'p1',
  orderId: 'o1',
  orderNumber: 'YM-1',
  method: 'bank_transfer',
  provider: 'bank',
  reference: 'FT1',
  amount: 10,
  currency: 'USD',
  status: 'approved',
  message: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  decidedAt: '2026-11-27T10:00:00.000Z',
  receivedOn: '2026-11-27',
  recordedBy: 'ops@yaad.test',
  balance: 'exact',
  dueAfter: 0,
  excess: 0,
  refunded: 0,
  owedBack: 0,
  refunds: [],
  orderExpired: false,
};

describe('the payments screen', () => {
  it('asks the API for only the filters set', () => {
    expect(paymentsQuery(NO_FILTERS, 1)).toBe('page=1&limit=20');
    expect(
      paymentsQuery({ status: 'declined', method: 'credit_card', from: '2026-11-01', to: '', refundDue: false }, 3),
    ).toBe('status=declined&method=credit_card&from=2026-11-01&page=3&limit=20');
    expect(paymentsQuery({ ...NO_FILTERS, refundDue: true }, 1)).toBe('refundDue=true&page=1&limit=20');
  });

  it('says under- and over-payments, refunds, expiries and declines', () => {
    expect(paymentNotes(record)).toEqual([]);
    const texts = (p: OperatorPayment) => paymentNotes(p).map((n) => n.text);
    expect(texts({ ...record, balance: 'under', dueAfter: 2.5 })).toEqual(['Under-paid: US$2.50 still due']);
    expect(texts({ ...record, balance: 'over', excess: 1, owedBack: 1, orderExpired: true })).toEqual([
      'Excess US$1.00',
      'US$1.00 to refund',
      'Order expired unpaid',
    ]);
    expect(texts({ ...record, balance: 'over', excess: 1, refunded: 1 })).toEqual([
      'Excess US$1.00',
      'US$1.00 refunded',
    ]);
    expect(texts({ ...record, provider: 'test', balance: null, status: 'declined', message: 'Do not honour' })).toEqual(
      ['Declined: Do not honour'],
    );
    expect(paymentNotes({ ...record, refunded: 3 })).toEqual([{ text: 'US$3.00 refunded', attention: false }]);
  });

  it('checks a transfer before sending it, the dollars typed as cents', () => {
    const draft = {
      orderNumber: ' ym-2611-abc ',
      amount: '1,234.5',
      receivedOn: '2026-11-27',
      bankReference: ' FT123 ',
    };
    expect(checkTransfer(draft, '2026-11-27')).toEqual({
      ok: true,
      body: { orderNumber: 'YM-2611-ABC', amountCents: 123_450, receivedOn: '2026-11-27', bankReference: 'FT123' },
    });
    const bad = checkTransfer(
      { orderNumber: '', amount: '12.345', receivedOn: '2026-11-28', bankReference: 'x' },
      '2026-11-27',
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(Object.keys(bad.errors).sort()).toEqual(['amount', 'bankReference', 'orderNumber', 'receivedOn']);
    expect(checkTransfer({ ...draft, amount: '0' }, '2026-11-27').ok).toBe(false);
  });

  it('checks a refund before sending it: at most what is owed back; a card refund’s amount is its own', () => {
    const draft = { amount: '12.5', sentOn: '2026-11-27', bankReference: ' FT-R1 ' };
    expect(checkRefund(draft, '2026-11-27', 1_250)).toEqual({
      ok: true,
      body: { amountCents: 1_250, sentOn: '2026-11-27', bankReference: 'FT-R1' },
    });
    expect(checkRefund({ ...draft, amount: '' }, '2026-11-27', null)).toEqual({
      ok: true,
      body: { sentOn: '2026-11-27', bankReference: 'FT-R1' },
    });
    expect(checkRefund({ ...draft, amount: '12.51' }, '2026-11-27', 1_250)).toEqual({
      ok: false,
      errors: { amount: 'Amount sent can be at most the US$12.50 owed back' },
    });
    expect(checkRefund({ amount: 'x', sentOn: '2026-11-28', bankReference: 'F' }, '2026-11-27', 1_250)).toEqual({
      ok: false,
      errors: {
        amount: 'Enter the amount sent, such as 125.50',
        sentOn: 'Date sent cannot be after today',
        bankReference: 'Enter the bank reference (at least 3 characters)',
      },
    });
  });

  it('says each refund: how it went back, or why not', () => {
    const refund = {
      id: 'r1',
      amount: 5,
      status: 'refunded' as const,
      cause: 'excess' as const,
      method: 'bank_transfer' as const,
      reference: 'FT-R1',
      sentOn: '2026-11-27',
      recordedBy: 'ops@yaad.test',
      message: null,
      createdAt: '2026-11-27T10:00:00.000Z',
      decidedAt: '2026-11-27T10:00:00.000Z',
    };
    expect(refundLine(refund)).toBe('US$5.00 refunded by bank transfer on 2026-11-27, reference FT-R1');
    expect(refundLine({ ...refund, method: 'gateway', sentOn: null, reference: 'RF9' })).toBe(
      'US$5.00 refunded to the card, reference RF9',
    );
    expect(refundLine({ ...refund, method: 'gateway', status: 'refund_failed', message: 'refused: over' })).toBe(
      'US$5.00 refund refused by the gateway: refused: over',
    );
  });
});
