import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { caller, signInOperator, signInSeller, type Who } from '../fixtures/orders';

/*
 * Every seller and operator form's field errors, as the API answers them (issue 24, item 10): each
 * names the field by the label the form shows and says how to put it right, in the words a person
 * would write: no field keys ("compareAtPrice"), no zod texts, no lists of enum values where the
 * form offers a list. The API's error shape stays { message, code, errors: { path: text } }.
 */
const A = 'blue-mountain-roasters';
let t: TestApp;
let call: ReturnType<typeof caller>;
let seller: Who;
let operator: Who;
let productId: string;

const good = (over: Record<string, unknown> = {}) => ({
  name: 'Blue Mountain Peaberry 227g',
  description: 'Small, round beans from the highest slopes.',
  category: 'Other',
  subcategory: 'Miscellaneous',
  price: 24.5,
  compareAtPrice: null,
  stock: 12,
  sku: 'MSG-1',
  tags: ['coffee'],
  images: [],
  ...over,
});

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  seller = await signInSeller(t.database.db, A);
  operator = await signInOperator(t.database.db, 'messages-operator@yaad.test', 'Olive Operator');
  const made = await call(seller, 'POST', '/seller/products', good());
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  productId = made.body.id;
});
afterAll(() => t?.close());

/** Sends a body and answers the field errors, after checking the shape: 400, validation_failed, the message is the first error. */
async function refused(who: Who, method: string, path: string, json: unknown, status = 400) {
  const res = await call(who, method, path, json);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(Object.values(res.body.errors)).toContain(res.body.message);
  return res.body.errors as Record<string, string>;
}

describe('the product editor (new and edit)', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a blank name', { name: '  ' }, 'name', 'Name is required'],
    ['a long name', { name: 'x'.repeat(201) }, 'name', 'Name can have at most 200 characters: shorten it'],
    [
      'a long description',
      { description: 'x'.repeat(5001) },
      'description',
      'Description can have at most 5000 characters: shorten it',
    ],
    ['an unknown category', { category: 'Food' }, 'category', 'Choose a category from the list'],
    ['no subcategory', { subcategory: '' }, 'subcategory', 'Choose a subcategory from the list'],
    [
      'a subcategory of another category',
      { subcategory: 'Laptops' },
      'subcategory',
      'Choose a subcategory of Other: Art, Collectibles, Antiques, Crafts, Miscellaneous',
    ],
    ['no price', { price: undefined }, 'price', 'Price (US$) is required: enter an amount like 1250.00'],
    ['a price as words', { price: 'ten' }, 'price', 'Price (US$) must be an amount like 1250.00'],
    ['a negative price', { price: -1 }, 'price', 'Price (US$) cannot be below 0.00'],
    ['a price of three decimals', { price: 1.234 }, 'price', 'Price (US$) can have at most two decimals, like 1250.00'],
    ['a huge price', { price: 2_000_000 }, 'price', 'Price (US$) can be at most 1,000,000.00'],
    [
      'a compare-at price as words',
      { compareAtPrice: 'more' },
      'compareAtPrice',
      'Compare-at price (US$) must be an amount like 1250.00, or empty when not on sale',
    ],
    [
      'a compare-at price below the price',
      { compareAtPrice: 20 },
      'compareAtPrice',
      'Compare-at price (US$) must be above the price: raise it, or leave it empty when the product is not on sale',
    ],
    ['stock as words', { stock: 'lots' }, 'stock', 'Stock must be a whole number, like 12'],
    ['stock in halves', { stock: 1.5 }, 'stock', 'Stock must be a whole number, like 12'],
    ['negative stock', { stock: -2 }, 'stock', 'Stock cannot be below 0'],
    ['no SKU', { sku: ' ' }, 'sku', 'SKU is required: enter your own code for it, like TEA-1'],
    [
      'a SKU with a space',
      { sku: 'has space' },
      'sku',
      'SKU can only hold letters, digits, dots, dashes and underscores: take out the spaces and other signs',
    ],
    ['a long tag', { tags: ['x'.repeat(41)] }, 'tags.0', 'Each tag can have at most 40 characters: shorten it'],
    [
      'too many tags',
      { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      'tags',
      'Tags can hold at most 20 words: remove some',
    ],
    [
      'a photo from elsewhere',
      { images: ['https://evil.example/x.jpg'] },
      'images.0',
      "Photo 1 is not one of your store's uploads: remove it and upload the photo here",
    ],
    [
      'too many photos',
      { images: Array.from({ length: 11 }, (_, i) => `/uploads/x/${i}.webp`) },
      'images',
      'Photos can hold at most 10 photos: remove some',
    ],
  ];
  for (const [what, over, field, text] of cases)
    it(`refuses ${what} on create and on edit: "${text}"`, async () => {
      const created = await refused(seller, 'POST', '/seller/products', good({ sku: 'MSG-NEW', ...over }));
      expect(created[field]).toBe(text);
      if (over.sku !== undefined || 'price' in over) return; // an edit may leave those out
      const edited = await refused(seller, 'PUT', `/seller/products/${productId}`, over);
      expect(edited[field]).toBe(text);
    });

  it('says which SKU is taken and what to do, and what an empty edit lacks', async () => {
    const clash = await refused(seller, 'POST', '/seller/products', good(), 409);
    expect(clash.sku).toBe('SKU MSG-1 is already used by another of your products: choose another');
    const empty = await call(seller, 'PUT', `/seller/products/${productId}`, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Change at least one field');
  });
});

describe('the bulk edit on the products list', () => {
  const bulk = (items: unknown) => refused(seller, 'POST', '/seller/products/bulk', { items });
  it('names the form’s own fields, New price (US$) and New stock', async () => {
    expect((await bulk([{ id: productId, price: 'five' }]))['items.0.price']).toBe(
      'New price (US$) must be an amount like 1250.00',
    );
    expect((await bulk([{ id: productId, price: 1.999 }]))['items.0.price']).toBe(
      'New price (US$) can have at most two decimals, like 1250.00',
    );
    expect((await bulk([{ id: productId, stock: -1 }]))['items.0.stock']).toBe('New stock cannot be below 0');
    expect((await bulk([{ id: productId, stock: 2.5 }]))['items.0.stock']).toBe(
      'New stock must be a whole number, like 12',
    );
    expect((await bulk([{ id: productId }]))['items.0']).toBe('Enter a new price, a new stock or both');
    expect((await bulk([])).items).toBe('Choose the products to change: tick their boxes');
  });
});

describe('the ship and cancel dialogs', () => {
  const act = (action: string, body: unknown) => refused(seller, 'POST', `/seller/orders/no-such-part/${action}`, body);
  it('asks for the courier and the tracking number by name', async () => {
    expect(await act('ship', { courier: ' ', trackingNumber: '' })).toEqual({
      courier: 'Courier is required: name the courier that carries the parcel',
      trackingNumber: 'Tracking number is required: copy it from the courier’s receipt',
    });
    expect((await act('ship', { courier: 'x'.repeat(81), trackingNumber: 'T1' })).courier).toBe(
      'Courier can have at most 80 characters: shorten it',
    );
    expect((await act('ship', { courier: 'Knutsford', trackingNumber: 'x'.repeat(101) })).trackingNumber).toBe(
      'Tracking number can have at most 100 characters: shorten it',
    );
    expect((await act('cancel', { reason: '' })).reason).toBe(
      'Reason is required: tell the buyer why the order is cancelled',
    );
  });
});

describe('the store’s shipping and payment settings', () => {
  it('names a payment method that is not ticked or unticked by its label', async () => {
    const errors = await refused(seller, 'PUT', '/seller/store', {
      paymentMethods: { cashOnDelivery: 'yes', bankTransfer: false },
    });
    expect(errors['paymentMethods.cashOnDelivery']).toBe('Cash on delivery: tick the box or leave it empty');
  });
});

describe('the review reply and the operators’ review forms', () => {
  it('names Your public reply, Reason for hiding and Note for the action log', async () => {
    expect((await refused(seller, 'PUT', '/reviews/no-such-review/reply', { body: ' ' })).body).toBe(
      'Your public reply is required: write a few words to the reviewer',
    );
    expect((await refused(seller, 'PUT', '/reviews/no-such-review/reply', { body: 'x'.repeat(2001) })).body).toBe(
      'Your public reply can have at most 2000 characters: shorten it',
    );
    expect((await refused(operator, 'POST', '/admin/reviews/no-such-review/hide', { reason: '' })).reason).toBe(
      'Reason for hiding is required: say which rule the review breaks',
    );
    expect(
      (await refused(operator, 'POST', '/admin/reviews/no-such-review/dismiss', { note: 'x'.repeat(501) })).note,
    ).toBe('Note for the action log can have at most 500 characters: shorten it');
  });
});

describe('the operators’ store decisions and newsletter issues', () => {
  it('asks for a reason the owner can read', async () => {
    expect((await refused(operator, 'POST', '/admin/stores/no-such-store/reject', { reason: 'no' })).reason).toBe(
      'Reason needs at least 5 characters',
    );
  });

  it('names the subject and the paragraphs of an issue', async () => {
    const issue = (body: unknown) => refused(operator, 'POST', '/newsletter/issues', body);
    expect((await issue({ subject: ' ', paragraphs: ['Hi'] })).subject).toBe('Subject is required');
    expect((await issue({ subject: 'x'.repeat(151), paragraphs: ['Hi'] })).subject).toBe(
      'Subject can have at most 150 characters: shorten it',
    );
    expect((await issue({ subject: 'News', paragraphs: [] })).paragraphs).toBe(
      'Add at least one paragraph to the issue',
    );
    expect((await issue({ subject: 'News', paragraphs: ['Hi', ' '] }))['paragraphs.1']).toBe(
      'Paragraph 2 is empty: write it or remove it',
    );
    expect((await issue({ subject: 'News', paragraphs: ['x'.repeat(4001)] }))['paragraphs.0']).toBe(
      'Paragraph 1 can have at most 4000 characters: split it in two',
    );
  });
});
