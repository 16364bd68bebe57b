import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CheckoutSummary,
  PrepareAnswer,
  SelectShippingAnswer,
  ShippingOptionsAnswer,
  ShippingValidation,
} from '../../src/lib/contract/checkout';
import { MESSAGES } from '../../src/lib/messages';
import { cartShippingSelections, carts, shippingRateParishes, shippingRates, stores } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../fixtures/app';
import { caller, fillCart, KINGSTON_ADDRESS, productOf, setProduct, signIn, type Who } from '../fixtures/orders';

let t: TestApp;
let call: ReturnType<typeof caller>;
let buyer: Who;
/** Two sellers with different rates to St. Andrew, and one that does not ship to St. Mary. */
const A = 'blue-mountain-roasters';
const B = 'half-way-tree-electronics';
const NO_ST_MARY = 'may-pen-auto-supplies';
let a: { id: string; name: string };
let b: { id: string; name: string };
let c: { id: string; name: string };

async function ratesInDb(storeId: string, parish: string) {
  const rows = await t.database.db
    .select({ id: shippingRates.id, costCents: shippingRates.costCents })
    .from(shippingRates)
    .innerJoin(shippingRateParishes, eq(shippingRateParishes.rateId, shippingRates.id))
    .where(and(eq(shippingRates.storeId, storeId), eq(shippingRateParishes.parish, parish)));
  return new Map(rows.map((r) => [r.id, r.costCents]));
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  const db = t.database.db;
  buyer = await signIn(db, 'checkout-buyer@yaad.test', 'Kemar Lewis');
  a = await productOf(db, A, { priceCents: 1_250, stock: 20 });
  b = await productOf(db, B, { priceCents: 4_999, stock: 20 });
  c = await productOf(db, NO_ST_MARY, { priceCents: 2_000, stock: 5 });
});
afterAll(() => t?.close());

beforeEach(async () => {
  const db = t.database.db;
  await fillCart(db, buyer.id, [
    { productId: a.id, quantity: 2 },
    { productId: b.id, quantity: 1 },
  ]);
  await db.update(carts).set({ shippingAddress: null }).where(eq(carts.userId, buyer.id));
  await setProduct(db, a.id, { priceCents: 1_250, stock: 20 });
  await setProduct(db, b.id, { priceCents: 4_999, stock: 20 });
});

describe('signed out', () => {
  it.each([
    ['POST', '/cart/shipping-address', KINGSTON_ADDRESS],
    ['GET', '/cart/shipping-options', undefined],
    ['POST', '/cart/select-shipping', { sellerId: A, shippingRateId: 'x' }],
    ['GET', '/cart/validate-shipping', undefined],
    ['GET', '/checkout/summary', undefined],
    ['POST', '/checkout/prepare', undefined],
  ])('%s %s answers 401', async (method, path, json) => {
    const res = await call(null, method, path, json);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthorized');
  });
});

describe('POST /cart/shipping-address', () => {
  it('names every missing required field (spec §5)', async () => {
    const res = await call(buyer, 'POST', '/cart/shipping-address', { city: 'Kingston', parish: 'Kingston' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please fill in all required fields: name, street');
    const empty = await call(buyer, 'POST', '/cart/shipping-address', {});
    expect(empty.body.message).toBe(MESSAGES.checkout.requiredFields(['name', 'street', 'city', 'parish']));
    const blank = await call(buyer, 'POST', '/cart/shipping-address', { ...KINGSTON_ADDRESS, name: '   ' });
    expect(blank.body.message).toBe('Please fill in all required fields: name');
  });

  it('accepts only the 14 parishes', async () => {
    const res = await call(buyer, 'POST', '/cart/shipping-address', { ...KINGSTON_ADDRESS, parish: 'Miami-Dade' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/parish must be one of Kingston, St. Andrew/);
  });

  it('accepts a district with no street number; state is the parish, country Jamaica, phone and zip optional', async () => {
    const res = await call(buyer, 'POST', '/cart/shipping-address', {
      name: 'Marcia Reid',
      street: 'Content District',
      city: 'Claremont',
      parish: 'St. Ann',
    });
    expect(res.status).toBe(200);
    expect(res.body.shippingAddress).toEqual({
      name: 'Marcia Reid',
      street: 'Content District',
      city: 'Claremont',
      state: 'St. Ann',
      parish: 'St. Ann',
      country: 'Jamaica',
    });
    const [row] = await t.database.db.select().from(carts).where(eq(carts.userId, buyer.id));
    expect(row.shippingAddress?.street).toBe('Content District');
  });
});

describe('GET /cart/shipping-options', () => {
  it('answers 400 with needsAddress before an address', async () => {
    const res = await call(buyer, 'GET', '/cart/shipping-options');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      needsAddress: true,
      code: 'needs_address',
      message: MESSAGES.checkout.needsAddress,
    });
  });

  it("lists each seller's own rates to the parish, from the database", async () => {
    await call(buyer, 'POST', '/cart/shipping-address', KINGSTON_ADDRESS);
    const res = await call(buyer, 'GET', '/cart/shipping-options');
    expect(res.status).toBe(200);
    const body = ShippingOptionsAnswer.parse(res.body);
    expect(Object.keys(body.shippingOptions)).toEqual([A, B]);
    for (const seller of [A, B]) {
      const inDb = await ratesInDb(seller, 'St. Andrew');
      const offered = body.shippingOptions[seller].rates;
      expect(offered.map((r) => r.id).sort()).toEqual([...inDb.keys()].sort());
      for (const r of offered) {
        expect(Math.round(r.cost * 100)).toBe(inDb.get(r.id));
        expect(r.isFreeShipping).toBe(false);
        expect(r.estimatedDays).toMatch(/business day/);
        expect(r.provider.length).toBeGreaterThan(0);
        expect(r.method.length).toBeGreaterThan(0);
      }
    }
    expect(body.shippingOptions[A]).toMatchObject({ freeShippingThreshold: 75, processingTime: '1-2 business days' });
    expect(body.shippingOptions[A].storeName).toBe('Blue Mountain Roasters');
    expect(body.shippingAddress.parish).toBe('St. Andrew');
  });

  it('marks a seller that does not ship to the parish with "No shipping options available"', async () => {
    await fillCart(t.database.db, buyer.id, [
      { productId: a.id, quantity: 1 },
      { productId: c.id, quantity: 1 },
    ]);
    await call(buyer, 'POST', '/cart/shipping-address', {
      ...KINGSTON_ADDRESS,
      city: 'Port Maria',
      parish: 'St. Mary',
    });
    const body = ShippingOptionsAnswer.parse((await call(buyer, 'GET', '/cart/shipping-options')).body);
    expect(body.shippingOptions[NO_ST_MARY]).toMatchObject({
      rates: [],
      error: 'no_shipping',
      message: MESSAGES.shipping.noneForSeller,
    });
    expect(body.shippingOptions[A].rates.length).toBeGreaterThan(0);
    const validation = ShippingValidation.parse((await call(buyer, 'GET', '/cart/validate-shipping')).body);
    expect(validation.valid).toBe(false);
  });

  it('shows every rate of a seller free once its subtotal reaches the threshold', async () => {
    await fillCart(t.database.db, buyer.id, [{ productId: a.id, quantity: 6 }]); // 6 × 12.50 = 75.00
    await call(buyer, 'POST', '/cart/shipping-address', KINGSTON_ADDRESS);
    const body = ShippingOptionsAnswer.parse((await call(buyer, 'GET', '/cart/shipping-options')).body);
    expect(body.shippingOptions[A].qualifiesForFreeShipping).toBe(true);
    expect(body.shippingOptions[A].rates.length).toBeGreaterThan(0);
    expect(body.shippingOptions[A].rates.every((r) => r.cost === 0 && r.isFreeShipping)).toBe(true);
  });
});

describe('POST /cart/select-shipping and GET /cart/validate-shipping', () => {
  it('needs an address first', async () => {
    const res = await call(buyer, 'POST', '/cart/select-shipping', { sellerId: A, shippingRateId: `${A}--zipmail` });
    expect(res.status).toBe(400);
    expect(res.body.needsAddress).toBe(true);
    const v = ShippingValidation.parse((await call(buyer, 'GET', '/cart/validate-shipping')).body);
    expect(v).toEqual({ valid: false, message: MESSAGES.checkout.incomplete, missingSellers: [A, B] });
  });

  it('refuses a seller not in the cart, a rate of another seller and a rate that does not serve the parish', async () => {
    await call(buyer, 'POST', '/cart/shipping-address', KINGSTON_ADDRESS);
    const other = await call(buyer, 'POST', '/cart/select-shipping', {
      sellerId: 'negril-gems',
      shippingRateId: 'negril-gems--zipmail',
    });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(MESSAGES.checkout.sellerNotInCart);
    const crossed = await call(buyer, 'POST', '/cart/select-shipping', {
      sellerId: A,
      shippingRateId: `${B}--zipmail`,
    });
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toBe(MESSAGES.checkout.rateUnavailable);
    await call(buyer, 'POST', '/cart/shipping-address', {
      ...KINGSTON_ADDRESS,
      city: 'Montego Bay',
      parish: 'St. James',
    });
    const bike = await call(buyer, 'POST', '/cart/select-shipping', {
      sellerId: A,
      shippingRateId: `${A}--bike-courier`,
    });
    expect(bike.status).toBe(400);
    expect(bike.body.message).toBe(MESSAGES.checkout.rateUnavailable);
    const missing = await call(buyer, 'POST', '/cart/select-shipping', { sellerId: A });
    expect(missing.status).toBe(400);
  });

  it('keeps one rate per seller; totals count 5.99 for a seller without one; valid once every seller has one', async () => {
    await call(buyer, 'POST', '/cart/shipping-address', KINGSTON_ADDRESS);
    const first = await call(buyer, 'POST', '/cart/select-shipping', { sellerId: A, shippingRateId: `${A}--zipmail` });
    expect(first.status).toBe(200);
    const one = SelectShippingAnswer.parse(first.body);
    expect(one.shippingSelections).toEqual([{ sellerId: A, shippingRateId: `${A}--zipmail` }]);
    expect(one.totalShipping).toBe(12.49); // 6.50 + 5.99
    // subtotal 25.00 + 49.99 = 74.99; tax round(7499 × 0.07 = 524.93) = 525
    expect(Math.round(one.estimatedTotal * 100)).toBe(7_499 + 1_249 + 525);
    let v = ShippingValidation.parse((await call(buyer, 'GET', '/cart/validate-shipping')).body);
    expect(v).toEqual({
      valid: false,
      message: MESSAGES.checkout.selectFor('Half Way Tree Electronics'),
      missingSellers: [B],
    });

    await call(buyer, 'POST', '/cart/select-shipping', { sellerId: A, shippingRateId: `${A}--bike-courier` });
    const both = SelectShippingAnswer.parse(
      (await call(buyer, 'POST', '/cart/select-shipping', { sellerId: B, shippingRateId: `${B}--knutsford-express` }))
        .body,
    );
    expect(both.shippingSelections).toEqual([
      { sellerId: A, shippingRateId: `${A}--bike-courier` },
      { sellerId: B, shippingRateId: `${B}--knutsford-express` },
    ]);
    expect(both.totalShipping).toBe(10.5); // 5.00 + 5.50
    v = ShippingValidation.parse((await call(buyer, 'GET', '/cart/validate-shipping')).body);
    expect(v).toEqual({ valid: true, message: MESSAGES.checkout.shippingComplete, missingSellers: [] });
    const rows = await t.database.db
      .select()
      .from(cartShippingSelections)
      .where(eq(cartShippingSelections.userId, buyer.id));
    expect(rows).toHaveLength(2);
  });

  it('drops a selection the new parish does not get, keeps the others', async () => {
    await call(buyer, 'POST', '/cart/shipping-address', KINGSTON_ADDRESS);
    await call(buyer, 'POST', '/cart/select-shipping', { sellerId: A, shippingRateId: `${A}--bike-courier` });
    await call(buyer, 'POST', '/cart/select-shipping', { sellerId: B, shippingRateId: `${B}--zipmail` });
    await call(buyer, 'POST', '/cart/shipping-address', {
      ...KINGSTON_ADDRESS,
      city: 'Mandeville',
      parish: 'Manchester',
    });
    const summary = CheckoutSummary.parse((await call(buyer, 'GET', '/checkout/summary')).body);
    expect(summary.shippingSelections).toEqual([{ sellerId: B, shippingRateId: `${B}--zipmail` }]);
    expect(summary.shippingValidation.missingSellers).toEqual([A]);
  });
});

describe('GET /checkout/summary', () => {
  it('groups the cart by seller and prices it: subtotal, shipping, 7% tax rounded once, total', async () => {
    let summary = CheckoutSummary.parse((await call(buyer, 'GET', '/checkout/summary')).body);
    expect(summary.shippingAddress).toBeNull();
    expect(summary.shippingOptions).toEqual({});
    expect(summary.shippingSelections).toEqual([]);
    expect(Object.keys(summary.sellerGroups)).toEqual([A, B]);
    expect(summary.sellerGroups[A]).toMatchObject({ storeName: 'Blue Mountain Roasters', itemCount: 2, subtotal: 25 });
    expect(summary.sellerGroups[B]).toMatchObject({ itemCount: 1, subtotal: 49.99, shippingCost: 5.99 });
    expect(summary.sellerGroups[A].items[0]).toMatchObject({
      productId: a.id,
      quantity: 2,
      price: 12.5,
      lineTotal: 25,
    });
    expect(summary).toMatchObject({ subtotal: 74.99, shippingCost: 11.98, tax: 5.25, taxRate: 0.07, totalItems: 3 });
    expect(summary.totalAmount).toBe(92.22); // 74.99 + 11.98 + 5.25
    expect(summary.shippingValidation).toEqual({
      valid: false,
      message: MESSAGES.checkout.incomplete,
      missingSellers: [A, B],
    });

    await call(buyer, 'POST', '/cart/shipping-address', KINGSTON_ADDRESS);
    await call(buyer, 'POST', '/cart/select-shipping', { sellerId: A, shippingRateId: `${A}--knutsford-express` });
    await call(buyer, 'POST', '/cart/select-shipping', { sellerId: B, shippingRateId: `${B}--bike-courier` });
    summary = CheckoutSummary.parse((await call(buyer, 'GET', '/checkout/summary')).body);
    expect(Object.keys(summary.shippingOptions)).toEqual([A, B]);
    expect(summary.sellerGroups[A].selectedRateId).toBe(`${A}--knutsford-express`);
    expect(summary.shippingCost).toBe(10.5); // 4.50 + 6.00
    expect(Math.round(summary.totalAmount * 100)).toBe(7_499 + 1_050 + 525);
    expect(summary.shippingValidation.valid).toBe(true);
  });

  it('ships a seller free once its subtotal reaches its threshold', async () => {
    await fillCart(t.database.db, buyer.id, [
      { productId: a.id, quantity: 6 },
      { productId: b.id, quantity: 1 },
    ]);
    await call(buyer, 'POST', '/cart/shipping-address', KINGSTON_ADDRESS);
    await call(buyer, 'POST', '/cart/select-shipping', { sellerId: A, shippingRateId: `${A}--zipmail` });
    const summary = CheckoutSummary.parse((await call(buyer, 'GET', '/checkout/summary')).body);
    expect(summary.sellerGroups[A]).toMatchObject({ subtotal: 75, shippingCost: 0, qualifiesForFreeShipping: true });
    expect(summary.sellerGroups[B]).toMatchObject({ shippingCost: 5.99, qualifiesForFreeShipping: false });
  });

  it('says "Cart is empty" for an empty cart', async () => {
    await fillCart(t.database.db, buyer.id, []);
    const summary = CheckoutSummary.parse((await call(buyer, 'GET', '/checkout/summary')).body);
    expect(summary).toMatchObject({ subtotal: 0, shippingCost: 0, tax: 0, totalAmount: 0, totalItems: 0 });
    expect(summary.shippingValidation.message).toBe(MESSAGES.cart.empty);
  });
});

describe('GET /checkout/summary: payment methods (docs/decisions/020)', () => {
  const terms = (id: string, cashOnDelivery: boolean, bankTransfer: boolean) =>
    t.database.db
      .update(stores)
      .set({ acceptsCashOnDelivery: cashOnDelivery, acceptsBankTransfer: bankTransfer })
      .where(eq(stores.id, id));
  // The sample A and B take both; each test changes them and puts them back.
  const restore = async () => {
    await terms(A, true, true);
    await terms(B, true, true);
  };

  it('offers every method the shop takes when every store in the cart takes it; PayPal is shown, not offered', async () => {
    await restore();
    const summary = CheckoutSummary.parse((await call(buyer, 'GET', '/checkout/summary')).body);
    expect(summary.paymentOptions.map((o) => o.method)).toEqual([
      'credit_card',
      'debit_card',
      'paypal',
      'bank_transfer',
      'cash_on_delivery',
    ]);
    const offered = summary.paymentOptions.filter((o) => o.method !== 'paypal');
    expect(offered.every((o) => o.available && o.reason === null && o.notTakenBy.length === 0)).toBe(true);
    expect(summary.paymentOptions.find((o) => o.method === 'paypal')).toEqual({
      method: 'paypal',
      available: false,
      notTakenBy: [],
      reason: 'Not available at this shop yet',
    });
  });

  it('names the stores that do not take cash on delivery; cards and bank transfer (the marketplace’s) stay available', async () => {
    try {
      await terms(A, false, true);
      await terms(B, true, false);
      const summary = CheckoutSummary.parse((await call(buyer, 'GET', '/checkout/summary')).body);
      const option = (m: string) => summary.paymentOptions.find((o) => o.method === m);
      expect(option('cash_on_delivery')).toEqual({
        method: 'cash_on_delivery',
        available: false,
        notTakenBy: [{ sellerId: A, storeName: 'Blue Mountain Roasters' }],
        reason: 'Not taken by Blue Mountain Roasters',
      });
      for (const m of ['credit_card', 'debit_card', 'bank_transfer']) expect(option(m)?.available, m).toBe(true);

      await terms(B, false, false);
      const both = CheckoutSummary.parse((await call(buyer, 'GET', '/checkout/summary')).body);
      expect(both.paymentOptions.find((o) => o.method === 'cash_on_delivery')?.reason).toBe(
        'Not taken by Blue Mountain Roasters and Half Way Tree Electronics',
      );
    } finally {
      await restore();
    }
  });

  it('offers bank transfer whatever a store’s own bank details: the buyer pays the marketplace (decision 034)', async () => {
    const [before] = await t.database.db.select().from(stores).where(eq(stores.id, A));
    try {
      await t.database.db.update(stores).set({ bankDetails: null, acceptsBankTransfer: false }).where(eq(stores.id, A));
      const summary = CheckoutSummary.parse((await call(buyer, 'GET', '/checkout/summary')).body);
      expect(summary.paymentOptions.find((o) => o.method === 'bank_transfer')).toMatchObject({
        available: true,
        notTakenBy: [],
      });
    } finally {
      await t.database.db
        .update(stores)
        .set({ bankDetails: before.bankDetails, acceptsBankTransfer: before.acceptsBankTransfer })
        .where(eq(stores.id, A));
    }
  });
});

describe('POST /checkout/prepare', () => {
  it('checks the cart first (spec §5 texts), then the shipping', async () => {
    await setProduct(t.database.db, b.id, { stock: 0 });
    let res = await call(buyer, 'POST', '/checkout/prepare');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'insufficient_stock', message: MESSAGES.cart.insufficientStock(b.name, 0) });
    await setProduct(t.database.db, b.id, { stock: 20, priceCents: 5_499 });
    res = await call(buyer, 'POST', '/checkout/prepare');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'price_changed', message: MESSAGES.cart.priceChanged(b.name) });
    await setProduct(t.database.db, b.id, { priceCents: 4_999 });
    res = await call(buyer, 'POST', '/checkout/prepare');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.checkout.incomplete);
    await fillCart(t.database.db, buyer.id, []);
    res = await call(buyer, 'POST', '/checkout/prepare');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'bad_request', message: MESSAGES.cart.empty });
  });

  it('answers the order request data once everything is valid', async () => {
    await call(buyer, 'POST', '/cart/shipping-address', KINGSTON_ADDRESS);
    await call(buyer, 'POST', '/cart/select-shipping', { sellerId: A, shippingRateId: `${A}--zipmail` });
    await call(buyer, 'POST', '/cart/select-shipping', { sellerId: B, shippingRateId: `${B}--zipmail` });
    const res = await call(buyer, 'POST', '/checkout/prepare');
    expect(res.status).toBe(200);
    const { checkoutData } = PrepareAnswer.parse(res.body);
    expect(checkoutData.items).toEqual([
      { productId: a.id, variantId: a.id, quantity: 2 },
      { productId: b.id, variantId: b.id, quantity: 1 },
    ]);
    expect(checkoutData.shippingAddress).toMatchObject({ parish: 'St. Andrew', state: 'St. Andrew' });
    expect(checkoutData.shippingSelections).toHaveLength(2);
  });
});

describe('OpenAPI', () => {
  it('documents the checkout, order and invoice routes', async () => {
    const doc = await (await t.call('/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/cart/shipping-address',
        '/api/v1/cart/shipping-options',
        '/api/v1/cart/select-shipping',
        '/api/v1/cart/validate-shipping',
        '/api/v1/checkout/summary',
        '/api/v1/checkout/prepare',
        '/api/v1/orders/place',
        '/api/v1/orders/my-orders',
        '/api/v1/orders/seller',
        '/api/v1/orders/{id}',
        '/api/v1/orders/{id}/invoice',
        '/api/v1/orders/{id}/seller-view',
        '/api/v1/orders/update-status/{id}',
        '/api/v1/orders/cancel/{id}',
        '/api/v1/invoice/invoice-pdf/{orderId}',
      ]),
    );
    expect(doc.components.schemas.CheckoutSummary).toBeDefined();
    expect(doc.components.schemas.CheckoutSummary.properties.paymentOptions).toBeDefined();
    expect(doc.components.schemas.PaymentOption).toBeDefined();
    expect(doc.components.schemas.OrderPart.properties.bankDetails).toBeDefined();
    expect(doc.components.schemas.Order).toBeDefined();
  });
});
