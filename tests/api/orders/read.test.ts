import { describe, expect, it } from 'vitest';
import { MyOrders, OrderAnswer, SellerOrderAnswer, SellerOrders } from '../../../src/lib/contract/orders';
import { MESSAGES } from '../../../src/lib/messages';
import {
  A,
  B,
  b,
  buyer,
  call,
  openOrderScene,
  placeOne,
  sellerA,
  sellerB,
  sellerD,
  stranger,
} from '../../fixtures/order-scene';

/* Reading orders: the buyer's own, and a seller's (only its own parts). */

openOrderScene();

describe('reading orders', () => {
  it('GET /orders/my-orders lists only the shopper’s orders, newest first', async () => {
    const first = await placeOne(buyer);
    const second = await placeOne(buyer);
    const mine = MyOrders.parse((await call(buyer, 'GET', '/orders/my-orders')).body);
    expect(mine.success).toBe(true);
    expect(mine.data[0].id).toBe(second.order.id);
    expect(mine.data[1].id).toBe(first.order.id);
    expect(mine.data.every((o) => o.buyer.id === buyer.id)).toBe(true);
    const theirs = MyOrders.parse((await call(stranger, 'GET', '/orders/my-orders')).body);
    expect(theirs.data.some((o) => o.id === first.order.id)).toBe(false);
    expect((await call(null, 'GET', '/orders/my-orders')).status).toBe(401);
  });

  it('GET /orders/{id}: the buyer reads it; another shopper gets 403; unknown is 404', async () => {
    const { order } = await placeOne(buyer);
    const mine = await call(buyer, 'GET', `/orders/${order.id}`);
    expect(mine.status).toBe(200);
    expect(OrderAnswer.parse(mine.body).order).toEqual(order);
    const theirs = await call(stranger, 'GET', `/orders/${order.id}`);
    expect(theirs.status).toBe(403);
    expect(theirs.body).toMatchObject({ code: 'forbidden', message: MESSAGES.orders.accessDeniedDetail });
    expect(JSON.stringify(theirs.body)).not.toContain(order.orderNumber);
    const seller = await call(sellerA, 'GET', `/orders/${order.id}`);
    expect(seller.status).toBe(403);
    const missing = await call(buyer, 'GET', '/orders/00000000-0000-0000-0000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(MESSAGES.orders.notFound);
    expect((await call(null, 'GET', `/orders/${order.id}`)).status).toBe(401);
  });
});

describe('sellers', () => {
  it('GET /orders/seller lists only the parts with this seller’s products', async () => {
    const { order } = await placeOne(buyer);
    const listA = SellerOrders.parse((await call(sellerA, 'GET', '/orders/seller')).body);
    const seenA = listA.orders.find((o) => o.id === order.id);
    expect(seenA?.parts.map((p) => p.sellerId)).toEqual([A]);
    expect(seenA?.parts[0].items.every((i) => i.sellerId === A)).toBe(true);
    expect(seenA).toMatchObject({ subtotal: 34.99, shippingCost: 6.5, total: 41.49, buyer: { name: 'Shanice Brown' } });
    expect(JSON.stringify(seenA)).not.toContain(b.id);
    expect(listA.orders.every((o) => o.parts.every((p) => p.sellerId === A))).toBe(true);
    const listB = SellerOrders.parse((await call(sellerB, 'GET', '/orders/seller')).body);
    expect(listB.orders.find((o) => o.id === order.id)?.parts.map((p) => p.sellerId)).toEqual([B]);
    const listD = SellerOrders.parse((await call(sellerD, 'GET', '/orders/seller')).body);
    expect(listD.orders.some((o) => o.id === order.id)).toBe(false);
    const shopper = await call(buyer, 'GET', '/orders/seller');
    expect(shopper.status).toBe(403);
    expect(shopper.body.message).toBe(MESSAGES.sellerOrders.notSeller);
  });

  it('GET /orders/{id}/seller-view shows the seller its own part; another seller 404, a buyer 403', async () => {
    const { order } = await placeOne(buyer);
    const view = await call(sellerB, 'GET', `/orders/${order.id}/seller-view`);
    expect(view.status).toBe(200);
    const seen = SellerOrderAnswer.parse(view.body).order;
    expect(seen.parts.map((p) => p.sellerId)).toEqual([B]);
    expect(seen.nextStatuses[seen.parts[0].partId]).toEqual(['processing', 'cancelled']);
    expect(seen.shippingAddress.street).toBe('14 Hope Road');
    // Another seller cannot tell this order from one that does not exist (decision 025).
    const other = await call(sellerD, 'GET', `/orders/${order.id}/seller-view`);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(MESSAGES.orders.notFound);
    expect((await call(buyer, 'GET', `/orders/${order.id}/seller-view`)).status).toBe(403);
    expect((await call(sellerA, 'GET', '/orders/nope/seller-view')).status).toBe(404);
  });
});
