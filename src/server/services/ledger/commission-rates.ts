import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { findCategory } from '../../../lib/catalog';
import { type CommissionRule, formatRate, rateFor } from '../../../lib/commission';
import type {
  CommissionRate,
  CommissionRateScope,
  CommissionRates,
  SetCommissionRate,
} from '../../../lib/contract/commission';
import { MESSAGES } from '../../../lib/messages';
import { COMMISSION_ACTIONS } from '../../../lib/operator-actions';
import type { Db, Tx } from '../../db/client';
import { commissionRates, stores } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { recordOperatorAction } from '../operator-log';

/*
 * The commission rates other than the marketplace's (docs/decisions/036): a store's, a category's,
 * a store's for one category. Read once when an order is placed (orders/write-order.ts), which
 * freezes each line's rate and each part's commission; the most specific rule wins
 * (src/lib/commission.ts, `rateFor`). Operators read and change them on /admin/commission/
 * (GET, PUT, DELETE /admin/commission-rates; docs/decisions/040): each change in the operator
 * action log, in its transaction. A change applies to orders placed after it: the orders before
 * keep the rates frozen on their lines.
 */

/** What writeOrder needs to charge a new order's parts. */
export type CommissionTerms = {
  rules: readonly CommissionRule[];
  marketplaceBasisPoints: number;
  gctBasisPoints: number;
};

/** The rules that may apply to these stores' lines: theirs, and every category's. */
export async function commissionRulesFor(tx: Tx, storeIds: readonly string[]): Promise<CommissionRule[]> {
  return tx
    .select({
      storeId: commissionRates.storeId,
      category: commissionRates.category,
      basisPoints: commissionRates.basisPoints,
    })
    .from(commissionRates)
    .where(or(isNull(commissionRates.storeId), inArray(commissionRates.storeId, [...storeIds])));
}

/** Sets (or replaces) the rate of a store, a category, or a store's category, in basis points. */
export async function setCommissionRate(db: Db | Tx, rule: CommissionRule): Promise<void> {
  // The conflict target is the unique index's expressions (one rule per store and category, "any" included).
  await db.execute(sql`
    insert into ${commissionRates} (id, store_id, category, basis_points)
    values (${crypto.randomUUID()}, ${rule.storeId}, ${rule.category}, ${rule.basisPoints})
    on conflict (coalesce(store_id, ''), coalesce(category, ''))
    do update set basis_points = excluded.basis_points, updated_at = now()`);
}

type Operator = { id: string; email: string };
type Terms = { marketplaceBasisPoints: number; gctBasisPoints: number };

/** GET /admin/commission-rates: the marketplace's rate as configured, every other rate, the stores. */
export async function listCommissionRates(db: Db, terms: Terms): Promise<CommissionRates> {
  const rows = await db
    .select({
      storeId: commissionRates.storeId,
      storeName: stores.name,
      category: commissionRates.category,
      basisPoints: commissionRates.basisPoints,
      updatedAt: commissionRates.updatedAt,
    })
    .from(commissionRates)
    .leftJoin(stores, eq(stores.id, commissionRates.storeId))
    // Categories' rates first, then stores' (a store's own rate before its categories').
    .orderBy(
      sql`${commissionRates.storeId} is not null`,
      asc(stores.name),
      sql`${commissionRates.category} is not null`,
      asc(commissionRates.category),
    );
  const rates: CommissionRate[] = rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
  const storeList = await db.select({ id: stores.id, name: stores.name }).from(stores).orderBy(asc(stores.name));
  return {
    success: true,
    marketplace: { basisPoints: terms.marketplaceBasisPoints, gctBasisPoints: terms.gctBasisPoints },
    rates,
    stores: storeList,
  };
}

/** The store (404 if none) and the category by its canonical name (404 if none) a rate names. */
async function resolveScope(tx: Tx, scope: CommissionRateScope) {
  let store: { id: string; name: string } | undefined;
  if (scope.storeId !== undefined) {
    [store] = await tx.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.id, scope.storeId));
    if (!store)
      throw new ApiError(404, 'not_found', MESSAGES.commission.noSuchStore, {
        storeId: MESSAGES.commission.noSuchStore,
      });
  }
  let category: string | undefined;
  if (scope.category !== undefined) {
    category = findCategory(scope.category);
    if (!category)
      throw new ApiError(404, 'not_found', MESSAGES.commission.noSuchCategory, {
        category: MESSAGES.commission.noSuchCategory,
      });
  }
  return { store, category };
}

const sameScope = (storeId: string | null, category: string | null): SQL =>
  and(
    storeId === null ? isNull(commissionRates.storeId) : eq(commissionRates.storeId, storeId),
    category === null ? isNull(commissionRates.category) : eq(commissionRates.category, category),
  ) as SQL;

/**
 * What a line of this scope is charged without its own rule: the next most specific one (a store's
 * category → the store's → the category's → the marketplace's). A store's rate alone falls back to
 * each category's rate line by line, so its fallback is described, not one number.
 */
function fallback(rules: CommissionRule[], storeId: string | null, category: string | null, terms: Terms): string {
  const others = rules.filter((r) => !(r.storeId === storeId && r.category === category));
  if (category !== null)
    return formatRate(rateFor(others, { storeId: storeId ?? '', category }, terms.marketplaceBasisPoints));
  return `the category’s rate, else the marketplace’s ${formatRate(terms.marketplaceBasisPoints)}`;
}

function describeScope(store: { name: string } | undefined, category: string | undefined) {
  if (store && category) return `${store.name}, ${category}`;
  return store ? `${store.name}, every category` : `${category}, every store`;
}

/** The rules a line of this store (or of any store, for a category's rate) may be charged by. */
async function rulesOf(tx: Tx, storeId: string | null): Promise<CommissionRule[]> {
  return tx
    .select({
      storeId: commissionRates.storeId,
      category: commissionRates.category,
      basisPoints: commissionRates.basisPoints,
    })
    .from(commissionRates)
    .where(
      storeId
        ? or(isNull(commissionRates.storeId), eq(commissionRates.storeId, storeId))
        : isNull(commissionRates.storeId),
    );
}

/** PUT /admin/commission-rates: sets or replaces one rate; logged with what applied before. */
export async function changeCommissionRate(
  db: Db,
  operator: Operator,
  input: SetCommissionRate,
  terms: Terms,
): Promise<CommissionRates> {
  await db.transaction(async (tx) => {
    const { store, category } = await resolveScope(tx, input);
    const storeId = store?.id ?? null;
    const rules = await rulesOf(tx, storeId);
    const own = rules.find((r) => r.storeId === storeId && r.category === (category ?? null));
    const before = own ? formatRate(own.basisPoints) : fallback(rules, storeId, category ?? null, terms);
    await setCommissionRate(tx, { storeId, category: category ?? null, basisPoints: input.basisPoints });
    await recordOperatorAction(tx, operator, {
      action: COMMISSION_ACTIONS.set.action,
      target: store ? { type: 'store', id: store.id } : { type: 'category', id: category as string },
      from: own ? formatRate(own.basisPoints) : null,
      to: formatRate(input.basisPoints),
      reason: `${describeScope(store, category)}: ${formatRate(input.basisPoints)} (was ${before}${own ? '' : ', inherited'}), for orders placed from now`,
    });
  });
  return listCommissionRates(db, terms);
}

/** DELETE /admin/commission-rates: removes one rate (404 if there is none); its lines fall back to the next most specific. */
export async function removeCommissionRate(
  db: Db,
  operator: Operator,
  scope: CommissionRateScope,
  terms: Terms,
): Promise<CommissionRates> {
  await db.transaction(async (tx) => {
    const { store, category } = await resolveScope(tx, scope);
    const storeId = store?.id ?? null;
    const [removed] = await tx
      .delete(commissionRates)
      .where(sameScope(storeId, category ?? null))
      .returning({ basisPoints: commissionRates.basisPoints });
    if (!removed) throw new ApiError(404, 'not_found', MESSAGES.commission.noSuchRate);
    const after = fallback(await rulesOf(tx, storeId), storeId, category ?? null, terms);
    await recordOperatorAction(tx, operator, {
      action: COMMISSION_ACTIONS.removed.action,
      target: store ? { type: 'store', id: store.id } : { type: 'category', id: category as string },
      from: formatRate(removed.basisPoints),
      to: 'removed',
      reason: `${describeScope(store, category)}: ${formatRate(removed.basisPoints)} removed, now ${after}, for orders placed from now`,
    });
  });
  return listCommissionRates(db, terms);
}
