/** A store as its owner and the operators read it (OwnStore, OperatorStore), with its rates and product count. */
import { asc, count, inArray } from 'drizzle-orm';
import type { OperatorStore, OwnStore } from '../../../lib/contract/stores';
import { toDollars } from '../../../lib/money';
import type { Db } from '../../db/client';
import { products, shippingRateParishes, shippingRates, type stores, users } from '../../db/schema';

type StoreRow = typeof stores.$inferSelect;

async function ratesOf(db: Db, storeIds: string[]) {
  const byStore = new Map<string, OwnStore['shippingRates']>(storeIds.map((id) => [id, []]));
  if (storeIds.length === 0) return byStore;
  const rates = await db
    .select()
    .from(shippingRates)
    .where(inArray(shippingRates.storeId, storeIds))
    .orderBy(asc(shippingRates.position), asc(shippingRates.id));
  const parishes = rates.length
    ? await db
        .select()
        .from(shippingRateParishes)
        .where(
          inArray(
            shippingRateParishes.rateId,
            rates.map((r) => r.id),
          ),
        )
    : [];
  for (const r of rates) {
    byStore.get(r.storeId)?.push({
      id: r.id,
      provider: r.provider,
      method: r.method,
      cost: toDollars(r.costCents),
      minDays: r.minDays,
      maxDays: r.maxDays,
      description: r.description,
      parishes: parishes.filter((p) => p.rateId === r.id).map((p) => p.parish),
    });
  }
  return byStore;
}

async function productCounts(db: Db, storeIds: string[]) {
  if (storeIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ storeId: products.storeId, n: count() })
    .from(products)
    .where(inArray(products.storeId, storeIds))
    .groupBy(products.storeId);
  return new Map(rows.map((r) => [r.storeId as string, r.n]));
}

function toOwnStore(s: StoreRow, rates: OwnStore['shippingRates'], productCount: number): OwnStore {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    location: s.location,
    parish: s.parish,
    email: s.email,
    phone: s.phone,
    logo: s.logo,
    bannerImage: s.bannerImage,
    socialLinks: { facebook: s.facebook, instagram: s.instagram, twitter: s.twitter, website: s.website },
    processingTime: s.processingTime,
    shippingRates: rates,
    freeShippingThreshold: s.freeShippingThresholdCents === null ? null : toDollars(s.freeShippingThresholdCents),
    paymentMethods: {
      cashOnDelivery: s.acceptsCashOnDelivery,
      bankTransfer: s.acceptsBankTransfer,
      bankDetails: s.bankDetails ?? null,
    },
    taxDetails: { trn: s.trn, gctRegistered: s.gctRegistered, gctNumber: s.gctNumber },
    status: s.status,
    statusReason: s.statusReason,
    verified: s.verified,
    joinDate: s.joinDate,
    appliedAt: s.appliedAt?.toISOString() ?? null,
    decidedAt: s.decidedAt?.toISOString() ?? null,
    productCount,
  };
}

export async function ownStoresOf(db: Db, rows: StoreRow[]): Promise<OwnStore[]> {
  const ids = rows.map((r) => r.id);
  const [rates, counts] = await Promise.all([ratesOf(db, ids), productCounts(db, ids)]);
  return rows.map((r) => toOwnStore(r, rates.get(r.id) ?? [], counts.get(r.id) ?? 0));
}

export async function operatorStoresOf(db: Db, rows: StoreRow[]): Promise<OperatorStore[]> {
  const own = await ownStoresOf(db, rows);
  const ownerIds = [...new Set(rows.map((r) => r.ownerId).filter((id): id is string => id !== null))];
  const owners = ownerIds.length
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, ownerIds))
    : [];
  const byId = new Map(owners.map((o) => [o.id, o]));
  return own.map((s, i) => ({ ...s, owner: byId.get(rows[i].ownerId ?? '') ?? null }));
}
