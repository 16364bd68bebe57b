import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Parish } from '../../lib/catalog';
import type { ShippingInfo, ShippingRate } from '../../lib/contract/catalog';
import { MESSAGES } from '../../lib/messages';
import { toDollars } from '../../lib/money';
import { qualifiesForFreeShipping } from '../../lib/pricing';
import { DEFAULT_PROCESSING_TIME } from '../../lib/seller-defaults';
import type { Db } from '../db/client';
import { products, shippingRateParishes, shippingRates, stores } from '../db/schema';
import { notFound } from '../http/errors';
import { publicProduct } from './public-catalog';

type RateRow = typeof shippingRates.$inferSelect;

export function estimatedDays(min: number, max: number): string {
  if (min === max) return `${min} business day${min === 1 ? '' : 's'}`;
  return `${min}-${max} business days`;
}

/** A rate as shoppers see it; free when the seller's subtotal reaches its free-shipping threshold. */
export function toShippingRate(row: RateRow, free: boolean): ShippingRate {
  return {
    id: row.id,
    method: row.method,
    provider: row.provider,
    cost: free ? 0 : toDollars(row.costCents),
    isFreeShipping: free,
    estimatedDays: estimatedDays(row.minDays, row.maxDays),
    description: row.description,
  };
}

/** Every rate of the given sellers that delivers to the parish, in each seller's order. */
export async function ratesToParish(db: Db, storeIds: string[], parish: Parish): Promise<Map<string, RateRow[]>> {
  const byStore = new Map<string, RateRow[]>(storeIds.map((id) => [id, []]));
  if (storeIds.length === 0) return byStore;
  const rows = await db
    .select({ rate: shippingRates })
    .from(shippingRates)
    .innerJoin(shippingRateParishes, eq(shippingRateParishes.rateId, shippingRates.id))
    .where(and(inArray(shippingRates.storeId, storeIds), eq(shippingRateParishes.parish, parish)))
    .orderBy(asc(shippingRates.position), asc(shippingRates.costCents), asc(shippingRates.id));
  for (const { rate } of rows) byStore.get(rate.storeId)?.push(rate);
  return byStore;
}

type StoreRow = typeof stores.$inferSelect;
type SellerShipping = Omit<ShippingInfo, 'parish'>;

/**
 * One seller's delivery to a parish for a subtotal (SELLER_SHIPPING_FIELDS): the product page's
 * estimator (one unit) and each seller at checkout (its cart lines) both build it here, so free
 * shipping is decided by `qualifiesForFreeShipping` alone. `none`: what to say when no rate
 * reaches the parish (the two screens say it in their own words).
 */
export function sellerShipping(
  store: StoreRow | null | undefined,
  subtotalCents: number,
  rates: RateRow[],
  none: string,
): SellerShipping {
  const threshold = store?.freeShippingThresholdCents ?? null;
  const free = qualifiesForFreeShipping(subtotalCents, threshold);
  const shipping: SellerShipping = {
    rates: rates.map((r) => toShippingRate(r, free)),
    freeShippingThreshold: threshold === null ? null : toDollars(threshold),
    qualifiesForFreeShipping: free,
    processingTime: store?.processingTime ?? DEFAULT_PROCESSING_TIME,
  };
  if (rates.length === 0) Object.assign(shipping, { error: 'no_shipping', message: none });
  return shipping;
}

/** The product page's estimator: the seller's rates to a parish for one unit of this product. */
export async function productShipping(db: Db, productId: string, parish: Parish): Promise<ShippingInfo> {
  const [row] = await db
    .select({ priceCents: products.priceCents, store: stores })
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(and(eq(products.id, productId), publicProduct));
  if (!row) throw notFound('Product not found');
  const rates = row.store ? ((await ratesToParish(db, [row.store.id], parish)).get(row.store.id) ?? []) : [];
  return { parish, ...sellerShipping(row.store, row.priceCents, rates, MESSAGES.shipping.noneForLocation) };
}
