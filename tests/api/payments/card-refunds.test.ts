import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toCents } from '../../../src/lib/money';
import { orderParts, refunds, testGatewayTransactions } from '../../../src/server/db/schema';
import { sweepExpiredHolds } from '../../../src/server/services/payments';
import { refundCancelledParts } from '../../../src/server/services/payments/cancel-refunds';
import {
  attemptsOf,
  buyerOrder,
  CARDS,
  gateway,
  log,
  logLines,
  mailsAbout,
  openCardScene,
  payAtGateway,
  placeCardOrder,
  postReturn,
} from '../../fixtures/card-payments';
import { gatedSuiteRuns } from '../../fixtures/gated';
import { A, B, buyer, call, placeOne, sellerA, sellerB, t } from '../../fixtures/order-scene';

/*
 * Cancelling a paid card order refunds it (issue 26 #6, docs/decisions/033), through the API and
 * the offline test gateway over HTTP: the buyer's cancel gives back all that was paid, once; a
 * seller's cancel its part's share (items, shipping, share of the tax); parts cancelled one by one
 * add up to what was paid, never more; a refusal at the gateway is refund_failed, logged, and the
 * order stays cancelled; a refund left pending by a stopped process is sent by the sweeper and
 * made once. PGlite, and PostgreSQL with TEST_DATABASE_URL (where a buyer's cancel and a seller's
 * truly race).
 */

openCardScene();

/** A card order of stores A and B, paid on the test gateway. */
async function paidCardOrder() {
  const { order, payment } = await placeCardOrder();
  expect((await postReturn(await payAtGateway(payment.next, CARDS.approve))).status).toBe(303);
  const paid = await buyerOrder(order.id);
  expect(paid.paymentStatus).toBe('paid');
  const [attempt] = await attemptsOf(order.id);
  expect(attempt.amountCents).toBe(toCents(paid.total));
  return { order: paid, attempt, partOf: (store: string) => paid.sellers.find((s) => s.sellerId === store)!.partId };
}

const refundsOf = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const atGateway = async (reference: string) =>
  (await t.database.db.select().from(testGatewayTransactions).where(eq(testGatewayTransactions.id, reference)))[0];
const cancelPart = (seller: typeof sellerA, partId: string) =>
  call(seller, 'POST', `/seller/orders/${partId}/cancel`, { reason: 'Sold out in the shop, sorry.' });

/** A part's share as the order computed it: bounded by its own items, shipping and tax proportion. */
function expectShareOf(order: Awaited<ReturnType<typeof paidCardOrder>>['order'], store: string, refunded: number) {
  const part = order.sellers.find((s) => s.sellerId === store)!;
  const own = toCents(part.subtotal) + toCents(part.shippingCost);
  const proportional = (toCents(order.tax) * toCents(part.subtotal)) / toCents(order.subtotal);
  expect(refunded - own).toBeGreaterThanOrEqual(Math.floor(proportional));
  expect(refunded - own).toBeLessThanOrEqual(Math.ceil(proportional));
}

describe('the buyer cancels a paid card order', () => {
  it('refunds all that was paid, once, mails the buyer, and the order page says refunded', async () => {
    const { order, attempt } = await paidCardOrder();
    const cancelled = await call(buyer, 'DELETE', `/orders/cancel/${order.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order.status).toBe('cancelled');
    expect(cancelled.body.order.cardPayment).toMatchObject({
      stage: 'paid',
      refunded: order.total,
      refunds: [{ status: 'refunded', cause: 'cancelled', amount: order.total }],
    });
    expect(cancelled.body.order.cardPayment.refunds[0].partIds.sort()).toEqual(
      order.sellers.map((s) => s.partId).sort(),
    );
    const [payment] = await attemptsOf(order.id);
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: attempt.amountCents });
    expect((await atGateway(attempt.gatewayReference)).refundedCents).toBe(attempt.amountCents);
    const mails = await mailsAbout(order.orderNumber, 'refund_made');
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(buyer.email);
    expect(mails[0].text).toContain(`$${order.total.toFixed(2)}`);

    // Again: refused (nothing left to cancel), nothing refunded twice.
    expect((await call(buyer, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(409);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect((await atGateway(attempt.gatewayReference)).refundedCents).toBe(attempt.amountCents);
    expect(await mailsAbout(order.orderNumber, 'refund_made')).toHaveLength(1);
  });

  it('two cancels at once refund once', async () => {
    const { order, attempt } = await paidCardOrder();
    const answers = await Promise.all([
      call(buyer, 'DELETE', `/orders/cancel/${order.id}`),
      call(buyer, 'DELETE', `/orders/cancel/${order.id}`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect((await attemptsOf(order.id))[0].refundedCents).toBe(attempt.amountCents);
    expect((await atGateway(attempt.gatewayReference)).refundedCents).toBe(attempt.amountCents);
  });

  it('cash on delivery: cancelled as before, nothing to refund', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    expect((await call(buyer, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(200);
    expect(await refundsOf(order.id)).toEqual([]);
    expect(await mailsAbout(order.orderNumber, 'refund_made')).toEqual([]);
  });
});

describe('a seller cancels its part of a paid card order', () => {
  it('refunds exactly that part’s share; the second part’s share makes up what was paid, never more', async () => {
    const { order, attempt, partOf } = await paidCardOrder();
    expect((await cancelPart(sellerA, partOf(A))).status).toBe(200);
    const [first] = await attemptsOf(order.id);
    expect(first.status).toBe('partially_refunded');
    expectShareOf(order, A, first.refundedCents);
    expect((await atGateway(attempt.gatewayReference)).refundedCents).toBe(first.refundedCents);
    const page = await buyerOrder(order.id);
    expect(page.cardPayment?.refunds).toEqual([
      expect.objectContaining({ status: 'refunded', partIds: [partOf(A)], amount: first.refundedCents / 100 }),
    ]);

    // The same cancel again: nothing moves, nothing more is refunded.
    expect((await cancelPart(sellerA, partOf(A))).status).toBe(200);
    expect((await attemptsOf(order.id))[0].refundedCents).toBe(first.refundedCents);

    // The other seller cancels too: the two shares are what was paid, to the cent.
    const byB = await call(sellerB, 'PUT', `/orders/update-status/${order.id}`, { status: 'cancelled' });
    expect(byB.status).toBe(200);
    const [after] = await attemptsOf(order.id);
    expect(after).toMatchObject({ status: 'refunded', refundedCents: attempt.amountCents });
    expectShareOf(order, B, attempt.amountCents - first.refundedCents);
    expect((await atGateway(attempt.gatewayReference)).refundedCents).toBe(attempt.amountCents);
    expect((await refundsOf(order.id)).map((r) => r.status)).toEqual(['refunded', 'refunded']);
    expect(await mailsAbout(order.orderNumber, 'refund_made')).toHaveLength(2);
    expect((await buyerOrder(order.id)).cardPayment?.refunded).toBe(order.total);
  });

  it('then the buyer cancels the rest: the rest of the payment, not the part already refunded', async () => {
    const { order, attempt, partOf } = await paidCardOrder();
    expect((await cancelPart(sellerB, partOf(B))).status).toBe(200);
    const partB = (await attemptsOf(order.id))[0].refundedCents;
    expect((await call(buyer, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(200);
    const rows = await refundsOf(order.id);
    expect(rows.map((r) => r.amountCents).sort((x, y) => x - y)).toEqual(
      [partB, attempt.amountCents - partB].sort((x, y) => x - y),
    );
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'refunded', refundedCents: attempt.amountCents });
  });
});

describe('when the refund does not go through at once', () => {
  it('a refusal at the gateway: refund_failed, logged with the order number, the order still cancelled', async () => {
    const { order, attempt } = await paidCardOrder();
    // The merchant already gave it all back in the gateway's own back office: the gateway refuses more.
    await t.database.db
      .update(testGatewayTransactions)
      .set({ refundedCents: attempt.amountCents })
      .where(eq(testGatewayTransactions.id, attempt.gatewayReference));
    const cancelled = await call(buyer, 'DELETE', `/orders/cancel/${order.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order.status).toBe('cancelled');
    expect(cancelled.body.order.cardPayment.refunds).toEqual([
      expect.objectContaining({ status: 'refund_failed', amount: order.total }),
    ]);
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'refund_failed', refundedCents: 0 });
    const [row] = await refundsOf(order.id);
    expect(row.message).toMatch(/refused/);
    const logged = logLines
      .map((l) => JSON.parse(l))
      .filter((l) => l.orderNumber === order.orderNumber && l.msg.includes('refund NOT made'));
    expect(logged).toHaveLength(1);
    expect(logged[0].level).toBe('error');
    expect(await mailsAbout(order.orderNumber, 'refund_made')).toEqual([]);
  });

  it('a refund left pending when the process stopped is sent by the sweeper, and made once', async () => {
    const { order, attempt, partOf } = await paidCardOrder();
    // The process stops just after the cancel's commit: the refund is decided, never sent.
    const [refundId] = await t.database.db.transaction(async (tx) => {
      await tx
        .update(orderParts)
        .set({ status: 'cancelled' })
        .where(eq(orderParts.id, partOf(A)));
      return refundCancelledParts(tx, order.id, [partOf(A)]);
    });
    const [pending] = await refundsOf(order.id);
    expect(pending).toMatchObject({ id: refundId, status: 'refund_pending' });
    expect((await attemptsOf(order.id))[0].status).toBe('refund_pending');
    // …or it was sent and the gateway made it, but its answer was lost.
    const made = await gateway.provider.refund({
      gatewayReference: attempt.gatewayReference,
      orderNumber: order.orderNumber,
      amountCents: pending.amountCents,
      currency: 'USD',
      refundId,
    });
    expect(made.ok).toBe(true);

    const sweep = (at: Date) => sweepExpiredHolds(t.database.db, gateway.provider, { now: at, holdMinutes: 30, log });
    expect((await sweep(new Date())).refunds).toBe(0);
    expect((await sweep(new Date(Date.now() + 6 * 60_000))).refunds).toBe(1);
    expect((await refundsOf(order.id))[0].status).toBe('refunded');
    expect((await attemptsOf(order.id))[0]).toMatchObject({
      status: 'partially_refunded',
      refundedCents: pending.amountCents,
    });
    // The gateway deduped the second ask on the refund's id.
    expect((await atGateway(attempt.gatewayReference)).refundedCents).toBe(pending.amountCents);
    expect(await mailsAbout(order.orderNumber, 'refund_made')).toHaveLength(1);
    expect((await sweep(new Date(Date.now() + 12 * 60_000))).refunds).toBe(0);
  });
});

const onPostgres = gatedSuiteRuns('postgres', Boolean(process.env.TEST_DATABASE_URL), 'TEST_DATABASE_URL');

describe.skipIf(!onPostgres)('on PostgreSQL: the buyer and a seller cancel at the same moment', () => {
  it('refunds never pass the payment, and all of it comes back exactly', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { order, attempt, partOf } = await paidCardOrder();
      const [byBuyer, bySeller] = await Promise.all([
        call(buyer, 'DELETE', `/orders/cancel/${order.id}`),
        cancelPart(sellerA, partOf(A)),
      ]);
      expect(byBuyer.status).toBe(200);
      expect(bySeller.status).toBe(200);
      const rows = await refundsOf(order.id);
      expect(rows.every((r) => r.status === 'refunded')).toBe(true);
      expect(rows.reduce((n, r) => n + r.amountCents, 0)).toBe(attempt.amountCents);
      expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'refunded', refundedCents: attempt.amountCents });
      expect((await atGateway(attempt.gatewayReference)).refundedCents).toBe(attempt.amountCents);
    }
  });
});
