import { eq, sql } from 'drizzle-orm';
import type { PayoutRunDetail } from '../../../lib/contract/payouts';
import { MESSAGES } from '../../../lib/messages';
import { formatCents } from '../../../lib/money';
import { PAYOUT_ACTIONS } from '../../../lib/operator-actions';
import type { BankDetails } from '../../../lib/store-status';
import type { Db, Tx } from '../../db/client';
import { ledgerEntries, payoutRuns, payouts, stores } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { PAYOUT_LOCK, post } from '../ledger/post';
import { recordOperatorAction } from '../operator-log';
import { payoutRunDetail } from './read';

/*
 * A payout run (issue 27 #4, docs/decisions/039), in one transaction:
 *   1. the payout lock, alone (pg_advisory_xact_lock): a second run waits for the first to commit
 *      and then finds those balances already taken, so no seller is paid twice; every posting that
 *      takes from an available balance (a cancellation, cash recorded after the release) shares
 *      that lock (ledger/post.ts), so the balances read below cannot shrink before the run commits;
 *   2. with an Idempotency-Key seen before, that run is the answer and nothing changes;
 *   3. every store whose available balance (the sum of its entries) is at least PAYOUT_MINIMUM and
 *      which has complete bank details gets a payout of exactly that balance, its bank details
 *      copied onto it, posted `payout:<id>` (available → payouts_in_transit) and logged;
 *   4. nobody to pay is a 409 and nothing is written.
 */

type Operator = { id: string; email: string };

const complete = (bank: BankDetails | null): bank is BankDetails =>
  Boolean(bank?.bankName?.trim() && bank.branch?.trim() && bank.accountName?.trim() && bank.accountNumber?.trim());

/** The transfer's reference, short enough for a bank's ACH reference field, unique (a unique index says so). */
const referenceOf = (payoutId: string) => `YM${payoutId.replaceAll('-', '').slice(0, 10).toUpperCase()}`;

/** Each store's available balance at or above the minimum, with its name and bank details. */
async function payableStores(tx: Tx, minimumCents: number) {
  const available = sql<string>`(-sum(${ledgerEntries.amountCents}))::text`;
  const rows = await tx
    .select({ storeId: ledgerEntries.storeId, storeName: stores.name, bank: stores.bankDetails, available })
    .from(ledgerEntries)
    .innerJoin(stores, eq(stores.id, ledgerEntries.storeId))
    .where(eq(ledgerEntries.account, 'seller_available'))
    .groupBy(ledgerEntries.storeId, stores.name, stores.bankDetails)
    .having(sql`-sum(${ledgerEntries.amountCents}) >= ${minimumCents} and -sum(${ledgerEntries.amountCents}) > 0`)
    .orderBy(stores.name);
  return rows.flatMap((r) =>
    complete(r.bank) && r.storeId
      ? [{ storeId: r.storeId, storeName: r.storeName, bank: r.bank, amountCents: Number(r.available) }]
      : [],
  );
}

/** POST /admin/payout-runs. */
export async function startPayoutRun(
  db: Db,
  operator: Operator,
  options: { minimumCents: number; key?: string },
): Promise<PayoutRunDetail> {
  const made = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAYOUT_LOCK})`);
    if (options.key) {
      const [before] = await tx.select({ id: payoutRuns.id }).from(payoutRuns).where(eq(payoutRuns.key, options.key));
      if (before) return { runId: before.id, replayed: true };
    }
    const due = await payableStores(tx, options.minimumCents);
    if (due.length === 0)
      throw new ApiError(409, 'conflict', MESSAGES.payouts.nothingToPay(formatCents(options.minimumCents)));
    const [run] = await tx
      .insert(payoutRuns)
      .values({ key: options.key ?? null, startedBy: operator.id, startedByEmail: operator.email })
      .returning({ id: payoutRuns.id });
    for (const store of due) {
      const id = crypto.randomUUID();
      const reference = referenceOf(id);
      await tx.insert(payouts).values({
        id,
        runId: run.id,
        storeId: store.storeId,
        storeName: store.storeName,
        amountCents: store.amountCents,
        bankDetails: {
          bankName: store.bank.bankName,
          branch: store.bank.branch,
          accountName: store.bank.accountName,
          accountNumber: store.bank.accountNumber,
        },
        reference,
      });
      await post(tx, {
        key: `payout:${id}`,
        event: 'payout',
        entries: [
          { account: 'seller_available', storeId: store.storeId, kind: 'payout', amountCents: store.amountCents },
          { account: 'payouts_in_transit', kind: 'payout', amountCents: -store.amountCents },
        ],
      });
      await recordOperatorAction(tx, operator, {
        action: PAYOUT_ACTIONS.run.action,
        target: { type: 'store', id: store.storeId },
        from: null,
        to: 'in_transit',
        reason: `${formatCents(store.amountCents)} to ${store.bank.bankName} account ${store.bank.accountNumber}, reference ${reference}`,
      });
    }
    return { runId: run.id, replayed: false };
  });
  const { run, payouts: list } = await payoutRunDetail(db, made.runId);
  return { success: true, replayed: made.replayed, run, payouts: list };
}
