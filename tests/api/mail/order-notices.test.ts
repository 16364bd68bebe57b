import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPart } from '../../../src/lib/contract/orders';
import { formatDollars, formatShipping } from '../../../src/lib/money';
import { mailOutbox } from '../../../src/server/db/schema';
import { SAMPLE_BANK } from '../../../src/server/env';
import { siteLink } from '../../../src/server/mail/templates';
import { type MailHarness, mailHarness } from '../../fixtures/mail';
import {
  A,
  a,
  a2,
  B,
  b,
  buyer,
  call,
  openOrderScene,
  placeOne,
  request,
  sellerA,
  sellerB,
  t,
} from '../../fixtures/order-scene';
import { setProduct } from '../../fixtures/orders';
import type { SinkMail } from '../../fixtures/smtp-sink';

/*
 * The order notices (issue 15), as they arrive at a real SMTP server: the buyer's summary per
 * seller with the totals of the order itself, each seller's new part, shipments with courier and
 * tracking number, deliveries and cancellations.
 */

openOrderScene();
let mail: MailHarness;
beforeAll(async () => {
  mail = await mailHarness(t);
});
afterAll(() => mail?.close());

const storeMail = (store: string) => `hello@${store}.yaad.test`;

/**
 * What a mail shows of one seller's part, computed from the order as the API answers it and
 * written by the shop's money formatter: each line's unit price and total, the shipping, the
 * part's total. The courier is the one the seller named when shipping, else the buyer's choice.
 */
function partRows(part: OrderPart): string[] {
  return [
    ...part.items.map(
      (l) => `${l.quantity} × ${l.productName} (${formatDollars(l.price)} each)  ${formatDollars(l.lineTotal)}`,
    ),
    `Shipping: ${part.shipping.method} (${part.courier ?? part.shipping.provider})  ${formatShipping(part.shippingCost)}`,
    `${part.storeName} total  ${formatDollars(part.total)}`,
  ];
}

/** The mail shows the part's rows, in its text and its HTML, and nothing of the order's other parts. */
function expectPart(mail: SinkMail | undefined, part: OrderPart | undefined, others: OrderPart[] = []) {
  expect(part, 'the part').toBeDefined();
  const { text = '', html = '' } = mail ?? {};
  for (const row of partRows(part as OrderPart)) expect(text).toContain(row);
  for (const l of part?.items ?? []) expect(html).toContain(formatDollars(l.lineTotal));
  expect(html).toContain(formatDollars(part?.total));
  for (const other of others) for (const l of other.items) expect(text).not.toContain(l.productName);
}

/** The order as its buyer reads it now (after a seller's changes). */
const orderNow = async (id: string) =>
  (await call(buyer, 'GET', `/orders/${id}`)).body.order as { sellers: OrderPart[] };
const partOf = (order: { sellers: OrderPart[] }, store: string) => order.sellers.find((s) => s.sellerId === store);

describe('order notices', () => {
  it('placing an order mails the buyer the summary per seller with the totals, and each seller its part', async () => {
    const { order } = await placeOne(buyer);
    await mail.deliver();
    const placed = await mail.sink.waitFor(buyer.email, (m) => m.subject.includes(order.orderNumber));
    expect(placed.subject).toBe(`Your Yaad Market order ${order.orderNumber}`);
    // The order's own figures, formatted by the shop's one money formatter.
    expect(order.subtotal).toBe(84.98);
    for (const [label, dollars] of [
      ['Subtotal', order.subtotal],
      ['Shipping', order.shippingCost],
      ['GCT', order.tax],
      ['Total', order.total],
    ] as const)
      expect(placed.text).toContain(`${label}  ${formatDollars(dollars)}`);
    expect(placed.text).toContain('GCT  US$5.95');
    // Each seller's own GCT (decision 044): the spec's 7% on every part here (TAX_MODE spec).
    for (const part of order.sellers) expect(placed.text).toContain(`GCT (7%)  ${formatDollars(part.tax)}`);
    expect(placed.text).toContain(`2 × ${a.name} (US$12.50 each)  US$25.00`);
    expect(placed.text).toContain(`1 × ${a2.name} (US$9.99 each)  US$9.99`);
    expect(placed.text).toContain(`1 × ${b.name} (US$49.99 each)  US$49.99`);
    for (const part of order.sellers) {
      expect(placed.text).toContain(`From ${part.storeName}`);
      expect(placed.text).toContain(`${part.storeName} total  ${formatDollars(part.total)}`);
    }
    expect(placed.links).toContain(siteLink(`/order/${order.id}`));
    expect(placed.text).toContain(`/api/v1/invoice/invoice-pdf/${order.id}`);
    expect(placed.html).toContain('#065f35'); // the shop's look
    expect(placed.html).toContain(formatDollars(order.total));

    // Each seller: its own part (lines, shipping, its total), not the other's, not the order's total.
    const toA = await mail.sink.waitFor(storeMail(A), (m) => m.subject.includes(order.orderNumber));
    expect(toA.subject).toMatch(/^New order /);
    expectPart(toA, partOf(order, A), [partOf(order, B) as OrderPart]);
    expect(toA.text).not.toContain(b.name); // a seller sees its own part only
    expect(toA.text).toContain('Ship to  Tanisha Campbell, 14 Hope Road, Kingston 6, St. Andrew');
    // How the buyer pays, and a button to this part in the seller's workspace (not the order list).
    expect(toA.text).toContain('Payment  Cash on delivery');
    expect(toA.links).toContain(siteLink(`/dashboard/orders/view/?id=${partOf(order, A)?.partId}`));
    expect(toA.links).not.toContain(siteLink('/dashboard/orders'));
    const toB = await mail.sink.waitFor(storeMail(B), (m) => m.subject.includes(order.orderNumber));
    expectPart(toB, partOf(order, B), [partOf(order, A) as OrderPart]);
    for (const seller of [toA, toB]) expect(seller.text).not.toContain(formatDollars(order.total));
  });

  it("an order paid by bank transfer tells the buyer the marketplace's one account, the total and the reference; its sellers hear nothing yet", async () => {
    const { order } = await placeOne(buyer, { paymentMethod: 'bank_transfer' });
    await mail.deliver();
    const placed = await mail.sink.waitFor(buyer.email, (m) => m.subject.includes(order.orderNumber));
    expect(placed.text).toContain(`quoting ${order.orderNumber} as the reference`);
    for (const value of Object.values(SAMPLE_BANK)) expect(placed.text).toContain(value);
    expect(placed.text).toContain(`Amount  ${formatDollars(order.total)}`);
    expect(placed.text).not.toContain('by bank transfer, quoting');
    // Its sellers are told when the transfer arrives (tests/api/payments/bank-transfers.test.ts).
    const outbox = await t.database.db.select({ to: mailOutbox.to, subject: mailOutbox.subject }).from(mailOutbox);
    expect(outbox.filter((m) => m.subject.includes(order.orderNumber)).map((m) => m.to)).toEqual([buyer.email]);
  });

  it('a part shipped names the courier and tracking number; delivered follows', async () => {
    const { order } = await placeOne(buyer);
    await call(sellerA, 'PUT', `/orders/update-status/${order.id}`, { status: 'processing' });
    await mail.deliver();
    const before = mail.sink.mailsTo(buyer.email).length;
    const ship = await call(sellerA, 'PUT', `/orders/update-status/${order.id}`, {
      status: 'shipped',
      trackingNumber: 'ZM-448812',
    });
    expect(ship.status).toBe(200);
    await mail.deliver();
    // Processing sends nothing; shipped sends one mail.
    expect(mail.sink.mailsTo(buyer.email).length).toBe(before + 1);
    const shipped = mail.sink.mailsTo(buyer.email).at(-1);
    const partA = order.sellers.find((s) => s.sellerId === A);
    expect(shipped?.subject).toBe(`${partA?.storeName} shipped your order ${order.orderNumber}`);
    expect(shipped?.text).toContain('Tracking number  ZM-448812');
    expect(shipped?.text).toContain(`Courier  ${partA?.shipping.provider}`);
    expectPart(shipped, partOf(await orderNow(order.id), A), [partOf(order, B) as OrderPart]);

    await call(sellerA, 'PUT', `/orders/update-status/${order.id}`, { status: 'delivered' });
    await mail.deliver();
    const delivered = mail.sink.mailsTo(buyer.email).at(-1);
    expect(delivered?.subject).toBe(`Delivered: your items from ${partA?.storeName}`);
    expectPart(delivered, partOf(await orderNow(order.id), A), [partOf(order, B) as OrderPart]);
    // Delivered is when the buyer may review: a link to each of this part's products' reviews.
    expect(partA?.items.length).toBeGreaterThan(0);
    for (const item of partA?.items ?? []) {
      const review = `Review ${item.productName}: ${siteLink(`/product/${item.productId}/#reviews`)}`;
      expect(delivered?.text).toContain(review);
      expect(delivered?.html).toContain(siteLink(`/product/${item.productId}/#reviews`));
    }
    for (const item of partOf(order, B)?.items ?? [])
      expect(delivered?.text).not.toContain(`/product/${item.productId}/`);
    // The shipped mail before it invites no review yet.
    expect(shipped?.text).not.toContain('How was it?');
  });

  it("the seller workspace's ship action mails the buyer the courier the seller named and the tracking number", async () => {
    const { order } = await placeOne(buyer);
    const partA = order.sellers.find((s) => s.sellerId === A);
    const partId = partA?.partId as string;
    expect((await call(sellerA, 'POST', `/seller/orders/${partId}/accept`)).status).toBe(200);
    await mail.deliver();
    const before = mail.sink.mailsTo(buyer.email).length;
    const ship = await call(sellerA, 'POST', `/seller/orders/${partId}/ship`, {
      courier: 'Knutsford Express',
      trackingNumber: 'KE-55120',
    });
    expect(ship.status).toBe(200);
    await mail.deliver();
    expect(mail.sink.mailsTo(buyer.email).length).toBe(before + 1);
    const shipped = mail.sink.mailsTo(buyer.email).at(-1);
    expect(shipped?.subject).toBe(`${partA?.storeName} shipped your order ${order.orderNumber}`);
    expect(shipped?.text).toContain('Courier  Knutsford Express');
    expect(shipped?.text).toContain('Tracking number  KE-55120');
    // Knutsford Express has no tracking address we can vouch for (src/lib/tracking.ts): no link.
    expect(shipped?.text).not.toContain('Track the parcel');
  });

  it('a parcel with a courier that has a tracking page: the shipped mail links to it', async () => {
    const { order } = await placeOne(buyer);
    const partId = partOf(order, A)?.partId as string;
    expect((await call(sellerA, 'POST', `/seller/orders/${partId}/accept`)).status).toBe(200);
    const ship = await call(sellerA, 'POST', `/seller/orders/${partId}/ship`, {
      courier: 'DHL Express',
      trackingNumber: '1234567890',
    });
    expect(ship.status).toBe(200);
    await mail.deliver();
    const shipped = mail.sink.mailsTo(buyer.email).at(-1);
    const dhl = 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234567890';
    expect(shipped?.text).toContain(`Track the parcel on the DHL Express site: ${dhl}`);
    expect(shipped?.links).toContain(dhl);
  });

  it('a shipped part given a corrected courier or tracking number mails the buyer the new details, once', async () => {
    const { order } = await placeOne(buyer);
    const partA = order.sellers.find((s) => s.sellerId === A);
    const partId = partA?.partId as string;
    expect((await call(sellerA, 'POST', `/seller/orders/${partId}/accept`)).status).toBe(200);
    const ship = (trackingNumber: string) =>
      call(sellerA, 'POST', `/seller/orders/${partId}/ship`, { courier: 'Knutsford Express', trackingNumber });
    expect((await ship('KE-10001')).status).toBe(200);
    await mail.deliver();
    const before = mail.sink.mailsTo(buyer.email).length;
    // The same details again: nothing new to tell.
    expect((await ship('KE-10001')).status).toBe(200);
    await mail.deliver();
    expect(mail.sink.mailsTo(buyer.email).length).toBe(before);
    expect((await ship('KE-10002')).status).toBe(200);
    await mail.deliver();
    expect(mail.sink.mailsTo(buyer.email).length).toBe(before + 1);
    const corrected = mail.sink.mailsTo(buyer.email).at(-1);
    expect(corrected?.subject).toBe(`New tracking details for your order ${order.orderNumber}`);
    expect(corrected?.text).toContain('Tracking number  KE-10002');
    expect(corrected?.text).toContain('Courier  Knutsford Express');
    expect(corrected?.text).toContain(`${partA?.storeName} corrected how to track`);

    // Through the order's status call as well (its tracking number only).
    const retrack = await call(sellerA, 'PUT', `/orders/update-status/${order.id}`, {
      status: 'shipped',
      trackingNumber: 'KE-10003',
    });
    expect(retrack.status).toBe(200);
    await mail.deliver();
    expect(mail.sink.mailsTo(buyer.email).length).toBe(before + 2);
    expect(mail.sink.mailsTo(buyer.email).at(-1)?.text).toContain('Tracking number  KE-10003');
  });

  it("the seller workspace's deliver and cancel actions mail the buyer the part's amounts, and the seller's reason as text", async () => {
    const { order } = await placeOne(buyer);
    const [partA, partB] = [partOf(order, A), partOf(order, B)] as OrderPart[];
    const act = (who: typeof sellerA, part: OrderPart, action: string, json?: unknown) =>
      call(who, 'POST', `/seller/orders/${part.partId}/${action}`, json);
    expect((await act(sellerA, partA, 'accept')).status).toBe(200);
    expect(
      (await act(sellerA, partA, 'ship', { courier: 'Knutsford Express', trackingNumber: 'KE-7001' })).status,
    ).toBe(200);
    await mail.deliver();
    const before = mail.sink.mailsTo(buyer.email).length;
    const delivered = await act(sellerA, partA, 'deliver');
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    await mail.deliver();
    expect(mail.sink.mailsTo(buyer.email).length).toBe(before + 1);
    const deliveredMail = mail.sink.mailsTo(buyer.email).at(-1);
    expect(deliveredMail?.subject).toBe(`Delivered: your items from ${partA.storeName}`);
    const shippedA = partOf(await orderNow(order.id), A);
    expect(shippedA?.courier).toBe('Knutsford Express'); // the rows name the courier the seller named
    expectPart(deliveredMail, shippedA, [partB]);

    expect((await act(sellerB, partB, 'accept')).status).toBe(200);
    // A reason is the seller's text: markup in it is shown, never obeyed, and its lines are kept.
    const reason = 'The last one was <b>damaged</b> in the shop.\nSorry & thanks.';
    const cancelled = await act(sellerB, partB, 'cancel', { reason });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await mail.deliver();
    expect(mail.sink.mailsTo(buyer.email).length).toBe(before + 2);
    const cancelledMail = mail.sink.mailsTo(buyer.email).at(-1);
    expect(cancelledMail?.subject).toBe(`${partB.storeName} cancelled part of your order ${order.orderNumber}`);
    expectPart(cancelledMail, partB, [partA]);
    expect(cancelledMail?.text).toContain(`Cancelled amount (before tax)  ${formatDollars(partB.total)}`);
    const { text = '', html = '' } = cancelledMail ?? {};
    expect(text).toContain(
      `${partB.storeName} gave this reason:\n\n> The last one was <b>damaged</b> in the shop.\n> Sorry & thanks.`,
    );
    expect(html).toContain(`${partB.storeName} gave this reason:`);
    expect(html).toContain('The last one was &lt;b&gt;damaged&lt;/b&gt; in the shop.\nSorry &amp; thanks.');
    expect(html).not.toContain('<b>damaged</b>');
    // The buyer's order page shows the same reason.
    expect(partOf(await orderNow(order.id), B)?.cancelReason).toBe(reason);
  });

  it("a seller's cancellation tells the buyer which part and how much", async () => {
    const { order } = await placeOne(buyer);
    await call(sellerB, 'PUT', `/orders/update-status/${order.id}`, { status: 'cancelled' });
    await mail.deliver();
    const partB = order.sellers.find((s) => s.sellerId === B);
    // This order's mail: an earlier test's cancellation by the same store went to the same buyer.
    const cancelled = await mail.sink.waitFor(
      buyer.email,
      (m) => m.subject === `${partB?.storeName} cancelled part of your order ${order.orderNumber}`,
    );
    expect(cancelled.text).toContain(`Cancelled amount (before tax)  ${formatDollars(partB?.total)}`);
    expectPart(cancelled, partB, [partOf(order, A) as OrderPart]);
    expect(cancelled.text).not.toContain(a.name);
    // The order's status call asks no reason: the mail invents none.
    expect(cancelled.text).not.toContain('gave this reason');
  });

  it("the buyer's cancellation mails the buyer and every seller", async () => {
    const { order } = await placeOne(buyer);
    await mail.deliver();
    const res = await call(buyer, 'DELETE', `/orders/cancel/${order.id}`);
    expect(res.status).toBe(200);
    await mail.deliver();
    const mine = await mail.sink.waitFor(
      buyer.email,
      (m) => m.subject === `Your order ${order.orderNumber} is cancelled`,
    );
    expect(mine.text).toContain(`Cancelled amount (before tax)  ${formatDollars(order.subtotal + order.shippingCost)}`);
    for (const body of [mine.text, mine.html]) expect(body).not.toContain('gave this reason'); // the buyer's own act
    for (const [store, other] of [
      [A, B],
      [B, A],
    ]) {
      const told = await mail.sink.waitFor(
        storeMail(store),
        (m) => m.subject === `Order ${order.orderNumber} was cancelled by the buyer`,
      );
      expectPart(told, partOf(order, store), [partOf(order, other) as OrderPart]);
    }
  });

  it('a refused order queues no mail: the order and its notices commit together', async () => {
    await mail.deliver();
    const sentBefore = mail.sink.mails.length;
    await setProduct(t.database.db, a.id, { stock: 1 }); // the order wants 2: refused after its lines were checked
    const res = await call(buyer, 'POST', '/orders/place', request());
    expect(res.status).toBe(409);
    expect(await mail.deliver()).toBe(0);
    expect(mail.sink.mails.length).toBe(sentBefore);
  });
});
