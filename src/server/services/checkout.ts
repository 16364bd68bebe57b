import { asc, eq, sql } from 'drizzle-orm';
import type { Parish } from '../../lib/catalog';
import type { CartLineProblem } from '../../lib/contract/cart';
import type {
  CheckoutSummary,
  PrepareAnswer,
  SellerGroup,
  SellerShippingOptions,
  ShippingAddress,
  ShippingSelection,
  ShippingValidation,
} from '../../lib/contract/checkout';
import type { CardGateway } from '../../lib/contract/payments';
import { MESSAGES } from '../../lib/messages';
import { toDollars } from '../../lib/money';
import { priceOrder } from '../../lib/pricing';
import { DEFAULT_PROCESSING_TIME, MARKETPLACE_STORE } from '../../lib/seller-defaults';
import { chargesTax, type TaxTerms } from '../../lib/tax-details';
import { variantLabel } from '../../lib/variants';
import type { Db } from '../db/client';
import {
  cartLines,
  cartShippingSelections,
  carts,
  products,
  productVariants,
  type ShippingAddressValue,
  stores,
} from '../db/schema';
import { ApiError, type ErrorCode } from '../http/errors';
import { validateCart } from './cart-validation';
import { paymentOptions } from './payment-methods';
import { ratesToParish, sellerShipping } from './shipping';

/*
 * Checkout before the order: the cart's state (its lines, address and one rate per seller) and the
 * summary that prices it all (src/lib/pricing); the address and rate writes are cart-shipping.ts's. Every query takes the shopper's id. The cart's lines are
 * read straight from cart_lines at today's prices; the cart feature owns writing them.
 */

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
type StoreRow = typeof stores.$inferSelect;
type RateRow = Awaited<ReturnType<typeof ratesToParish>> extends Map<string, (infer R)[]> ? R : never;

/** GET /cart/shipping-options before an address: 400 with needsAddress (spec §7). */
export class NeedsAddressError extends ApiError {
  constructor() {
    super(400, 'bad_request', MESSAGES.checkout.needsAddress);
  }
  override body() {
    return { message: this.message, code: 'needs_address', needsAddress: true as const };
  }
}

type Group = {
  sellerId: string;
  store: StoreRow | null;
  /** Each line a variant at its own price (docs/decisions/052). */
  lines: { product: ProductRow; variant: VariantRow; quantity: number }[];
  subtotalCents: number;
};

/** Everything checkout knows about a shopper's cart, loaded once. */
export type CheckoutState = {
  groups: Group[];
  address: ShippingAddressValue | null;
  /** Rates of each seller to the address's parish (empty without an address). */
  rates: Map<string, RateRow[]>;
  /** The shopper's selections that are still usable (the seller is in the cart and the rate serves the parish). */
  selections: Map<string, RateRow>;
};

export async function loadCheckoutState(db: Db, userId: string): Promise<CheckoutState> {
  const [rows, cartRow, picked] = await Promise.all([
    db
      .select({ line: cartLines, product: products, variant: productVariants, store: stores })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
      .leftJoin(stores, eq(stores.id, products.storeId))
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.variantId)),
    db.select({ address: carts.shippingAddress }).from(carts).where(eq(carts.userId, userId)),
    db.select().from(cartShippingSelections).where(eq(cartShippingSelections.userId, userId)),
  ]);
  const groups = new Map<string, Group>();
  for (const r of rows) {
    const sellerId = r.store?.id ?? MARKETPLACE_STORE.id;
    let group = groups.get(sellerId);
    if (!group) {
      group = { sellerId, store: r.store, lines: [], subtotalCents: 0 };
      groups.set(sellerId, group);
    }
    group.lines.push({ product: r.product, variant: r.variant, quantity: r.line.quantity });
    group.subtotalCents += r.variant.priceCents * r.line.quantity;
  }
  const address = cartRow[0]?.address ?? null;
  const storeIds = [...groups.values()].flatMap((g) => (g.store ? [g.store.id] : []));
  const rates = address ? await ratesToParish(db, storeIds, address.parish as Parish) : new Map<string, RateRow[]>();
  const selections = new Map<string, RateRow>();
  for (const s of picked) {
    const rate = rates.get(s.storeId)?.find((r) => r.id === s.rateId);
    if (rate) selections.set(s.storeId, rate);
  }
  return { groups: [...groups.values()], address, rates, selections };
}

const storeName = (g: Group) => g.store?.name || MARKETPLACE_STORE.name;

export function optionsFor(g: Group, state: CheckoutState): SellerShippingOptions {
  const rates = state.rates.get(g.sellerId) ?? [];
  return {
    storeName: storeName(g),
    ...sellerShipping(g.store, g.subtotalCents, rates, MESSAGES.shipping.noneForSeller),
  };
}

export function shippingValidation(state: CheckoutState): ShippingValidation {
  const missingSellers = state.groups.filter((g) => !state.selections.has(g.sellerId)).map((g) => g.sellerId);
  if (state.groups.length === 0) return { valid: false, message: MESSAGES.cart.empty, missingSellers };
  if (!state.address) return { valid: false, message: MESSAGES.checkout.incomplete, missingSellers };
  const unserved = state.groups.find((g) => (state.rates.get(g.sellerId) ?? []).length === 0);
  if (unserved) return { valid: false, message: MESSAGES.checkout.noShippingFor(storeName(unserved)), missingSellers };
  const unpicked = state.groups.find((g) => !state.selections.has(g.sellerId));
  if (unpicked) return { valid: false, message: MESSAGES.checkout.selectFor(storeName(unpicked)), missingSellers };
  return { valid: true, message: MESSAGES.checkout.shippingComplete, missingSellers };
}

/** The cart priced as its order would be (src/lib/pricing.ts): each seller's tax only when it charges it (decision 044). */
export function price(state: CheckoutState, tax: TaxTerms) {
  return priceOrder(
    state.groups.map((g) => ({
      sellerId: g.sellerId,
      subtotalCents: g.subtotalCents,
      selectedRateCents: state.selections.get(g.sellerId)?.costCents ?? null,
      freeShippingThresholdCents: g.store?.freeShippingThresholdCents ?? null,
      taxed: chargesTax(tax.mode, g.store?.gctRegistered ?? false),
    })),
    tax.rate,
  );
}

export const selectionList = (state: CheckoutState): ShippingSelection[] =>
  state.groups.flatMap((g) => {
    const rate = state.selections.get(g.sellerId);
    return rate ? [{ sellerId: g.sellerId, shippingRateId: rate.id }] : [];
  });

export const toAddress = (a: ShippingAddressValue): ShippingAddress => ({ ...a });

/** GET /checkout/summary (spec §3 "Checkout summary"). */
export async function checkoutSummary(
  db: Db,
  userId: string,
  tax: TaxTerms,
  cardGateway: CardGateway,
): Promise<CheckoutSummary> {
  const state = await loadCheckoutState(db, userId);
  const priced = price(state, tax);
  const sellerGroups: Record<string, SellerGroup> = {};
  const shippingOptions: Record<string, SellerShippingOptions> = {};
  state.groups.forEach((g, i) => {
    const part = priced.parts[i];
    sellerGroups[g.sellerId] = {
      sellerId: g.sellerId,
      storeName: storeName(g),
      location: g.store?.location ?? MARKETPLACE_STORE.location,
      itemCount: g.lines.reduce((n, l) => n + l.quantity, 0),
      subtotal: toDollars(g.subtotalCents),
      shippingCost: toDollars(part.shippingCents),
      freeShippingThreshold:
        g.store?.freeShippingThresholdCents == null ? null : toDollars(g.store.freeShippingThresholdCents),
      qualifiesForFreeShipping: part.freeShipping,
      tax: toDollars(part.taxCents),
      taxRate: part.taxBasisPoints / 10_000,
      processingTime: g.store?.processingTime ?? DEFAULT_PROCESSING_TIME,
      selectedRateId: state.selections.get(g.sellerId)?.id ?? null,
      items: g.lines.map((l) => ({
        productId: l.product.id,
        variantId: l.variant.id,
        name: l.product.name,
        variantLabel: variantLabel(l.product.options, l.variant.optionValues),
        image: l.variant.images[0] ?? l.product.images[0] ?? null,
        price: toDollars(l.variant.priceCents),
        quantity: l.quantity,
        lineTotal: toDollars(l.variant.priceCents * l.quantity),
        stock: l.variant.stock,
      })),
    };
    if (state.address) shippingOptions[g.sellerId] = optionsFor(g, state);
  });
  return {
    sellerGroups,
    shippingOptions,
    shippingSelections: selectionList(state),
    shippingAddress: state.address ? toAddress(state.address) : null,
    subtotal: toDollars(priced.subtotalCents),
    shippingCost: toDollars(priced.shippingCents),
    tax: toDollars(priced.taxCents),
    taxRate: tax.rate,
    taxMode: tax.mode,
    totalAmount: toDollars(priced.totalCents),
    totalItems: state.groups.reduce((n, g) => n + g.lines.reduce((m, l) => m + l.quantity, 0), 0),
    shippingValidation: shippingValidation(state),
    // Products without a store cannot be ordered at all (the cart check says so), so only stores count.
    paymentOptions: paymentOptions(state.groups.flatMap((g) => (g.store ? [g.store] : []))),
    cardGateway,
  };
}

/** The error code a failing cart line answers with, so a client can act on it without reading the text. */
const REFUSAL_CODE: Record<CartLineProblem, ErrorCode> = {
  unavailable: 'conflict',
  unverifiable: 'conflict',
  insufficient_stock: 'insufficient_stock',
  price_changed: 'price_changed',
};

/**
 * POST /checkout/prepare: the cart checked first (stock, prices: spec §5 texts, 409), then the
 * shipping (400); answers the order request's items, address and selections.
 */
export async function prepareCheckout(db: Db, userId: string): Promise<PrepareAnswer> {
  const verdict = await validateCart(db, {}, userId);
  if (!verdict.valid) {
    // No line at all: nothing to order (400). A failing line: today's stock or prices disagree (409).
    if (verdict.items.length === 0) throw new ApiError(400, 'bad_request', verdict.errors[0] ?? MESSAGES.cart.empty);
    const failing = verdict.items.find((line) => line.reason);
    throw new ApiError(
      409,
      REFUSAL_CODE[failing?.reason ?? 'unverifiable'],
      failing?.error ?? MESSAGES.checkout.prepareFailed,
    );
  }
  const state = await loadCheckoutState(db, userId);
  const validation = shippingValidation(state);
  if (!validation.valid || !state.address) throw new ApiError(400, 'bad_request', validation.message);
  return {
    success: true,
    checkoutData: {
      items: state.groups.flatMap((g) =>
        g.lines.map((l) => ({ productId: l.product.id, variantId: l.variant.id, quantity: l.quantity })),
      ),
      shippingAddress: toAddress(state.address),
      shippingSelections: selectionList(state),
    },
  };
}

/** After an order: the ordered lines (by variant) and the selections of its sellers leave the cart (one statement). */
export async function clearOrderedFromCart(db: Db, userId: string, variantIds: string[], storeIds: string[]) {
  await db.execute(sql`
    with lines as (
      delete from cart_lines
       where user_id = ${userId} and variant_id in (${sql.join(variantIds.length ? variantIds.map((id) => sql`${id}`) : [sql`null`], sql`, `)})
    ), picks as (
      delete from cart_shipping_selections
       where user_id = ${userId} and store_id in (${sql.join(storeIds.length ? storeIds.map((id) => sql`${id}`) : [sql`null`], sql`, `)})
    )
    update carts set updated_at = now() where user_id = ${userId}`);
}
