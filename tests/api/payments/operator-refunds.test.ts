import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Order, OrderAnswer } from '../../../src/lib/contract/orders';
import { OperatorPaymentList, RecordedBankTransfer, SettledRefund } from '../../../src/lib/contract/payments';
import { toCents } from '../../../src/lib/money';
import { operatorActions, payments, refunds, testGatewayTransactions, users } from '../../../src/server/db/schema';
import { booksOf as books } from '../../fixtures/books';
import {
  attemptsOf,
  CARDS,
  logLines,
  mailsAbout,
  openCardScene,
  payAtGateway,
  placeCardOrder,
  postReturn,
} from '../../fixtures/card-payments';
import { gatedSuiteRuns } from '../../fixtures/gated';
import { A, buyer, call, placeOne, sellerA, t } from '../../fixtures/order-scene';
import { signIn, type Who } from '../../fixtures/orders';

/*
 * Refunds an operator settles (issue 26 #6, docs/decisions/034's update) through the API: what a
 * bank-transfer order is owed back (an over-payment's excess, a paid order or part cancelled)
 * shows on the payments list ("refund due") and is recorded as sent by bank transfer, never more
 * than is owed, the bank reference once; a card refund the gateway refused is asked again or
 * recorded as sent by bank transfer. Each made refund mails the buyer ("refund made") and is in
 * the operators' action log; every refusal changes nothing. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL (where two operators recording the same refund truly race).
 */

openCardScene();

let operator: Who;
let second: Who;
beforeAll(async () => {
  operator = await signIn(t.database.db, 'refunds-operator@yaad.test', 'Pat Operator');
  second = await signIn(t.database.db, 'refunds-operator-2@yaad.test', 'Sam Operator');
  for (const who of [operator, second])
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, who.id));
});

const today = () => new Date().toISOString().slice(0, 10);

const booksOf = (orderId: string) => books(t.database.db, orderId);
const newRef = () => `RF${crypto.randomUUID().slice(0, 12)}`.toUpperCase();

/** A bank-transfer order, paid by a transfer an operator recorded (`extraCents` over its total). */
async function paidBankOrder(extraCents = 0) {
  const { order } = await placeOne(buyer, { paymentMethod: 'bank_transfer' });
  const totalCents = toCents(order.total);
  const res = await call(operator, 'POST', '/admin/payments/bank-transfers', {
    orderNumber: order.orderNumber,
    amountCents: totalCents + extraCents,
    receivedOn: today(),
    bankReference: newRef(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { order, totalCents, transfer: RecordedBankTransfer.parse(res.body).payment };
}

const refund = (body: Record<string, unknown>, who: Who | null = operator) =>
  call(who, 'POST', '/admin/payments/refunds', body);
const refundBody = (orderNumber: string, amountCents: number, bankReference = newRef()) => ({
  orderNumber,
  amountCents,
  sentOn: today(),
  bankReference,
});
async function refundOk(orderNumber: string, amountCents: number, bankReference = newRef()) {
  const res = await refund(refundBody(orderNumber, amountCents, bankReference));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return SettledRefund.parse(res.body);
}

async function buyerOrder(orderId: string): Promise<Order> {
  const res = await call(buyer, 'GET', `/orders/${orderId}`);
  expect(res.status).toBe(200);
  return OrderAnswer.parse(res.body).order;
}

/** The list's records of one order, as the screen asks for them. */
async function listed(orderNumber: string, query = '') {
  const res = await call(operator, 'GET', `/admin/payments?limit=100${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return OperatorPaymentList.parse(res.body).payments.filter((p) => p.orderNumber === orderNumber);
}

const refundsOf = (orderId: string) => t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
const transfersOf = (orderId: string) =>
  t.database.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);
const loggedFor = (orderId: string) =>
  t.database.db.select().from(operatorActions).where(eq(operatorActions.targetId, orderId));

describe('a bank-transfer order’s excess, sent back by an operator', () => {
  it('is listed as refund due; recorded in parts, never past what is owed; mailed; logged', async () => {
    const { order, transfer, totalCents } = await paidBankOrder(500);
    expect(transfer).toMatchObject({ balance: 'over', excess: 5, owedBack: 5, refunds: [] });
    // The books hold every cent the bank received: the excess pays no part and is owed back.
    expect(await booksOf(order.id)).toMatchObject({ marketplace_cash: totalCents + 500, refunds_due: -500 });
    const [due] = await listed(order.orderNumber, '&refundDue=true');
    expect(due).toMatchObject({ id: transfer.id, owedBack: 5 });

    // More than is owed: 409, the field says so, nothing changes.
    const tooMuch = await refund(refundBody(order.orderNumber, 501));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.errors.amountCents).toBe(
      `Amount is more than the US$5.00 owed back for order ${order.orderNumber}: enter at most that.`,
    );
    expect(await refundsOf(order.id)).toEqual([]);

    const ref = newRef();
    const first = await refundOk(order.orderNumber, 300, ref);
    expect(first).toMatchObject({
      replayed: false,
      order: { id: order.id, orderNumber: order.orderNumber, owedBack: 2 },
      refunds: [
        {
          amount: 3,
          status: 'refunded',
          cause: 'excess',
          method: 'bank_transfer',
          reference: ref,
          sentOn: today(),
          recordedBy: operator.email,
        },
      ],
    });
    const [row] = await transfersOf(order.id);
    expect(row).toMatchObject({ status: 'partially_refunded', refundedCents: 300, excessCents: 500 });
    const mails = await mailsAbout(order.orderNumber, 'refund_made');
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toBe(buyer.email);
    expect(mails[0].text).toContain(`Bank reference  ${ref}`);
    expect(mails[0].text).toContain('Amount refunded (USD)  US$3.00');
    expect((await buyerOrder(order.id)).bankTransfer).toMatchObject({
      stage: 'paid',
      received: toCents(order.total) / 100 + 5,
      excess: 5,
      refunded: 3,
    });

    // The same reference again, the same amount: replayed, nothing more; another amount: 409.
    const again = await refund(refundBody(order.orderNumber, 300, ref));
    expect(again.status).toBe(200);
    expect(SettledRefund.parse(again.body)).toMatchObject({ replayed: true, order: { owedBack: 2 } });
    expect((await refund(refundBody(order.orderNumber, 200, ref))).status).toBe(409);
    expect(await refundsOf(order.id)).toHaveLength(1);
    expect(await mailsAbout(order.orderNumber, 'refund_made')).toHaveLength(1);

    expect(await booksOf(order.id)).toMatchObject({ marketplace_cash: totalCents + 200, refunds_due: -200 });
    const rest = await refundOk(order.orderNumber, 200);
    expect(rest.order.owedBack).toBe(0);
    const settled = await booksOf(order.id);
    expect(settled.marketplace_cash).toBe(totalCents);
    expect(settled.refunds_due).toBeUndefined();
    expect(await listed(order.orderNumber, '&refundDue=true')).toEqual([]);
    const [shown] = await listed(order.orderNumber);
    expect(shown).toMatchObject({ status: 'partially_refunded', refunded: 5, owedBack: 0 });
    expect(shown.refunds.map((r) => r.amount)).toEqual([3, 2]);
    // Nothing is owed any more.
    const nothing = await refund(refundBody(order.orderNumber, 1));
    expect(nothing.status).toBe(409);
    expect(nothing.body.message).toBe(
      `Nothing is owed back for order ${order.orderNumber}: what it received is all used or already refunded.`,
    );

    const logged = await loggedFor(order.id);
    expect(logged.map((l) => [l.action, l.targetType, l.operatorEmail, l.toStatus])).toEqual([
      ['record_refund', 'order', operator.email, 'refunded'],
      ['record_refund', 'order', operator.email, 'refunded'],
    ]);
    expect(logged[0].reason).toContain(ref);
    const log = await call(operator, 'GET', `/admin/actions?targetId=${order.id}`);
    expect(log.status).toBe(200);
    expect(log.body.actions[0]).toMatchObject({ action: 'record_refund', targetName: order.orderNumber });
  });

  it('a paid order its buyer cancels is owed all of it back; one refund over two transfers', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'bank_transfer' });
    const totalCents = toCents(order.total);
    for (const amountCents of [1_000, totalCents - 1_000]) {
      const res = await call(operator, 'POST', '/admin/payments/bank-transfers', {
        orderNumber: order.orderNumber,
        amountCents,
        receivedOn: today(),
        bankReference: newRef(),
      });
      expect(res.status).toBe(201);
    }
    expect((await buyerOrder(order.id)).paymentStatus).toBe('paid');
    expect((await call(buyer, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(200);
    const due = await listed(order.orderNumber, '&refundDue=true');
    expect(due.map((p) => p.owedBack).sort((x, y) => x - y)).toEqual(
      [10, (totalCents - 1_000) / 100].sort((x, y) => x - y),
    );

    const ref = newRef();
    const all = await refundOk(order.orderNumber, totalCents, ref);
    expect(all.order.owedBack).toBe(0);
    expect(all.refunds.map((r) => toCents(r.amount)).sort((x, y) => x - y)).toEqual(
      [1_000, totalCents - 1_000].sort((x, y) => x - y),
    );
    expect(all.refunds.every((r) => r.reference === ref)).toBe(true);
    expect((await transfersOf(order.id)).map((p) => [p.status, p.refundedCents])).toEqual([
      ['refunded', 1_000],
      ['refunded', totalCents - 1_000],
    ]);
    const mails = await mailsAbout(order.orderNumber, 'refund_made');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`Amount refunded (USD)  US$${order.total.toFixed(2)}`);
    const page = await buyerOrder(order.id);
    expect(page.bankTransfer).toMatchObject({ received: order.total, excess: order.total, refunded: order.total });
    // The replay answers the same two rows.
    const again = await refund(refundBody(order.orderNumber, totalCents, ref));
    expect(again.status).toBe(200);
    expect(SettledRefund.parse(again.body).refunds).toHaveLength(2);
    // In the books: all of it came in and went back; nothing owed to the buyer or kept.
    expect(await booksOf(order.id)).toEqual({});
  });

  it('an order cancelled unpaid with part of its transfer received: the books hold it, owed back, until sent back', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'bank_transfer' });
    const res = await call(operator, 'POST', '/admin/payments/bank-transfers', {
      orderNumber: order.orderNumber,
      amountCents: 1_000,
      receivedOn: today(),
      bankReference: newRef(),
    });
    expect(res.status).toBe(201);
    // Received, paying nothing yet: the order still awaits the rest, so no part is paid.
    expect(await booksOf(order.id)).toEqual({});
    expect((await call(buyer, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(200);
    expect(await booksOf(order.id)).toEqual({ marketplace_cash: 1_000, refunds_due: -1_000 });
    await refundOk(order.orderNumber, 1_000);
    expect(await booksOf(order.id)).toEqual({});
  });

  it('a seller cancelling its paid part: its share is owed back, then the rest when the buyer cancels', async () => {
    const { order, totalCents } = await paidBankOrder();
    const partA = order.sellers.find((s) => s.sellerId === A)!;
    expect(
      (await call(sellerA, 'POST', `/seller/orders/${partA.partId}/cancel`, { reason: 'Sold out, sorry.' })).status,
    ).toBe(200);
    const [due] = await listed(order.orderNumber, '&refundDue=true');
    const share = toCents(due.owedBack);
    // Its share: its items and shipping, and its part of the tax.
    const own = toCents(partA.subtotal) + toCents(partA.shippingCost);
    expect(share - own).toBeGreaterThanOrEqual(0);
    expect(share - own).toBeLessThanOrEqual(toCents(order.tax));
    // The same cancel again flags nothing more.
    expect(
      (await call(sellerA, 'POST', `/seller/orders/${partA.partId}/cancel`, { reason: 'Sold out, sorry.' })).status,
    ).toBe(200);
    expect(toCents((await listed(order.orderNumber, '&refundDue=true'))[0].owedBack)).toBe(share);

    expect((await booksOf(order.id)).refunds_due).toBe(-share);
    await refundOk(order.orderNumber, share);
    // The part's share, owed to the buyer in the books since the cancel, left with the transfer back.
    expect((await booksOf(order.id)).refunds_due).toBeUndefined();
    expect((await call(buyer, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(200);
    const [rest] = await listed(order.orderNumber, '&refundDue=true');
    expect(toCents(rest.owedBack)).toBe(totalCents - share);
    await refundOk(order.orderNumber, totalCents - share);
    expect((await transfersOf(order.id))[0]).toMatchObject({ status: 'refunded', refundedCents: totalCents });
    expect(await booksOf(order.id)).toEqual({});
  });
});

describe('refusals change nothing', () => {
  it('who may, what order, what amount, which day, which reference', async () => {
    const { order } = await paidBankOrder(500);
    const before = await refundsOf(order.id);
    const good = refundBody(order.orderNumber, 100);
    expect((await refund(good, null)).status).toBe(401);
    expect((await refund(good, buyer)).status).toBe(403);
    expect((await refund(good, sellerA)).status).toBe(403);
    const unknown = await refund({ ...good, orderNumber: 'YM-0000-NONE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(
      "No order has the number YM-0000-NONE. Check it against the transfer's reference.",
    );

    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await refund({ ...good, sentOn: tomorrow });
    expect(future.status).toBe(400);
    expect(future.body.errors).toEqual({ sentOn: 'Date sent cannot be after today' });
    const invalid = await refund({
      orderNumber: order.orderNumber,
      amountCents: 12.5,
      sentOn: '2026-02-30',
      bankReference: 'x',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({
      amountCents: 'Amount must be a whole number of cents',
      sentOn: 'Date sent must be a date (YYYY-MM-DD)',
      bankReference: 'Bank reference must be at least 3 characters',
    });
    expect((await refund({ ...good, amountCents: 0 })).body.errors).toEqual({
      amountCents: 'Amount must be more than 0',
    });

    const card = await placeCardOrder();
    const notBank = await refund(refundBody(card.order.orderNumber, 100));
    expect(notBank.status).toBe(409);
    expect(notBank.body.message).toContain('is not paid by bank transfer to the marketplace');

    // A reference recorded for another order's refund.
    const other = await paidBankOrder(300);
    const ref = newRef();
    await refundOk(other.order.orderNumber, 300, ref);
    const taken = await refund(refundBody(order.orderNumber, 300, ref));
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(
      `Bank reference ${ref} is already recorded for another refund. Check the statement.`,
    );

    expect(await refundsOf(order.id)).toEqual(before);
    expect(await mailsAbout(order.orderNumber, 'refund_made')).toEqual([]);
    expect(await loggedFor(order.id)).toEqual([]);
  });
});

/** A card order paid, then cancelled by its buyer while the gateway refuses the refund. */
async function refusedCardRefund() {
  const { order, payment } = await placeCardOrder();
  expect((await postReturn(await payAtGateway(payment.next, CARDS.approve))).status).toBe(303);
  const [attempt] = await attemptsOf(order.id);
  // The merchant already gave it all back in the gateway's back office: the gateway refuses more.
  await setGatewayRefunded(attempt.gatewayReference, attempt.amountCents);
  expect((await call(buyer, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(200);
  const [row] = await refundsOf(order.id);
  expect(row.status).toBe('refund_failed');
  return { order, attempt, refundId: row.id };
}
const setGatewayRefunded = (reference: string, cents: number) =>
  t.database.db
    .update(testGatewayTransactions)
    .set({ refundedCents: cents })
    .where(eq(testGatewayTransactions.id, reference));

describe('a card refund the gateway refused', () => {
  it('is listed as refund due; asked again: refused again, then made once the gateway takes it', async () => {
    const { order, attempt, refundId } = await refusedCardRefund();
    const [due] = await listed(order.orderNumber, '&refundDue=true');
    expect(due).toMatchObject({ id: attempt.id, status: 'refund_failed', owedBack: order.total });
    expect(due.refunds).toEqual([
      expect.objectContaining({ id: refundId, status: 'refund_failed', method: 'gateway' }),
    ]);

    const refusedAgain = await call(operator, 'POST', `/admin/payments/refunds/${refundId}/retry`);
    expect(refusedAgain.status).toBe(200);
    expect(SettledRefund.parse(refusedAgain.body)).toMatchObject({
      refunds: [{ id: refundId, status: 'refund_failed' }],
      order: { owedBack: order.total },
    });
    const errors = logLines
      .map((l) => JSON.parse(l))
      .filter((l) => l.orderNumber === order.orderNumber && l.msg.includes('refund NOT made'));
    expect(errors).toHaveLength(2);

    // The back office's refund was reversed: the gateway takes it now.
    await setGatewayRefunded(attempt.gatewayReference, 0);
    const made = await call(operator, 'POST', `/admin/payments/refunds/${refundId}/retry`);
    expect(made.status).toBe(200);
    expect(SettledRefund.parse(made.body)).toMatchObject({
      refunds: [{ id: refundId, status: 'refunded', method: 'gateway' }],
      order: { owedBack: 0 },
    });
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'refunded', refundedCents: attempt.amountCents });
    expect(await mailsAbout(order.orderNumber, 'refund_made')).toHaveLength(1);
    expect(await listed(order.orderNumber, '&refundDue=true')).toEqual([]);

    const done = await call(operator, 'POST', `/admin/payments/refunds/${refundId}/retry`);
    expect(done.status).toBe(409);
    expect(done.body.message).toBe('This refund is already made: nothing to do.');
    expect((await loggedFor(order.id)).map((l) => l.action)).toEqual(['retry_refund', 'retry_refund']);
  });

  it('recorded as sent by bank transfer instead: made, the buyer told how, once', async () => {
    const { order, attempt, refundId } = await refusedCardRefund();
    const ref = newRef();
    const path = `/admin/payments/refunds/${refundId}/bank-transfer`;
    expect((await call(buyer, 'POST', path, { sentOn: today(), bankReference: ref })).status).toBe(403);
    expect((await call(operator, 'POST', path, { sentOn: today(), bankReference: 'x' })).body.errors).toEqual({
      bankReference: 'Bank reference must be at least 3 characters',
    });
    const res = await call(operator, 'POST', path, { sentOn: today(), bankReference: ref });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(SettledRefund.parse(res.body)).toMatchObject({
      replayed: false,
      refunds: [
        { id: refundId, status: 'refunded', method: 'bank_transfer', reference: ref, recordedBy: operator.email },
      ],
      order: { owedBack: 0 },
    });
    // Why it went by bank stays with it.
    expect(SettledRefund.parse(res.body).refunds[0].message).toMatch(/refused/);
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'refunded', refundedCents: attempt.amountCents });
    const page = await buyerOrder(order.id);
    expect(page.cardPayment?.refunds).toEqual([
      expect.objectContaining({ status: 'refunded', method: 'bank_transfer' }),
    ]);
    const mails = await mailsAbout(order.orderNumber, 'refund_made');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('so we sent it to you by bank transfer instead');
    expect(mails[0].text).toContain(`Bank reference  ${ref}`);

    const again = await call(operator, 'POST', path, { sentOn: today(), bankReference: ref });
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    const otherRef = await call(operator, 'POST', path, { sentOn: today(), bankReference: newRef() });
    expect(otherRef.status).toBe(409);
    expect(otherRef.body.message).toBe('This refund is already made: nothing to do.');
    expect((await call(operator, 'POST', `/admin/payments/refunds/${refundId}/retry`)).status).toBe(409);
    expect(await mailsAbout(order.orderNumber, 'refund_made')).toHaveLength(1);
    expect((await loggedFor(order.id)).map((l) => [l.action, l.fromStatus, l.toStatus])).toEqual([
      ['refund_by_transfer', 'refund_failed', 'refunded'],
    ]);
    expect((await call(operator, 'POST', '/admin/payments/refunds/no-such-refund/retry')).status).toBe(404);
  });
});

const onPostgres = gatedSuiteRuns('postgres', Boolean(process.env.TEST_DATABASE_URL), 'TEST_DATABASE_URL');

describe.skipIf(!onPostgres)('on PostgreSQL: two operators at the same moment', () => {
  it('recording the same refund: once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { order } = await paidBankOrder(700);
      const body = refundBody(order.orderNumber, 700);
      const answers = await Promise.all([refund(body, operator), refund(body, second)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
      expect(await refundsOf(order.id)).toHaveLength(1);
      expect((await transfersOf(order.id))[0].refundedCents).toBe(700);
      expect(await mailsAbout(order.orderNumber, 'refund_made')).toHaveLength(1);
      expect(await loggedFor(order.id)).toHaveLength(1);
    }
  });

  it('two different refunds of all that is owed: one made, the other refused as more than owed', async () => {
    const { order } = await paidBankOrder(700);
    const answers = await Promise.all([
      refund(refundBody(order.orderNumber, 700), operator),
      refund(refundBody(order.orderNumber, 700), second),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await transfersOf(order.id))[0].refundedCents).toBe(700);
  });

  it('a refused card refund recorded as sent by bank transfer by both at once: made once', async () => {
    const { order, refundId } = await refusedCardRefund();
    const body = { sentOn: today(), bankReference: newRef() };
    const answers = await Promise.all([
      call(operator, 'POST', `/admin/payments/refunds/${refundId}/bank-transfer`, body),
      call(second, 'POST', `/admin/payments/refunds/${refundId}/bank-transfer`, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect((await refundsOf(order.id)).map((r) => r.status)).toEqual(['refunded']);
    expect(await mailsAbout(order.orderNumber, 'refund_made')).toHaveLength(1);
    expect(await loggedFor(order.id)).toHaveLength(1);
  });

  it('a refused card refund asked again by both at once: each ask that went through is logged and sent once', async () => {
    const { order, refundId } = await refusedCardRefund();
    const answers = await Promise.all([
      call(operator, 'POST', `/admin/payments/refunds/${refundId}/retry`),
      call(second, 'POST', `/admin/payments/refunds/${refundId}/retry`),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const asked = statuses.filter((s) => s === 200).length;
    expect(asked).toBeGreaterThanOrEqual(1);
    // The gateway still refuses: the first refusal, and one per ask that went through.
    const refusals = logLines
      .map((l) => JSON.parse(l))
      .filter((l) => l.orderNumber === order.orderNumber && l.msg.includes('refund NOT made'));
    expect(refusals).toHaveLength(1 + asked);
    expect(await loggedFor(order.id)).toHaveLength(asked);
    expect((await refundsOf(order.id)).map((r) => r.status)).toEqual(['refund_failed']);
  });
});
