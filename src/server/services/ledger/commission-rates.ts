import { inArray, isNull, or, sql } from 'drizzle-orm';
import type { CommissionRule } from '../../../lib/commission';
import type { Db, Tx } from '../../db/client';
import { commissionRates } from '../../db/schema';

/*
 * The commission rates other than the marketplace's (docs/decisions/036): a store's, a category's,
 * a store's for one category. Read once when an order is placed (orders/write-order.ts), which
 * freezes each line's rate and each part's commission; the most specific rule wins
 * (src/lib/commission.ts, `rateFor`). The operators' commission settings screen is to come
 * (issue 27 #6); `setCommissionRate` is what it will call.
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
export async function setCommissionRate(db: Db, rule: CommissionRule): Promise<void> {
  // The conflict target is the unique index's expressions (one rule per store and category, "any" included).
  await db.execute(sql`
    insert into ${commissionRates} (id, store_id, category, basis_points)
    values (${crypto.randomUUID()}, ${rule.storeId}, ${rule.category}, ${rule.basisPoints})
    on conflict (coalesce(store_id, ''), coalesce(category, ''))
    do update set basis_points = excluded.basis_points, updated_at = now()`);
}
