import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/app';
import { mockFetch } from '../../../../tests/fixtures/browser';
import { browserOnApi } from '../../../../tests/fixtures/browser-api';
import { cartTab, guestLine, nextUser, shopProduct } from '../../../../tests/fixtures/cart';
import { fillCart, signIn, type Who } from '../../../../tests/fixtures/orders';
import { users } from '../../../server/db/schema';
import { DEMO_BUYER_EMAIL, DEMO_PASSWORD } from '../../../server/db/seed/sample-catalog';
import type { Product } from '../../contract/catalog';

/*
 * Which home the cart lives in: it follows who is signed in (the signed-in hint), merging a
 * guest cart at sign-in. Against the real API in-process; `mockFetch` only where the server must
 * fail on purpose.
 */

let t: TestApp;
let buyer: Who;
/** Set per test: 3 in stock at 24.50, and 10 at 38.00. */
let cake: Product;
let coffee: Product;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  buyer = await signIn(t.database.db, 'cart-account@yaad.test', 'Kemar Lewis');
});
afterAll(() => t?.close());

beforeEach(async () => {
  vi.unstubAllGlobals();
  cake = await shopProduct(t, 'yaad-flavours', 24.5, 3);
  coffee = await shopProduct(t, 'blue-mountain-roasters', 38, 10);
  await fillCart(t.database.db, buyer.id, []);
});

const serverHolds = (...lines: [Product, number][]) =>
  fillCart(
    t.database.db,
    buyer.id,
    lines.map(([p, quantity]) => ({ productId: p.id, quantity })),
  );
const hint = () => JSON.stringify({ firstName: nextUser() });

describe('signing in', () => {
  it('merges a non-empty guest cart through /cart/sync, clears storage and toasts "Cart Synced"', async () => {
    await serverHolds([coffee, 2]);
    const c = await cartTab([guestLine(cake, 2, 24.5), guestLine(coffee, 1, 38)]);
    const { calls } = browserOnApi(t, { session: buyer.token });
    await c.setCartAccount(nextUser());
    expect(calls.map((x) => `${x.method} ${x.path}`)).toEqual(['POST /cart/sync']);
    expect(calls[0].body).toEqual({
      items: [
        { productId: cake.id, quantity: 2 },
        { productId: coffee.id, quantity: 1 },
      ],
    });
    expect(c.browser.local.getItem('yaad-cart')).toBeNull();
    expect(c.$cartMode.get()).toBe('server');
    expect(c.$cartCount.get()).toBe(5);
    expect(c.$toast.get()).toMatchObject({
      title: 'Cart Synced',
      description: '3 items from this device were added to your cart.',
    });
  });

  it('with an empty guest cart just loads the server cart, without a toast', async () => {
    await serverHolds([coffee, 2]);
    const c = await cartTab();
    const { calls } = browserOnApi(t, { session: buyer.token });
    await c.setCartAccount(nextUser());
    expect(calls.map((x) => `${x.method} ${x.path}`)).toEqual(['GET /cart']);
    expect(c.$cartCount.get()).toBe(2);
    expect(c.$toast.get()).toBeNull();
  });

  it('keeps the guest cart for the next try when the merge fails', async () => {
    const lines = [guestLine(cake, 1, 24.5)];
    const c = await cartTab(lines);
    mockFetch({
      'POST /cart/sync': () => ({ status: 500, json: { message: 'x', code: 'internal' } }),
      'GET /cart': () => ({ json: { items: [], totalItems: 0, subtotal: 0 } }),
    });
    await c.setCartAccount(nextUser());
    expect(c.guestStorage()).toEqual(lines);
    expect(c.$cartStatus.get()).toBe('ready');
  });

  it('shows "Cart Error" when the server cart cannot be loaded', async () => {
    const c = await cartTab([guestLine(cake, 1, 24.5)]);
    mockFetch({});
    await c.setCartAccount(nextUser());
    expect(c.$cartStatus.get()).toBe('error');
    expect(c.$toast.get()).toMatchObject({
      title: 'Cart Error',
      description: 'Could not load your cart. Please refresh the page.',
    });
  });

  it('signing out goes back to the (empty) guest cart', async () => {
    await serverHolds([coffee, 2]);
    const c = await cartTab();
    browserOnApi(t, { session: buyer.token });
    await c.setCartAccount(nextUser());
    expect(c.$cartCount.get()).toBe(2);
    await c.setCartAccount(null);
    expect(c.$cartMode.get()).toBe('guest');
    expect(c.$cartLines.get()).toEqual([]);
  });
});

describe('following the session', () => {
  it('with the sign-in hint, loads the server cart at start-up (loading, never a flash of the guest cart)', async () => {
    await serverHolds([coffee, 2]);
    let calls: { path: string }[] = [];
    const c = await cartTab(undefined, (browser) => {
      browser.local.setItem('yaad-user', hint());
      calls = browserOnApi(t, { session: buyer.token }).calls;
    });
    expect(c.$cartMode.get()).toBe('server');
    await vi.waitFor(() => expect(c.$cartCount.get()).toBe(2));
    expect(c.$cartStatus.get()).toBe('ready');
    expect(calls.map((x) => x.path)).toEqual(['/cart']);
  });

  it('a stale hint (401) falls back to the guest cart', async () => {
    const c = await cartTab([guestLine(cake, 1, 24.5)], (browser) => {
      browser.local.setItem('yaad-user', hint());
      browserOnApi(t);
    });
    await vi.waitFor(() => expect(c.$cartMode.get()).toBe('guest'));
    expect(c.$cartStatus.get()).toBe('ready');
    expect(c.$cartCount.get()).toBe(1);
    expect(c.guestStorage()).toHaveLength(1);
  });

  it('merges on the "yaad:session" event after sign-in, and goes back to guest at sign-out', async () => {
    const c = await cartTab([guestLine(cake, 2, 24.5)]);
    expect(c.$cartMode.get()).toBe('guest');
    const { calls } = browserOnApi(t, { session: buyer.token });
    c.browser.local.setItem('yaad-user', hint());
    globalThis.window.dispatchEvent(new Event('yaad:session'));
    await vi.waitFor(() => expect(c.$toast.get()?.title).toBe('Cart Synced'));
    expect(c.$toast.get()?.description).toBe('2 items from this device were added to your cart.');
    expect(calls.map((x) => x.path)).toEqual(['/cart/sync']);
    expect(c.browser.local.getItem('yaad-cart')).toBeNull();
    c.browser.otherTabWrites('yaad-user', null);
    expect(c.$cartMode.get()).toBe('guest');
    expect(c.$cartCount.get()).toBe(0);
  });

  it('an add after the session ended goes to the guest cart', async () => {
    const session = (await signIn(t.database.db, 'cart-account@yaad.test')).token;
    const c = await cartTab();
    const tab = browserOnApi(t, { session });
    await c.setCartAccount(nextUser());
    await tab.signOutElsewhere();
    expect(await c.addToCart(cake)).toBe(true);
    expect(c.$cartMode.get()).toBe('guest');
    expect(c.guestStorage()).toHaveLength(1);
  });

  it("signing in on the login page: the session store's sessionSettled waits for the merge (LoginForm leaves after it)", async () => {
    const [demo] = await t.database.db.select().from(users).where(eq(users.email, DEMO_BUYER_EMAIL));
    await fillCart(t.database.db, demo.id, []);
    const c = await cartTab([guestLine(cake, 1, 24.5)]);
    browserOnApi(t);
    const session = await import('../session');
    await session.login(DEMO_BUYER_EMAIL, DEMO_PASSWORD);
    await session.sessionSettled();
    expect(c.$toast.get()).toMatchObject({
      title: 'Cart Synced',
      description: '1 item from this device was added to your cart.',
    });
    expect(c.browser.local.getItem('yaad-cart')).toBeNull();
    expect(c.$cartMode.get()).toBe('server');
    expect(c.$cartCount.get()).toBe(1);
  });
});
