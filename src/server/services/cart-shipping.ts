import { sql } from 'drizzle-orm';
import type {
  SelectShippingAnswer,
  SellerShippingOptions,
  ShippingOptionsAnswer,
  ShippingSelection,
  ShippingValidation,
} from '../../lib/contract/checkout';
import { MESSAGES } from '../../lib/messages';
import { toDollars } from '../../lib/money';
import type { TaxTerms } from '../../lib/tax-details';
import type { Db } from '../db/client';
import { cartShippingSelections, carts, type ShippingAddressValue } from '../db/schema';
import { ApiError } from '../http/errors';
import {
  loadCheckoutState,
  NeedsAddressError,
  optionsFor,
  price,
  selectionList,
  shippingValidation,
  toAddress,
} from './checkout';

/*
 * The cart's shipping, as routes/cart-shipping.ts serves it: the address, each seller's options to
 * its parish, one rate per seller. The checkout state and its pricing are checkout.ts's.
 */

/**
 * POST /cart/shipping-address: the cart's address. Selections whose rate does not serve the new
 * parish are dropped (the shopper picks again); the others stay.
 */
export async function saveShippingAddress(db: Db, userId: string, address: ShippingAddressValue) {
  await db.transaction(async (tx) => {
    await tx
      .insert(carts)
      .values({ userId, shippingAddress: address })
      .onConflictDoUpdate({ target: carts.userId, set: { shippingAddress: address, updatedAt: sql`now()` } });
    await tx.execute(sql`
      delete from cart_shipping_selections s
       where s.user_id = ${userId}
         and not exists (select 1 from shipping_rate_parishes p where p.rate_id = s.rate_id and p.parish = ${address.parish})`);
  });
  return { success: true as const, shippingAddress: toAddress(address) };
}

/** GET /cart/shipping-options: each seller's rates to the cart's parish. */
export async function shippingOptionsFor(db: Db, userId: string): Promise<ShippingOptionsAnswer> {
  const state = await loadCheckoutState(db, userId);
  if (!state.address) throw new NeedsAddressError();
  const shippingOptions: Record<string, SellerShippingOptions> = {};
  for (const g of state.groups) shippingOptions[g.sellerId] = optionsFor(g, state);
  return { shippingOptions, shippingAddress: toAddress(state.address) };
}

/** POST /cart/select-shipping: one rate for one seller of the cart, checked against the parish. */
export async function selectShipping(
  db: Db,
  userId: string,
  selection: ShippingSelection,
  tax: TaxTerms,
): Promise<SelectShippingAnswer> {
  const before = await loadCheckoutState(db, userId);
  if (!before.address) throw new NeedsAddressError();
  const group = before.groups.find((g) => g.sellerId === selection.sellerId);
  if (!group?.store) throw new ApiError(400, 'bad_request', MESSAGES.checkout.sellerNotInCart);
  const rate = (before.rates.get(group.sellerId) ?? []).find((r) => r.id === selection.shippingRateId);
  if (!rate) throw new ApiError(400, 'bad_request', MESSAGES.checkout.rateUnavailable);
  await db
    .insert(cartShippingSelections)
    .values({ userId, storeId: group.sellerId, rateId: rate.id })
    .onConflictDoUpdate({
      target: [cartShippingSelections.userId, cartShippingSelections.storeId],
      set: { rateId: rate.id },
    });
  const state = { ...before, selections: new Map(before.selections).set(group.sellerId, rate) };
  const priced = price(state, tax);
  return {
    shippingSelections: selectionList(state),
    totalShipping: toDollars(priced.shippingCents),
    estimatedTotal: toDollars(priced.totalCents),
  };
}

export async function validateShippingFor(db: Db, userId: string): Promise<ShippingValidation> {
  return shippingValidation(await loadCheckoutState(db, userId));
}
