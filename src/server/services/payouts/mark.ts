import { eq } from 'drizzle-orm';
import type { MarkedPayout, MarkPayoutFailed, MarkPayoutPaid, MarkPayoutReturned } from '../../../lib/contract/payouts';
import { MESSAGES } from '../../../lib/messages';
import { formatCents } from '../../../lib/money';
import { PAYOUT_ACTIONS } from '../../../lib/operator-actions';
import { shopDay } from '../../../lib/shop-time';
import type { Db, Tx } from '../../db/client';
import { payoutRuns, payouts, stores, users } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { enqueueMail } from '../../mail/outbox';
import { payoutReturnedMail, payoutSentMail } from '../../mail/payout-mails';
import { payoutStatement } from '../ledger/payout-statement';
import { post } from '../ledger/post';
import { recordOperatorAction } from '../operator-log';
import { toPayout } from './read';

/*
 * Marking a payout (docs/decisions/039), in one transaction under the payout's row lock:
 *   - paid (the bank's reference and the day it paid): `payout-paid:<id>` moves the amount from
 *     payouts_in_transit out of marketplace_cash — the money has left the marketplace's bank;
 *   - failed (why): `payout-failed:<id>` gives it back to the seller's available balance, paid in
 *     the next run.
 *   - returned (docs/decisions/040: a paid payout the bank sent back later, with the bank's
 *     reference of the return and why): `payout-returned:<id>` brings the amount back into
 *     marketplace_cash and gives it back to the seller's available balance, paid in the next run.
 * Marked paid, or returned, the store's owner is mailed (payout_sent with what the payout pays,
 * ledger/payout-statement.ts, decision 041; payout_returned), queued in the same transaction. A
 * marking is final but for paid → returned. The same marking again (the same reference and day,
 * or the same reason) answers the payout as it is (replayed) and changes nothing; any other is a 409.
 */

type Operator = { id: string; email: string };
type PayoutRow = typeof payouts.$inferSelect;

async function lockPayout(tx: Tx, id: string): Promise<PayoutRow> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  if (!row) throw new ApiError(404, 'not_found', MESSAGES.payouts.notFound);
  return row;
}

const settled = (row: PayoutRow) => {
  if (row.status === 'paid') throw new ApiError(409, 'conflict', MESSAGES.payouts.alreadyPaid(row.bankReference ?? ''));
  if (row.status === 'failed') throw new ApiError(409, 'conflict', MESSAGES.payouts.alreadyFailed);
  if (row.status === 'returned')
    throw new ApiError(409, 'conflict', MESSAGES.payouts.alreadyReturned(row.returnBankReference ?? ''));
};

/** The owner of the payout's store, to mail; a store without an owner (sample data) hears nothing. */
async function ownerOf(tx: Tx, payout: PayoutRow) {
  const [owner] = await tx
    .select({ name: users.name, email: users.email })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .where(eq(stores.id, payout.storeId));
  return owner;
}

/** The store owner's mail, queued with the marking: it goes out only if the marking commits. */
async function queuePayoutSent(tx: Tx, payout: PayoutRow) {
  const owner = await ownerOf(tx, payout);
  if (!owner) return;
  await enqueueMail(tx, {
    to: owner.email,
    ...payoutSentMail({
      ownerName: owner.name,
      storeName: payout.storeName,
      amountCents: payout.amountCents,
      bankName: payout.bankDetails.bankName,
      accountNumber: payout.bankDetails.accountNumber,
      reference: payout.reference,
      bankReference: payout.bankReference ?? '',
      paidOn: payout.paidOn ?? '',
      statement: await payoutStatement(tx, payout),
    }),
  });
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** POST /admin/payouts/{id}/paid. */
export async function markPayoutPaid(
  db: Db,
  operator: Operator,
  id: string,
  input: MarkPayoutPaid,
  options: { now?: Date } = {},
): Promise<MarkedPayout> {
  return db.transaction(async (tx) => {
    const row = await lockPayout(tx, id);
    if (row.status === 'paid' && row.bankReference === input.bankReference && row.paidOn === input.paidOn)
      return { success: true as const, replayed: true, payout: toPayout(row) };
    settled(row);
    // Jamaica is behind UTC: its today is never after UTC's.
    if (input.paidOn > dayOf(options.now ?? new Date()))
      throw new ApiError(400, 'validation_failed', MESSAGES.payouts.paidInFuture, {
        paidOn: MESSAGES.payouts.paidInFuture,
      });
    const [run] = await tx.select({ at: payoutRuns.createdAt }).from(payoutRuns).where(eq(payoutRuns.id, row.runId));
    // The run's day in Jamaica: a run late in the evening there is the next day in UTC.
    if (input.paidOn < shopDay(run.at))
      throw new ApiError(400, 'validation_failed', MESSAGES.payouts.paidBeforeRun, {
        paidOn: MESSAGES.payouts.paidBeforeRun,
      });
    const [marked] = await tx
      .update(payouts)
      .set({ status: 'paid', bankReference: input.bankReference, paidOn: input.paidOn, decidedAt: new Date() })
      .where(eq(payouts.id, id))
      .returning();
    await post(tx, {
      key: `payout-paid:${id}`,
      event: 'payout_paid',
      entries: [
        { account: 'payouts_in_transit', kind: 'payout', amountCents: row.amountCents },
        { account: 'marketplace_cash', kind: 'payout', amountCents: -row.amountCents },
      ],
    });
    await queuePayoutSent(tx, marked);
    await recordOperatorAction(tx, operator, {
      action: PAYOUT_ACTIONS.paid.action,
      target: { type: 'store', id: row.storeId },
      from: 'in_transit',
      to: 'paid',
      reason: `${formatCents(row.amountCents)} paid on ${input.paidOn}, bank reference ${input.bankReference} (payout ${row.reference})`,
    });
    return { success: true as const, replayed: false, payout: toPayout(marked) };
  });
}

/** POST /admin/payouts/{id}/failed. */
export async function markPayoutFailed(
  db: Db,
  operator: Operator,
  id: string,
  input: MarkPayoutFailed,
): Promise<MarkedPayout> {
  return db.transaction(async (tx) => {
    const row = await lockPayout(tx, id);
    if (row.status === 'failed' && row.failureReason === input.reason)
      return { success: true as const, replayed: true, payout: toPayout(row) };
    settled(row);
    const [marked] = await tx
      .update(payouts)
      .set({ status: 'failed', failureReason: input.reason, decidedAt: new Date() })
      .where(eq(payouts.id, id))
      .returning();
    await post(tx, {
      key: `payout-failed:${id}`,
      event: 'payout_failed',
      entries: [
        { account: 'payouts_in_transit', kind: 'payout_failed', amountCents: row.amountCents },
        { account: 'seller_available', storeId: row.storeId, kind: 'payout_failed', amountCents: -row.amountCents },
      ],
    });
    await recordOperatorAction(tx, operator, {
      action: PAYOUT_ACTIONS.failed.action,
      target: { type: 'store', id: row.storeId },
      from: 'in_transit',
      to: 'failed',
      reason: `${formatCents(row.amountCents)} back to available (payout ${row.reference}): ${input.reason}`,
    });
    return { success: true as const, replayed: false, payout: toPayout(marked) };
  });
}

/** POST /admin/payouts/{id}/returned: a paid payout the bank sent back (docs/decisions/040). */
export async function markPayoutReturned(
  db: Db,
  operator: Operator,
  id: string,
  input: MarkPayoutReturned,
): Promise<MarkedPayout> {
  return db.transaction(async (tx) => {
    const row = await lockPayout(tx, id);
    if (
      row.status === 'returned' &&
      row.returnBankReference === input.bankReference &&
      row.returnReason === input.reason
    )
      return { success: true as const, replayed: true, payout: toPayout(row) };
    if (row.status === 'returned')
      throw new ApiError(409, 'conflict', MESSAGES.payouts.alreadyReturned(row.returnBankReference ?? ''));
    if (row.status !== 'paid') throw new ApiError(409, 'conflict', MESSAGES.payouts.notPaid);
    const [marked] = await tx
      .update(payouts)
      .set({
        status: 'returned',
        returnReason: input.reason,
        returnBankReference: input.bankReference,
        returnedAt: new Date(),
      })
      .where(eq(payouts.id, id))
      .returning();
    // The money is back in the marketplace's bank, and the seller's again to be paid.
    await post(tx, {
      key: `payout-returned:${id}`,
      event: 'payout_returned',
      entries: [
        { account: 'marketplace_cash', kind: 'payout_returned', amountCents: row.amountCents },
        { account: 'seller_available', storeId: row.storeId, kind: 'payout_returned', amountCents: -row.amountCents },
      ],
    });
    const owner = await ownerOf(tx, marked);
    if (owner)
      await enqueueMail(tx, {
        to: owner.email,
        ...payoutReturnedMail({
          ownerName: owner.name,
          storeName: marked.storeName,
          amountCents: marked.amountCents,
          bankName: marked.bankDetails.bankName,
          accountNumber: marked.bankDetails.accountNumber,
          reference: marked.reference,
          bankReference: input.bankReference,
          reason: input.reason,
        }),
      });
    await recordOperatorAction(tx, operator, {
      action: PAYOUT_ACTIONS.returned.action,
      target: { type: 'store', id: row.storeId },
      from: 'paid',
      to: 'returned',
      reason: `${formatCents(row.amountCents)} back to available (payout ${row.reference}, bank reference of the return ${input.bankReference}): ${input.reason}`,
    });
    return { success: true as const, replayed: false, payout: toPayout(marked) };
  });
}
