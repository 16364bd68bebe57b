import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleLineMessage } from '../../src/lib/contract/single-line';
import { addresses, products, stores, users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../fixtures/app';
import { caller, KINGSTON_ADDRESS, signIn, signInSeller, type Who } from '../fixtures/orders';
import { storeApplication } from '../fixtures/store-application';

/*
 * Issue 24: a single-line name (a person's, a store's, an address line, a title, a courier…)
 * refuses line breaks and every other control character with a 400 that names the field's label,
 * and changes nothing. Multi-line text keeps its line breaks.
 */

let t: TestApp;
let call: ReturnType<typeof caller>;
let buyer: Who;
let seller: Who;
const STORE = 'negril-gems';

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  buyer = await signIn(t.database.db, 'single-line@yaad.test', 'Odane Brown');
  seller = await signInSeller(t.database.db, STORE);
});
afterAll(() => t?.close());

/** LF and CR (header and log injection), TAB, ESC (terminal colours), DEL and a C1 control. */
const BAD = ['Eve\nBcc: x@evil.test', 'Eve\r\nx', 'Eve\tBell', 'Eve\u001b[31m', 'Eve\u007f', 'Eve\u0085x'];

function expectRefused(
  res: { status: number; body: { code?: string; message?: string; errors?: Record<string, string> } },
  field: string,
  label: string,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.code).toBe('validation_failed');
  expect(res.body.errors?.[field]).toBe(singleLineMessage(label));
  expect(res.body.message).toBe(singleLineMessage(label));
}

describe('registration and profile', () => {
  it.each(BAD)('register refuses the name %j and creates no account', async (name) => {
    const email = `bad-name-${BAD.indexOf(name)}@yaad.test`;
    const res = await call(null, 'POST', '/auth/register', { name, email, password: 'correct horse 1' });
    expectRefused(res, 'name', 'Full name');
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it.each(BAD)('profile refuses the name %j and keeps the old one', async (name) => {
    const res = await call(buyer, 'PUT', '/users/profile', { name, email: buyer.email });
    expectRefused(res, 'name', 'Full name');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, buyer.id));
    expect(row.name).toBe('Odane Brown');
  });

  it('profile refuses a line break in the phone number', async () => {
    const res = await call(buyer, 'PUT', '/users/profile', {
      name: 'Odane',
      email: buyer.email,
      phone: '876 555\n0142',
    });
    expectRefused(res, 'phone', 'Phone number');
  });

  it('a line break pasted at an end is trimmed, not refused; a comma is a character like any other', async () => {
    const res = await call(buyer, 'PUT', '/users/profile', { name: 'Brown, Odane\n', email: buyer.email });
    expect(res.status).toBe(200);
    expect(res.body.user.name).toBe('Brown, Odane');
  });
});

describe('stores', () => {
  it.each([
    [{ name: 'Pottery\r\nBcc: x' }, 'name', 'Store name'],
    [{ location: 'Treasure\nBeach' }, 'location', 'Town'],
    [{ phone: '876-555\n0142' }, 'phone', 'Phone'],
    [{ processingTime: '2-4\tdays' }, 'processingTime', 'Processing time'],
  ])('the application refuses %j and opens no store', async (change, field, label) => {
    const applicant = await signIn(t.database.db, `applicant-${field}@yaad.test`, 'Kemar Applicant');
    const res = await call(applicant, 'POST', '/seller/apply', storeApplication(change));
    expectRefused(res, field, label);
    expect(await t.database.db.select().from(stores).where(eq(stores.ownerId, applicant.id))).toHaveLength(0);
  });

  it('the application refuses control characters in a courier and in the bank details', async () => {
    const applicant = await signIn(t.database.db, 'applicant-rates@yaad.test', 'Kemar Applicant');
    const base = storeApplication();
    const rates = base.shippingRates.map((r, i) => (i === 1 ? { ...r, provider: 'Own\u0007van' } : r));
    expectRefused(
      await call(applicant, 'POST', '/seller/apply', { ...base, shippingRates: rates }),
      'shippingRates.1.provider',
      'Courier',
    );
    const bank = {
      ...base.paymentMethods,
      bankDetails: { ...base.paymentMethods.bankDetails, branch: 'Black\nRiver' },
    };
    expectRefused(
      await call(applicant, 'POST', '/seller/apply', { ...base, paymentMethods: bank }),
      'paymentMethods.bankDetails.branch',
      'Branch',
    );
  });

  it('an edit refuses a store name with a line break and keeps the old name; the description keeps its lines', async () => {
    const [before] = await t.database.db.select().from(stores).where(eq(stores.id, STORE));
    expectRefused(await call(seller, 'PUT', '/seller/store', { name: 'Negril\nGems' }), 'name', 'Store name');
    const [after] = await t.database.db.select().from(stores).where(eq(stores.id, STORE));
    expect(after.name).toBe(before.name);
    const description = 'Larimar and silver, made by hand.\nOpen Monday to Saturday.';
    const res = await call(seller, 'PUT', '/seller/store', { description });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.description).toBe(description);
  });
});

describe('addresses, products, couriers, reviews, messages', () => {
  it('the address book refuses a control character in each line, and saves nothing', async () => {
    const book = { label: 'Home', line1: '14 Hope Road', town: 'Kingston 6', parish: 'St. Andrew' };
    for (const [field, label] of [
      ['label', 'Address name'],
      ['line1', 'Address line 1'],
      ['line2', 'Address line 2'],
      ['town', 'Town'],
      ['postalZone', 'Postal zone'],
    ]) {
      expectRefused(await call(buyer, 'POST', '/users/addresses', { ...book, [field]: 'x\ny' }), field, label);
    }
    expect(await t.database.db.select().from(addresses).where(eq(addresses.userId, buyer.id))).toHaveLength(0);
  });

  it('the checkout address refuses a line break in the street', async () => {
    const res = await call(buyer, 'POST', '/cart/shipping-address', { ...KINGSTON_ADDRESS, street: '1 Hope\nRoad' });
    expectRefused(res, 'street', 'Street or district');
  });

  it('placing an order refuses a line break in the shipping address, in the spec\'s "Shipping address:" words', async () => {
    const res = await call(buyer, 'POST', '/orders/place', {
      items: [{ productId: 'any', quantity: 1 }],
      shippingAddress: { ...KINGSTON_ADDRESS, state: 'Kingston', city: 'Kings\nton' },
      paymentMethod: 'cash_on_delivery',
      shippingSelections: [{ sellerId: STORE, shippingRateId: 'any' }],
    });
    expectRefused(res, 'shippingAddress.city', 'Shipping address: city');
  });

  it('a product name refuses a line break; its description keeps its lines', async () => {
    const [product] = await t.database.db.select().from(products).where(eq(products.storeId, STORE)).limit(1);
    expectRefused(
      await call(seller, 'PUT', `/seller/products/${product.id}`, { name: 'Ring\r\nsize 7' }),
      'name',
      'Name',
    );
    const [after] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(after.name).toBe(product.name);
  });

  it('marking a part shipped refuses a line break in the courier and the tracking number', async () => {
    expectRefused(
      await call(seller, 'POST', '/seller/orders/any-part/ship', {
        courier: 'Knutsford\nExpress',
        trackingNumber: 'KE1',
      }),
      'courier',
      'Courier',
    );
    expectRefused(
      await call(seller, 'POST', '/seller/orders/any-part/ship', { courier: 'Knutsford', trackingNumber: 'KE\t1' }),
      'trackingNumber',
      'Tracking number',
    );
  });

  it('a review title refuses a line break', async () => {
    const [product] = await t.database.db.select().from(products).where(eq(products.storeId, STORE)).limit(1);
    const res = await call(buyer, 'POST', `/products/${product.id}/reviews`, { rating: 5, title: 'Great\nring' });
    expectRefused(res, 'title', 'Title');
  });

  it('a message subject refuses a line break; the message keeps its lines', async () => {
    const res = await call(buyer, 'POST', `/stores/${STORE}/messages`, {
      subject: 'Sizes\nBcc: x@evil.test',
      message: 'Does the ring come in size 7?\nThanks!',
    });
    expectRefused(res, 'subject', 'Subject');
  });
});
