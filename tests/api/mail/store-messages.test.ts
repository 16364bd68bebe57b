import { eq } from 'drizzle-orm';
import addressparser from 'nodemailer/lib/addressparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_MESSAGE_TEXT } from '../../../src/lib/contract/store-messages';
import { storeMessages, users } from '../../../src/server/db/schema';
import { DEMO_BUYER_EMAIL, DEMO_OPERATOR_EMAIL } from '../../../src/server/db/seed/sample-catalog';
import { decodeWords } from '../../../src/server/mail/read-eml';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { type MailHarness, mailHarness } from '../../fixtures/mail';
import { caller, fillCart, KINGSTON_ADDRESS, signIn, type Who } from '../../fixtures/orders';
import { storeApplication } from '../../fixtures/store-application';

/* "Contact Seller" (issue 15): kept, mailed to the store with the shopper as Reply-To, limited. */

let t: TestApp;
let call: ReturnType<typeof caller>;
let mail: MailHarness;
let shopper: Who;
const STORE = 'negril-gems';

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  mail = await mailHarness(t);
  shopper = await signIn(t.database.db, DEMO_BUYER_EMAIL); // the demo shopper's address is verified
});
afterAll(async () => {
  await mail?.close();
  await t?.close();
});

const write = (who: Who | null, body: Record<string, unknown>, store = STORE) =>
  call(who, 'POST', `/stores/${store}/messages`, {
    subject: 'Sizing',
    message: 'Does the ring come in size 7?',
    ...body,
  });

/** An order of one unit from `store` by `who`, placed through the API. */
async function placeWith(who: Who, store: string): Promise<{ id: string; orderNumber: string }> {
  const [product] = (await call(null, 'GET', `/seller/stores/${store}/products?limit=1`)).body.products;
  const rates = (await call(null, 'GET', `/products/${product.id}/shipping?parish=St.%20Andrew`)).body.rates;
  await fillCart(t.database.db, who.id, [{ productId: product.id, quantity: 1 }]);
  const placed = await call(who, 'POST', '/orders/place', {
    items: [{ productId: product.id, quantity: 1 }],
    shippingAddress: { ...KINGSTON_ADDRESS, state: 'St. Andrew' },
    paymentMethod: 'cash_on_delivery',
    shippingSelections: [{ sellerId: store, shippingRateId: rates[0].id }],
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.order;
}

describe('POST /stores/{id}/messages', () => {
  it("mails the store's contact address with the shopper as Reply-To, and keeps the message", async () => {
    const res = await write(shopper, {
      subject: 'Ring sizes',
      message: 'Does the larimar ring come in size 7?\nThanks!',
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(STORE_MESSAGE_TEXT.sent('Negril Gems'));
    await mail.deliver();
    const arrived = await mail.sink.waitFor(`hello@${STORE}.yaad.test`);
    expect(arrived.subject).toBe('Ring sizes (from Tanisha Campbell via Yaad Market)');
    expect(arrived.replyTo).toContain(DEMO_BUYER_EMAIL);
    expect(arrived.text).toContain('> Does the larimar ring come in size 7?\n> Thanks!');
    expect(arrived.from).toContain('no-reply@yaadmarket.com');
    const [kept] = await t.database.db.select().from(storeMessages).where(eq(storeMessages.id, res.body.id));
    expect(kept).toMatchObject({ storeId: STORE, senderId: shopper.id, subject: 'Ring sizes' });
  });

  it("names the product it is about, and refuses another store's product", async () => {
    const products = await call(null, 'GET', `/seller/stores/${STORE}/products?limit=1`);
    const product = products.body.products[0];
    const res = await write(shopper, { productId: product.id });
    expect(res.status).toBe(201);
    await mail.deliver();
    expect(mail.sink.mailsTo(`hello@${STORE}.yaad.test`).at(-1)?.text).toContain(`about ${product.name}`);
    const foreign = await write(shopper, { productId: product.id }, 'blue-mountain-roasters');
    expect(foreign.status).toBe(404);
  });

  it('names the order it is about, and reaches the seller on the SMTP server', async () => {
    const order = await placeWith(shopper, STORE);
    const res = await write(shopper, {
      subject: `Order ${order.orderNumber}`,
      message: 'When will my order ship? I am away on Friday.',
      orderNumber: order.orderNumber,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await mail.deliver();
    const arrived = await mail.sink.waitFor(`hello@${STORE}.yaad.test`, (m) =>
      m.subject.startsWith(`Order ${order.orderNumber}`),
    );
    expect(arrived.envelopeTo).toEqual([`hello@${STORE}.yaad.test`]);
    expect(arrived.text).toContain(
      `Tanisha Campbell wrote to Negril Gems through Yaad Market, about order ${order.orderNumber}:`,
    );
    expect(arrived.text).toContain('> When will my order ship? I am away on Friday.');
    expect(arrived.replyTo).toContain(DEMO_BUYER_EMAIL);
    const [kept] = await t.database.db.select().from(storeMessages).where(eq(storeMessages.id, res.body.id));
    expect(kept).toMatchObject({ storeId: STORE, senderId: shopper.id, orderNumber: order.orderNumber });
    // The same order is not about another store.
    const elsewhere = await write(shopper, { orderNumber: order.orderNumber }, 'blue-mountain-roasters');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.errors.orderNumber).toBe(STORE_MESSAGE_TEXT.orderNotFound);
  });

  it("refuses an order that is not the shopper's with this store", async () => {
    const res = await write(shopper, { orderNumber: 'YM-NOT-MINE' });
    expect(res.status).toBe(404);
    expect(res.body.errors.orderNumber).toBe(STORE_MESSAGE_TEXT.orderNotFound);
  });

  it("Reply-To is exactly the shopper's one address, with a name holding a comma and an address kept whole", async () => {
    const name = 'Eve attacker@evil.test, x "quoted" <y@evil.test>';
    const eve = await signIn(t.database.db, 'eve-writer@yaad.test', name);
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, eve.id));
    const res = await write(eve, { subject: 'Comma in my name' });
    expect(res.status).toBe(201);
    await mail.deliver();
    const arrived = await mail.sink.waitFor(`hello@${STORE}.yaad.test`, (m) =>
      m.subject.startsWith('Comma in my name'),
    );
    const header = /^reply-to:(.*(?:\r?\n[ \t].*)*)/im.exec(arrived.raw)?.[1] ?? '';
    const parsed = addressparser(header.replace(/\r?\n[ \t]/g, ' ').trim(), { flatten: true });
    expect(parsed.map((a) => a.address)).toEqual(['eve-writer@yaad.test']);
    expect(decodeWords(parsed[0].name)).toBe(name);
    // The envelope goes to the store alone.
    expect(arrived.envelopeTo).toEqual([`hello@${STORE}.yaad.test`]);
  });

  it('needs a signed-in shopper with a verified address', async () => {
    expect((await write(null, {})).status).toBe(401);
    const unverified = await signIn(t.database.db, 'unverified-writer@yaad.test');
    const res = await write(unverified, {});
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(STORE_MESSAGE_TEXT.verifyFirst);
  });

  it('checks the fields and the store', async () => {
    expect((await write(shopper, { message: 'short' })).status).toBe(400);
    expect((await write(shopper, { subject: '' })).status).toBe(400);
    expect((await write(shopper, {}, 'no-such-store')).status).toBe(404);
  });

  it('refuses a store that is not open (pending, rejected, suspended) with 404, as the catalogue does, and keeps and sends nothing', async () => {
    const operator = await signIn(t.database.db, DEMO_OPERATOR_EMAIL);
    const applicant = await signIn(t.database.db, 'closed-applicant@yaad.test', 'Pat Applicant');
    const applied = await call(applicant, 'POST', '/seller/apply', storeApplication({ name: 'Quiet Cove Crafts' }));
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const pending = applied.body.id;
    const suspended = 'montego-bay-craft-market';
    const suspend = await call(operator, 'POST', `/admin/stores/${suspended}/suspend`, { reason: 'Orders not sent' });
    expect(suspend.status).toBe(200);
    await mail.deliver();
    const sentBefore = mail.sink.mails.length;
    const keptBefore = (await t.database.db.select().from(storeMessages)).length;

    for (const [store, status] of [
      [pending, 'pending'],
      [suspended, 'suspended'],
    ]) {
      const res = await write(shopper, {}, store);
      expect(res.status, status).toBe(404);
      expect(res.body.message).toBe(STORE_MESSAGE_TEXT.storeClosed);
      // The catalogue answers the same for the store itself.
      expect((await call(null, 'GET', `/seller/stores/${store}`)).status).toBe(404);
    }
    const reject = await call(operator, 'POST', `/admin/stores/${pending}/reject`, { reason: 'No photos yet' });
    expect(reject.status).toBe(200);
    expect((await write(shopper, {}, pending)).status).toBe(404);

    await mail.deliver();
    // The rejection's mail to the applicant went; no message did.
    expect(mail.sink.mails.slice(sentBefore).filter((m) => m.subject.startsWith('Sizing'))).toEqual([]);
    expect(await t.database.db.select().from(storeMessages)).toHaveLength(keptBefore);
    // Reinstated, it takes messages again.
    expect((await call(operator, 'POST', `/admin/stores/${suspended}/reinstate`)).status).toBe(200);
    expect((await write(shopper, {}, suspended)).status).toBe(201);
  });

  it('allows 5 messages per shopper within 15 minutes, then 429 and nothing kept or sent', async () => {
    const writer = await signIn(t.database.db, 'busy-writer@yaad.test');
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, writer.id));
    for (let i = 0; i < 5; i++) expect((await write(writer, { subject: `Question ${i}` })).status).toBe(201);
    const sixth = await write(writer, { subject: 'Question 6' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(STORE_MESSAGE_TEXT.tooMany);
    const kept = await t.database.db.select().from(storeMessages).where(eq(storeMessages.senderId, writer.id));
    expect(kept).toHaveLength(5);
  });
});
