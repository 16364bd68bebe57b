import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/app';
import { installBrowser } from '../../../tests/fixtures/browser';
import { browserOnApi } from '../../../tests/fixtures/browser-api';
import { fillCart, KINGSTON_ADDRESS, productOf, setProduct, signIn, type Who } from '../../../tests/fixtures/orders';
import { cartLines, carts, orders, stores } from '../../server/db/schema';
import { MESSAGES } from '../messages';

/*
 * The checkout store against the real API over a real database: what the shopper ends up with
 * (a summary, a saved address, a chosen rate, an order, the spec's texts), not which calls were
 * made, so the store may change how it talks to the server.
 */

const A = 'blue-mountain-roasters';
const B = 'half-way-tree-electronics';
let t: TestApp;
let buyer: Who;
let a: { id: string; name: string };
let b: { id: string; name: string };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const db = t.database.db;
  buyer = await signIn(db, 'checkout-store@yaad.test', 'Kemar Lewis');
  a = await productOf(db, A, { priceCents: 1_250, stock: 20 });
  b = await productOf(db, B, { priceCents: 4_999, stock: 20 });
});
afterAll(() => t?.close());

beforeEach(async () => {
  vi.unstubAllGlobals();
  const db = t.database.db;
  await setProduct(db, a.id, { priceCents: 1_250, stock: 20 });
  await setProduct(db, b.id, { priceCents: 4_999, stock: 20 });
  await fillCart(db, buyer.id, [
    { productId: a.id, quantity: 2 },
    { productId: b.id, quantity: 1 },
  ]);
  await db.update(carts).set({ shippingAddress: null }).where(eq(carts.userId, buyer.id));
});

/** A fresh tab on /checkout (the signed-in shopper's, unless `session` is null), its cart loaded. */
async function checkoutTab(session: string | null = buyer.token) {
  vi.resetModules();
  const browser = installBrowser();
  const history = {
    state: null as unknown,
    replaceState(state: unknown) {
      history.state = state;
    },
  };
  vi.stubGlobal('history', history);
  if (session) browser.local.setItem('yaad-user', JSON.stringify({ firstName: 'Kemar' }));
  const api = browserOnApi(t, { session: session ?? undefined });
  const cart = await import('./cart');
  // The cart loads from the API in the background: on a loaded machine that takes more than waitFor's 1 s default.
  await vi.waitFor(() => expect(cart.$cartStatus.get()).toBe('ready'), { timeout: 10_000 });
  return {
    browser,
    history,
    api,
    cart,
    ...(await import('./checkout')),
    ...(await import('./business-buyer')),
    ...(await import('./toasts')),
  };
}

/** Address saved and the cheapest rate chosen for each seller, as the shopper does on the page. */
async function readyToPlace(tab: Awaited<ReturnType<typeof checkoutTab>>) {
  expect(await tab.saveAddress(KINGSTON_ADDRESS)).toBeNull();
  for (const [sellerId, options] of Object.entries(tab.$summary.get()?.shippingOptions ?? {})) {
    const cheapest = [...options.rates].sort((x, y) => x.cost - y.cost)[0];
    expect(await tab.selectRate(sellerId, cheapest.id)).toBe(true);
  }
}

const serverCartLines = () => t.database.db.select().from(cartLines).where(eq(cartLines.userId, buyer.id));

describe('the summary', () => {
  it('loads one group per seller with its items and totals', async () => {
    const tab = await checkoutTab();
    expect(tab.$summaryStatus.get()).toBe('idle');
    const summary = await tab.loadSummary();
    expect(tab.$summaryStatus.get()).toBe('ready');
    expect(tab.$summary.get()).toEqual(summary);
    expect(Object.keys(summary?.sellerGroups ?? {}).sort()).toEqual([A, B]);
    expect(summary).toMatchObject({ totalItems: 3, subtotal: 74.99, shippingAddress: null });
  });

  it('passes a 401 on (the page sends the shopper to log in)', async () => {
    const tab = await checkoutTab(null);
    await expect(tab.loadSummary()).rejects.toMatchObject({ status: 401 });
  });

  it('says "Failed to get checkout summary" when the server cannot be reached', async () => {
    const tab = await checkoutTab();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    expect(await tab.loadSummary()).toBeNull();
    expect(tab.$summaryStatus.get()).toBe('error');
    expect(tab.$toast.get()).toMatchObject({
      title: MESSAGES.checkout.summaryFailed,
      description: MESSAGES.checkout.loadFailed,
    });
  });
});

describe('address and rates', () => {
  it('names the missing fields without a call, and saves a whole address', async () => {
    const tab = await checkoutTab();
    const before = tab.api.calls.length;
    expect(await tab.saveAddress({ ...KINGSTON_ADDRESS, name: ' ', street: '' })).toBe(
      MESSAGES.checkout.requiredFields(['name', 'street']),
    );
    expect(tab.api.calls.length).toBe(before);
    expect(await tab.saveAddress(KINGSTON_ADDRESS)).toBeNull();
    expect(tab.$summary.get()?.shippingAddress).toMatchObject({ street: '14 Hope Road', parish: 'St. Andrew' });
    expect(Object.keys(tab.$summary.get()?.shippingOptions ?? {}).sort()).toEqual([A, B]);
  });

  it("answers the server's refusal of an address as it is", async () => {
    const tab = await checkoutTab();
    const answer = await tab.saveAddress({ ...KINGSTON_ADDRESS, parish: 'Atlantis' });
    expect(answer).toMatch(/^parish must be one of Kingston, St\. Andrew/);
  });

  it('a summary read still on its way when the shopper picks a courier does not undo the pick', async () => {
    const tab = await checkoutTab();
    await tab.saveAddress(KINGSTON_ADDRESS);
    const group = tab.$summary.get()?.sellerGroups[A];
    const rate = tab.$summary.get()?.shippingOptions[A].rates.find((r) => r.id !== group?.selectedRateId);
    expect(rate, 'a rate not chosen yet').toBeTruthy();
    // The page's read leaves before the pick and is answered after it.
    const real = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let readAnswered = () => {};
    const answered = new Promise<void>((resolve) => {
      readAnswered = resolve;
    });
    let holding = true;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!holding || !url.includes('/checkout/summary')) return real(input, init);
      holding = false;
      const answer = await real(input, init);
      readAnswered();
      await held;
      return answer;
    });
    const reading = tab.loadSummary();
    await answered;
    expect(await tab.selectRate(A, rate?.id ?? '')).toBe(true);
    release();
    await reading;
    expect(tab.$summary.get()?.sellerGroups[A].selectedRateId).toBe(rate?.id);
  });

  it('chooses a rate per seller; a rate the seller does not offer is refused and the choice undone', async () => {
    const tab = await checkoutTab();
    await tab.saveAddress(KINGSTON_ADDRESS);
    const rate = tab.$summary.get()?.shippingOptions[A].rates[0];
    expect(await tab.selectRate(A, rate?.id ?? '')).toBe(true);
    expect(tab.$summary.get()?.sellerGroups[A].selectedRateId).toBe(rate?.id);
    const otherSellers = tab.$summary.get()?.shippingOptions[B].rates[0];
    expect(await tab.selectRate(A, otherSellers?.id ?? '')).toBe(false);
    expect(tab.$summary.get()?.sellerGroups[A].selectedRateId).toBe(rate?.id);
    expect(tab.$toast.get()).toMatchObject({ title: MESSAGES.shipping.selectFailed, variant: 'error' });
  });
});

describe('placing the order', () => {
  it('asks for the shipping information first', async () => {
    const tab = await checkoutTab();
    await tab.loadSummary();
    expect(await tab.placeOrder()).toEqual({ ok: false, problems: [MESSAGES.checkout.incompleteBeforePlacing] });
    expect(tab.$checkoutProblems.get()).toEqual([MESSAGES.checkout.incompleteBeforePlacing]);
  });

  it('places it: the confirmation is handed over, the cart is empty, "Order placed" shows', async () => {
    const tab = await checkoutTab();
    await readyToPlace(tab);
    tab.$paymentMethod.set('cash_on_delivery');
    tab.$orderNotes.set('  Gate code 1234  ');
    const result = await tab.placeOrder();
    if (!result.ok) throw new Error(`not placed: ${result.problems.join('; ')}`);
    const { order } = result.confirmation;
    expect(order).toMatchObject({ paymentMethod: 'cash_on_delivery', customerNotes: 'Gate code 1234' });
    expect(order.items.map((i) => [i.productId, i.quantity]).sort()).toEqual(
      [
        [a.id, 2],
        [b.id, 1],
      ].sort(),
    );
    expect(tab.$toast.get()).toMatchObject({
      title: MESSAGES.checkout.placedTitle,
      description: `Order ${order.orderNumber} is confirmed.`,
    });
    expect(await serverCartLines()).toEqual([]);
    expect(tab.cart.$cartCount.get()).toBe(0);
    expect(tab.$placing.get()).toBe(false);

    // /order-confirmation takes it once from session storage into its history entry.
    expect(tab.takeConfirmation()?.order.id).toBe(order.id);
    expect(tab.browser.session.getItem(tab.CONFIRMATION_KEY)).toBeNull();
    expect(tab.takeConfirmation()?.order.id).toBe(order.id);
  });

  it('a business buyer: a bad TRN stops at its field and nothing is sent; a good one goes with the order', async () => {
    const tab = await checkoutTab();
    await readyToPlace(tab);
    tab.$paymentMethod.set('cash_on_delivery');
    const before = (await t.database.db.select().from(orders)).length;
    tab.editBusinessBuyer({ open: true, trn: '123-456-78', businessName: 'Lewis Hardware' });
    const refused = await tab.placeOrder();
    expect(refused).toEqual({ ok: false, problems: ['Business TRN must be nine digits, like 123-456-789'] });
    expect(tab.$businessBuyerErrors.get()).toEqual({ trn: 'Business TRN must be nine digits, like 123-456-789' });
    expect((await t.database.db.select().from(orders)).length).toBe(before);
    expect(tab.$checkoutProblems.get()).toEqual(['Business TRN must be nine digits, like 123-456-789']);
    // Typing in the field clears its error, and the same line above Place Order.
    tab.editBusinessBuyer({ trn: '123 456 789' });
    expect(tab.$businessBuyerErrors.get()).toEqual({});
    expect(tab.$checkoutProblems.get()).toEqual([]);
    const placed = await tab.placeOrder();
    if (!placed.ok) throw new Error(`not placed: ${placed.problems.join('; ')}`);
    expect(placed.confirmation.order.buyerTaxId).toEqual({ trn: '123456789', businessName: 'Lewis Hardware' });
  });

  it('a business buyer’s fields closed again are not sent', async () => {
    const tab = await checkoutTab();
    await readyToPlace(tab);
    tab.$paymentMethod.set('cash_on_delivery');
    tab.editBusinessBuyer({ open: true, trn: 'not a trn' });
    tab.editBusinessBuyer({ open: false });
    const placed = await tab.placeOrder();
    if (!placed.ok) throw new Error(`not placed: ${placed.problems.join('; ')}`);
    expect(placed.confirmation.order.buyerTaxId).toBeNull();
  });

  it('stops at a price that changed, and places at the new price once the shopper accepts it', async () => {
    const tab = await checkoutTab();
    await readyToPlace(tab);
    await setProduct(t.database.db, a.id, { priceCents: 1_400 });
    const refused = await tab.placeOrder();
    expect(refused.ok).toBe(false);
    expect(tab.$checkoutProblems.get()).toEqual([`Price changed for "${a.name}". Please refresh your cart`]);
    expect((await serverCartLines()).length).toBe(2);

    expect(await tab.refreshPrices()).toBe(true);
    expect(tab.$checkoutProblems.get()).toEqual([]);
    expect(tab.$summary.get()?.subtotal).toBe(77.99);
    const placed = await tab.placeOrder();
    expect(placed.ok).toBe(true);
  });

  it('stops at stock that ran out, with the spec text', async () => {
    const tab = await checkoutTab();
    await readyToPlace(tab);
    await setProduct(t.database.db, b.id, { stock: 0 });
    const refused = await tab.placeOrder();
    expect(refused).toEqual({ ok: false, problems: tab.$checkoutProblems.get() });
    expect(tab.$checkoutProblems.get().join(' ')).toContain(b.name);
    expect((await serverCartLines()).length).toBe(2);
  });
});

describe('the confirmation', () => {
  it('is none in a fresh tab', async () => {
    const tab = await checkoutTab();
    expect(tab.takeConfirmation()).toBeNull();
  });
});

describe('payment methods the stores take (docs/decisions/020)', () => {
  const takesCash = (cashOnDelivery: boolean) =>
    t.database.db.update(stores).set({ acceptsCashOnDelivery: cashOnDelivery }).where(eq(stores.id, A));

  it('moves a choice that is no longer available to a card, and says why', async () => {
    try {
      const tab = await checkoutTab();
      await readyToPlace(tab);
      tab.choosePaymentMethod('cash_on_delivery');
      expect(tab.$paymentNotice.get()).toBeNull();
      await takesCash(false);
      await tab.loadSummary();
      expect(tab.$paymentMethod.get()).toBe('credit_card');
      expect(tab.$paymentNotice.get()).toBe(MESSAGES.checkout.paymentSwitched('Cash on delivery', 'Credit card'));
      const cash = tab.$summary.get()?.paymentOptions.find((o) => o.method === 'cash_on_delivery');
      expect(cash).toMatchObject({ available: false, reason: 'Not taken by Blue Mountain Roasters' });
      tab.choosePaymentMethod('paypal');
      expect(tab.$paymentNotice.get()).toBeNull();
    } finally {
      await takesCash(true);
    }
  });

  it("shows the server's refusal when a store stopped taking the method after the summary loaded", async () => {
    try {
      const tab = await checkoutTab();
      await readyToPlace(tab);
      tab.choosePaymentMethod('cash_on_delivery');
      await takesCash(false);
      const message = MESSAGES.checkout.paymentNotTaken(['Blue Mountain Roasters'], 'Cash on delivery');
      expect(await tab.placeOrder()).toEqual({ ok: false, problems: [message] });
      expect(tab.$checkoutProblems.get()).toEqual([message]);
      // The summary was read again: the method moved to a card, so placing again works.
      expect(tab.$paymentMethod.get()).toBe('credit_card');
      expect((await serverCartLines()).length).toBe(2);
      const placed = await tab.placeOrder();
      expect(placed.ok).toBe(true);
    } finally {
      await takesCash(true);
    }
  });
});
