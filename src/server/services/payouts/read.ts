import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Payout, PayoutRun } from '../../../lib/contract/payouts';
import { MESSAGES } from '../../../lib/messages';
import { toDollars } from '../../../lib/money';
import type { Db, Tx } from '../../db/client';
import { payoutRuns, payouts } from '../../db/schema';
import { ApiError } from '../../http/errors';

/*
 * Payout runs and payouts as operators read them (docs/decisions/039). Only operators reach these
 * (operatorsOnly on every route): a payout is the marketplace's record of money it sent.
 */

type PayoutRow = typeof payouts.$inferSelect;

export const toPayout = (p: PayoutRow): Payout => ({
  id: p.id,
  runId: p.runId,
  storeId: p.storeId,
  storeName: p.storeName,
  amount: toDollars(p.amountCents),
  reference: p.reference,
  bank: {
    bankName: p.bankDetails.bankName,
    branch: p.bankDetails.branch,
    accountName: p.bankDetails.accountName,
    accountNumber: p.bankDetails.accountNumber,
  },
  status: p.status,
  bankReference: p.bankReference,
  paidOn: p.paidOn,
  failureReason: p.failureReason,
  decidedAt: p.decidedAt?.toISOString() ?? null,
  returnReason: p.returnReason,
  returnBankReference: p.returnBankReference,
  returnedAt: p.returnedAt?.toISOString() ?? null,
});

const count = (status: string) => sql<number>`count(*) filter (where ${payouts.status} = ${status})::int`;

/** Runs newest first (at most `limit`), or the ones named, with their totals and counts by state. */
async function runRows(db: Db | Tx, ids?: string[], limit = 100): Promise<PayoutRun[]> {
  const rows = await db
    .select({
      run: payoutRuns,
      total: sql<string>`coalesce(sum(${payouts.amountCents}), 0)::text`,
      payoutCount: sql<number>`count(${payouts.id})::int`,
      in_transit: count('in_transit'),
      paid: count('paid'),
      failed: count('failed'),
      returned: count('returned'),
    })
    .from(payoutRuns)
    .leftJoin(payouts, eq(payouts.runId, payoutRuns.id))
    .where(ids ? inArray(payoutRuns.id, ids) : undefined)
    .groupBy(payoutRuns.id)
    .orderBy(desc(payoutRuns.createdAt), desc(payoutRuns.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.run.id,
    createdAt: r.run.createdAt.toISOString(),
    startedBy: r.run.startedByEmail,
    total: toDollars(Number(r.total)),
    payoutCount: Number(r.payoutCount),
    counts: {
      in_transit: Number(r.in_transit),
      paid: Number(r.paid),
      failed: Number(r.failed),
      returned: Number(r.returned),
    },
  }));
}

export const listPayoutRuns = (db: Db) => runRows(db);

/** A run and its payouts (by store name), or 404. */
export async function payoutRunDetail(db: Db | Tx, runId: string) {
  const [run] = await runRows(db, [runId], 1);
  if (!run) throw new ApiError(404, 'not_found', MESSAGES.payouts.runNotFound);
  const rows = await db.select().from(payouts).where(eq(payouts.runId, runId)).orderBy(payouts.storeName, payouts.id);
  return { run, payouts: rows.map(toPayout), rows };
}
