import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../src/lib/contract/orders';
import { ReturnAnswer, ReturnList, type ReturnRequest } from '../../../src/lib/contract/returns';
import { toCents } from '../../../src/lib/money';
import { partShares } from '../../../src/lib/pricing';
import {
  ledgerEntries,
  mailOutbox,
  operatorActions,
  orderParts,
  partDeliveries,
  payments,
  payouts,
  products,
  refunds,
  returnRequests,
} from '../../../src/server/db/schema';
import { marketplaceSummary, releaseSettledParts } from '../../../src/server/services/ledger';
import {
  buyerOrder,
  CARDS,
  mailsAbout,
  openCardScene,
  paidCardOrder,
  payAtGateway,
  placeCardOrder,
  postReturn,
} from '../../fixtures/card-payments';
import { gatedSuiteRuns } from '../../fixtures/gated';
import { earningsOf, entriesOfPart, placeFrom, unbalancedTransactions } from '../../fixtures/ledger';
import { A, a, B, buyer, call, deliver, sellerA, sellerB, stranger, t } from '../../fixtures/order-scene';
import { signInOperator, type Who } from '../../fixtures/orders';

/*
 * Returns and disputes (issue 28, docs/decisions/042) through the API: every move of the status
 * table and its refusals (outside the window, more than bought, another buyer's part, another
 * seller's request, twice), the money (a partial card refund through the offline gateway, the
 * seller charged and the commission and GCT on it reversed in proportion, the books balanced), and
 * an operator's decisions in the action log. PGlite, and PostgreSQL with TEST_DATABASE_URL (where
 * two refunds of one request racing pay once).
 */

openCardScene({ MARKETPLACE_TRN: '123-456-789' });

const DAY = 86_400_000;
const db = () => t.database.db;
let operator: Who;

beforeAll(async () => {
  operator = await signInOperator(db(), 'returns-operator@yaad.test', 'Ronnie Operator');
});

/** A card order of stores A (2 × a, 1 × a2) and B (1 × b), paid on the test gateway, delivered by both. */
async function deliveredCardOrder(): Promise<Order> {
  const order = await paidCardOrder();
  await deliver(sellerA, order.id);
  await deliver(sellerB, order.id);
  return buyerOrder(order.id);
}

const partOf = (order: Order, store: string) => order.sellers.find((s) => s.sellerId === store)!;
const shareOf = (order: Order, store: string) =>
  partShares(
    toCents(order.tax),
    order.sellers.map((s) => ({
      id: s.partId,
      storeName: s.storeName,
      subtotalCents: toCents(s.subtotal),
      shippingCents: toCents(s.shippingCost),
    })),
  ).get(partOf(order, store).partId)!;

/** The part's line of the product bought at this unit price. */
const lineOf = (order: Order, store: string, unitPrice: number) =>
  partOf(order, store).items.find((l) => l.price === unitPrice)!;

async function ask(who: Who, order: Order, store: string, lines: { lineId: string; quantity: number }[], over = {}) {
  return call(who, 'POST', '/returns', {
    partId: partOf(order, store).partId,
    lines,
    reason: 'damaged',
    note: 'The bag arrived torn.',
    ...over,
  });
}
async function asked(order: Order, store: string, lines: { lineId: string; quantity: number }[]) {
  const res = await ask(buyer, order, store, lines);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return ReturnAnswer.parse(res.body).request;
}
async function ok(res: { status: number; body: unknown }): Promise<ReturnRequest> {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ReturnAnswer.parse(res.body).request;
}
const refused = (res: { status: number; body: { code?: string } }, status: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
};
const stockOf = async (id: string) =>
  (await db().select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
const frozen = async (partId: string) =>
  (
    await db()
      .select({ commission: orderParts.commissionCents, gct: orderParts.commissionGctCents })
      .from(orderParts)
      .where(eq(orderParts.id, partId))
  )[0];
const halfUp = (a: number, b: number, c: number) => Number((BigInt(a) * BigInt(b) * 2n + BigInt(c)) / (BigInt(c) * 2n));

describe('a return accepted, received and refunded to the card', () => {
  it('one of two items of a card-paid part: the gateway refunds it in part, the seller is charged in proportion, the books balance', async () => {
    const order = await deliveredCardOrder();
    const part = partOf(order, A);
    const a2 = lineOf(order, A, 9.99);
    const a2Stock = await stockOf(a2.productId!);

    const request = await asked(order, A, [{ lineId: a2.id, quantity: 1 }]);
    expect(request).toMatchObject({ status: 'requested', reason: 'damaged', settlement: 'refund', storeId: A });
    expect(request.next).toEqual(['accepted', 'rejected', 'refunded', 'escalated']);
    // 9.99 and its share of the part's tax (the part's share less items and shipping), half up.
    const share = shareOf(order, A);
    const partTax = share - toCents(part.subtotal) - toCents(part.shippingCost);
    const expected = 999 + halfUp(partTax, 999, toCents(part.subtotal));
    expect(toCents(request.itemsRefund)).toBe(expected);
    expect(toCents(request.partRefundable)).toBe(share);

    // Each side reads its own; another buyer, another seller: 404.
    expect(ReturnList.parse((await call(buyer, 'GET', '/returns')).body).requests.map((r) => r.id)).toContain(
      request.id,
    );
    expect(ReturnList.parse((await call(sellerA, 'GET', '/seller/returns')).body).requests.map((r) => r.id)).toContain(
      request.id,
    );
    refused(await call(stranger, 'GET', `/returns/${request.id}`), 404);
    refused(await call(sellerB, 'GET', `/seller/returns/${request.id}`), 404);
    refused(await call(sellerB, 'POST', `/seller/returns/${request.id}/accept`, { instructions: 'courier' }), 404);
    refused(await call(buyer, 'GET', `/seller/returns/${request.id}`), 403);

    const accepted = await ok(
      await call(sellerA, 'POST', `/seller/returns/${request.id}/accept`, { instructions: 'knutsford_depot' }),
    );
    expect(accepted).toMatchObject({ status: 'accepted', instructions: 'knutsford_depot' });
    // Twice: the table has no accepted → accepted.
    refused(await call(sellerA, 'POST', `/seller/returns/${request.id}/accept`, { instructions: 'courier' }), 409);
    refused(await call(sellerA, 'POST', `/seller/returns/${request.id}/reject`, { reason: 'No.' }), 409);
    refused(await call(buyer, 'POST', `/returns/${request.id}/escalate`), 409);

    // Restocking only the request's own lines.
    refused(
      await call(sellerA, 'POST', `/seller/returns/${request.id}/receive`, {
        restockLineIds: [lineOf(order, A, 12.5).id],
      }),
      400,
    );
    const received = await ok(
      await call(sellerA, 'POST', `/seller/returns/${request.id}/receive`, { restockLineIds: [a2.id] }),
    );
    expect(received.status).toBe('received');
    expect(received.lines).toEqual([expect.objectContaining({ lineId: a2.id, quantity: 1, restocked: true })]);
    expect(await stockOf(a2.productId!)).toBe(a2Stock + 1);

    const refunded = await ok(await call(sellerA, 'POST', `/seller/returns/${request.id}/refund`));
    expect(refunded).toMatchObject({ status: 'refunded', refundStatus: 'refunded', next: [] });
    expect(toCents(refunded.refunded!)).toBe(expected);
    expect(toCents(refunded.partRefundable)).toBe(share - expected);
    refused(await call(sellerA, 'POST', `/seller/returns/${request.id}/refund`), 409);

    // The card: one partial refund of the paying attempt, made at the gateway.
    const [paid] = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'partially_refunded')));
    expect(paid.refundedCents).toBe(expected);
    const made = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(made).toEqual([expect.objectContaining({ reason: 'returned', status: 'refunded', amountCents: expected })]);
    expect((await mailsAbout(order.orderNumber, 'refund_made')).map((m) => m.text).join()).toMatch(
      /refunded the items you returned/,
    );

    // The books: the seller gives back what was refunded less the commission and GCT reversed in proportion.
    const { commission, gct } = await frozen(part.partId);
    const c = halfUp(commission, expected, share);
    const g = halfUp(gct, expected, share);
    const entries = await entriesOfPart(db(), part.partId);
    expect(entries.filter((e) => e.key === `return:${request.id}`)).toEqual([
      { key: `return:${request.id}`, account: 'seller_pending', storeId: A, kind: 'return', amountCents: expected },
      { key: `return:${request.id}`, account: 'refunds_due', storeId: null, kind: 'return', amountCents: -expected },
      { key: `return:${request.id}`, account: 'commission_revenue', storeId: null, kind: 'return', amountCents: c },
      { key: `return:${request.id}`, account: 'seller_pending', storeId: A, kind: 'return', amountCents: -c },
      { key: `return:${request.id}`, account: 'gct_payable', storeId: null, kind: 'return', amountCents: g },
      { key: `return:${request.id}`, account: 'seller_pending', storeId: A, kind: 'return', amountCents: -g },
    ]);
    expect(entries.filter((e) => e.key === `returned:${made[0].id}`)).toEqual([
      { key: `returned:${made[0].id}`, account: 'refunds_due', storeId: null, kind: 'refund', amountCents: expected },
      {
        key: `returned:${made[0].id}`,
        account: 'marketplace_cash',
        storeId: null,
        kind: 'refund',
        amountCents: -expected,
      },
    ]);
    expect(await unbalancedTransactions(db())).toEqual([]);
    // The seller's earnings show the reversal.
    const earnings = await earningsOf(call, sellerA, '?kind=return');
    expect(earnings.entries.some((e) => e.orderNumber === order.orderNumber)).toBe(true);
  });

  it('refunded without a return: requested → refunded; the part never refunds past its share', async () => {
    const order = await deliveredCardOrder();
    const a = lineOf(order, A, 12.5);
    const a2 = lineOf(order, A, 9.99);
    const first = await asked(order, A, [
      { lineId: a.id, quantity: 2 },
      { lineId: a2.id, quantity: 1 },
    ]);
    const done = await ok(await call(sellerA, 'POST', `/seller/returns/${first.id}/refund`));
    expect(done.status).toBe('refunded');
    // All the items and all the tax share: only the shipping is left of the part's share.
    expect(toCents(done.partRefundable)).toBe(toCents(partOf(order, A).shippingCost));
    const [row] = await db()
      .select({ cents: sql<string>`sum(${refunds.amountCents})` })
      .from(refunds)
      .where(eq(refunds.orderId, order.id));
    expect(Number(row.cents)).toBeLessThanOrEqual(shareOf(order, A));
    // Every unit is in a request now.
    refused(await ask(buyer, order, A, [{ lineId: a.id, quantity: 1 }]), 409);
  });
});

describe('a return of a bank-transfer order', () => {
  it('is owed back on the operators’ payments screen, and their recorded refund clears it in the books', async () => {
    const { order } = await placeFrom(buyer, [{ storeId: A, productId: a.id, quantity: 2 }], 'bank_transfer');
    const paid = await call(operator, 'POST', '/admin/payments/bank-transfers', {
      orderNumber: order.orderNumber,
      amountCents: toCents(order.total),
      receivedOn: new Date().toISOString().slice(0, 10),
      bankReference: `FT${crypto.randomUUID().slice(0, 10)}`.toUpperCase(),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    await deliver(sellerA, order.id);
    const delivered = await buyerOrder(order.id);
    const request = await asked(delivered, A, [{ lineId: partOf(delivered, A).items[0].id, quantity: 1 }]);
    const refunded = await ok(await call(sellerA, 'POST', `/seller/returns/${request.id}/refund`));
    // No card: nothing asked of a gateway; the operators owe it back.
    expect(refunded).toMatchObject({ status: 'refunded', refundStatus: null });
    const cents = toCents(refunded.refunded!);
    const partId = partOf(delivered, A).partId;
    const due = async () =>
      Number(
        (
          await db()
            .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.partId, partId), eq(ledgerEntries.account, 'refunds_due')))
        )[0].cents,
      );
    expect(await due()).toBe(-cents);
    const sent = await call(operator, 'POST', '/admin/payments/refunds', {
      orderNumber: order.orderNumber,
      amountCents: cents,
      sentOn: new Date().toISOString().slice(0, 10),
      bankReference: `FT-BACK-${crypto.randomUUID().slice(0, 8)}`,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await due()).toBe(0);
    expect(await unbalancedTransactions(db())).toEqual([]);
  });
});

describe('a return’s refund an operator pays back (cash on delivery, bank transfer)', () => {
  const today = () => new Date().toISOString().slice(0, 10);
  const dueOf = async (partId: string) =>
    Number(
      (
        await db()
          .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.partId, partId), eq(ledgerEntries.account, 'refunds_due')))
      )[0].cents,
    );
  /** A cash-on-delivery order of 2 × a from store A, delivered and its cash recorded; one unit returned and refunded by the seller. */
  async function refundedCashReturn() {
    const { order } = await placeFrom(buyer, [{ storeId: A, productId: a.id, quantity: 2 }], 'cash_on_delivery');
    await deliver(sellerA, order.id);
    const delivered = await buyerOrder(order.id);
    const partId = partOf(delivered, A).partId;
    const paid = await call(sellerA, 'POST', `/seller/orders/${partId}/payment`);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const request = await asked(delivered, A, [{ lineId: partOf(delivered, A).items[0].id, quantity: 1 }]);
    const refunded = await ok(await call(sellerA, 'POST', `/seller/returns/${request.id}/refund`));
    expect(refunded).toMatchObject({ status: 'refunded', refundStatus: null });
    return { order: delivered, partId, request: refunded, cents: toCents(refunded.refunded!) };
  }
  const record = (who: Who, id: string, body: Record<string, unknown>) =>
    call(who, 'POST', `/admin/payments/returns/${id}/refund`, body);

  it('in cash: recorded once, its refunds due cleared in the same transaction, the buyer mailed about the return, the action logged', async () => {
    const { order, partId, request, cents } = await refundedCashReturn();
    expect(await dueOf(partId)).toBe(-cents);
    // Listed for the operators as a refund to pay back (and only for them).
    const owedIds = async () =>
      ReturnList.parse((await call(operator, 'GET', '/admin/disputes?owed=1&limit=100')).body).requests.map(
        (r) => r.id,
      );
    expect(await owedIds()).toContain(request.id);
    // Not an operator; bad input; more or less than owed: each refused, nothing changed.
    refused(await record(buyer, request.id, { method: 'cash', amountCents: cents, sentOn: today() }), 403);
    refused(await record(operator, request.id, { method: 'cheque', amountCents: cents, sentOn: today() }), 400);
    refused(await record(operator, request.id, { method: 'cash', amountCents: 1.5, sentOn: today() }), 400);
    refused(await record(operator, request.id, { method: 'cash', amountCents: cents, sentOn: '2999-01-01' }), 400);
    refused(await record(operator, request.id, { method: 'cash', amountCents: cents + 1, sentOn: today() }), 409);
    refused(await record(operator, request.id, { method: 'cash', amountCents: cents - 1, sentOn: today() }), 409);
    refused(await record(operator, 'no-such-request', { method: 'cash', amountCents: cents, sentOn: today() }), 404);
    expect(await dueOf(partId)).toBe(-cents);

    const body = { method: 'cash', amountCents: cents, sentOn: today(), reference: 'RCPT-0042' };
    const first = await record(operator, request.id, body);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      replayed: false,
      refunds: [{ status: 'refunded', method: 'cash', cause: 'returned' }],
    });
    expect(await dueOf(partId)).toBe(0);
    expect(await unbalancedTransactions(db())).toEqual([]);
    expect(await owedIds()).not.toContain(request.id);
    const seen = ReturnAnswer.parse((await call(operator, 'GET', `/admin/disputes/${request.id}`)).body).request;
    expect(seen).toMatchObject({ refundStatus: 'refunded', paymentMethod: 'cash_on_delivery' });
    const [row] = await db().select().from(returnRequests).where(eq(returnRequests.id, request.id));
    const [made] = await db().select().from(refunds).where(eq(refunds.id, row.refundId!));
    expect(made).toMatchObject({
      reason: 'returned',
      method: 'cash',
      amountCents: cents,
      refundReference: 'RCPT-0042',
    });
    const mails = await mailsAbout(order.orderNumber, 'refund_made');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('We refunded the items you returned');
    expect(mails[0].text).not.toContain('did not need');
    expect(mails[0].text).toContain('You, in cash');
    const logged = await db()
      .select()
      .from(operatorActions)
      .where(and(eq(operatorActions.targetId, order.id), eq(operatorActions.action, 'record_return_refund')));
    expect(logged).toHaveLength(1);
    expect(logged[0].reason).toContain('paid back in cash');

    // The same recording again: answered, nothing changed; another one: 409.
    const again = await record(operator, request.id, body);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ replayed: true });
    refused(await record(operator, request.id, { ...body, reference: 'RCPT-9999' }), 409);
    refused(
      await record(operator, request.id, {
        method: 'bank_transfer',
        amountCents: cents,
        sentOn: today(),
        reference: 'FT-X-1',
      }),
      409,
    );
    expect(await dueOf(partId)).toBe(0);
    expect(await mailsAbout(order.orderNumber, 'refund_made')).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(operatorActions)
        .where(and(eq(operatorActions.targetId, order.id), eq(operatorActions.action, 'record_return_refund'))),
    ).toHaveLength(1);
  });

  it('by bank transfer: a reference counts once (another order’s return with it: 409), a card order’s or an undecided request refused', async () => {
    const one = await refundedCashReturn();
    const two = await refundedCashReturn();
    const reference = `FT-RET-${crypto.randomUUID().slice(0, 8)}`;
    refused(
      await record(operator, one.request.id, { method: 'bank_transfer', amountCents: one.cents, sentOn: today() }),
      400,
    );
    const sent = await record(operator, one.request.id, {
      method: 'bank_transfer',
      amountCents: one.cents,
      sentOn: today(),
      reference,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(await dueOf(one.partId)).toBe(0);
    // Another order's refund with the same bank reference: refused, its refund still owed.
    refused(
      await record(operator, two.request.id, {
        method: 'bank_transfer',
        amountCents: two.cents,
        sentOn: today(),
        reference,
      }),
      409,
    );
    expect(await dueOf(two.partId)).toBe(-two.cents);
    const mail = (await mailsAbout(one.order.orderNumber, 'refund_made'))[0];
    expect(mail.text).toContain('We refunded the items you returned');
    expect(mail.text).toContain(reference);

    // A card order's return goes back through the gateway; a request not refunded owes nothing.
    const card = await deliveredCardOrder();
    const cardRequest = await asked(card, A, [{ lineId: lineOf(card, A, 12.5).id, quantity: 1 }]);
    refused(await record(operator, cardRequest.id, { method: 'cash', amountCents: 100, sentOn: today() }), 409);
    const { order } = await placeFrom(buyer, [{ storeId: A, productId: a.id, quantity: 1 }], 'cash_on_delivery');
    await deliver(sellerA, order.id);
    const open = await buyerOrder(order.id);
    expect((await call(sellerA, 'POST', `/seller/orders/${partOf(open, A).partId}/payment`)).status).toBe(200);
    const pending = await asked(open, A, [{ lineId: partOf(open, A).items[0].id, quantity: 1 }]);
    refused(await record(operator, pending.id, { method: 'cash', amountCents: 100, sentOn: today() }), 409);
  });

  it('a bank-transfer order’s return paid back from its transfer: the mail names the return, and the payments screen owes nothing more', async () => {
    const { order } = await placeFrom(buyer, [{ storeId: A, productId: a.id, quantity: 2 }], 'bank_transfer');
    const paid = await call(operator, 'POST', '/admin/payments/bank-transfers', {
      orderNumber: order.orderNumber,
      amountCents: toCents(order.total),
      receivedOn: today(),
      bankReference: `FT${crypto.randomUUID().slice(0, 10)}`.toUpperCase(),
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    await deliver(sellerA, order.id);
    const delivered = await buyerOrder(order.id);
    const request = await asked(delivered, A, [{ lineId: partOf(delivered, A).items[0].id, quantity: 1 }]);
    const refunded = await ok(await call(sellerA, 'POST', `/seller/returns/${request.id}/refund`));
    const cents = toCents(refunded.refunded!);
    const partId = partOf(delivered, A).partId;
    const sent = await record(operator, request.id, {
      method: 'bank_transfer',
      amountCents: cents,
      sentOn: today(),
      reference: `FT-BACK-${crypto.randomUUID().slice(0, 8)}`,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ order: { owedBack: 0 } });
    expect(await dueOf(partId)).toBe(0);
    const mails = await mailsAbout(order.orderNumber, 'refund_made');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('We refunded the items you returned');
    // The payments screen's excess path has nothing left to send for it.
    refused(
      await call(operator, 'POST', '/admin/payments/refunds', {
        orderNumber: order.orderNumber,
        amountCents: cents,
        sentOn: today(),
        bankReference: `FT-MORE-${crypto.randomUUID().slice(0, 8)}`,
      }),
      409,
    );
    expect(await unbalancedTransactions(db())).toEqual([]);
  });
});

describe('what a buyer may not ask', () => {
  it('more than bought, more than left, another buyer’s part, an unknown line, bad input, outside the window, not delivered', async () => {
    const order = await deliveredCardOrder();
    const a = lineOf(order, A, 12.5);
    const res = await ask(buyer, order, A, [{ lineId: a.id, quantity: 3 }]);
    refused(res, 409);
    expect((res.body as { errors: Record<string, string> }).errors['lines.0.quantity']).toMatch(/at most 2/);
    await asked(order, A, [{ lineId: a.id, quantity: 1 }]);
    refused(await ask(buyer, order, A, [{ lineId: a.id, quantity: 2 }]), 409);
    refused(await ask(stranger, order, A, [{ lineId: a.id, quantity: 1 }]), 404);
    refused(await ask(buyer, order, A, [{ lineId: lineOf(order, B, 49.99).id, quantity: 1 }]), 409);
    refused(await ask(buyer, order, A, [{ lineId: a.id, quantity: 1 }], { reason: 'bored' }), 400);
    refused(await ask(buyer, order, A, [], {}), 400);
    refused(await ask(buyer, order, A, [{ lineId: a.id, quantity: 1 }], { settlement: 'exchange' }), 400);
    refused(await call(null, 'POST', '/returns', {}), 401);

    // Past RETURN_DAYS (14) after the delivery.
    await db()
      .update(partDeliveries)
      .set({ deliveredAt: new Date(Date.now() - 15 * DAY) })
      .where(eq(partDeliveries.partId, partOf(order, B).partId));
    const late = await ask(buyer, order, B, [{ lineId: lineOf(order, B, 49.99).id, quantity: 1 }]);
    refused(late, 409);
    expect((late.body as { message: string }).message).toMatch(/14-day return window/);

    const { order: fresh, payment } = await placeCardOrder();
    expect((await postReturn(await payAtGateway(payment.next, CARDS.approve))).status).toBe(303);
    const paidOnly = await buyerOrder(fresh.id);
    refused(await ask(buyer, paidOnly, A, [{ lineId: lineOf(paidOnly, A, 12.5).id, quantity: 1 }]), 409);
  });
});

describe('disputes', () => {
  it('rejected, escalated by the buyer, decided by an operator: a part refund charged to the seller, in the action log', async () => {
    const order = await deliveredCardOrder();
    const b = lineOf(order, B, 49.99);
    const request = await asked(order, B, [{ lineId: b.id, quantity: 1 }]);
    refused(await call(sellerB, 'POST', `/seller/returns/${request.id}/reject`, { reason: '' }), 400);
    const rejected = await ok(
      await call(sellerB, 'POST', `/seller/returns/${request.id}/reject`, { reason: 'It was used.' }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', sellerNote: 'It was used.', next: ['escalated'] });
    refused(await call(stranger, 'POST', `/returns/${request.id}/escalate`), 404);
    expect((await ok(await call(buyer, 'POST', `/returns/${request.id}/escalate`))).status).toBe('escalated');
    refused(await call(buyer, 'POST', `/returns/${request.id}/escalate`), 409);
    refused(await call(sellerB, 'POST', `/seller/returns/${request.id}/refund`), 409);

    refused(await call(buyer, 'GET', '/admin/disputes'), 403);
    const disputes = ReturnList.parse((await call(operator, 'GET', '/admin/disputes')).body);
    expect(disputes.requests.map((r) => r.id)).toContain(request.id);
    expect(disputes.requests.every((r) => ['escalated', 'decided', 'closed'].includes(r.status))).toBe(true);

    const share = shareOf(order, B);
    refused(
      await call(operator, 'POST', `/admin/disputes/${request.id}/decide`, {
        outcome: 'refund',
        amount: share / 100 + 0.01,
        note: 'Half the price back.',
      }),
      409,
    );
    refused(
      await call(operator, 'POST', `/admin/disputes/${request.id}/decide`, { outcome: 'refund', amount: 10 }),
      400,
    );
    const decided = await ok(
      await call(operator, 'POST', `/admin/disputes/${request.id}/decide`, {
        outcome: 'refund',
        amount: 25,
        note: 'Half the price back.',
      }),
    );
    expect(decided).toMatchObject({
      status: 'decided',
      refunded: 25,
      refundStatus: 'refunded',
      decisionNote: 'Half the price back.',
    });
    refused(
      await call(operator, 'POST', `/admin/disputes/${request.id}/decide`, { outcome: 'close', note: 'Again.' }),
      409,
    );
    const logged = await db()
      .select()
      .from(operatorActions)
      .where(and(eq(operatorActions.targetId, order.id), eq(operatorActions.action, 'decide_return_refund')));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ operatorId: operator.id, fromStatus: 'escalated', toStatus: 'decided' });
    const sellerReturn = await db()
      .select({ cents: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.partId, partOf(order, B).partId),
          eq(ledgerEntries.kind, 'return'),
          eq(ledgerEntries.storeId, B),
        ),
      );
    const { commission, gct } = await frozen(partOf(order, B).partId);
    expect(Number(sellerReturn[0].cents)).toBe(2_500 - halfUp(commission, 2_500, share) - halfUp(gct, 2_500, share));
    expect(await unbalancedTransactions(db())).toEqual([]);
  });

  it('unanswered: escalated only after SELLER_ANSWER_DAYS (3), then closed by an operator with no refund', async () => {
    const order = await deliveredCardOrder();
    const request = await asked(order, A, [{ lineId: lineOf(order, A, 12.5).id, quantity: 1 }]);
    expect(request.escalableFrom).not.toBeNull();
    const early = await call(buyer, 'POST', `/returns/${request.id}/escalate`);
    refused(early, 409);
    await db()
      .update(returnRequests)
      .set({ createdAt: new Date(Date.now() - 3 * DAY - 60_000) })
      .where(eq(returnRequests.id, request.id));
    expect((await ok(await call(buyer, 'POST', `/returns/${request.id}/escalate`))).status).toBe('escalated');
    // The seller can no longer answer it.
    refused(await call(sellerA, 'POST', `/seller/returns/${request.id}/accept`, { instructions: 'courier' }), 409);
    const closed = await ok(
      await call(operator, 'POST', `/admin/disputes/${request.id}/decide`, { outcome: 'close', note: 'Not damaged.' }),
    );
    expect(closed).toMatchObject({ status: 'closed', refunded: null });
    const logged = await db()
      .select()
      .from(operatorActions)
      .where(and(eq(operatorActions.targetId, order.id), eq(operatorActions.action, 'close_return')));
    expect(logged).toHaveLength(1);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });
});

describe('the request’s thread and its mails', () => {
  it('each step mails whoever acts next; messages are kept, mailed to the other side, and limited', async () => {
    const order = await deliveredCardOrder();
    const request = await asked(order, B, [{ lineId: lineOf(order, B, 49.99).id, quantity: 1 }]);
    const updates = async () =>
      (await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'return_update'))).filter((m) =>
        m.subject.includes(order.orderNumber),
      );
    // Asked: the seller is mailed (its store's contact address, else its owner's).
    expect((await updates()).map((m) => m.subject)).toEqual([`Return request for order ${order.orderNumber}`]);

    const written = await ok(
      await call(buyer, 'POST', `/returns/${request.id}/messages`, { message: 'It will not switch on.' }),
    );
    expect(written.messages).toEqual([expect.objectContaining({ author: 'buyer', body: 'It will not switch on.' })]);
    refused(await call(stranger, 'POST', `/returns/${request.id}/messages`, { message: 'Hi' }), 404);
    refused(await call(sellerA, 'POST', `/seller/returns/${request.id}/messages`, { message: 'Hi' }), 404);
    refused(await call(buyer, 'POST', `/returns/${request.id}/messages`, { message: '  ' }), 400);
    const answered = await ok(
      await call(sellerB, 'POST', `/seller/returns/${request.id}/messages`, { message: 'Did you charge it first?' }),
    );
    expect(answered.messages.map((m) => [m.author, m.name])).toEqual([
      ['buyer', 'Shanice Brown'],
      ['seller', partOf(order, B).storeName],
    ]);
    const messageMails = (await db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'return_message'))).filter(
      (m) => m.subject.includes(order.orderNumber),
    );
    expect(messageMails.map((m) => m.to)).toContain(buyer.email);
    expect(messageMails.map((m) => m.text).join()).toMatch(/Did you charge it first\?/);

    // Rejected: the buyer is mailed; escalated: each operator.
    await ok(await call(sellerB, 'POST', `/seller/returns/${request.id}/reject`, { reason: 'Works here.' }));
    await ok(await call(buyer, 'POST', `/returns/${request.id}/escalate`));
    const mails = await updates();
    expect(mails.find((m) => m.subject.includes('was rejected'))?.to).toBe(buyer.email);
    expect(mails.filter((m) => m.subject.startsWith('Return dispute to decide')).map((m) => m.to)).toContain(
      operator.email,
    );
    // The operator writes: both sides are mailed. Then the allowance (5 in 15 minutes) runs out: 429.
    await ok(
      await call(operator, 'POST', `/admin/disputes/${request.id}/messages`, { message: 'Send a video, please.' }),
    );
    for (let i = 0; i < 4; i++)
      await ok(await call(operator, 'POST', `/admin/disputes/${request.id}/messages`, { message: `Note ${i}` }));
    refused(await call(operator, 'POST', `/admin/disputes/${request.id}/messages`, { message: 'One more' }), 429);
    const read = await ok(await call(operator, 'GET', `/admin/disputes/${request.id}`));
    expect(read.messages).toHaveLength(7);
    expect(read.messages[2]).toMatchObject({ author: 'operator', name: 'Yaad Market team' });
  });
});

const onPostgres = gatedSuiteRuns('postgres', Boolean(process.env.TEST_DATABASE_URL), 'TEST_DATABASE_URL');

describe.skipIf(!onPostgres)('on PostgreSQL: at the same moment', () => {
  it('two refunds of one request racing pay once', async () => {
    const order = await deliveredCardOrder();
    const request = await asked(order, A, [{ lineId: lineOf(order, A, 9.99).id, quantity: 1 }]);
    const answers = await Promise.all([
      call(sellerA, 'POST', `/seller/returns/${request.id}/refund`),
      call(sellerA, 'POST', `/seller/returns/${request.id}/refund`),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
    const posted = await db()
      .select({ n: sql<string>`count(*)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.partId, partOf(order, A).partId), eq(ledgerEntries.kind, 'return')));
    expect(Number(posted[0].n)).toBe(6);
  });

  it('two requests for the last units at once: one is made, the other refused', async () => {
    const order = await deliveredCardOrder();
    const a = lineOf(order, A, 12.5);
    const answers = await Promise.all([
      ask(buyer, order, A, [{ lineId: a.id, quantity: 2 }]),
      ask(buyer, order, A, [{ lineId: a.id, quantity: 2 }]),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('two payout runs and an operator’s refund at the same moment: one run, no payout past what was available, the books balanced', async () => {
    const order = await deliveredCardOrder();
    const request = await asked(order, B, [{ lineId: lineOf(order, B, 49.99).id, quantity: 1 }]);
    await ok(await call(sellerB, 'POST', `/seller/returns/${request.id}/reject`, { reason: 'It was used.' }));
    await ok(await call(buyer, 'POST', `/returns/${request.id}/escalate`));
    // The return window passes while the dispute waits: the part's money is available to pay out.
    await releaseSettledParts(db(), { now: new Date(Date.now() + 15 * DAY), returnDays: 14 });
    const availableB = async () => toCents((await earningsOf(call, sellerB)).balance.available);
    const before = await availableB();
    const [first, second, decided] = await Promise.all([
      call(operator, 'POST', '/admin/payout-runs'),
      call(operator, 'POST', '/admin/payout-runs'),
      call(operator, 'POST', `/admin/disputes/${request.id}/decide`, {
        outcome: 'refund',
        amount: 25,
        note: 'Half back.',
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const paidB = await db().select().from(payouts).where(eq(payouts.storeId, B));
    expect(paidB).toHaveLength(1);
    // What the refund charged the seller: the refund less the commission and GCT given up with it.
    const [charge] = await db()
      .select({ cents: sql<string>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.partId, partOf(order, B).partId),
          eq(ledgerEntries.kind, 'return'),
          eq(ledgerEntries.storeId, B),
        ),
      );
    const charged = Number(charge.cents);
    expect(charged).toBeGreaterThan(2_000);
    expect(charged).toBeLessThan(2_500);
    // Whichever came first, the payout is what was available then; the refund is the seller's to owe.
    expect([before, before - charged]).toContain(paidB[0].amountCents);
    expect(await availableB()).toBe(before - charged - paidB[0].amountCents);
    expect(await unbalancedTransactions(db())).toEqual([]);
    expect((await marketplaceSummary(db())).balanced).toBe(true);
  });
});
