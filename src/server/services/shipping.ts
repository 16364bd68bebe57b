import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Parish } from '../../lib/catalog';
import type { ShippingInfo, ShippingRate } from '../../lib/contract/catalog';
import { MESSAGES } from '../../lib/messages';
import { toDollars } from '../../lib/money';
import { DEFAULT_PROCESSING_TIME } from '../../lib/seller-defaults';
import type { Db } from '../db/client';
import { products, shippingRateParishes, shippingRates, stores } from '../db/schema';
import { notFound } from '../http/errors';
import { publicProduct } from './visibility';

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

/** The product page's estimator: the seller's rates to a parish for one unit of this product. */
export async function productShipping(db: Db, productId: string, parish: Parish): Promise<ShippingInfo> {
  const [row] = await db
    .select({ priceCents: products.priceCents, store: stores })
    .from(products)
    .leftJoin(stores, eq(products.storeId, stores.id))
    .where(and(eq(products.id, productId), publicProduct));
  if (!row) throw notFound('Product not found');
  const threshold = row.store?.freeShippingThresholdCents ?? null;
  const qualifies = threshold !== null && row.priceCents >= threshold;
  const rates = row.store ? ((await ratesToParish(db, [row.store.id], parish)).get(row.store.id) ?? []) : [];
  const info: ShippingInfo = {
    parish,
    rates: rates.map((r) => toShippingRate(r, qualifies)),
    freeShippingThreshold: threshold === null ? null : toDollars(threshold),
    qualifiesForFreeShipping: qualifies,
    processingTime: row.store?.processingTime ?? DEFAULT_PROCESSING_TIME,
  };
  if (rates.length === 0) {
    info.error = 'no_shipping';
    info.message = MESSAGES.shipping.noneForLocation;
  }
  return info;
}
