/**
 * A seller's own store (docs/decisions/015): applying for one (it starts pending, the user becomes
 * a seller) or sending a rejected application again, reading it and editing its page. Every read and write names the owner in its WHERE;
 * an edit of an active store is queued for publishing in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, like, notInArray, or, sql } from 'drizzle-orm';
import { type OwnStore, STORE_LABELS, type StoreApplication, type StoreUpdate } from '../../../lib/contract/stores';
import { toCents } from '../../../lib/money';
import { RESUBMIT } from '../../../lib/store-status';
import type { TaxDetails } from '../../../lib/tax-details';
import { parseUploadPath } from '../../../lib/uploads';
import type { Db, Tx } from '../../db/client';
import { shippingRateParishes, shippingRates, stores, uploads, users } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { recordOperatorAction } from '../operator-log';
import { catalogChanged } from '../publish-queue';
import { notASeller, type Seller } from '../sellers';
import { queueApplicationMail } from './notices';
import { ownStoresOf } from './shapes';
import { logTaxDetails, taxDetailsColumns } from './tax-details-log';

/**
 * What the store calls say to a signed-in account that owns no store (a buyer): 403 as on every
 * seller call (issue 14: "a buyer answers 403"), from their guard (`sellersOnlySaying`); /sell and
 * /dashboard/store/ read this answer as "show the application".
 */
export const NO_STORE_YET = 'You have no store yet: apply on the Sell on Yaad Market page.';

/** A URL-safe id from the store's name ("Lucea Treasures" → "lucea-treasures"). */
export function storeSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'store';
}

/** Page names under /seller/ that a store id must not take. */
const RESERVED_IDS = new Set(['not-found', 'admin', 'new']);

/** The first free id for the name: the slug, else the slug with -2, -3 … */
async function freeStoreId(tx: Tx, name: string): Promise<string> {
  const base = storeSlug(name);
  const taken = new Set(
    (
      await tx
        .select({ id: stores.id })
        .from(stores)
        .where(or(eq(stores.id, base), like(stores.id, `${base}-%`)))
    ).map((r) => r.id),
  );
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(id) && !RESERVED_IDS.has(id)) return id;
  }
}

/** Refuses a logo or banner that is not one of this store's own uploads (400, naming the field). */
async function checkOwnPhotos(tx: Tx, storeId: string | undefined, photos: Record<string, string | null | undefined>) {
  for (const [field, url] of Object.entries(photos)) {
    if (!url) continue;
    const key = parseUploadPath(url)?.hash;
    const [own] =
      key && storeId
        ? await tx
            .select({ key: uploads.key })
            .from(uploads)
            .where(and(eq(uploads.key, key), eq(uploads.storeId, storeId)))
        : [];
    if (!own) {
      const label = STORE_LABELS[field as 'logo' | 'bannerImage'];
      const message = storeId
        ? `${label} must be a photo you uploaded for this store`
        : `${label}: upload your photos once your application is in (the store page editor takes them)`;
      throw new ApiError(400, 'validation_failed', message, { [field]: message });
    }
  }
}

/** Puts the store's rates as given: a rate keeps its id when it names one of this store's, the rest are new. */
async function replaceRates(tx: Tx, storeId: string, rates: StoreApplication['shippingRates']) {
  const existing = new Set(
    (await tx.select({ id: shippingRates.id }).from(shippingRates).where(eq(shippingRates.storeId, storeId))).map(
      (r) => r.id,
    ),
  );
  const rows = rates.map((r, position) => ({
    id: r.id && existing.has(r.id) ? r.id : `${storeId}--${randomBytes(4).toString('hex')}`,
    storeId,
    provider: r.provider,
    method: r.method,
    costCents: toCents(r.cost),
    minDays: r.minDays,
    maxDays: r.maxDays,
    description: r.description,
    position,
  }));
  const kept = rows.map((r) => r.id);
  await tx.delete(shippingRates).where(and(eq(shippingRates.storeId, storeId), notInArray(shippingRates.id, kept)));
  for (const row of rows) {
    await tx
      .insert(shippingRates)
      .values(row)
      .onConflictDoUpdate({ target: shippingRates.id, set: { ...row, id: undefined, storeId: undefined } });
  }
  await tx.delete(shippingRateParishes).where(inArray(shippingRateParishes.rateId, kept));
  const parishes = rows.flatMap((row, i) => rates[i].parishes.map((parish) => ({ rateId: row.id, parish })));
  if (parishes.length) await tx.insert(shippingRateParishes).values(parishes);
}

/** The store columns an application or edit sets (only the fields given). */
function storeColumns(input: StoreUpdate) {
  const s = input.socialLinks;
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.location !== undefined ? { location: input.location } : {}),
    ...(input.parish !== undefined ? { parish: input.parish } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
    ...(input.logo !== undefined ? { logo: input.logo } : {}),
    ...(input.bannerImage !== undefined ? { bannerImage: input.bannerImage } : {}),
    ...(s?.facebook !== undefined ? { facebook: s.facebook } : {}),
    ...(s?.instagram !== undefined ? { instagram: s.instagram } : {}),
    ...(s?.twitter !== undefined ? { twitter: s.twitter } : {}),
    ...(s?.website !== undefined ? { website: s.website } : {}),
    ...(input.processingTime !== undefined ? { processingTime: input.processingTime } : {}),
    ...(input.freeShippingThreshold !== undefined
      ? {
          freeShippingThresholdCents:
            input.freeShippingThreshold === null ? null : toCents(input.freeShippingThreshold),
        }
      : {}),
    ...(input.paymentMethods !== undefined
      ? {
          acceptsCashOnDelivery: input.paymentMethods.cashOnDelivery,
          acceptsBankTransfer: input.paymentMethods.bankTransfer,
          // Details of a method not accepted are not kept.
          bankDetails: input.paymentMethods.bankTransfer ? input.paymentMethods.bankDetails : null,
        }
      : {}),
    ...(input.taxDetails !== undefined
      ? {
          trn: input.taxDetails.trn,
          gctRegistered: input.taxDetails.gctRegistered,
          gctNumber: input.taxDetails.gctNumber,
        }
      : {}),
  };
}

/**
 * A shopper applies for a store: one per user. The store starts pending and private; the
 * applicant's role becomes seller; every operator is mailed (./notices.ts), in the same
 * transaction. A rejected applicant's application is resubmitted instead
 * (`resubmitApplication`); any other store of theirs is a 409. Under an advisory lock on the
 * user, so two applications sent at once make one store (or one resubmission).
 */
export async function applyForStore(
  db: Db,
  userId: string,
  input: StoreApplication,
): Promise<{ store: OwnStore; resubmitted: boolean }> {
  const { id, resubmitted } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`apply:${userId}`}))`);
    const [mine] = await tx
      .select({ id: stores.id, status: stores.status, ...taxDetailsColumns })
      .from(stores)
      .where(eq(stores.ownerId, userId))
      .limit(1)
      .for('update');
    if (mine && (RESUBMIT.from as readonly string[]).includes(mine.status)) {
      await resubmitApplication(tx, userId, mine, input);
      await queueApplicationMail(tx, mine.id, true);
      return { id: mine.id, resubmitted: true };
    }
    if (mine) throw new ApiError(409, 'conflict', `You already have a store (${mine.status}): one store per account.`);
    await checkOwnPhotos(tx, undefined, { logo: input.logo, bannerImage: input.bannerImage });
    const storeId = await freeStoreId(tx, input.name);
    await tx.insert(stores).values({
      id: storeId,
      ownerId: userId,
      ...storeColumns(input),
      name: input.name,
      location: input.location,
      parish: input.parish,
      joinDate: sql`current_date`,
      status: 'pending',
      verified: false,
      rating: 0,
      reviewCount: 0,
      appliedAt: sql`now()`,
    });
    await replaceRates(tx, storeId, input.shippingRates);
    // An operator keeps the operator role; anyone else now runs a store.
    await tx
      .update(users)
      .set({ role: 'seller', updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), eq(users.role, 'buyer')));
    await queueApplicationMail(tx, storeId, false);
    return { id: storeId, resubmitted: false };
  });
  return { store: await readOwn(db, { userId, storeId: id }), resubmitted };
}

/**
 * A rejected application corrected and sent again (decision 015, amended): the same store, its
 * id kept (its uploads, products and action log name it, and it was never public, so no link
 * follows the name), takes the application's fields and goes back to pending, at the end of the
 * operators' queue. Logo and banner change only when sent (the form does not send them). The
 * resubmission is written to the action log, by the owner, in the same transaction. Nothing is
 * published: a pending store shows nothing.
 */
async function resubmitApplication(
  tx: Tx,
  userId: string,
  { id: storeId, status, ...taxBefore }: { id: string; status: string } & TaxDetails,
  input: StoreApplication,
) {
  const { logo, bannerImage, ...fields } = input;
  await checkOwnPhotos(tx, storeId, { logo, bannerImage });
  await tx
    .update(stores)
    .set({
      ...storeColumns(fields),
      ...(logo ? { logo } : {}),
      ...(bannerImage ? { bannerImage } : {}),
      status: RESUBMIT.to,
      statusReason: null,
      appliedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(stores.id, storeId), eq(stores.ownerId, userId)));
  await replaceRates(tx, storeId, input.shippingRates);
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  await recordOperatorAction(
    tx,
    { id: userId, email: owner.email },
    {
      action: RESUBMIT.action,
      target: { type: 'store', id: storeId },
      from: status,
      to: RESUBMIT.to,
      reason: null,
    },
  );
  await logTaxDetails(tx, userId, storeId, taxBefore, input.taxDetails);
}

/** The owner's store in full (the store and its owner in the WHERE). */
async function readOwn(db: Db, seller: Pick<Seller, 'userId' | 'storeId'>): Promise<OwnStore> {
  const rows = await db
    .select()
    .from(stores)
    .where(and(eq(stores.id, seller.storeId), eq(stores.ownerId, seller.userId)));
  if (!rows[0]) throw notASeller(NO_STORE_YET);
  return (await ownStoresOf(db, rows))[0];
}

/** The seller's store, whatever its status (the route's guard answered 403 to an account without one). */
export const getOwnStore = (db: Db, seller: Seller) => readOwn(db, seller);

/**
 * Edits the owner's store page. An active store's edit is queued for publishing (its seller page
 * and its products' pages, which show its name, logo and location) in the same transaction.
 */
export async function updateOwnStore(db: Db, seller: Seller, change: StoreUpdate): Promise<OwnStore> {
  const { userId } = seller;
  await db.transaction(async (tx) => {
    const [store] = await tx
      .select({ id: stores.id, status: stores.status, ...taxDetailsColumns })
      .from(stores)
      .where(and(eq(stores.id, seller.storeId), eq(stores.ownerId, userId)))
      .for('update');
    if (!store) throw notASeller(NO_STORE_YET);
    await checkOwnPhotos(tx, store.id, { logo: change.logo, bannerImage: change.bannerImage });
    await tx
      .update(stores)
      .set({ ...storeColumns(change), updatedAt: sql`now()` })
      .where(and(eq(stores.id, store.id), eq(stores.ownerId, userId)));
    if (change.shippingRates) await replaceRates(tx, store.id, change.shippingRates);
    await logTaxDetails(tx, userId, store.id, store, change.taxDetails);
    if (store.status === 'active') await catalogChanged(tx, 'store', store.id, 'store page edited by its seller');
  });
  return readOwn(db, seller);
}
