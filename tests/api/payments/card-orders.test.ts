import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, testGatewayTransactions } from '../../../src/server/db/schema';
import { sweepExpiredHolds } from '../../../src/server/services/payments';
import { booksOf, postingsOf } from '../../fixtures/books';
import {
  attemptsOf,
  buyerOrder,
  CARDS,
  gateway,
  log,
  logLines,
  mailsAbout,
  openCardScene,
  pay,
  payAtGateway,
  payStart,
  placeCardOrder,
  postReturn,
  refusalsLogged,
} from '../../fixtures/card-payments';
import { A, a, b, buyer, call, placeOne, sellerA, sellerB, stranger, t } from '../../fixtures/order-scene';
import { setProduct, stockOf } from '../../fixtures/orders';

/*
 * A card order's payment life (issue 26 #3, docs/decisions/029) through the API and the offline
 * test gateway over HTTP: placed awaiting payment with its stock held and unseen by its sellers;
 * paid only by a verified return or callback for its own amount while it awaits; declined and
 * tried again; every refusal changes nothing and is logged with the order number; the hold ends
 * unpaid (cancelled, stock back); a late approval is refunded. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL (where the return and the callback truly race).
 */

openCardScene();

const HOLD_MS = 30 * 60_000;
const seesOrder = async (seller: typeof sellerA, orderId: string) =>
  (await call(seller, 'GET', `/orders/${orderId}/seller-view`)).status === 200;

describe('placing a card order', () => {
  it('awaits payment: stock held, the hosted page to go to, nothing mailed, its sellers see nothing', async () => {
    const before = await stockOf(t.database.db, a.id);
    const placed = await placeCardOrder();
    const { order, payment } = placed;
    expect(order.paymentStatus).toBe('unpaid');
    expect(order.cardPayment).toMatchObject({ stage: 'awaiting_payment', lastAttempt: null });
    const holdUntil = Date.parse(order.cardPayment?.holdUntil ?? '');
    expect(Math.abs(holdUntil - (Date.now() + HOLD_MS))).toBeLessThan(60_000);
    expect(payment.payUrl).toBe(`/api/v1/payments/${payment.paymentId}/page`);
    expect(payment.next.kind).toBe('html');
    expect(await stockOf(t.database.db, a.id)).toBe(before - 2);
    expect(await mailsAbout(order.orderNumber)).toEqual([]);

    // Not ready to prepare: not in any seller list, not readable, not movable.
    expect(await seesOrder(sellerA, order.id)).toBe(false);
    const listA = await call(sellerA, 'GET', '/orders/seller');
    expect(listA.body.orders.map((o: { id: string }) => o.id)).not.toContain(order.id);
    const parts = await call(sellerA, 'GET', '/seller/orders?limit=100');
    expect(parts.body.parts.map((p: { orderId: string }) => p.orderId)).not.toContain(order.id);
    const partA = order.sellers.find((s) => s.sellerId === A)?.partId;
    expect((await call(sellerA, 'GET', `/seller/orders/${partA}`)).status).toBe(404);
    expect((await call(sellerA, 'POST', `/seller/orders/${partA}/accept`, {})).status).toBe(404);
    expect((await call(sellerA, 'PUT', `/orders/update-status/${order.id}`, { status: 'processing' })).status).toBe(
      404,
    );
  });

  it('the hand-over page is the buyer’s own and sandboxed', async () => {
    const { payment } = await placeCardOrder();
    const page = await t.call(`/payments/${payment.paymentId}/page`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(
      /^sandbox allow-forms allow-scripts allow-top-navigation;/,
    );
    expect(await page.text()).toContain(`${gateway.base}/hpp/`);
    const theirs = await t.call(`/payments/${payment.paymentId}/page`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(theirs.status).toBe(404);
  });
});

describe('a verified approval', () => {
  it('pays every part once, mails the receipt, and only now tells the sellers', async () => {
    const { order, payment } = await placeCardOrder();
    const returned = await payAtGateway(payment.next, CARDS.approve);
    const back = await postReturn(returned);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/order-confirmation?order=${order.id}`);

    const paid = await buyerOrder(order.id);
    expect(paid.paymentStatus).toBe('paid');
    expect(paid.sellers.map((s) => s.paymentStatus)).toEqual(['paid', 'paid']);
    expect(paid.cardPayment).toMatchObject({ stage: 'paid', holdUntil: null, lastAttempt: { status: 'approved' } });
    expect(await seesOrder(sellerA, order.id)).toBe(true);
    expect(await seesOrder(sellerB, order.id)).toBe(true);
    const parts = await call(sellerB, 'GET', '/seller/orders?limit=100');
    expect(parts.body.parts.find((p: { orderId: string }) => p.orderId === order.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'paid',
    });
    const mails = await mailsAbout(order.orderNumber);
    expect(mails.map((m) => m.kind).sort()).toEqual(['payment_received', 'seller_new_part', 'seller_new_part']);
    expect(mails.find((m) => m.kind === 'payment_received')?.to).toBe(buyer.email);

    // The same return again (a reload, a back button): one payment, nothing more.
    const again = await postReturn(returned);
    expect(again.status).toBe(303);
    expect(await mailsAbout(order.orderNumber)).toHaveLength(3);
    expect((await attemptsOf(order.id)).map((p) => p.status)).toEqual(['approved']);
    // Paid: no second payment can start.
    expect((await pay(order.id)).status).toBe(409);
  });

  it('a return and a callback at the same moment: one outcome, paid once', async () => {
    const { order, payment } = await placeCardOrder();
    const returned = await payAtGateway(payment.next, CARDS.approve);
    const [viaReturn, viaCallback, twice] = await Promise.all([
      postReturn(returned),
      postReturn(returned, '/payments/callback'),
      postReturn(returned, '/payments/callback'),
    ]);
    expect(viaReturn.status).toBe(303);
    const outcomes = [await viaCallback.json(), await twice.json()].map((b) => b.outcome);
    // Whichever came first paid it; the others were already counted.
    expect(outcomes.filter((o) => o === 'paid').length).toBeLessThanOrEqual(1);
    expect(outcomes.every((o) => o === 'paid' || o === 'already_counted')).toBe(true);
    expect((await attemptsOf(order.id)).map((p) => p.status)).toEqual(['approved']);
    expect((await buyerOrder(order.id)).paymentStatus).toBe('paid');
    const decided = logLines
      .map((l) => JSON.parse(l))
      .filter((l) => l.orderNumber === order.orderNumber && l.msg === 'payment answer decided');
    expect(decided.map((l) => l.outcome)).toEqual(['paid']);
    expect(await mailsAbout(order.orderNumber, 'payment_received')).toHaveLength(1);
    expect(await mailsAbout(order.orderNumber, 'seller_new_part')).toHaveLength(2);
  });

  it('3-D Secure approved pays; a debit card is a card too', async () => {
    const { order, payment } = await placeCardOrder(buyer, 'debit_card');
    await postReturn(await payAtGateway(payment.next, CARDS.challenge, 'approve'));
    expect((await buyerOrder(order.id)).paymentStatus).toBe('paid');
  });
});

describe('a declined card, then Try again', () => {
  it('leaves the order awaiting payment with the decline, and a new attempt pays it', async () => {
    const { order, payment } = await placeCardOrder();
    const back = await postReturn(await payAtGateway(payment.next, CARDS.decline));
    expect(back.status).toBe(303);
    const declined = await buyerOrder(order.id);
    expect(declined.paymentStatus).toBe('unpaid');
    expect(declined.cardPayment).toMatchObject({ stage: 'awaiting_payment', lastAttempt: { status: 'declined' } });
    expect(declined.cardPayment?.lastAttempt?.message).toBeTruthy();
    expect(await seesOrder(sellerA, order.id)).toBe(false);
    // Only the buyer's "payment failed" (tests/api/payments/payment-failed-mail.test.ts).
    expect((await mailsAbout(order.orderNumber)).map((m) => m.kind)).toEqual(['payment_failed']);

    const retry = await payStart(order.id);
    expect(retry.paymentId).not.toBe(payment.paymentId);
    await postReturn(await payAtGateway(retry.next, CARDS.approve));
    const paid = await buyerOrder(order.id);
    expect(paid.paymentStatus).toBe('paid');
    expect((await attemptsOf(order.id)).map((p) => p.status)).toEqual(['declined', 'approved']);
  });

  it('a failed 3-D Secure is a decline', async () => {
    const { order, payment } = await placeCardOrder();
    await postReturn(await payAtGateway(payment.next, CARDS.challenge, 'fail'));
    expect((await buyerOrder(order.id)).cardPayment?.lastAttempt?.status).toBe('declined');
  });
});

describe('refusals: nothing changes, each logged with the order number', () => {
  it('POST /orders/{id}/pay: signed out 401, another’s 403, none 404, not a card order or paid 409', async () => {
    const { order } = await placeCardOrder();
    expect((await call(null, 'POST', `/orders/${order.id}/pay`)).status).toBe(401);
    expect((await pay(order.id, stranger)).status).toBe(403);
    expect((await pay('no-such-order')).status).toBe(404);
    const cash = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    const res = await pay(cash.order.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This order is not paid by card');
    expect(cash.payment).toBeNull();
    expect(await attemptsOf(order.id)).toHaveLength(1);
  });

  it('a tampered amount: the gateway’s word for another amount than the order’s', async () => {
    const { order } = await placeCardOrder();
    // A sale at the gateway for this order number, at one dollar.
    const cheap = await gateway.provider.createPayment({
      orderNumber: order.orderNumber,
      amountCents: 100,
      currency: 'USD',
      returnUrl: 'http://127.0.0.1:4321/api/v1/payments/return',
      callbackUrl: 'http://127.0.0.1:4321/api/v1/payments/callback',
    });
    const returned = await payAtGateway(cheap.next, CARDS.approve);
    expect((await postReturn(returned)).status).toBe(303);
    const callback = await postReturn(returned, '/payments/callback');
    expect(callback.status).toBe(400);
    expect((await callback.json()).code).toBe('payment_refused');
    expect((await buyerOrder(order.id)).paymentStatus).toBe('unpaid');
    expect(refusalsLogged(order.orderNumber).map((l) => l.reason)).toEqual(['amount_mismatch', 'amount_mismatch']);
  });

  it('a tampered return: a forged approval is judged by the gateway’s own status read', async () => {
    const { order, payment } = await placeCardOrder();
    const [attempt] = await attemptsOf(order.id);
    const forged = {
      body: {
        Response: JSON.stringify({
          Approved: true,
          IsoResponseCode: '00',
          TransactionIdentifier: attempt.gatewayReference,
          OrderIdentifier: order.orderNumber,
          TotalAmount: order.totalAmount,
          CurrencyCode: '840',
        }),
      },
      query: {},
    };
    expect((await postReturn(forged)).status).toBe(303);
    expect((await buyerOrder(order.id)).paymentStatus).toBe('unpaid');
    // The gateway says the card was never even given: still pending, nothing paid.
    expect((await attemptsOf(order.id)).map((p) => p.status)).toEqual(['pending']);
    // A Response that is not the gateway's format at all.
    expect((await postReturn({ body: { Response: '{"OrderIdentifier": 12' }, query: {} })).status).toBe(400);
    expect((await postReturn({ body: {}, query: {} })).status).toBe(400);
    expect(payment.paymentId).toBe(attempt.id);
  });

  it('another order’s transaction id: refused for the order it claims, and the other order is not paid by it', async () => {
    const first = await placeCardOrder();
    const second = await placeCardOrder();
    const secondReturn = await payAtGateway(second.payment.next, CARDS.approve);
    const claimed = JSON.parse(secondReturn.body.Response);
    const swapped = {
      query: {},
      body: { Response: JSON.stringify({ ...claimed, OrderIdentifier: first.order.orderNumber }) },
    };
    expect((await postReturn(swapped)).status).toBe(303);
    expect((await buyerOrder(first.order.id)).paymentStatus).toBe('unpaid');
    expect(refusalsLogged(first.order.orderNumber).at(-1)?.reason).toBe('order_mismatch');
    // The genuine return still pays its own order.
    await postReturn(secondReturn);
    expect((await buyerOrder(second.order.id)).paymentStatus).toBe('paid');
    expect((await buyerOrder(first.order.id)).paymentStatus).toBe('unpaid');
  });

  it('a return for an order of no card, or of no order, is refused and logged', async () => {
    const cash = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    const res = await postReturn({
      query: {},
      body: { Response: JSON.stringify({ OrderIdentifier: cash.order.orderNumber, TransactionIdentifier: 'x' }) },
    });
    expect(res.status).toBe(303);
    expect(refusalsLogged(cash.order.orderNumber).at(-1)?.reason).toBe('not_by_card');
    const none = await postReturn({
      query: {},
      body: { Response: JSON.stringify({ OrderIdentifier: 'YM-0000-NOSUCH', TransactionIdentifier: 'x' }) },
    });
    expect(none.status).toBe(400);
    expect(refusalsLogged('YM-0000-NOSUCH').at(-1)?.reason).toBe('unknown_order');
  });
});

describe('the hold', () => {
  const sweep = (now: Date) => sweepExpiredHolds(t.database.db, gateway.provider, { now, holdMinutes: 30, log });

  it('cancels an order still unpaid when the hold ends and gives its stock back, once', async () => {
    // The earlier tests' unpaid orders end their holds first, their stock back before this one's.
    await sweep(new Date(Date.now() + HOLD_MS + 60_000));
    await setProduct(t.database.db, a.id, { stock: 50 });
    await setProduct(t.database.db, b.id, { stock: 50 });
    const before = { a: await stockOf(t.database.db, a.id), b: await stockOf(t.database.db, b.id) };
    const { order } = await placeCardOrder();
    const placedAt = Date.now();
    expect((await sweep(new Date(placedAt + HOLD_MS - 60_000))).expired).toBe(0);
    expect((await buyerOrder(order.id)).status).toBe('pending');

    const later = new Date(placedAt + HOLD_MS + 60_000);
    // Two sweeps at once (two shop processes): the order expires once.
    const [one, two] = await Promise.all([sweep(later), sweep(later)]);
    expect(one.expired + two.expired).toBe(1);
    const expired = await buyerOrder(order.id);
    expect(expired.status).toBe('cancelled');
    expect(expired.cardPayment).toMatchObject({ stage: 'expired', holdUntil: null });
    expect(await stockOf(t.database.db, a.id)).toBe(before.a);
    expect(await stockOf(t.database.db, b.id)).toBe(before.b);
    expect((await attemptsOf(order.id)).map((p) => p.status)).toEqual(['cancelled']);
    expect(await mailsAbout(order.orderNumber, 'order_expired_unpaid')).toHaveLength(1);
    expect(await mailsAbout(order.orderNumber, 'seller_buyer_cancelled')).toHaveLength(0);
    expect(await seesOrder(sellerA, order.id)).toBe(false);
    // Again: nothing more.
    expect((await sweep(later)).expired).toBe(0);
    expect(await stockOf(t.database.db, a.id)).toBe(before.a);
    expect((await pay(order.id)).status).toBe(409);
  });

  it('a payment approved after the hold ended is refunded through the gateway, the order stays cancelled', async () => {
    const { order, payment } = await placeCardOrder();
    // The shopper gives the card, the hold ends, then the browser comes back.
    const returned = await payAtGateway(payment.next, CARDS.approve);
    expect((await sweep(new Date(Date.now() + HOLD_MS + 60_000))).expired).toBe(1);
    expect((await postReturn(returned)).status).toBe(303);
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({ status: 'refunded', refundedCents: attempt.amountCents });
    const [atGateway] = await t.database.db
      .select()
      .from(testGatewayTransactions)
      .where(eq(testGatewayTransactions.id, attempt.gatewayReference));
    expect(atGateway).toMatchObject({ stage: 'approved', refundedCents: attempt.amountCents });
    const after = await buyerOrder(order.id);
    expect(after).toMatchObject({ status: 'cancelled', paymentStatus: 'unpaid' });
    // A replay refunds nothing more.
    await postReturn(returned);
    expect((await attemptsOf(order.id))[0].refundedCents).toBe(attempt.amountCents);
    expect(await seesOrder(sellerA, order.id)).toBe(false);
    // In the books it came in paying no part, owed back, and went back: nothing left either way.
    const keys = await postingsOf(t.database.db, order.id);
    expect(keys).toHaveLength(2);
    expect(keys).toContain(`unapplied:${attempt.id}`);
    expect(keys.find((k) => k !== `unapplied:${attempt.id}`)).toMatch(/^refund:/);
    expect(await booksOf(t.database.db, order.id)).toEqual({});
  });

  it('a payment the gateway completed but the shop never heard of pays the order at the hold’s end', async () => {
    const { order, payment } = await placeCardOrder();
    const returned = await payAtGateway(payment.next, CARDS.approve);
    // The completion went through at the gateway; the shop's answer was lost.
    const spiToken = JSON.parse(returned.body.Response).SpiToken;
    await fetch(`${gateway.base}/api/spi/payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(spiToken),
    });
    const swept = await sweep(new Date(Date.now() + HOLD_MS + 60_000));
    expect(swept).toMatchObject({ paid: 1, expired: 0 });
    expect((await buyerOrder(order.id)).paymentStatus).toBe('paid');
    expect(await seesOrder(sellerA, order.id)).toBe(true);
  });

  it('a buyer who cancels before paying: its sellers hear nothing; a later approval is refunded', async () => {
    const { order, payment } = await placeCardOrder();
    const returned = await payAtGateway(payment.next, CARDS.approve);
    expect((await call(buyer, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(200);
    expect(await mailsAbout(order.orderNumber, 'seller_buyer_cancelled')).toHaveLength(0);
    expect((await buyerOrder(order.id)).cardPayment?.stage).toBe('cancelled');
    await postReturn(returned);
    expect((await attemptsOf(order.id))[0].status).toBe('refunded');
  });
});

describe('the order row', () => {
  it('is released to its sellers only by a payment', async () => {
    const { order } = await placeCardOrder();
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.awaitingPaymentUntil).not.toBeNull();
  });
});
