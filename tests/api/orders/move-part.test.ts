import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OrderAnswer } from '../../../src/lib/contract/orders';
import { SellerPartAnswer } from '../../../src/lib/contract/seller-orders';
import { MESSAGES } from '../../../src/lib/messages';
import { mailOutbox, orderParts } from '../../../src/server/db/schema';
import {
  A,
  a,
  B,
  b,
  buyer,
  call,
  openOrderScene,
  placeOne,
  sellerA,
  sellerB,
  sellerD,
  t,
} from '../../fixtures/order-scene';
import { stockOf, type Who } from '../../fixtures/orders';

/*
 * The two doors to a seller's part (decision 025): the spec's PUT /orders/update-status/{orderId}
 * and the workspace's POST /seller/orders/{partId}/{action}. Both go through one movePart, so each
 * case below is asked at both doors and must get the same answer: status, code and text.
 */

openOrderScene();

type Step = 'accept' | 'ship' | 'deliver' | 'cancel' | 'payment';
const STATUS_OF: Record<Exclude<Step, 'payment'>, string> = {
  accept: 'processing',
  ship: 'shipped',
  deliver: 'delivered',
  cancel: 'cancelled',
};

async function partOf(orderId: string, storeId: string): Promise<string> {
  const [part] = await t.database.db
    .select({ id: orderParts.id })
    .from(orderParts)
    .where(and(eq(orderParts.orderId, orderId), eq(orderParts.storeId, storeId)));
  return part.id;
}

/** The spec's door: the seller's parts of the order; a payment is sent with the status the part has. */
const specDoor = (who: Who, orderId: string, step: Step, current = 'pending') =>
  call(
    who,
    'PUT',
    `/orders/update-status/${orderId}`,
    step === 'payment'
      ? { status: current, paymentReceived: true }
      : { status: STATUS_OF[step], ...(step === 'ship' ? { trackingNumber: 'ZM-1' } : {}) },
  );

/** The workspace's door: one part. */
const workspaceDoor = (who: Who, partId: string, step: Step) =>
  call(
    who,
    'POST',
    `/seller/orders/${partId}/${step}`,
    step === 'ship'
      ? { courier: 'Zipmail', trackingNumber: 'ZM-1' }
      : step === 'cancel'
        ? { reason: 'Out of beans' }
        : undefined,
  );

const refusal = (res: { status: number; body: { code?: string; message?: string } }) => ({
  status: res.status,
  code: res.body.code,
  message: res.body.message,
});

const partRow = async (partId: string) => {
  const [row] = await t.database.db
    .select({ status: orderParts.status, paymentStatus: orderParts.paymentStatus })
    .from(orderParts)
    .where(eq(orderParts.id, partId));
  return row;
};

const mailsTo = async (email: string) =>
  (await t.database.db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.to, email)))[0].n;

describe('one door for a seller’s part: both routes answer alike', () => {
  it('another seller’s part, or an order without the seller’s part: 404 Order not found, nothing changes', async () => {
    const { order } = await placeOne(buyer);
    const partA = await partOf(order.id, A);
    for (const step of ['accept', 'cancel', 'payment'] as const) {
      const spec = refusal(await specDoor(sellerD, order.id, step));
      const workspace = refusal(await workspaceDoor(sellerB, partA, step));
      expect(spec, step).toEqual({ status: 404, code: 'not_found', message: MESSAGES.orders.notFound });
      expect(workspace, step).toEqual(spec);
    }
    expect(await partRow(partA)).toEqual({ status: 'pending', paymentStatus: 'unpaid' });
    expect(await stockOf(t.database.db, a.id)).toBe(48);
  });

  it('an unknown order or part: the same 404', async () => {
    const spec = refusal(await specDoor(sellerA, 'no-such-order', 'accept'));
    const workspace = refusal(await workspaceDoor(sellerA, 'no-such-part', 'accept'));
    expect(spec).toEqual({ status: 404, code: 'not_found', message: MESSAGES.orders.notFound });
    expect(workspace).toEqual(spec);
  });

  it('someone who owns no store: 403 at both, in the same words', async () => {
    const { order } = await placeOne(buyer);
    const partA = await partOf(order.id, A);
    const spec = refusal(await specDoor(buyer, order.id, 'accept'));
    const workspace = refusal(await workspaceDoor(buyer, partA, 'accept'));
    expect(spec).toEqual({ status: 403, code: 'forbidden', message: MESSAGES.sellerOrders.notSeller });
    expect(workspace).toEqual(spec);
  });

  it('paying a cancelled part: 409 with one text at both, and the part stays unpaid', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    const partA = await partOf(order.id, A);
    expect((await workspaceDoor(sellerA, partA, 'cancel')).status).toBe(200);
    const spec = refusal(await specDoor(sellerA, order.id, 'payment', 'cancelled'));
    const workspace = refusal(await workspaceDoor(sellerA, partA, 'payment'));
    expect(spec).toEqual({ status: 409, code: 'conflict', message: MESSAGES.orders.cancelledNeedsNoPayment });
    expect(workspace).toEqual(spec);
    expect(await partRow(partA)).toEqual({ status: 'cancelled', paymentStatus: 'unpaid' });

    // Cancelling and paying in one request is the same refusal, and cancels nothing.
    const partB = await partOf(order.id, B);
    const both = await call(sellerB, 'PUT', `/orders/update-status/${order.id}`, {
      status: 'cancelled',
      paymentReceived: true,
    });
    expect(refusal(both)).toEqual(spec);
    expect(await partRow(partB)).toEqual({ status: 'pending', paymentStatus: 'unpaid' });
    expect(await stockOf(t.database.db, b.id)).toBe(49);
  });

  it('a move the status table forbids: 409 with the same text', async () => {
    const { order } = await placeOne(buyer);
    const partA = await partOf(order.id, A);
    const spec = refusal(await specDoor(sellerA, order.id, 'deliver'));
    const workspace = refusal(await workspaceDoor(sellerA, partA, 'deliver'));
    expect(spec).toEqual({
      status: 409,
      code: 'conflict',
      message: MESSAGES.orders.badTransition('pending', 'delivered'),
    });
    expect(workspace).toEqual(spec);
    expect(await partRow(partA)).toEqual({ status: 'pending', paymentStatus: 'unpaid' });
  });

  it('the same move again is a 200 that changes nothing: no second notice, no second restock', async () => {
    const { order } = await placeOne(buyer);
    const partA = await partOf(order.id, A);
    const partB = await partOf(order.id, B);
    const mailsBefore = await mailsTo(buyer.email);

    // Accepting, shipping, delivering: twice each, at either door.
    for (const step of ['accept', 'ship', 'deliver'] as const) {
      const first = await workspaceDoor(sellerA, partA, step);
      expect(first.status, step).toBe(200);
      const mails = await mailsTo(buyer.email);
      const again = await workspaceDoor(sellerA, partA, step);
      expect(again.status, `${step} again`).toBe(200);
      expect(SellerPartAnswer.parse(again.body).part.status).toBe(STATUS_OF[step]);
      const spec = await specDoor(sellerA, order.id, step);
      expect(spec.status, `${step} again at the spec's door`).toBe(200);
      expect(await mailsTo(buyer.email), `${step} again sends nothing`).toBe(mails);
    }
    // Shipped and delivered: one mail each, however many times they were asked for.
    expect(await mailsTo(buyer.email)).toBe(mailsBefore + 2);

    // Cancelling twice: the stock comes back once, the buyer hears once.
    expect((await specDoor(sellerB, order.id, 'cancel')).status).toBe(200);
    expect(await stockOf(t.database.db, b.id)).toBe(50);
    const mails = await mailsTo(buyer.email);
    const again = refusal(await workspaceDoor(sellerB, partB, 'cancel'));
    expect(again.status).toBe(200);
    expect((await specDoor(sellerB, order.id, 'cancel')).status).toBe(200);
    expect(await stockOf(t.database.db, b.id)).toBe(50);
    expect(await mailsTo(buyer.email)).toBe(mails);
    const seen = OrderAnswer.parse((await call(buyer, 'GET', `/orders/${order.id}`)).body).order;
    expect(seen.sellers.find((s) => s.sellerId === B)?.cancelReason).toBeNull();
  });
});
