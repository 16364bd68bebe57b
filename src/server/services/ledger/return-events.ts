import { and, eq, sql } from 'drizzle-orm';
import { reversedInProportion } from '../../../lib/returns';
import type { Tx } from '../../db/client';
import { ledgerEntries, orderParts, returnRequests } from '../../db/schema';
import { partKey, postedTransaction, sellerAccountOf } from './accounts-of';
import { post } from './post';

/*
 * A return's money in the books (issue 28, docs/decisions/042): `return:<request>` when its refund
 * is decided, `returned:<refund>` when the refund is made (./events.ts, postRefundMade).
 */

/** A part's entries of one kind on one account, summed (debit positive). */
async function sumOn(tx: Tx, partId: string, account: string, kind: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.partId, partId),
        sql`${ledgerEntries.account} = ${account}`,
        sql`${ledgerEntries.kind} = ${kind}`,
      ),
    );
  return Number(row.cents);
}

/**
 * A return's refund decided (returns/, in the decision's transaction, after it locked the order
 * row), `return:<request>`: `amountCents` of the part's share is taken back from its seller and
 * owed to the buyer until the refund is made; the commission and GCT on it frozen on the part are
 * reversed in proportion to what of the share the part's returns have given back so far
 * (`reversedInProportion`: the reversals never pass what was charged, and reach it when all of the
 * share is given back). A part never paid posts nothing (the caller refuses it first).
 */
export async function postReturnRefunded(
  tx: Tx,
  request: { id: string; orderId: string; partId: string; amountCents: number; shareCents: number },
): Promise<void> {
  const sale = await postedTransaction(tx, partKey('sale', request.partId));
  if (!sale || request.amountCents <= 0) return;
  const [part] = await tx
    .select({ storeId: orderParts.storeId, commission: orderParts.commissionCents, gct: orderParts.commissionGctCents })
    .from(orderParts)
    .where(eq(orderParts.id, request.partId));
  const refundedBefore = -(await sumOn(tx, request.partId, 'refunds_due', 'return'));
  const commission = reversedInProportion(
    part.commission,
    request.shareCents,
    refundedBefore,
    request.amountCents,
    await sumOn(tx, request.partId, 'commission_revenue', 'return'),
  );
  const gct = reversedInProportion(
    part.gct,
    request.shareCents,
    refundedBefore,
    request.amountCents,
    await sumOn(tx, request.partId, 'gct_payable', 'return'),
  );
  const seller = { account: await sellerAccountOf(tx, request.partId), storeId: part.storeId };
  await post(tx, {
    key: `return:${request.id}`,
    event: 'return',
    orderId: request.orderId,
    partId: request.partId,
    entries: [
      { ...seller, kind: 'return', amountCents: request.amountCents },
      { account: 'refunds_due', kind: 'return', amountCents: -request.amountCents },
      { account: 'commission_revenue', kind: 'return', amountCents: commission },
      { ...seller, kind: 'return', amountCents: -commission },
      { account: 'gct_payable', kind: 'return', amountCents: gct },
      { ...seller, kind: 'return', amountCents: -gct },
    ],
  });
}

/** A return's card refund made (decideRefund): the money leaves the marketplace's cash and what it owed the buyer. */
export async function postReturnRefundMade(tx: Tx, refund: { id: string; orderId: string; amountCents: number }) {
  const [request] = await tx
    .select({ partId: returnRequests.partId })
    .from(returnRequests)
    .where(eq(returnRequests.refundId, refund.id));
  if (!request) return;
  await post(tx, {
    key: `returned:${refund.id}`,
    event: 'refund',
    orderId: refund.orderId,
    partId: request.partId,
    entries: [
      { account: 'refunds_due', kind: 'refund', amountCents: refund.amountCents },
      { account: 'marketplace_cash', kind: 'refund', amountCents: -refund.amountCents },
    ],
  });
}
