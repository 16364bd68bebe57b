import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowser, mockFetch } from '../../../tests/fixtures/browser';
import type { Cart } from '../contract/cart';
import type { Product } from '../contract/catalog';

const store = { id: 'tastee', name: 'Tastee Treats', logo: null, verified: true, location: 'Kingston', user_id: null };
const product = (id: string, name: string, price: number, stock: number): Product => ({
  id,
  name,
  description: `${name}, made in Jamaica.`,
  price,
  compareAtPrice: null,
  discounted: false,
  images: [`/media/products/${id}.svg`],
  category: 'Other',
  subcategory: 'Crafts',
  stock,
  store,
  rating: 4.5,
  reviewCount: 3,
  tags: [],
  createdAt: '2026-10-01T00:00:00.000Z',
  salesCount: 0,
  sku: id.toUpperCase(),
});
const cake = product('rum-cake', 'Jamaican Rum Cake', 24.5, 3);
const coffee = product('coffee', 'Blue Mountain Coffee', 38, 10);
const snapshotOf = (p: Product) => ({
  id: p.id,
  name: p.name,
  price: p.price,
  images: p.images,
  stock: p.stock,
  category: p.category,
  store: p.store,
});
const serverCart = (...lines: [Product, number][]): Cart => ({
  items: lines.map(([p, quantity]) => ({
    product: { ...p, image: p.images[0] ?? null, store: { ...p.store, email: 'hello@tastee.yaad.test' } },
    quantity,
    addedPrice: p.price,
  })),
  totalItems: lines.reduce((n, [, q]) => n + q, 0),
  subtotal: lines.reduce((s, [p, q]) => s + p.price * q, 0),
});

let browser: ReturnType<typeof installBrowser>;
let user = 0;
/** A different shopper id per test, so earlier tests' tabs (still listening on the channel) stay out. */
const nextUser = () => `user-${++user}`;

async function load(guest?: unknown, before?: () => void) {
  vi.resetModules();
  browser = installBrowser();
  if (guest !== undefined)
    browser.local.setItem('yaad-cart', typeof guest === 'string' ? guest : JSON.stringify(guest));
  before?.();
  return { ...(await import('./cart')), ...(await import('./toasts')) };
}
const guestStorage = () => JSON.parse(browser.local.getItem('yaad-cart') ?? 'null');
const live = (...products: Product[]) =>
  Object.fromEntries(products.map((p) => [`GET /products/${p.id}`, () => ({ json: p })]));

beforeEach(() => vi.unstubAllGlobals());

describe('guest cart', () => {
  it('starts from local storage "yaad-cart"; a corrupt value is discarded', async () => {
    let c = await load([{ product: snapshotOf(cake), quantity: 2, addedPrice: 24.5 }]);
    expect(c.$cartCount.get()).toBe(2);
    expect(c.$cartSubtotalCents.get()).toBe(4900);
    c = await load('[{"product": 1}]');
    expect(c.$cartLines.get()).toEqual([]);
    expect(browser.local.getItem('yaad-cart')).toBeNull();
  });

  it("adds at today's price and stock, stores it, and says so", async () => {
    const c = await load();
    mockFetch(live({ ...cake, price: 26 }));
    expect(await c.addToCart(snapshotOf(cake), 2)).toBe(true);
    expect(c.$cartLines.get()).toEqual([{ product: { ...snapshotOf(cake), price: 26 }, quantity: 2, addedPrice: 26 }]);
    expect(guestStorage()).toEqual([{ product: { ...snapshotOf(cake), price: 26 }, quantity: 2, addedPrice: 26 }]);
    expect(c.$toast.get()).toMatchObject({
      title: 'Added to cart',
      description: 'Jamaican Rum Cake has been added to your cart.',
    });
    await c.addToCart(cake);
    expect(c.$cartCount.get()).toBe(3);
  });

  it('adding more of a line keeps the price the shopper first saw, so a price change still shows (issue 12 #15)', async () => {
    const c = await load([{ product: snapshotOf(cake), quantity: 1, addedPrice: 24.5 }]);
    mockFetch(live({ ...cake, price: 29 }));
    expect(await c.addToCart(cake, 1)).toBe(true);
    expect(c.$cartLines.get()).toEqual([
      { product: { ...snapshotOf(cake), price: 29 }, quantity: 2, addedPrice: 24.5, unavailable: false },
    ]);
  });

  it('refuses to pass the stock, and a product that is gone, with the spec texts', async () => {
    const c = await load();
    mockFetch(live(cake));
    await c.addToCart(cake, 3);
    expect(await c.addToCart(cake, 1)).toBe(false);
    expect(c.$toast.get()).toMatchObject({
      title: 'Error',
      variant: 'error',
      description: 'Insufficient stock for "Jamaican Rum Cake". Available: 3',
    });
    expect(c.$cartCount.get()).toBe(3);
    expect(await c.addToCart(coffee)).toBe(false);
    expect(c.$toast.get()?.description).toBe('Product "Blue Mountain Coffee" is no longer available');
  });

  it('falls back on the snapshot when the API cannot be reached', async () => {
    const c = await load();
    mockFetch({
      [`GET /products/${cake.id}`]: () => ({ status: 503, json: { message: 'down', code: 'unavailable' } }),
    });
    expect(await c.addToCart(snapshotOf(cake), 1)).toBe(true);
    expect(c.$cartCount.get()).toBe(1);
  });

  it('sets quantities, removes at 0 or below, removes and clears, with toasts', async () => {
    const c = await load([
      { product: snapshotOf(cake), quantity: 1, addedPrice: 24.5 },
      { product: snapshotOf(coffee), quantity: 1, addedPrice: 38 },
    ]);
    expect(await c.setQuantity(coffee.id, 4)).toBe(true);
    expect(c.$cartCount.get()).toBe(5);
    expect(await c.setQuantity(cake.id, 4)).toBe(false);
    expect(c.$toast.get()?.description).toBe('Insufficient stock for "Jamaican Rum Cake". Available: 3');
    await c.setQuantity(cake.id, 0);
    expect(c.$cartLines.get().map((l) => l.product.id)).toEqual([coffee.id]);
    expect(c.$toast.get()).toMatchObject({ title: 'Removed from cart' });
    await c.removeFromCart(coffee.id);
    expect(c.$cartLines.get()).toEqual([]);
    expect(browser.local.getItem('yaad-cart')).toBeNull();
    mockFetch(live(coffee));
    await c.addToCart(snapshotOf(coffee));
    await c.clearCart();
    expect(c.$toast.get()).toMatchObject({ title: 'Cart cleared' });
    expect(c.$cartLines.get()).toEqual([]);
  });

  it('follows another tab', async () => {
    const c = await load();
    browser.otherTabWrites('yaad-cart', JSON.stringify([{ product: snapshotOf(coffee), quantity: 2, addedPrice: 38 }]));
    expect(c.$cartCount.get()).toBe(2);
    browser.otherTabWrites('yaad-cart', null);
    expect(c.$cartCount.get()).toBe(0);
  });

  it("refreshes snapshots to today's data, keeps the added price, marks gone products", async () => {
    const c = await load([
      { product: snapshotOf(cake), quantity: 1, addedPrice: 24.5 },
      { product: snapshotOf(coffee), quantity: 1, addedPrice: 38 },
    ]);
    const { calls } = mockFetch({
      'GET /products': () => ({
        json: {
          products: [{ ...cake, price: 27, stock: 9 }],
          pagination: { page: 1, limit: 100, total: 1, totalPages: 1 },
        },
      }),
    });
    expect(await c.refreshCart()).toBe(true);
    expect(calls[0].path).toBe('/products');
    const [first, second] = c.$cartLines.get();
    expect(first).toMatchObject({ addedPrice: 24.5, product: { price: 27, stock: 9 } });
    expect(c.priceChanged(first)).toBe(true);
    expect(second.unavailable).toBe(true);
    expect(c.$cartSubtotalCents.get()).toBe(2700);
    await c.acceptCurrentPrices();
    expect(c.priceChanged(c.$cartLines.get()[0])).toBe(false);
  });

  it('says "Failed to refresh cart." and keeps the lines when the API cannot be reached', async () => {
    const c = await load([{ product: snapshotOf(cake), quantity: 1, addedPrice: 24.5 }]);
    mockFetch({ 'GET /products': () => ({ status: 503, json: { message: 'down', code: 'unavailable' } }) });
    expect(await c.refreshCart()).toBe(false);
    expect(c.$toast.get()).toMatchObject({ title: 'Error', description: 'Failed to refresh cart.' });
    expect(c.$cartLines.get()[0].unavailable).toBeUndefined();
  });

  it('validates with the prices the shopper added at', async () => {
    const c = await load([{ product: snapshotOf(cake), quantity: 2, addedPrice: 24.5 }]);
    const verdict = {
      valid: false,
      errors: ['Price changed for "Jamaican Rum Cake". Please refresh your cart'],
      items: [],
    };
    const { calls } = mockFetch({ 'POST /cart/validate': () => ({ json: verdict }) });
    expect(await c.validateCart()).toEqual(verdict);
    expect(calls[0].body).toEqual({
      items: [{ productId: cake.id, quantity: 2, name: cake.name, price: 24.5 }],
    });
    expect(c.$cartValidation.get()).toEqual(verdict);
    await c.setQuantity(cake.id, 1);
    expect(c.$cartValidation.get()).toBeNull();
  });

  it('says "Unable to validate cart" when the check cannot run', async () => {
    const c = await load([{ product: snapshotOf(cake), quantity: 1, addedPrice: 24.5 }]);
    mockFetch({ 'POST /cart/validate': () => ({ status: 500, json: { message: 'x', code: 'internal' } }) });
    expect(await c.validateCart()).toBeNull();
    expect(c.$toast.get()?.description).toBe('Unable to validate cart. Please try again.');
  });
});

describe('signing in', () => {
  it('merges a non-empty guest cart through /cart/sync, clears storage and toasts "Cart Synced"', async () => {
    const c = await load([
      { product: snapshotOf(cake), quantity: 2, addedPrice: 24.5 },
      { product: snapshotOf(coffee), quantity: 1, addedPrice: 38 },
    ]);
    const { calls } = mockFetch({
      'POST /cart/sync': () => ({ json: { ...serverCart([cake, 2], [coffee, 3]), merged: 3, notices: [] } }),
    });
    await c.setCartAccount(nextUser());
    expect(calls.map((x) => `${x.method} ${x.path}`)).toEqual(['POST /cart/sync']);
    expect(calls[0].body).toEqual({
      items: [
        { productId: cake.id, quantity: 2 },
        { productId: coffee.id, quantity: 1 },
      ],
    });
    expect(browser.local.getItem('yaad-cart')).toBeNull();
    expect(c.$cartMode.get()).toBe('server');
    expect(c.$cartCount.get()).toBe(5);
    expect(c.$toast.get()).toMatchObject({
      title: 'Cart Synced',
      description: '3 items from this device were added to your cart.',
    });
  });

  it('with an empty guest cart just loads the server cart, without a toast', async () => {
    const c = await load();
    const { calls } = mockFetch({ 'GET /cart': () => ({ json: serverCart([coffee, 2]) }) });
    await c.setCartAccount(nextUser());
    expect(calls.map((x) => `${x.method} ${x.path}`)).toEqual(['GET /cart']);
    expect(c.$cartCount.get()).toBe(2);
    expect(c.$toast.get()).toBeNull();
  });

  it('keeps the guest cart for the next try when the merge fails', async () => {
    const lines = [{ product: snapshotOf(cake), quantity: 1, addedPrice: 24.5 }];
    const c = await load(lines);
    mockFetch({
      'POST /cart/sync': () => ({ status: 500, json: { message: 'x', code: 'internal' } }),
      'GET /cart': () => ({ json: serverCart() }),
    });
    await c.setCartAccount(nextUser());
    expect(guestStorage()).toEqual(lines);
    expect(c.$cartStatus.get()).toBe('ready');
  });

  it('shows "Cart Error" when the server cart cannot be loaded', async () => {
    const c = await load([{ product: snapshotOf(cake), quantity: 1, addedPrice: 24.5 }]);
    mockFetch({});
    await c.setCartAccount(nextUser());
    expect(c.$cartStatus.get()).toBe('error');
    expect(c.$toast.get()).toMatchObject({
      title: 'Cart Error',
      description: 'Could not load your cart. Please refresh the page.',
    });
  });

  it('signing out goes back to the (empty) guest cart', async () => {
    const c = await load();
    mockFetch({ 'GET /cart': () => ({ json: serverCart([coffee, 2]) }) });
    await c.setCartAccount(nextUser());
    await c.setCartAccount(null);
    expect(c.$cartMode.get()).toBe('guest');
    expect(c.$cartLines.get()).toEqual([]);
  });
});

describe('following the session', () => {
  it('with the sign-in hint, loads the server cart at start-up (loading, never a flash of the guest cart)', async () => {
    let calls: { path: string }[] = [];
    const c = await load(undefined, () => {
      browser.local.setItem('yaad-user', JSON.stringify({ firstName: nextUser() }));
      calls = mockFetch({ 'GET /cart': () => ({ json: serverCart([coffee, 2]) }) }).calls;
    });
    expect(c.$cartMode.get()).toBe('server');
    await vi.waitFor(() => expect(c.$cartCount.get()).toBe(2));
    expect(c.$cartStatus.get()).toBe('ready');
    expect(calls.map((x) => x.path)).toEqual(['/cart']);
  });

  it('a stale hint (401) falls back to the guest cart', async () => {
    const c = await load([{ product: snapshotOf(cake), quantity: 1, addedPrice: 24.5 }], () => {
      browser.local.setItem('yaad-user', JSON.stringify({ firstName: nextUser() }));
      mockFetch({
        'POST /cart/sync': () => ({ status: 401, json: { message: 'Authentication required.', code: 'unauthorized' } }),
      });
    });
    await vi.waitFor(() => expect(c.$cartMode.get()).toBe('guest'));
    expect(c.$cartStatus.get()).toBe('ready');
    expect(c.$cartCount.get()).toBe(1);
    expect(guestStorage()).toHaveLength(1);
  });

  it('merges on the "yaad:session" event after sign-in, and goes back to guest at sign-out', async () => {
    const c = await load([{ product: snapshotOf(cake), quantity: 2, addedPrice: 24.5 }]);
    expect(c.$cartMode.get()).toBe('guest');
    const { calls } = mockFetch({
      'POST /cart/sync': () => ({ json: { ...serverCart([cake, 2]), merged: 2, notices: [] } }),
    });
    browser.local.setItem('yaad-user', JSON.stringify({ firstName: nextUser() }));
    globalThis.window.dispatchEvent(new Event('yaad:session'));
    await vi.waitFor(() => expect(c.$toast.get()?.title).toBe('Cart Synced'));
    expect(c.$toast.get()?.description).toBe('2 items from this device were added to your cart.');
    expect(calls.map((x) => x.path)).toEqual(['/cart/sync']);
    expect(browser.local.getItem('yaad-cart')).toBeNull();
    browser.otherTabWrites('yaad-user', null);
    expect(c.$cartMode.get()).toBe('guest');
    expect(c.$cartCount.get()).toBe(0);
  });

  it('an add after the session ended goes to the guest cart', async () => {
    const c = await load();
    mockFetch({ 'GET /cart': () => ({ json: serverCart() }) });
    await c.setCartAccount(nextUser());
    mockFetch({
      'POST /cart/add': () => ({ status: 401, json: { message: 'Authentication required.', code: 'unauthorized' } }),
      ...live(cake),
    });
    expect(await c.addToCart(cake)).toBe(true);
    expect(c.$cartMode.get()).toBe('guest');
    expect(guestStorage()).toHaveLength(1);
  });
});

describe('server cart', () => {
  async function signedIn(...lines: [Product, number][]) {
    const c = await load();
    const id = nextUser();
    mockFetch({ 'GET /cart': () => ({ json: serverCart(...lines) }) });
    await c.setCartAccount(id);
    return { c, id };
  }

  it('adds through POST /cart/add and shows the server refusal as it is', async () => {
    const { c } = await signedIn();
    const { calls } = mockFetch({
      'POST /cart/add': (body) =>
        (body as { quantity: number }).quantity > 3
          ? {
              status: 409,
              json: { code: 'insufficient_stock', message: 'Insufficient stock for "Jamaican Rum Cake". Available: 3' },
            }
          : { json: serverCart([cake, 2]) },
    });
    expect(await c.addToCart(cake, 2)).toBe(true);
    expect(calls[0]).toEqual({ method: 'POST', path: '/cart/add', body: { productId: cake.id, quantity: 2 } });
    expect(c.$cartCount.get()).toBe(2);
    expect(await c.addToCart(cake, 4)).toBe(false);
    expect(c.$toast.get()?.description).toBe('Insufficient stock for "Jamaican Rum Cake". Available: 3');
    expect(c.$cartCount.get()).toBe(2);
  });

  it('says "Failed to add item to cart." for any other failure', async () => {
    const { c } = await signedIn();
    mockFetch({ 'POST /cart/add': () => ({ status: 500, json: { message: 'boom', code: 'internal' } }) });
    expect(await c.addToCart(cake)).toBe(false);
    expect(c.$toast.get()).toMatchObject({ title: 'Error', description: 'Failed to add item to cart.' });
  });

  it('updates, removes and clears through the API; a failed update puts the line back', async () => {
    const { c } = await signedIn([cake, 1], [coffee, 1]);
    const { calls } = mockFetch({
      'PUT /cart/update': () => ({ json: serverCart([cake, 1], [coffee, 5]) }),
      'DELETE /cart/remove': () => ({ json: serverCart([coffee, 5]) }),
      'DELETE /cart/clear': () => ({ json: serverCart() }),
    });
    await c.setQuantity(coffee.id, 5);
    await c.removeFromCart(cake.id);
    expect(c.$toast.get()).toMatchObject({ title: 'Removed from cart' });
    expect(c.$cartCount.get()).toBe(5);
    mockFetch({ 'PUT /cart/update': () => ({ status: 500, json: { message: 'x', code: 'internal' } }) });
    await c.setQuantity(coffee.id, 6);
    expect(c.$cartCount.get()).toBe(5);
    expect(c.$toast.get()?.description).toBe('Failed to update quantity.');
    mockFetch({ 'DELETE /cart/clear': () => ({ json: serverCart() }) });
    await c.clearCart();
    expect(c.$cartCount.get()).toBe(0);
    expect(calls.map((x) => `${x.method} ${x.path}`)).toEqual(['PUT /cart/update', 'DELETE /cart/remove']);
  });

  it('validates the server cart with an empty body and accepts new prices through /cart/refresh', async () => {
    const { c } = await signedIn([cake, 1]);
    const { calls } = mockFetch({
      'POST /cart/validate': () => ({ json: { valid: true, errors: [], items: [] } }),
      'POST /cart/refresh': () => ({ json: serverCart([cake, 1]) }),
    });
    await c.validateCart();
    await c.acceptCurrentPrices();
    expect(calls.map((x) => [x.path, x.body])).toEqual([
      ['/cart/validate', {}],
      ['/cart/refresh', undefined],
    ]);
  });

  it("reloads when another of the shopper's tabs changes the cart", async () => {
    const { c, id } = await signedIn([cake, 1]);
    const { calls } = mockFetch({ 'GET /cart': () => ({ json: serverCart([cake, 3]) }) });
    const otherTab = new BroadcastChannel('yaad-cart');
    otherTab.postMessage({ type: 'changed', signedInAs: id });
    await vi.waitFor(() => expect(c.$cartCount.get()).toBe(3));
    expect(calls.map((x) => x.path)).toEqual(['/cart']);
    otherTab.close();
  });
});
