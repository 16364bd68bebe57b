import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Review } from '../../../src/lib/contract/reviews';
import { reviewerName } from '../../../src/lib/ratings';
import { stores } from '../../../src/server/db/schema';
import { siteLink } from '../../../src/server/mail/templates';
import { type MailHarness, mailHarness } from '../../fixtures/mail';
import {
  A,
  a,
  B,
  buyer,
  call,
  deliver,
  openOrderScene,
  placeOne,
  sellerA,
  sellerB,
  t,
} from '../../fixtures/order-scene';

/*
 * A store hears of each new review of its products (docs/decisions/018): one mail, queued with the
 * review, with the stars and the words (escaped in the HTML) and the way to reply, to its contact
 * address, else its owner's. Editing a review sends nothing.
 */

openOrderScene();
let mail: MailHarness;
/** The first test's review, which the third one's seller replies to. */
let reviewId: string;
beforeAll(async () => {
  mail = await mailHarness(t);
});
afterAll(() => mail?.close());

describe('review notices', () => {
  it("mails the store each new review of its product, once, and not the review's edits", async () => {
    const { order } = await placeOne(buyer);
    await deliver(sellerA, order.id);
    await deliver(sellerB, order.id);
    await mail.deliver();
    const storeAddress = `hello@${A}.yaad.test`;
    const before = mail.sink.mailsTo(storeAddress).length;

    const written = await call(buyer, 'POST', `/products/${a.id}/reviews`, {
      rating: 4,
      title: 'Rich <b>and</b> smooth',
      body: 'Ground fine.\nWill buy again & again.',
    });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const review = Review.parse(written.body);
    reviewId = review.id;
    await mail.deliver();
    const got = mail.sink.mailsTo(storeAddress).slice(before);
    expect(got).toHaveLength(1);
    const [notice] = got;
    expect(notice.subject).toBe(`New 4-star review of ${a.name}`);
    expect(notice.text).toContain(
      `${review.authorName}, who bought ${a.name} from you, reviewed it: ★★★★☆ (4 out of 5).`,
    );
    expect(review.authorName).toBe(reviewerName('Shanice Brown'));
    expect(notice.text).toContain('> Rich <b>and</b> smooth\n> \n> Ground fine.\n> Will buy again & again.');
    expect(notice.html).toContain('Rich &lt;b&gt;and&lt;/b&gt; smooth');
    expect(notice.html).not.toContain('<b>and</b>');
    expect(notice.text).toContain(`Read and reply: ${siteLink(`/product/${a.id}/#reviews`)}`);

    // An edit is not a new review: nothing more.
    expect((await call(buyer, 'PUT', `/reviews/${review.id}`, { rating: 5 })).status).toBe(200);
    await mail.deliver();
    expect(mail.sink.mailsTo(storeAddress).slice(before)).toHaveLength(1);
  });

  it("goes to the store owner's address when the store has none, and stars only when there are no words", async () => {
    await t.database.db.update(stores).set({ email: null }).where(eq(stores.id, B));
    const { order } = await placeOne(buyer);
    await deliver(sellerB, order.id);
    await mail.deliver();
    const before = mail.sink.mailsTo(sellerB.email).length;
    const product = order.sellers.find((s) => s.sellerId === B)?.items[0];
    expect(product?.productId).toBeTruthy();
    const written = await call(buyer, 'POST', `/products/${product?.productId}/reviews`, { rating: 2 });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    await mail.deliver();
    const [notice] = mail.sink.mailsTo(sellerB.email).slice(before);
    expect(notice?.subject).toBe(`New 2-star review of ${product?.productName}`);
    expect(notice?.text).toContain('★★☆☆☆ (2 out of 5).');
    expect(notice?.text).not.toContain('\n> ');
  });

  it("mails the review's author the seller's first reply, and not its rewordings", async () => {
    const buyerAddress = 'orders-buyer@yaad.test';
    await mail.deliver();
    const before = mail.sink.mailsTo(buyerAddress).length;
    const storeName = (await t.database.db.select({ name: stores.name }).from(stores).where(eq(stores.id, A)))[0].name;
    const reply = 'Thank you <3 & walk good!\nSee you next harvest.';
    expect((await call(sellerA, 'PUT', `/reviews/${reviewId}/reply`, { body: reply })).status).toBe(200);
    await mail.deliver();
    const got = mail.sink.mailsTo(buyerAddress).slice(before);
    expect(got).toHaveLength(1);
    expect(got[0].subject).toBe(`${storeName} replied to your review of ${a.name}`);
    expect(got[0].text).toContain('Hello Shanice,');
    expect(got[0].text).toContain('> Thank you <3 & walk good!\n> See you next harvest.');
    expect(got[0].html).toContain('Thank you &lt;3 &amp; walk good!');
    expect(got[0].text).toContain(`See the reply: ${siteLink(`/product/${a.id}/#reviews`)}`);

    expect((await call(sellerA, 'PUT', `/reviews/${reviewId}/reply`, { body: 'Thank you! Walk good.' })).status).toBe(
      200,
    );
    await mail.deliver();
    expect(mail.sink.mailsTo(buyerAddress).slice(before)).toHaveLength(1);
  });
});
