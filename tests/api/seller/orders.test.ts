import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OrderAnswer } from '../../../src/lib/contract/orders';
import { SellerPartAnswer, SellerPartList } from '../../../src/lib/contract/seller-orders';
import { MESSAGES } from '../../../src/lib/messages';
import { orderParts, products } from '../../../src/server/db/schema';
import {
  A,
  a,
  a2,
  address,
  B,
  b,
  buyer,
  call,
  openOrderScene,
  placeOne,
  sellerA,
  sellerB,
  stranger,
  t,
} from '../../fixtures/order-scene';
import { stockOf, type Who } from '../../fixtures/orders';
import { pdfText } from '../../fixtures/pdf-text';

/*
 * The seller's orders workspace: /seller/orders lists, reads and acts on this seller's order parts
 * (one per order), along the status table; the packing slip; and what the buyer then sees.
 */

openOrderScene();

/** The id of this seller's part of an order. */
async function partOf(orderId: string, storeId: string): Promise<string> {
  const [part] = await t.database.db
    .select({ id: orderParts.id })
    .from(orderParts)
    .where(and(eq(orderParts.orderId, orderId), eq(orderParts.storeId, storeId)));
  if (!part) throw new Error(`no part of ${storeId} in ${orderId}`);
  return part.id;
}

const list = async (who: Who, query = '') => {
  const res = await call(who, 'GET', `/seller/orders${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SellerPartList.parse(res.body);
};
const detail = async (who: Who, partId: string) => {
  const res = await call(who, 'GET', `/seller/orders/${partId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SellerPartAnswer.parse(res.body).part;
};
const act = (who: Who | null, partId: string, action: string, body?: unknown) =>
  call(who, 'POST', `/seller/orders/${partId}/${action}`, body);
const buyerView = async (orderId: string) =>
  OrderAnswer.parse((await call(buyer, 'GET', `/orders/${orderId}`)).body).order;

describe('GET /seller/orders', () => {
  it('lists only this seller’s parts, newest first, with counts per status', async () => {
    const first = await placeOne(buyer);
    const second = await placeOne(buyer);
    const mine = await list(sellerA);
    expect(mine.parts[0].orderNumber).toBe(second.order.orderNumber);
    expect(mine.parts[1].orderNumber).toBe(first.order.orderNumber);
    const ids = mine.parts.map((p) => p.partId);
    const stores = await t.database.db
      .select({ storeId: orderParts.storeId })
      .from(orderParts)
      .where(inArray(orderParts.id, ids));
    expect(new Set(stores.map((s) => s.storeId))).toEqual(new Set([A]));
    expect(mine.parts[0]).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentMethod: 'cash_on_delivery',
      buyer: { name: 'Shanice Brown', email: buyer.email },
      itemCount: 3,
      total: 41.49,
    });
    expect(mine.counts.pending).toBe(mine.pagination.total);
    const theirs = await list(sellerB);
    expect(theirs.parts[0]).toMatchObject({ orderNumber: second.order.orderNumber, itemCount: 1, total: 55.99 });
    expect(theirs.parts.some((p) => ids.includes(p.partId))).toBe(false);
  });

  it('filters by status, searches by order number and buyer, and pages', async () => {
    const { order } = await placeOne(buyer);
    const other = await placeOne(stranger);
    const partA = await partOf(order.id, A);
    expect((await act(sellerA, partA, 'accept')).status).toBe(200);

    const processing = await list(sellerA, '?status=processing');
    expect(processing.parts.map((p) => p.partId)).toContain(partA);
    expect(processing.parts.every((p) => p.status === 'processing')).toBe(true);
    expect(processing.counts.processing).toBe(processing.pagination.total);

    const byNumber = await list(sellerA, `?q=${order.orderNumber}`);
    expect(byNumber.parts.map((p) => p.partId)).toEqual([partA]);
    const byTail = await list(sellerA, `?q=${order.orderNumber.slice(-6).toLowerCase()}`);
    expect(byTail.parts.map((p) => p.partId)).toEqual([partA]);
    const byName = await list(sellerA, '?q=other%20shop');
    expect(byName.parts.map((p) => p.orderNumber)).toEqual([other.order.orderNumber]);
    const byEmail = await list(sellerA, `?q=${encodeURIComponent(stranger.email.toUpperCase())}`);
    expect(byEmail.parts.map((p) => p.orderNumber)).toEqual([other.order.orderNumber]);
    // The name on the delivery address counts too; LIKE's wildcards are plain characters.
    expect((await list(sellerA, `?q=${encodeURIComponent(address.name)}`)).pagination.total).toBeGreaterThan(0);
    expect((await list(sellerA, '?q=%25')).pagination.total).toBe(0);
    expect((await list(sellerA, '?q=nobody-like-this')).parts).toEqual([]);
    // B does not find A's order by its number... it has its own part of it, which it does find.
    expect((await list(sellerB, `?q=${order.orderNumber}`)).parts[0].partId).not.toBe(partA);

    const all = await list(sellerA);
    const page2 = await list(sellerA, '?limit=1&page=2');
    expect(page2.parts.map((p) => p.partId)).toEqual([all.parts[1].partId]);
    expect(page2.pagination).toEqual({
      page: 2,
      limit: 1,
      total: all.pagination.total,
      totalPages: all.pagination.total,
    });
  });

  it('answers 401 signed out, 403 for a buyer, 400 for a bad query', async () => {
    expect((await call(null, 'GET', '/seller/orders')).status).toBe(401);
    const asBuyer = await call(buyer, 'GET', '/seller/orders');
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body).toMatchObject({ code: 'forbidden', message: MESSAGES.sellerOrders.notSeller });
    for (const q of ['?status=lost', '?limit=0', '?limit=101', '?page=0', `?q=${'x'.repeat(101)}`]) {
      const res = await call(sellerA, 'GET', `/seller/orders${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
  });
});

describe('GET /seller/orders/{partId}', () => {
  it('shows what to pack and where: items with SKU, address and phone, courier, notes, payment, next actions', async () => {
    const { order } = await placeOne(buyer);
    const partId = await partOf(order.id, A);
    const part = await detail(sellerA, partId);
    const skus = await t.database.db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(inArray(products.id, [a.id, a2.id]));
    const sku = new Map(skus.map((s) => [s.id, s.sku]));
    expect(part).toMatchObject({
      partId,
      orderId: order.id,
      orderNumber: order.orderNumber,
      storeId: A,
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentMethod: 'cash_on_delivery',
      buyer: { name: 'Shanice Brown', email: buyer.email },
      shippingAddress: { name: address.name, phone: address.phone, street: address.street, parish: address.parish },
      customerNotes: 'Call when you reach the gate, please.',
      shipping: { provider: 'Zipmail', cost: 6.5 },
      courier: null,
      trackingNumber: null,
      cancelReason: null,
      subtotal: 34.99,
      shippingCost: 6.5,
      total: 41.49,
      actions: ['accept', 'cancel', 'record-payment'],
    });
    expect(part.items.map((i) => [i.productId, i.sku, i.quantity, i.lineTotal])).toEqual([
      [a.id, sku.get(a.id), 2, 25],
      [a2.id, sku.get(a2.id), 1, 9.99],
    ]);
  });

  it('another seller’s part is 404, a buyer 403, signed out 401, an unknown id 404', async () => {
    const { order } = await placeOne(buyer);
    const partId = await partOf(order.id, A);
    const theirs = await call(sellerB, 'GET', `/seller/orders/${partId}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(MESSAGES.sellerOrders.partNotFound);
    expect(JSON.stringify(theirs.body)).not.toContain(order.orderNumber);
    expect((await call(buyer, 'GET', `/seller/orders/${partId}`)).status).toBe(403);
    expect((await call(null, 'GET', `/seller/orders/${partId}`)).status).toBe(401);
    expect((await call(sellerA, 'GET', '/seller/orders/no-such-part')).status).toBe(404);
  });
});

describe('acting on a part', () => {
  it('accept → ship with courier and tracking → deliver, along the status table; the buyer sees it', async () => {
    const { order } = await placeOne(buyer);
    const partId = await partOf(order.id, A);

    let res = await act(sellerA, partId, 'ship', { courier: 'Zipmail', trackingNumber: 'ZM-1' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.orders.badTransition('pending', 'shipped'));
    expect((await act(sellerA, partId, 'deliver')).status).toBe(409);

    res = await act(sellerA, partId, 'accept');
    expect(res.status).toBe(200);
    let part = SellerPartAnswer.parse(res.body).part;
    expect(part).toMatchObject({ status: 'processing', actions: ['ship', 'cancel', 'record-payment'] });
    expect((await buyerView(order.id)).status).toBe('processing');
    // Accepting again is the same move again: it changes nothing (decision 025).
    res = await act(sellerA, partId, 'accept');
    expect(res.status).toBe(200);
    expect(SellerPartAnswer.parse(res.body).part.status).toBe('processing');

    // Courier and tracking number are both required; a refusal changes nothing.
    for (const body of [
      { courier: 'Zipmail' },
      { trackingNumber: 'ZM-1' },
      { courier: ' ', trackingNumber: 'ZM-1' },
      {},
    ]) {
      res = await act(sellerA, partId, 'ship', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await act(sellerA, partId, 'ship')).status).toBe(400);
    expect((await detail(sellerA, partId)).status).toBe('processing');

    res = await act(sellerA, partId, 'ship', { courier: ' Knutsford Express ', trackingNumber: 'KE-445566' });
    expect(res.status).toBe(200);
    part = SellerPartAnswer.parse(res.body).part;
    expect(part).toMatchObject({
      status: 'shipped',
      courier: 'Knutsford Express',
      trackingNumber: 'KE-445566',
      actions: ['deliver', 'record-payment'],
    });
    let seen = await buyerView(order.id);
    const buyerPart = seen.sellers.find((s) => s.sellerId === A);
    expect(buyerPart).toMatchObject({ status: 'shipped', courier: 'Knutsford Express', trackingNumber: 'KE-445566' });
    expect(seen.sellers.find((s) => s.sellerId === B)).toMatchObject({ status: 'pending', courier: null });

    // Marking it shipped again corrects the courier and the tracking number.
    res = await act(sellerA, partId, 'ship', { courier: 'Zipmail', trackingNumber: 'ZM-778812' });
    expect(SellerPartAnswer.parse(res.body).part).toMatchObject({ status: 'shipped', trackingNumber: 'ZM-778812' });

    expect((await act(sellerA, partId, 'cancel', { reason: 'Too late' })).status).toBe(409);
    res = await act(sellerA, partId, 'deliver');
    expect(SellerPartAnswer.parse(res.body).part).toMatchObject({ status: 'delivered', actions: ['record-payment'] });
    seen = await buyerView(order.id);
    expect(seen.sellers.find((s) => s.sellerId === A)).toMatchObject({ status: 'delivered', courier: 'Zipmail' });
    res = await act(sellerA, partId, 'deliver');
    expect(res.status).toBe(200);
    expect(SellerPartAnswer.parse(res.body).part.status).toBe('delivered');
  });

  it('cancel needs a reason, puts this part’s stock back and tells the buyer why', async () => {
    const { order } = await placeOne(buyer);
    const partId = await partOf(order.id, A);
    expect(await stockOf(t.database.db, a.id)).toBe(48);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      expect((await act(sellerA, partId, 'cancel', body)).status).toBe(400);
    }
    expect(await stockOf(t.database.db, a.id)).toBe(48);
    expect((await detail(sellerA, partId)).status).toBe('pending');

    const res = await act(sellerA, partId, 'cancel', { reason: 'The last bag was damaged in the rain.' });
    expect(res.status).toBe(200);
    expect(SellerPartAnswer.parse(res.body).part).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The last bag was damaged in the rain.',
      actions: [],
    });
    expect(await stockOf(t.database.db, a.id)).toBe(50);
    expect(await stockOf(t.database.db, a2.id)).toBe(50);
    expect(await stockOf(t.database.db, b.id)).toBe(49); // B's part is untouched
    const seen = await buyerView(order.id);
    expect(seen.status).toBe('pending');
    expect(seen.sellers.find((s) => s.sellerId === A)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The last bag was damaged in the rain.',
    });
    // Once cancelled: a second cancel changes nothing (the stock is not given back twice, the
    // reason stays), and no payment.
    expect((await act(sellerA, partId, 'cancel', { reason: 'again' })).status).toBe(200);
    expect(await stockOf(t.database.db, a.id)).toBe(50);
    expect((await detail(sellerA, partId)).cancelReason).toBe('The last bag was damaged in the rain.');
    const pay = await act(sellerA, partId, 'payment');
    expect(pay.status).toBe(409);
    expect(pay.body.message).toBe(MESSAGES.orders.cancelledNeedsNoPayment);
  });

  it('records the payment for this part only; again changes nothing', async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'cash_on_delivery' });
    const partId = await partOf(order.id, A);
    let res = await act(sellerA, partId, 'payment');
    expect(res.status).toBe(200);
    expect(SellerPartAnswer.parse(res.body).part).toMatchObject({
      paymentStatus: 'paid',
      actions: ['accept', 'cancel'],
    });
    res = await act(sellerA, partId, 'payment');
    expect(res.status).toBe(200);
    const seen = await buyerView(order.id);
    expect(seen.paymentStatus).toBe('unpaid'); // B has not been paid
    expect(seen.sellers.map((s) => [s.sellerId, s.paymentStatus])).toEqual([
      [A, 'paid'],
      [B, 'unpaid'],
    ]);
    const partB = await partOf(order.id, B);
    await act(sellerB, partB, 'payment');
    expect((await buyerView(order.id)).paymentStatus).toBe('paid');
  });

  it('another seller’s part is 404 and unchanged; a buyer 403; signed out 401; an unknown part 404', async () => {
    const { order } = await placeOne(buyer);
    const partId = await partOf(order.id, A);
    const attempts: [string, unknown][] = [
      ['accept', undefined],
      ['ship', { courier: 'Zipmail', trackingNumber: 'ZM-9' }],
      ['deliver', undefined],
      ['cancel', { reason: 'not mine' }],
      ['payment', undefined],
    ];
    for (const [action, body] of attempts) {
      expect((await act(sellerB, partId, action, body)).status, action).toBe(404);
      expect((await act(buyer, partId, action, body)).status, action).toBe(403);
      expect((await act(stranger, partId, action, body)).status, action).toBe(403);
      expect((await act(null, partId, action, body)).status, action).toBe(401);
      expect((await act(sellerA, 'no-such-part', action, body)).status, action).toBe(404);
    }
    const part = await detail(sellerA, partId);
    expect(part).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', cancelReason: null });
    expect(await stockOf(t.database.db, a.id)).toBe(48);
  });
});

describe('GET /seller/orders/{partId}/packing-slip', () => {
  const slip = (who: Who | null, partId: string) =>
    t.call(`/seller/orders/${partId}/packing-slip`, { headers: who ? { authorization: `Bearer ${who.token}` } : {} });

  it('is a PDF with the ship-to, the courier, each item’s SKU and quantity, and no prices', async () => {
    const { order } = await placeOne(buyer);
    const partId = await partOf(order.id, A);
    await act(sellerA, partId, 'accept');
    await act(sellerA, partId, 'ship', { courier: 'Knutsford Express', trackingNumber: 'KE-PS-2026' });
    const res = await slip(sellerA, partId);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    const part = await detail(sellerA, partId);
    for (const expected of [
      'PACKING SLIP',
      'Blue Mountain Roasters',
      `Order ${order.orderNumber}`,
      address.name,
      address.street,
      address.parish,
      `Tel. ${address.phone}`,
      'Zipmail',
      'Shipped with Knutsford Express',
      'Tracking number KE-PS-2026',
      'Call when you reach the gate, please.',
      '3 items in total',
    ])
      expect(text, expected).toContain(expected);
    for (const item of part.items) {
      const row = text.split('\n').find((line) => line.includes(item.sku as string));
      expect(row, item.sku as string).toBeDefined();
      expect(row?.trim().endsWith(String(item.quantity))).toBe(true);
      expect(text).toContain(item.productName.slice(0, 30));
    }
    expect(text).not.toContain('$');
  });

  it('another seller’s part is 404, a buyer 403, signed out 401', async () => {
    const { order } = await placeOne(buyer);
    const partId = await partOf(order.id, A);
    expect((await slip(sellerB, partId)).status).toBe(404);
    expect((await slip(buyer, partId)).status).toBe(403);
    expect((await slip(null, partId)).status).toBe(401);
  });
});

describe('the API document', () => {
  it('names every seller order call and its method', async () => {
    const doc = (await (await t.call('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const methods = (path: string) => Object.keys(doc.paths[`/api/v1/seller/${path}`] ?? {});
    expect(methods('dashboard')).toEqual(['get']);
    expect(methods('orders')).toEqual(['get']);
    expect(methods('orders/{partId}')).toEqual(['get']);
    expect(methods('orders/{partId}/packing-slip')).toEqual(['get']);
    for (const action of ['accept', 'ship', 'deliver', 'cancel', 'payment'])
      expect(methods(`orders/{partId}/${action}`), action).toEqual(['post']);
  });
});
