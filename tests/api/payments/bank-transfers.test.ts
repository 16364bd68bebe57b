import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Order, OrderAnswer } from '../../../src/lib/contract/orders';
import { OperatorPaymentList, RecordedBankTransfer } from '../../../src/lib/contract/payments';
import { toCents } from '../../../src/lib/money';
import { payments } from '../../../src/server/db/schema';
import { SAMPLE_BANK } from '../../../src/server/env';
import { sweepExpiredHolds } from '../../../src/server/services/payments';
import { gateway, log, mailsAbout, openCardScene } from '../../fixtures/card-payments';
import { A, a, B, buyer, call, placeOne, sellerA, sellerB, stranger, t } from '../../fixtures/order-scene';
import { signInOperator, stockOf, type Who } from '../../fixtures/orders';

/*
 * Bank transfer to the marketplace and the operators' payments (issue 26 #4, #5, #7;
 * docs/decisions/034) through the API: a bank-transfer order awaits one transfer to the
 * marketplace's account, unseen by its sellers; an operator records what the bank received
 * (exact, under, over; the same bank reference once; every refusal changes nothing); the sweeper
 * reminds once, then expires it with its stock back; a seller's recorded cash is a payment record;
 * the operators' list filters, and is the operators' only. PGlite, and PostgreSQL with
 * TEST_DATABASE_URL (where two recordings of one transfer truly race).
 */

openCardScene();

let operator: Who;
beforeAll(async () => {
  operator = await signInOperator(t.database.db, 'payments-operator@yaad.test', 'Pat Operator');
});

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const newRef = () => `FT${crypto.randomUUID().slice(0, 12)}`.toUpperCase();

async function placeBankOrder() {
  const { order } = await placeOne(buyer, { paymentMethod: 'bank_transfer' });
  return { order, totalCents: toCents(order.total) };
}

const record = (body: Record<string, unknown>, who: Who | null = operator) =>
  call(who, 'POST', '/admin/payments/bank-transfers', body);

async function recordOk(orderNumber: string, amountCents: number, bankReference = newRef()) {
  const res = await record({ orderNumber, amountCents, receivedOn: today(), bankReference });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return RecordedBankTransfer.parse(res.body);
}

async function buyerOrder(orderId: string): Promise<Order> {
  const res = await call(buyer, 'GET', `/orders/${orderId}`);
  expect(res.status).toBe(200);
  return OrderAnswer.parse(res.body).order;
}

const paymentRows = (orderId: string) => t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
const seesOrder = async (seller: Who, orderId: string) =>
  (await call(seller, 'GET', `/orders/${orderId}/seller-view`)).status === 200;

describe('placing a bank-transfer order', () => {
  it('awaits one transfer to the marketplace, the order number as reference; its sellers see nothing yet', async () => {
    const { order, totalCents } = await placeBankOrder();
    expect(order.paymentStatus).toBe('unpaid');
    expect(order.bankTransfer).toMatchObject({
      stage: 'awaiting_payment',
      payTo: SAMPLE_BANK,
      reference: order.orderNumber,
      amount: order.total,
      received: 0,
      due: order.total,
      excess: 0,
    });
    const payBy = Date.parse(order.bankTransfer?.payBy ?? '');
    expect(Math.abs(payBy - (Date.now() + 3 * DAY))).toBeLessThan(60_000);
    // No seller's own account any more.
    expect(order.sellers.map((s) => s.bankDetails)).toEqual([null, null]);
    expect(await seesOrder(sellerA, order.id)).toBe(false);
    const mails = await mailsAbout(order.orderNumber);
    expect(mails.map((m) => m.kind)).toEqual(['order_placed']);
    expect(mails[0].to).toBe(buyer.email);
    expect(mails[0].text).toContain(SAMPLE_BANK.accountNumber);
    expect(mails[0].text).toContain((totalCents / 100).toFixed(2));
  });
});

describe('recording a received transfer', () => {
  it('the exact amount pays every part, releases it to its sellers and mails the receipt', async () => {
    const { order, totalCents } = await placeBankOrder();
    const ref = newRef();
    const answer = await recordOk(order.orderNumber, totalCents, ref);
    expect(answer).toMatchObject({
      replayed: false,
      order: { id: order.id, paymentStatus: 'paid', due: 0 },
      payment: { method: 'bank_transfer', provider: 'bank', reference: ref, status: 'approved', balance: 'exact' },
    });
    expect(answer.payment.recordedBy).toBe(operator.email);
    const paid = await buyerOrder(order.id);
    expect(paid.paymentStatus).toBe('paid');
    expect(paid.sellers.map((s) => s.paymentStatus)).toEqual(['paid', 'paid']);
    expect(paid.bankTransfer).toMatchObject({ stage: 'paid', due: 0, excess: 0, payBy: null });
    expect(await seesOrder(sellerA, order.id)).toBe(true);
    expect(await seesOrder(sellerB, order.id)).toBe(true);
    const kinds = (await mailsAbout(order.orderNumber)).map((m) => m.kind).sort();
    expect(kinds).toEqual(['order_placed', 'payment_received', 'seller_new_part', 'seller_new_part']);
  });

  it('an under-payment leaves the rest due and the order awaiting; the rest pays it', async () => {
    const { order, totalCents } = await placeBankOrder();
    const first = await recordOk(order.orderNumber, 1_000);
    expect(first.payment.balance).toBe('under');
    expect(first.order).toMatchObject({ paymentStatus: 'unpaid', due: (totalCents - 1_000) / 100 });
    expect((await buyerOrder(order.id)).bankTransfer).toMatchObject({
      stage: 'awaiting_payment',
      received: 10,
      due: (totalCents - 1_000) / 100,
    });
    expect(await seesOrder(sellerA, order.id)).toBe(false);
    const rest = await recordOk(order.orderNumber, totalCents - 1_000);
    expect(rest.payment.balance).toBe('exact');
    expect(rest.order.paymentStatus).toBe('paid');
    expect(await mailsAbout(order.orderNumber, 'payment_received')).toHaveLength(1);
  });

  it('an over-payment pays the order and flags the excess for refund', async () => {
    const { order, totalCents } = await placeBankOrder();
    const over = await recordOk(order.orderNumber, totalCents + 500);
    expect(over.payment).toMatchObject({ balance: 'over', excess: 5, dueAfter: 0 });
    expect(over.order.paymentStatus).toBe('paid');
    expect((await buyerOrder(order.id)).bankTransfer).toMatchObject({ stage: 'paid', excess: 5 });
    const [receipt] = await mailsAbout(order.orderNumber, 'payment_received');
    expect(receipt.text).toContain('we will refund it');
    // A transfer for an order already paid is all excess: the money is at the bank whatever the order says.
    const late = await recordOk(order.orderNumber, 700);
    expect(late.payment).toMatchObject({ balance: 'over', excess: 7 });
    expect(await mailsAbout(order.orderNumber, 'payment_received')).toHaveLength(1);
  });

  it('the same bank reference twice is recorded once; for another amount it is refused', async () => {
    const { order, totalCents } = await placeBankOrder();
    const body = {
      orderNumber: order.orderNumber,
      amountCents: totalCents,
      receivedOn: today(),
      bankReference: newRef(),
    };
    expect((await record(body)).status).toBe(201);
    const again = await record(body);
    expect(again.status).toBe(200);
    expect(RecordedBankTransfer.parse(again.body).replayed).toBe(true);
    const other = await record({ ...body, amountCents: totalCents - 1 });
    expect(other.status).toBe(409);
    expect(await paymentRows(order.id)).toHaveLength(1);
    expect(await mailsAbout(order.orderNumber, 'payment_received')).toHaveLength(1);
  });

  it('the same transfer recorded twice at once pays once', async () => {
    const { order, totalCents } = await placeBankOrder();
    const body = {
      orderNumber: order.orderNumber,
      amountCents: totalCents,
      receivedOn: today(),
      bankReference: newRef(),
    };
    const answers = await Promise.all([record(body), record(body), record(body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const rows = await paymentRows(order.id);
    expect(rows.map((r) => [r.status, r.excessCents])).toEqual([['approved', 0]]);
    expect((await buyerOrder(order.id)).paymentStatus).toBe('paid');
    expect(await mailsAbout(order.orderNumber, 'payment_received')).toHaveLength(1);
    expect(await mailsAbout(order.orderNumber, 'seller_new_part')).toHaveLength(2);
  });

  it('refuses a wrong order, bad input and anyone but an operator, changing nothing', async () => {
    const { order, totalCents } = await placeBankOrder();
    const { order: cod } = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    const good = {
      orderNumber: order.orderNumber,
      amountCents: totalCents,
      receivedOn: today(),
      bankReference: newRef(),
    };
    const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, number, Who | null][] = [
      [{ ...good, orderNumber: 'YM-NOPE-0000' }, 404, operator],
      [{ ...good, orderNumber: cod.orderNumber }, 409, operator],
      [{ ...good, amountCents: 0 }, 400, operator],
      [{ ...good, amountCents: -100 }, 400, operator],
      [{ ...good, amountCents: 12.5 }, 400, operator],
      [{ ...good, amountCents: '1250' }, 400, operator],
      [{ ...good, receivedOn: '2026-02-30' }, 400, operator],
      [{ ...good, receivedOn: tomorrow }, 400, operator],
      [{ ...good, bankReference: '' }, 400, operator],
      [{ ...good, bankReference: 'a\nb' }, 400, operator],
      [{ orderNumber: order.orderNumber }, 400, operator],
      [good, 403, buyer],
      [good, 403, sellerA],
      [good, 401, null],
    ];
    for (const [body, status, who] of cases) {
      const res = await record(body, who);
      expect(res.status, `${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(status);
    }
    expect(await paymentRows(order.id)).toEqual([]);
    expect(await paymentRows(cod.id)).toEqual([]);
    expect((await buyerOrder(order.id)).paymentStatus).toBe('unpaid');
  });
});

describe('the reminder and the expiry (the hold sweeper)', () => {
  const sweep = (now: Date) =>
    sweepExpiredHolds(t.database.db, gateway.provider, { now, holdMinutes: 30, bankTransferDays: 3, log });

  it('reminds once when the days end, then cancels the order a day later with its stock back', async () => {
    // Earlier tests' orders still awaiting are reminded and expired first, so the stock counted is this order's.
    await sweep(new Date(Date.now() + 10 * DAY));
    await sweep(new Date(Date.now() + 12 * DAY));
    const before = await stockOf(t.database.db, a.id);
    const { order } = await placeBankOrder();
    const placedAt = Date.parse(order.createdAt);
    // Other tests' orders are swept too: what counts is this order's mails and state.
    await sweep(new Date(placedAt + 3 * DAY - 60_000));
    expect(await mailsAbout(order.orderNumber, 'payment_reminder')).toEqual([]);
    const ended = new Date(placedAt + 3 * DAY + 60_000);
    // Two sweeps at once (two shop processes), then a third: one reminder.
    await Promise.all([sweep(ended), sweep(ended)]);
    await sweep(ended);
    const reminders = await mailsAbout(order.orderNumber, 'payment_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0].text).toContain(SAMPLE_BANK.accountNumber);
    const reminded = await buyerOrder(order.id);
    expect(reminded.bankTransfer?.stage).toBe('awaiting_payment');
    expect(Date.parse(reminded.bankTransfer?.payBy ?? '')).toBe(ended.getTime() + DAY);

    await sweep(new Date(ended.getTime() + DAY - 60_000));
    expect((await buyerOrder(order.id)).status).not.toBe('cancelled');
    await sweep(new Date(ended.getTime() + DAY + 60_000));
    const expired = await buyerOrder(order.id);
    expect(expired.status).toBe('cancelled');
    expect(expired.bankTransfer?.stage).toBe('expired');
    expect(await stockOf(t.database.db, a.id)).toBe(before);
    const mails = await mailsAbout(order.orderNumber, 'order_expired_unpaid');
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.text).toContain('4 days for your bank transfer');
    expect(await seesOrder(sellerA, order.id)).toBe(false);
  });

  it('an under-paid order that expires keeps its transfer flagged for refund', async () => {
    const { order } = await placeBankOrder();
    await recordOk(order.orderNumber, 1_000);
    const placedAt = Date.parse(order.createdAt);
    await sweep(new Date(placedAt + 3 * DAY + 60_000));
    await sweep(new Date(placedAt + 4 * DAY + 120_000));
    const [row] = await paymentRows(order.id);
    expect([row.amountCents, row.excessCents, row.dueAfterCents]).toEqual([1_000, 1_000, 0]);
    expect((await buyerOrder(order.id)).bankTransfer).toMatchObject({ stage: 'expired', excess: 10 });
  });
});

describe('a buyer who cancels a bank-transfer order', () => {
  it('after paying it in full: the whole transfer is flagged for the operator to refund', async () => {
    const { order, totalCents } = await placeBankOrder();
    await recordOk(order.orderNumber, totalCents);
    expect((await buyerOrder(order.id)).paymentStatus).toBe('paid');
    expect((await call(buyer, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(200);
    const [row] = await paymentRows(order.id);
    expect([row.excessCents, row.dueAfterCents]).toEqual([totalCents, 0]);
  });

  it('before paying in full: what was transferred is flagged for refund', async () => {
    const { order } = await placeBankOrder();
    await recordOk(order.orderNumber, 1_500);
    expect((await call(buyer, 'DELETE', `/orders/cancel/${order.id}`)).status).toBe(200);
    const [row] = await paymentRows(order.id);
    expect([row.excessCents, row.dueAfterCents]).toEqual([1_500, 0]);
    expect((await buyerOrder(order.id)).bankTransfer).toMatchObject({ stage: 'cancelled', received: 15, excess: 15 });
    const listed = await call(operator, 'GET', '/admin/payments?method=bank_transfer&limit=100');
    expect(listed.body.payments.find((p: { orderId: string }) => p.orderId === order.id)).toMatchObject({
      balance: 'over',
      excess: 15,
    });
  });
});

describe('cash on delivery', () => {
  it('the cash a seller records is a payment record of its part’s share, recorded once', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    const partA = order.sellers.find((s) => s.sellerId === A)?.partId as string;
    const done = await call(sellerA, 'POST', `/seller/orders/${partA}/payment`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await call(sellerA, 'POST', `/seller/orders/${partA}/payment`, {})).status).toBe(200);
    const rows = await paymentRows(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      method: 'cash_on_delivery',
      provider: 'seller',
      gatewayReference: partA,
      status: 'approved',
      currency: 'USD',
    });
    // Its share as its invoice shows it: items, shipping and its share of the tax.
    const part = order.sellers.find((s) => s.sellerId === A);
    expect(rows[0].amountCents).toBeGreaterThan(toCents(part?.total ?? 0));
    expect(rows[0].amountCents).toBeLessThan(toCents(order.total));
    // The other seller's part is its own record; both together are the order's total.
    const partB = order.sellers.find((s) => s.sellerId === B)?.partId as string;
    expect((await call(sellerB, 'POST', `/seller/orders/${partB}/payment`, {})).status).toBe(200);
    const both = await paymentRows(order.id);
    expect(both.reduce((n, r) => n + r.amountCents, 0)).toBe(toCents(order.total));
    const listed = await call(operator, 'GET', `/admin/payments?method=cash_on_delivery&limit=100`);
    expect(listed.body.payments.filter((p: { orderId: string }) => p.orderId === order.id)).toHaveLength(2);
  });
});

describe('GET /admin/payments', () => {
  it('filters by status, method and day, pages, and is the operators’ only', async () => {
    const { order, totalCents } = await placeBankOrder();
    await recordOk(order.orderNumber, totalCents - 1);
    const list = async (query: string) => {
      const res = await call(operator, 'GET', `/admin/payments${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return OperatorPaymentList.parse(res.body);
    };
    const all = await list('?limit=100');
    expect(all.pagination.total).toBeGreaterThan(1);
    // Newest first.
    const times = all.payments.map((p) => p.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const bank = await list('?method=bank_transfer&limit=100');
    expect(bank.payments.every((p) => p.method === 'bank_transfer')).toBe(true);
    expect(bank.payments.find((p) => p.orderId === order.id)).toMatchObject({ balance: 'under', dueAfter: 0.01 });
    expect((await list('?status=declined&limit=100')).payments.every((p) => p.status === 'declined')).toBe(true);
    expect((await list(`?from=${today()}&to=${today()}&limit=100`)).payments.map((p) => p.orderId)).toContain(order.id);
    expect((await list('?from=2000-01-01&to=2000-01-02')).payments).toEqual([]);
    const page = await list('?limit=1&page=2');
    expect(page.payments).toHaveLength(1);
    expect(page.payments[0].id).toBe(all.payments[1].id);

    for (const query of [
      '?status=paid',
      '?method=cash',
      '?from=yesterday',
      '?from=2026-02-02&to=2026-02-01',
      '?limit=0',
    ])
      expect((await call(operator, 'GET', `/admin/payments${query}`)).status, query).toBe(400);
    for (const who of [buyer, stranger, sellerA]) expect((await call(who, 'GET', '/admin/payments')).status).toBe(403);
    expect((await call(null, 'GET', '/admin/payments')).status).toBe(401);
  });
});
