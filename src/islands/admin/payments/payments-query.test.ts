import { describe, expect, it } from 'vitest';
import type { OperatorPayment } from '../../../lib/contract/payments';
import { checkTransfer, NO_FILTERS, paymentNotes, paymentsQuery } from './payments-query';

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
  orderExpired: false,
};

describe('the payments screen', () => {
  it('asks the API for only the filters set', () => {
    expect(paymentsQuery(NO_FILTERS, 1)).toBe('page=1&limit=20');
    expect(paymentsQuery({ status: 'declined', method: 'credit_card', from: '2026-11-01', to: '' }, 3)).toBe(
      'status=declined&method=credit_card&from=2026-11-01&page=3&limit=20',
    );
  });

  it('says under- and over-payments, refunds, expiries and declines', () => {
    expect(paymentNotes(record)).toEqual([]);
    const texts = (p: OperatorPayment) => paymentNotes(p).map((n) => n.text);
    expect(texts({ ...record, balance: 'under', dueAfter: 2.5 })).toEqual(['Under-paid: US$2.50 still due']);
    expect(texts({ ...record, balance: 'over', excess: 1, orderExpired: true })).toEqual([
      'Excess US$1.00: to refund',
      'Order expired unpaid',
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
});
