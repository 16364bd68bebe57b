/**
 * A cart line is a variant (issue 30 #3, docs/decisions/052): added, changed and removed by its
 * variant, priced and stocked as that variant; a product with options named without one, or with
 * a variant that is not its own, is refused and nothing is written; a guest cart merges by variant.
 * On PGlite and PostgreSQL. Orders: order-variant-lines.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductVariant } from '../../../src/lib/contract/catalog';
import { MESSAGES } from '../../../src/lib/messages';
import type { TestApp } from '../../fixtures/app';
import { type caller, productOf, signIn } from '../../fixtures/orders';
import { A, bootsScene, linesOf } from '../../fixtures/variant-boots';

let t: TestApp;
let call: ReturnType<typeof caller>;
let boots: { id: string; name: string };
let v: Record<string, ProductVariant>;
let other: { id: string };
let otherVariant: ProductVariant;

beforeAll(async () => {
  ({ t, call, boots, v, other, otherVariant } = await bootsScene());
});
afterAll(() => t?.close());

describe('a cart line is a variant', () => {
  it('adds, updates and removes one variant, at its own price, beside another variant of the product', async () => {
    const buyer = await signIn(t.database.db, 'variant-cart@yaad.test');
    let res = await call(buyer, 'POST', '/cart/add', { productId: boots.id, variantId: v['10/Brown'].id, quantity: 2 });
    expect(res.status).toBe(200);
    res = await call(buyer, 'POST', '/cart/add', { productId: boots.id, variantId: v['9/Brown'].id });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { variantId: string; quantity: number }) => [i.variantId, i.quantity])).toEqual([
      [v['10/Brown'].id, 2],
      [v['9/Brown'].id, 1],
    ]);
    expect(res.body.items[0].variant).toMatchObject({ label: 'Size 10, Brown', price: 89.99, stock: 3 });
    expect(res.body.items[0].addedPrice).toBe(89.99);
    expect(res.body.items[1].variant).toMatchObject({ label: 'Size 9, Brown', price: 75 });
    expect(res.body.subtotal).toBe(2 * 89.99 + 75);

    res = await call(buyer, 'PUT', '/cart/update', { productId: boots.id, variantId: v['9/Brown'].id, quantity: 4 });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { quantity: number }) => i.quantity)).toEqual([2, 4]);

    res = await call(buyer, 'PUT', '/cart/update', { productId: boots.id, variantId: v['10/Brown'].id, quantity: 4 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.cart.insufficientStock('Leather Desert Boots (Size 10, Brown)', 3));

    res = await call(buyer, 'DELETE', '/cart/remove', { productId: boots.id, variantId: v['9/Brown'].id });
    expect(res.status).toBe(200);
    expect((await linesOf(t, buyer)).map((l) => [l.variantId, l.quantity])).toEqual([[v['10/Brown'].id, 2]]);
  });

  it('a spec-written add of a product without options is its sole variant, and its line says so', async () => {
    const buyer = await signIn(t.database.db, 'variant-plain@yaad.test');
    const plain = await productOf(t.database.db, A, { priceCents: 1_200, stock: 9 }, 2);
    const res = await call(buyer, 'POST', '/cart/add', { productId: plain.id, quantity: 2 });
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ variantId: plain.id, variant: null, quantity: 2 });
    expect((await linesOf(t, buyer))[0]).toMatchObject({ productId: plain.id, variantId: plain.id });
  });

  it('refuses a missing variantId (400), a combination that does not exist and another product’s variant (404), a sold-out variant (409): nothing written', async () => {
    const buyer = await signIn(t.database.db, 'variant-refused@yaad.test');
    let res = await call(buyer, 'POST', '/cart/add', { productId: boots.id, quantity: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'variant_required', message: 'Choose a Size and Colour' });
    res = await call(buyer, 'POST', '/cart/add', { productId: boots.id, variantId: `${boots.id}~9-black` });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('variant_not_found');
    res = await call(buyer, 'POST', '/cart/add', { productId: boots.id, variantId: otherVariant.id });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('variant_not_found');
    res = await call(buyer, 'POST', '/cart/add', { productId: boots.id, variantId: v['11/Black'].id });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MESSAGES.cart.insufficientStock('Leather Desert Boots (Size 11, Black)', 0));
    res = await call(buyer, 'POST', '/cart/add', { productId: other.id, quantity: 1 });
    expect(res.body.message).toBe('Choose a size');
    expect(await linesOf(t, buyer)).toEqual([]);
  });

  it('merges a guest cart by variant and validates each variant against its own stock and price', async () => {
    const buyer = await signIn(t.database.db, 'variant-sync@yaad.test');
    let res = await call(buyer, 'POST', '/cart/sync', {
      items: [
        { productId: boots.id, variantId: v['10/Black'].id, quantity: 9 },
        { productId: boots.id, quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.merged).toBe(4);
    expect(res.body.notices).toEqual([
      MESSAGES.cart.insufficientStock('Leather Desert Boots (Size 10, Black)', 4),
      'Leather Desert Boots: Choose a Size and Colour',
    ]);
    res = await call(null, 'POST', '/cart/validate', {
      items: [
        { productId: boots.id, variantId: v['10/Brown'].id, quantity: 1, price: 75 },
        { productId: boots.id, variantId: otherVariant.id, quantity: 1 },
      ],
    });
    expect(res.body.items[0]).toMatchObject({
      variantId: v['10/Brown'].id,
      name: 'Leather Desert Boots (Size 10, Brown)',
      available: 3,
      price: 89.99,
      reason: 'price_changed',
    });
    expect(res.body.items[1]).toMatchObject({ reason: 'unavailable' });
  });
});
