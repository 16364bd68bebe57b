import { describe, expect, it } from 'vitest';
import { cardPaymentView } from './card-payment';
import type { CardRefund } from './contract/payments';

/* What a paid card order's box says once refunds exist (docs/decisions/033). */

const refund = (over: Partial<CardRefund>): CardRefund => ({
  amount: 10,
  status: 'refunded',
  cause: 'cancelled',
  method: 'gateway',
  partIds: ['p1'],
  createdAt: '2026-11-27T12:00:00.000Z',
  decidedAt: '2026-11-27T12:00:01.000Z',
  ...over,
});
const order = (refunds: CardRefund[]) => ({
  total: 30,
  sellers: [
    { partId: 'p1', storeName: 'Blue Mountain Roasters' },
    { partId: 'p2', storeName: 'Negril Gems' },
  ] as never,
  cardPayment: { stage: 'paid' as const, holdUntil: null, lastAttempt: null, refunds, refunded: 0 },
});

describe('a paid card order’s refunds', () => {
  it('none: paid', () => {
    expect(cardPaymentView(order([]))?.title).toBe('Paid');
  });
  it('one part: partly refunded, naming its store', () => {
    const view = cardPaymentView(order([refund({})]));
    expect(view).toMatchObject({ title: 'Partly refunded', tone: 'ok', action: null });
    expect(view?.text).toContain(
      '$10.00 was refunded to your card for the cancelled items from Blue Mountain Roasters.',
    );
  });
  it('all of it: refunded', () => {
    const view = cardPaymentView(order([refund({}), refund({ amount: 20, partIds: ['p2'] })]));
    expect(view?.title).toBe('Refunded');
    expect(view?.text).toContain('$30.00 was refunded');
  });
  it('on its way, and refused: said as such', () => {
    expect(cardPaymentView(order([refund({ status: 'refund_pending', decidedAt: null })]))?.title).toBe(
      'Refund on its way',
    );
    const refused = cardPaymentView(
      order([refund({}), refund({ status: 'refund_failed', amount: 20, partIds: ['p2'] })]),
    );
    expect(refused).toMatchObject({ title: 'Refund delayed', tone: 'failed' });
    expect(refused?.text).toContain('We could not refund US$20.00 for the cancelled items from Negril Gems');
  });
  it('refused, then sent by bank transfer by the shop’s team: refunded, said as sent by transfer', () => {
    const view = cardPaymentView(order([refund({}), refund({ method: 'bank_transfer', amount: 20, partIds: ['p2'] })]));
    expect(view).toMatchObject({ title: 'Refunded', tone: 'ok' });
    expect(view?.text).toContain(
      'US$10.00 was refunded to your card for the cancelled items from Blue Mountain Roasters.',
    );
    expect(view?.text).toContain(
      'US$20.00 for the cancelled items from Negril Gems was sent to you by bank transfer, as your card could not take it back.',
    );
  });
});
