import { describe, expect, it } from 'vitest';
import { decidePayment } from '../../../src/server/services/payments/decide';
import {
  attemptsOf,
  buyerOrder,
  CARDS,
  mailsAbout,
  openCardScene,
  payAtGateway,
  payStart,
  placeCardOrder,
  postReturn,
} from '../../fixtures/card-payments';
import { buyer, t } from '../../fixtures/order-scene';

/*
 * The "payment failed" mail (issue 7's list, issue 26 #7; docs/decisions/029): a card attempt the
 * gateway declines, as decide.ts decides it, queues one mail to the buyer in the decision's own
 * transaction: the order number, that the card was declined and nothing was charged, Pay now to
 * the order page, the time left of the hold. Once per declined attempt: a replayed return, or a
 * return and callbacks at once, queue nothing more; a second declined attempt is a second mail.
 * PGlite, and PostgreSQL with TEST_DATABASE_URL (where the return and the callbacks truly race).
 */

openCardScene();

const HOLD_MS = 30 * 60_000;

describe('a declined card attempt mails the buyer once', () => {
  it('says the order, nothing charged, Pay now to the order page and the time left of the hold', async () => {
    const { order, payment } = await placeCardOrder();
    const back = await postReturn(await payAtGateway(payment.next, CARDS.decline));
    expect(back.status).toBe(303);
    const mails = await mailsAbout(order.orderNumber);
    expect(mails.map((m) => m.kind)).toEqual(['payment_failed']);
    const [mail] = mails;
    expect(mail.to).toBe(buyer.email);
    expect(mail.subject).toBe(`Payment failed for your Yaad Market order ${order.orderNumber}`);
    expect(mail.text).toContain(`Your card was declined for order ${order.orderNumber}, so nothing was charged.`);
    expect(mail.text).toMatch(/Pay now: http\S+\/order\//);
    expect(mail.text).toContain(`/order/${order.id}`);
    expect(mail.text).toContain(`US$${order.total.toFixed(2)}`);
    // The hold was set at placing: some 29 or 30 minutes are left, and until when is said.
    expect(mail.text).toMatch(/We hold your items for (29|30) minutes more, until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./);
    const [attempt] = await attemptsOf(order.id);
    expect(attempt.status).toBe('declined');
    expect(mail.text).toContain(`The bank said  ${attempt.message}`);
  });

  it('a replayed return and two callbacks at once: still one mail; a second declined attempt: a second', async () => {
    const { order, payment } = await placeCardOrder();
    const returned = await payAtGateway(payment.next, CARDS.decline);
    const answers = await Promise.all([
      postReturn(returned),
      postReturn(returned, '/payments/callback'),
      postReturn(returned, '/payments/callback'),
    ]);
    expect(answers[0].status).toBe(303);
    const outcomes = [await answers[1].json(), await answers[2].json()].map((b) => b.outcome);
    expect(outcomes.every((o) => o === 'declined' || o === 'already_counted')).toBe(true);
    expect(await mailsAbout(order.orderNumber, 'payment_failed')).toHaveLength(1);
    // The browser's back button posts it again later.
    expect((await postReturn(returned)).status).toBe(303);
    expect(await mailsAbout(order.orderNumber, 'payment_failed')).toHaveLength(1);

    // Try again, declined again: that attempt's own mail.
    const retry = await payStart(order.id);
    await postReturn(await payAtGateway(retry.next, CARDS.decline));
    expect(await mailsAbout(order.orderNumber, 'payment_failed')).toHaveLength(2);
    // Then paid: the receipt, and no failure mail more.
    const third = await payStart(order.id);
    await postReturn(await payAtGateway(third.next, CARDS.approve));
    expect((await buyerOrder(order.id)).paymentStatus).toBe('paid');
    const kinds = (await mailsAbout(order.orderNumber)).map((m) => m.kind).sort();
    expect(kinds).toEqual([
      'payment_failed',
      'payment_failed',
      'payment_received',
      'seller_new_part',
      'seller_new_part',
    ]);
  });

  it('an approved card mails no failure', async () => {
    const { order, payment } = await placeCardOrder();
    await postReturn(await payAtGateway(payment.next, CARDS.approve));
    expect(await mailsAbout(order.orderNumber, 'payment_failed')).toEqual([]);
  });

  it('a decline decided once the hold has ended mails no failure: the order’s expiry says it', async () => {
    const { order, payment } = await placeCardOrder();
    const decided = await decidePayment(
      t.database.db,
      order.id,
      'test',
      {
        orderNumber: order.orderNumber,
        gatewayReference: (await attemptsOf(order.id))[0].gatewayReference,
        status: 'declined',
        amountCents: Math.round(order.total * 100),
        currency: 'USD',
        message: 'Do not honour',
      },
      new Date(Date.now() + HOLD_MS + 60_000),
    );
    expect(decided).toEqual({ ok: true, outcome: 'declined' });
    expect(payment.paymentId).toBe((await attemptsOf(order.id))[0].id);
    expect(await mailsAbout(order.orderNumber, 'payment_failed')).toEqual([]);
  });
});
