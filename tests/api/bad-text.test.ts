import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, carts, users } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../fixtures/app';
import { caller, KINGSTON_ADDRESS, signIn, type Who } from '../fixtures/orders';

/** Issue 12 #10: text that no database column can hold is a 400 naming the field, never a 500. */
let t: TestApp;
let call: ReturnType<typeof caller>;
let buyer: Who;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  buyer = await signIn(t.database.db, 'bad-text@yaad.test', 'Odane Brown');
});
afterAll(() => t?.close());

async function rows() {
  const db = t.database.db;
  const [[a], [u], [c]] = await Promise.all([
    db.select({ n: count() }).from(addresses),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(carts),
  ]);
  return [a.n, u.n, c.n];
}

function expectFieldError(res: { status: number; body: { message?: string; code?: string } }, field: string) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('validation_failed');
  expect(res.body.message).toContain(field);
}

describe('a NUL byte', () => {
  it.each([
    ['/products/abc%00def', 'id'],
    ['/products/subcategories/electronics%00', 'category'],
    ['/seller/stores/x%00/products', 'id'],
    ['/orders/a%00b', 'id'],
    ['/invoice/invoice-pdf/a%00b', 'orderId'],
  ])('in the path %s', async (path, field) => {
    expectFieldError(await call(buyer, 'GET', path), field);
  });

  it.each([
    ['/products?search=lamp%00', 'search'],
    ['/products?category=electronics%00', 'category'],
    ['/products?storeId=a%00', 'storeId'],
    ['/products/best-sellers?subcategory=%00', 'subcategory'],
    ['/products/abc/shipping?parish=Kingston%00', 'parish'],
  ])('in the query %s', async (path, field) => {
    expectFieldError(await call(null, 'GET', path), field);
  });

  it.each([
    ['POST', '/auth/register', { name: 'A\u0000B', email: 'nul@yaad.test', password: 'correct horse 1' }, 'name'],
    ['POST', '/auth/login', { email: 'a\u0000@yaad.test', password: 'x' }, 'email'],
    ['PUT', '/users/profile', { name: 'Nul\u0000' }, 'name'],
    [
      'POST',
      '/users/addresses',
      { label: 'Home', line1: '1 Hope\u0000 Rd', town: 'Kingston', parish: 'Kingston' },
      'line1',
    ],
    ['POST', '/cart/add', { productId: 'p\u0000', quantity: 1 }, 'productId'],
    ['POST', '/cart/shipping-address', { ...KINGSTON_ADDRESS, city: 'K\u0000' }, 'city'],
    ['POST', '/newsletter', { email: 'x\u0000@yaad.test' }, 'email'],
    ['POST', '/orders/place', { paymentMethod: 'cash_on_delivery', customerNotes: 'ring\u0000' }, 'customerNotes'],
  ])('in the body of %s %s', async (method, path, json, field) => {
    const before = await rows();
    expectFieldError(await call(buyer, method, path, json), field);
    expect(await rows()).toEqual(before);
  });

  it('in a nested body field names the whole path', async () => {
    const res = await call(buyer, 'POST', '/cart/sync', { items: [{ productId: 'x', quantity: 1, note: ['\u0000'] }] });
    expectFieldError(res, 'items.0.note.0');
  });
});

const BOOK_ADDRESS = {
  label: 'Home',
  line1: '14 Hope Road',
  town: 'Kingston 6',
  parish: 'St. Andrew',
  country: 'Jamaica',
};

describe('a lone UTF-16 surrogate in address fields', () => {
  // JSON.stringify escapes a lone surrogate as \ud800, which JSON.parse turns back into one.
  it.each(['name', 'street', 'city', 'state', 'zipCode', 'phone', 'country'])(
    'the shipping address %s',
    async (field) => {
      const before = await rows();
      const bad = { ...KINGSTON_ADDRESS, [field]: 'Hope \ud800 Road' };
      expectFieldError(await call(buyer, 'POST', '/cart/shipping-address', bad), field);
      expectFieldError(
        await call(buyer, 'POST', '/orders/place', {
          items: [{ productId: 'x', quantity: 1 }],
          shippingAddress: bad,
          paymentMethod: 'cash_on_delivery',
          shippingSelections: [],
        }),
        `shippingAddress.${field}`,
      );
      expect(await rows()).toEqual(before);
    },
  );

  it.each(['label', 'line1', 'line2', 'town', 'postalZone'])('the address book %s', async (field) => {
    const before = await rows();
    expectFieldError(await call(buyer, 'POST', '/users/addresses', { ...BOOK_ADDRESS, [field]: 'x\udfff' }), field);
    expect(await rows()).toEqual(before);
  });

  it('as a key of the body', async () => {
    const res = await call(buyer, 'PUT', '/users/profile', { name: 'Ok', email: 'ok@yaad.test', '\udc00': 1 });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });
});

describe('a malformed % escape', () => {
  it.each([
    ['/products?category=%E0%A4%A', 'category'],
    ['/products?category=%', 'category'],
    ['/products?search=%ZZ', 'search'],
    ['/products/best-sellers?category=%C0', 'category'],
    ['/products/subcategories/%E0%A4%A', 'category'],
  ])('%s', async (path, field) => {
    expectFieldError(await call(null, 'GET', path), field);
  });

  it('a literal percent sign is text, not an escape', async () => {
    expect((await call(null, 'GET', '/products?search=100%25')).status).toBe(200);
    // "%E0" arrives as the category's text: it names no category, so nothing matches.
    const res = await call(null, 'GET', '/products?category=%25E0');
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual([]);
    expect((await call(null, 'GET', '/products/subcategories/%25E0')).status).toBe(404);
  });
});

describe('names of Object.prototype as a category (found by the fuzzer on PostgreSQL)', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('%s matches nothing', async (name) => {
    const list = await call(null, 'GET', `/products?category=${name}`);
    expect(list.status).toBe(200);
    expect(list.body.products).toEqual([]);
    const best = await call(null, 'GET', `/products/best-sellers?category=${name}&limit=2`);
    expect(best.status).toBe(200);
    expect((await call(null, 'GET', `/products/subcategories/${name}`)).status).toBe(404);
  });
});
