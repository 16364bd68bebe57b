import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/fixtures/app';
import { browserOnApi } from '../../../../tests/fixtures/browser-api';
import { cartTab, liveProduct, nextUser, shopProduct } from '../../../../tests/fixtures/cart';
import { signIn, signInSeller, type Who } from '../../../../tests/fixtures/orders';
import { setGrid } from '../../../../tests/fixtures/variants-door';
import { productVariants } from '../../../server/db/schema';
import { forgetCatalogAnswers } from '../../../server/http/catalog-cache';
import type { Product, ProductVariant } from '../../contract/catalog';

/*
 * Lines are variants in the browser's cart too (issue 30, docs/decisions/052): the guest cart keeps
 * a variant's line by its id with its label, price and stock; the server cart sends and reads its
 * `variantId`. Both against the real API in-process.
 */

let t: TestApp;
let buyer: Who;
let boots: Product;
let brown10: ProductVariant;
let black10: ProductVariant;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  buyer = await signIn(t.database.db, 'variant-store@yaad.test', 'Shanice Brown');
  const plain = await shopProduct(t, 'yaad-flavours', 75, 0, 1);
  // Through the seller's door, which forgets the kept answer of the product read just before.
  await setGrid(
    t,
    await signInSeller(t.database.db, 'yaad-flavours'),
    plain.id,
    [
      { name: 'Size', values: ['10'] },
      { name: 'Colour', values: ['Brown', 'Black'] },
    ],
    [
      { values: ['10', 'Brown'], sku: 'CART-10-BR', price: 89.99, stock: 3 },
      { values: ['10', 'Black'], sku: 'CART-10-BL', price: 75, stock: 5 },
    ],
  );
  boots = await liveProduct(t, plain.id);
  [brown10, black10] = boots.variants ?? [];
});
afterAll(() => t?.close());

describe('a guest’s variant lines', () => {
  it('keeps one line per variant, at its price and stock, named with its label; a product with options needs one', async () => {
    vi.unstubAllGlobals();
    const c = await cartTab();
    browserOnApi(t);
    expect(await c.addToCart(boots, 1)).toBe(false);
    expect(c.$toast.get()?.description).toBe('Choose a Size and Colour');
    expect(await c.addToCart(boots, 2, brown10)).toBe(true);
    expect(c.$toast.get()?.description).toBe(`${boots.name} (Size 10, Brown) has been added to your cart.`);
    expect(await c.addToCart(boots, 1, black10)).toBe(true);
    expect(c.$cartLines.get().map((l) => [c.lineKey(l), l.variant?.label, l.product.price, l.quantity])).toEqual([
      [brown10.id, 'Size 10, Brown', 89.99, 2],
      [black10.id, 'Size 10, Black', 75, 1],
    ]);
    expect(c.$cartSubtotalCents.get()).toBe(2 * 8_999 + 7_500);
    expect(await c.addToCart(boots, 2, brown10)).toBe(false);
    expect(c.$toast.get()?.description).toBe(`Insufficient stock for "${boots.name} (Size 10, Brown)". Available: 3`);
    expect(await c.setQuantity(black10.id, 3)).toBe(true);
    expect(await c.removeFromCart(brown10.id)).toBe(true);
    expect(c.guestStorage()).toMatchObject([
      { product: { id: boots.id, price: 75 }, variant: { id: black10.id, label: 'Size 10, Black' }, quantity: 3 },
    ]);
    // Read back as another tab would: the variant stays the line's.
    const again = await cartTab(c.guestStorage());
    expect(again.$cartLines.get()[0].variant).toEqual({ id: black10.id, label: 'Size 10, Black' });
    browserOnApi(t);
    const verdict = await again.validateCart();
    expect(verdict?.items[0]).toMatchObject({ variantId: black10.id, name: `${boots.name} (Size 10, Black)` });
  });
});

describe('a guest’s variant line refreshed', () => {
  it('takes its variant’s price of today (the price check still sees the change), and is gone when its variant is', async () => {
    vi.unstubAllGlobals();
    const c = await cartTab();
    browserOnApi(t);
    expect(await c.addToCart(boots, 1, brown10)).toBe(true);
    await t.database.db.update(productVariants).set({ priceCents: 9_500 }).where(eq(productVariants.id, brown10.id));
    forgetCatalogAnswers();
    expect(await c.refreshCart()).toBe(true);
    const [line] = c.$cartLines.get();
    expect(line).toMatchObject({ product: { price: 95 }, addedPrice: 89.99, variant: { label: 'Size 10, Brown' } });
    expect(c.priceChanged(line)).toBe(true);
    await t.database.db.update(productVariants).set({ priceCents: 8_999 }).where(eq(productVariants.id, brown10.id));
    const gone = await cartTab([
      { ...c.guestStorage()[0], variant: { id: `${boots.id}~12-red`, label: 'Size 12, Red' } },
    ]);
    browserOnApi(t);
    forgetCatalogAnswers();
    expect(await gone.refreshCart()).toBe(true);
    expect(gone.$cartLines.get()[0].unavailable).toBe(true);
  });
});

describe('a signed-in shopper’s variant lines', () => {
  it('are added, changed and removed by variantId, and merged from the guest cart at sign-in', async () => {
    vi.unstubAllGlobals();
    const guest = await cartTab();
    browserOnApi(t);
    expect(await guest.addToCart(boots, 1, black10)).toBe(true);
    const c = await cartTab(guest.guestStorage());
    const { calls } = browserOnApi(t, { session: buyer.token });
    await c.setCartAccount(nextUser());
    expect(calls[0]).toMatchObject({
      path: '/cart/sync',
      body: { items: [{ productId: boots.id, variantId: black10.id, quantity: 1 }] },
    });
    expect(await c.addToCart(boots, 2, brown10)).toBe(true);
    expect(calls.at(-1)).toMatchObject({
      path: '/cart/add',
      body: { productId: boots.id, variantId: brown10.id, quantity: 2 },
    });
    expect(c.$cartLines.get().map((l) => [c.lineKey(l), l.variant?.label, l.product.price])).toEqual([
      [black10.id, 'Size 10, Black', 75],
      [brown10.id, 'Size 10, Brown', 89.99],
    ]);
    expect(await c.setQuantity(brown10.id, 3)).toBe(true);
    expect(calls.at(-1)).toMatchObject({ path: '/cart/update', body: { variantId: brown10.id, quantity: 3 } });
    expect(await c.removeFromCart(black10.id)).toBe(true);
    expect(c.$cartLines.get().map((l) => [c.lineKey(l), l.quantity])).toEqual([[brown10.id, 3]]);
  });
});
