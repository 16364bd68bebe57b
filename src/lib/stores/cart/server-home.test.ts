import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/app';
import { mockFetch } from '../../../../tests/fixtures/browser';
import { browserOnApi } from '../../../../tests/fixtures/browser-api';
import { cartTab, nextUser, shopProduct, whileSuspended } from '../../../../tests/fixtures/cart';
import { fillCart, signIn, type Who } from '../../../../tests/fixtures/orders';
import type { Product } from '../../contract/catalog';

/*
 * A signed-in shopper's cart, kept by the real API in-process over a real database; `mockFetch`
 * only where the server must fail on purpose.
 */

let t: TestApp;
let buyer: Who;
/** Set per test: 3 in stock at 24.50, and 10 at 38.00. */
let cake: Product;
let coffee: Product;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  buyer = await signIn(t.database.db, 'server-cart@yaad.test', 'Kemar Lewis');
});
afterAll(() => t?.close());

beforeEach(async () => {
  vi.unstubAllGlobals();
  cake = await shopProduct(t, 'yaad-flavours', 24.5, 3);
  coffee = await shopProduct(t, 'blue-mountain-roasters', 38, 10);
});

/** The shopper's tab with these lines in the server cart, loaded. */
async function signedIn(...lines: [Product, number][]) {
  await fillCart(
    t.database.db,
    buyer.id,
    lines.map(([p, quantity]) => ({ productId: p.id, quantity })),
  );
  const c = await cartTab();
  browserOnApi(t, { session: buyer.token });
  const id = nextUser();
  await c.setCartAccount(id);
  return { c, id, api: () => browserOnApi(t, { session: buyer.token }) };
}

describe('server cart', () => {
  it('adds through POST /cart/add and shows the server refusal as it is', async () => {
    const { c, api } = await signedIn();
    const { calls } = api();
    expect(await c.addToCart(cake, 2)).toBe(true);
    expect(calls[0]).toEqual({ method: 'POST', path: '/cart/add', body: { productId: cake.id, quantity: 2 } });
    expect(c.$cartCount.get()).toBe(2);
    expect(await c.addToCart(cake, 4)).toBe(false);
    expect(c.$toast.get()?.description).toBe(`Insufficient stock for "${cake.name}". Available: 3`);
    expect(c.$cartCount.get()).toBe(2);
  });

  it('says "Failed to add item to cart." for any other failure', async () => {
    const { c } = await signedIn();
    mockFetch({ 'POST /cart/add': () => ({ status: 500, json: { message: 'boom', code: 'internal' } }) });
    expect(await c.addToCart(cake)).toBe(false);
    expect(c.$toast.get()).toMatchObject({ title: 'Error', description: 'Failed to add item to cart.' });
  });

  it('updates, removes and clears through the API; a failed update puts the line back', async () => {
    const { c, api } = await signedIn([cake, 1], [coffee, 1]);
    const { calls } = api();
    await c.setQuantity(coffee.id, 5);
    await c.removeFromCart(cake.id);
    expect(c.$toast.get()).toMatchObject({ title: 'Removed from cart' });
    expect(c.$cartCount.get()).toBe(5);
    mockFetch({ 'PUT /cart/update': () => ({ status: 500, json: { message: 'x', code: 'internal' } }) });
    await c.setQuantity(coffee.id, 6);
    expect(c.$cartCount.get()).toBe(5);
    expect(c.$toast.get()?.description).toBe('Failed to update quantity.');
    api();
    await c.clearCart();
    expect(c.$cartCount.get()).toBe(0);
    expect(calls.map((x) => `${x.method} ${x.path}`)).toEqual(['PUT /cart/update', 'DELETE /cart/remove']);
  });

  it('validates the server cart with an empty body and accepts new prices through /cart/refresh', async () => {
    const { c, api } = await signedIn([cake, 1]);
    const { calls } = api();
    await shopProduct(t, 'yaad-flavours', 26, 3);
    expect(await c.validateCart()).toMatchObject({
      valid: false,
      errors: [`Price changed for "${cake.name}". Please refresh your cart`],
    });
    expect(await c.acceptCurrentPrices()).toBe(true);
    expect(c.$cartLines.get()[0]).toMatchObject({ addedPrice: 26, product: { price: 26 } });
    expect(await c.validateCart()).toMatchObject({ valid: true, errors: [] });
    expect(calls.map((x) => [x.path, x.body])).toEqual([
      ['/cart/validate', {}],
      ['/cart/refresh', undefined],
      ['/cart/validate', {}],
    ]);
  });

  it('shows the lines of a store suspended since they were added as unavailable, out of the subtotal', async () => {
    await whileSuspended(t, 'blue-mountain-roasters', async () => {
      const { c } = await signedIn([cake, 1], [coffee, 2]);
      expect(c.$cartLines.get().map((l) => [l.product.id, l.unavailable === true])).toEqual([
        [cake.id, false],
        [coffee.id, true],
      ]);
      expect(c.$cartSubtotalCents.get()).toBe(2450);
      expect(c.$cartCount.get()).toBe(3);
    });
    const { c } = await signedIn([cake, 1], [coffee, 2]);
    expect(c.$cartLines.get().some((l) => l.unavailable)).toBe(false);
    expect(c.$cartSubtotalCents.get()).toBe(2450 + 2 * 3800);
  });

  it("reloads when another of the shopper's tabs changes the cart", async () => {
    const { c, id, api } = await signedIn([cake, 1]);
    const { calls } = api();
    const res = await t.call('/cart/update', {
      method: 'PUT',
      json: { productId: cake.id, quantity: 3 },
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(res.status).toBe(200);
    const otherTab = new BroadcastChannel('yaad-cart');
    otherTab.postMessage({ type: 'changed', signedInAs: id });
    await vi.waitFor(() => expect(c.$cartCount.get()).toBe(3));
    expect(calls.map((x) => x.path)).toEqual(['/cart']);
    otherTab.close();
  });
});
