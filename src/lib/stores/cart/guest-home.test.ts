import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/app';
import { mockFetch } from '../../../../tests/fixtures/browser';
import { browserOnApi } from '../../../../tests/fixtures/browser-api';
import {
  cartTab,
  goneProduct,
  guestLine,
  shopProduct,
  snapshotOf,
  whileSuspended,
} from '../../../../tests/fixtures/cart';
import type { Product } from '../../contract/catalog';

/*
 * A guest's cart: local storage, checked against today's products by the real API in-process;
 * `mockFetch` only where the API must fail on purpose.
 */

let t: TestApp;
/** Set per test: 3 in stock at 24.50, and 10 at 38.00. */
let cake: Product;
let coffee: Product;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

beforeEach(async () => {
  vi.unstubAllGlobals();
  cake = await shopProduct(t, 'yaad-flavours', 24.5, 3);
  coffee = await shopProduct(t, 'blue-mountain-roasters', 38, 10);
});

/** A tab whose calls reach the real API. */
async function guestTab(guest?: unknown) {
  const tab = await cartTab(guest);
  return { ...tab, api: browserOnApi(t) };
}

describe('guest cart', () => {
  it('starts from local storage "yaad-cart"; a corrupt value is discarded', async () => {
    let c = await guestTab([guestLine(cake, 2, 24.5)]);
    expect(c.$cartCount.get()).toBe(2);
    expect(c.$cartSubtotalCents.get()).toBe(4900);
    c = await guestTab('[{"product": 1}]');
    expect(c.$cartLines.get()).toEqual([]);
    expect(c.browser.local.getItem('yaad-cart')).toBeNull();
  });

  it("adds at today's price and stock, stores it, and says so", async () => {
    const c = await guestTab();
    const shown = snapshotOf(cake);
    cake = await shopProduct(t, 'yaad-flavours', 26, 3);
    expect(await c.addToCart(shown, 2)).toBe(true);
    expect(c.$cartLines.get()).toEqual([{ product: snapshotOf(cake), quantity: 2, addedPrice: 26 }]);
    expect(c.guestStorage()).toEqual([{ product: snapshotOf(cake), quantity: 2, addedPrice: 26 }]);
    expect(c.$toast.get()).toMatchObject({
      title: 'Added to cart',
      description: `${cake.name} has been added to your cart.`,
    });
    await c.addToCart(cake);
    expect(c.$cartCount.get()).toBe(3);
  });

  it('adding more of a line keeps the price the shopper first saw, so a price change still shows (issue 12 #15)', async () => {
    const c = await guestTab([guestLine(cake, 1, 24.5)]);
    cake = await shopProduct(t, 'yaad-flavours', 29, 3);
    expect(await c.addToCart(cake, 1)).toBe(true);
    expect(c.$cartLines.get()).toEqual([
      { product: snapshotOf(cake), quantity: 2, addedPrice: 24.5, unavailable: false },
    ]);
  });

  it('refuses to pass the stock, and a product that is gone, with the spec texts', async () => {
    const c = await guestTab();
    await c.addToCart(cake, 3);
    expect(await c.addToCart(cake, 1)).toBe(false);
    expect(c.$toast.get()).toMatchObject({
      title: 'Error',
      variant: 'error',
      description: `Insufficient stock for "${cake.name}". Available: 3`,
    });
    expect(c.$cartCount.get()).toBe(3);
    const gone = goneProduct(coffee);
    expect(await c.addToCart(gone)).toBe(false);
    expect(c.$toast.get()?.description).toBe(`Product "${gone.name}" is no longer available`);
  });

  it('falls back on the snapshot when the API cannot be reached', async () => {
    const c = await cartTab();
    mockFetch({
      [`GET /products/${cake.id}`]: () => ({ status: 503, json: { message: 'down', code: 'unavailable' } }),
    });
    expect(await c.addToCart(snapshotOf(cake), 1)).toBe(true);
    expect(c.$cartCount.get()).toBe(1);
  });

  it('sets quantities, removes at 0 or below, removes and clears, with toasts', async () => {
    const c = await guestTab([guestLine(cake, 1, 24.5), guestLine(coffee, 1, 38)]);
    expect(await c.setQuantity(coffee.id, 4)).toBe(true);
    expect(c.$cartCount.get()).toBe(5);
    expect(await c.setQuantity(cake.id, 4)).toBe(false);
    expect(c.$toast.get()?.description).toBe(`Insufficient stock for "${cake.name}". Available: 3`);
    await c.setQuantity(cake.id, 0);
    expect(c.$cartLines.get().map((l) => l.product.id)).toEqual([coffee.id]);
    expect(c.$toast.get()).toMatchObject({ title: 'Removed from cart' });
    await c.removeFromCart(coffee.id);
    expect(c.$cartLines.get()).toEqual([]);
    expect(c.browser.local.getItem('yaad-cart')).toBeNull();
    await c.addToCart(snapshotOf(coffee));
    await c.clearCart();
    expect(c.$toast.get()).toMatchObject({ title: 'Cart cleared' });
    expect(c.$cartLines.get()).toEqual([]);
  });

  it('follows another tab', async () => {
    const c = await guestTab();
    c.browser.otherTabWrites('yaad-cart', JSON.stringify([guestLine(coffee, 2, 38)]));
    expect(c.$cartCount.get()).toBe(2);
    c.browser.otherTabWrites('yaad-cart', null);
    expect(c.$cartCount.get()).toBe(0);
  });

  it("refreshes snapshots to today's data, keeps the added price, marks gone products", async () => {
    const gone = goneProduct(coffee);
    const c = await guestTab([guestLine(cake, 1, 24.5), guestLine(gone, 1, 38)]);
    await shopProduct(t, 'yaad-flavours', 27, 9);
    expect(await c.refreshCart()).toBe(true);
    expect(c.api.calls[0].path).toBe('/products');
    const [first, second] = c.$cartLines.get();
    expect(first).toMatchObject({ addedPrice: 24.5, product: { price: 27, stock: 9 } });
    expect(c.priceChanged(first)).toBe(true);
    expect(second.unavailable).toBe(true);
    expect(c.$cartSubtotalCents.get()).toBe(2700);
    await c.acceptCurrentPrices();
    expect(c.priceChanged(c.$cartLines.get()[0])).toBe(false);
  });

  it('marks the lines of a store suspended since they were added, and leaves them out of the subtotal', async () => {
    const c = await guestTab([guestLine(cake, 1), guestLine(coffee, 2)]);
    await whileSuspended(t, 'blue-mountain-roasters', async () => {
      expect(await c.refreshCart()).toBe(true);
      expect(c.$cartLines.get().map((l) => [l.product.id, l.unavailable])).toEqual([
        [cake.id, false],
        [coffee.id, true],
      ]);
      expect(c.$cartSubtotalCents.get()).toBe(2450);
    });
    // Reinstated: the next refresh prices it again.
    expect(await c.refreshCart()).toBe(true);
    expect(c.$cartSubtotalCents.get()).toBe(2450 + 2 * 3800);
  });

  it('says "Failed to refresh cart." and keeps the lines when the API cannot be reached', async () => {
    const c = await cartTab([guestLine(cake, 1, 24.5)]);
    mockFetch({ 'GET /products': () => ({ status: 503, json: { message: 'down', code: 'unavailable' } }) });
    expect(await c.refreshCart()).toBe(false);
    expect(c.$toast.get()).toMatchObject({ title: 'Error', description: 'Failed to refresh cart.' });
    expect(c.$cartLines.get()[0].unavailable).toBeUndefined();
  });

  it('validates with the prices the shopper added at', async () => {
    const c = await guestTab([guestLine(cake, 2, 22)]);
    const verdict = await c.validateCart();
    expect(verdict).toMatchObject({
      valid: false,
      errors: [`Price changed for "${cake.name}". Please refresh your cart`],
    });
    expect(c.api.calls[0].body).toEqual({
      items: [{ productId: cake.id, quantity: 2, name: cake.name, price: 22 }],
    });
    expect(c.$cartValidation.get()).toEqual(verdict);
    await c.setQuantity(cake.id, 1);
    expect(c.$cartValidation.get()).toBeNull();
  });

  it('says "Unable to validate cart" when the check cannot run', async () => {
    const c = await cartTab([guestLine(cake, 1, 24.5)]);
    mockFetch({ 'POST /cart/validate': () => ({ status: 500, json: { message: 'x', code: 'internal' } }) });
    expect(await c.validateCart()).toBeNull();
    expect(c.$toast.get()?.description).toBe('Unable to validate cart. Please try again.');
  });
});
