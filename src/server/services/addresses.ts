import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { ADDRESS_TEXT, type Address, type AddressInput } from '../../lib/contract/addresses';
import type { Db } from '../db/client';
import { addresses } from '../db/schema';
import { ApiError } from '../http/errors';

type Row = typeof addresses.$inferSelect;
type Parsed = z.output<typeof AddressInput>;

const toAddress = (r: Row): Address => ({
  id: r.id,
  label: r.label,
  line1: r.line1,
  line2: r.line2,
  town: r.town,
  parish: r.parish,
  postalZone: r.postalZone,
  country: r.country,
  phone: r.phone,
  isDefault: r.isDefault,
});

/** Every query is scoped by the owner, so another shopper's address cannot be reached. */
export async function listAddresses(db: Db, userId: string): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt));
  return rows.map(toAddress);
}

/** The place an address names, for telling two entries apart: every field but the label, any case. */
type Place = Record<'line1' | 'line2' | 'town' | 'parish' | 'postalZone' | 'country' | 'phone', string | null>;
const placeOf = (a: Place) =>
  [a.line1, a.line2, a.town, a.parish, a.postalZone, a.country, a.phone]
    .map((v) => (v ?? '').trim().toLowerCase())
    .join('\n');

/**
 * The first address a shopper adds becomes the default (spec §3). An address the book already
 * holds (the same place under any label: the checkout offers to save the one just ordered to) is
 * not added twice.
 */
export async function addAddress(db: Db, userId: string, input: Parsed): Promise<Address[]> {
  await db.transaction(async (tx) => {
    const existing = await tx.select().from(addresses).where(eq(addresses.userId, userId));
    if (existing.some((row) => placeOf(row) === placeOf(input))) return;
    await tx.insert(addresses).values({ ...input, userId, isDefault: existing.length === 0 });
  });
  return listAddresses(db, userId);
}

export async function updateAddress(db: Db, userId: string, id: string, input: Parsed): Promise<Address[]> {
  const updated = await db
    .update(addresses)
    .set(input)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (updated.length === 0) throw new ApiError(404, 'not_found', ADDRESS_TEXT.notFound);
  return listAddresses(db, userId);
}

/** Removing the default hands the default to the oldest remaining address. */
export async function removeAddress(db: Db, userId: string, id: string): Promise<Address[]> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!gone) throw new ApiError(404, 'not_found', ADDRESS_TEXT.notFound);
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.createdAt))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
  });
  return listAddresses(db, userId);
}

/** Exactly one default: this one on, all the shopper's others off. */
export async function setDefaultAddress(db: Db, userId: string, id: string): Promise<Address[]> {
  await db.transaction(async (tx) => {
    const on = await tx
      .update(addresses)
      .set({ isDefault: true })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ id: addresses.id });
    if (on.length === 0) throw new ApiError(404, 'not_found', ADDRESS_TEXT.notFound);
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, userId), ne(addresses.id, id)));
  });
  return listAddresses(db, userId);
}
