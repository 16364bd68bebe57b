import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../lib/contract/orders';
import { paidByCard } from '../../../lib/contract/payments';
import { partShares } from '../../../lib/pricing';
import { reversedInProportion } from '../../../lib/returns';
import type { Tx } from '../../db/client';
import {
  ledgerEntries,
  ledgerTransactions,
  orderParts,
  orders,
  partDeliveries,
  refundParts,
  returnRequests,
} from '../../db/schema';
import { heldOn, partKey, postedTransaction, sellerAccountOf } from './accounts-of';
import { type Entry, post } from './post';

/*
 * The money events of an order part, posted to the books (docs/decisions/036) by one line at each
 * event's own door, in its transaction, after that door locked the order row:
 *
 *   paid       (orders/pay-parts.ts, the one write of a part's payment: a card, a bank transfer, a
 *              seller's recorded cash)  `sale:<part>`: the part's share (items + shipping + its
 *              share of the tax: partShares) is the seller's, less the commission and the GCT on it
 *              frozen on the part. Paid to the marketplace (card; bank transfer to its account):
 *              its cash grows by the share. Paid to the seller's courier (cash on delivery, an
 *              older order's transfer to the seller): the seller already has the share
 *              (`cash_collected`), so it owes the commission and the GCT, netted against what it is owed.
 *   cancelled  (orders/move-part.ts, orders/change.ts)  `cancel:<part>`: a paid part's sale reversed
 *              entry by entry; money the marketplace took for it is now owed back to the buyer
 *              (`refunds_due`) until the refund is made. An unpaid part posts nothing.
 *   refunded   (payments/attempts.ts, decideRefund, when a refund is made)  `refund:<part>`: what
 *              was given back leaves the marketplace's cash and `refunds_due`.
 *   returned   (returns/, when a return's refund is decided: the seller's refund, an operator's
 *              decision)  `return:<request>`: what is given back is taken from the seller and owed
 *              to the buyer (`refunds_due`); the part's commission and GCT on it reversed in the
 *              same proportion of its share. Its refund made (decideRefund) `returned:<refund>`.
 *   delivered  (orders/move-part.ts)  starts the part's settlement clock (part_deliveries); the
 *              release after RETURN_DAYS is ./release.ts.
 * And money that pays no part (`unapplied:<what received it>`, order-level): a card approved after
 * its order expired (payments/decide.ts), a bank transfer beyond what its order owed or for an order
 * cancelled unpaid (payments/bank-transfers.ts, attempts.ts): into the marketplace's cash and owed
 * back to the buyer at once, so the books hold every cent the bank and the gateway hold; given back
 * by `refund:<refund>` (a late approval's card refund) or by the transfer an operator sends back.
 * Each is idempotent by its key (./post.ts): the same event again writes nothing.
 */

/** Whether the buyer paid the marketplace (a card, a bank transfer to its account) rather than the seller. */
export const paidToMarketplace = (order: { paymentMethod: string; bankTransferTo: unknown }) =>
  paidByCard(order.paymentMethod) || (order.paymentMethod === 'bank_transfer' && order.bankTransferTo !== null);

/** The sale of each part just paid (payParts answers them), in the payment's transaction. */
export async function postPartsPaid(tx: Tx, partIds: readonly string[]): Promise<void> {
  if (partIds.length === 0) return;
  const paid = await tx
    .select()
    .from(orderParts)
    .where(inArray(orderParts.id, [...partIds]))
    .orderBy(asc(orderParts.id));
  for (const orderId of new Set(paid.map((p) => p.orderId))) {
    const [order] = await tx
      .select({ paymentMethod: orders.paymentMethod, bankTransferTo: orders.bankTransferTo, taxCents: orders.taxCents })
      .from(orders)
      .where(eq(orders.id, orderId));
    // Every part of the order: the tax is shared over all of them (decision 033).
    const shares = partShares(
      order.taxCents,
      await tx
        .select({
          id: orderParts.id,
          storeName: orderParts.storeName,
          subtotalCents: orderParts.subtotalCents,
          shippingCents: orderParts.shippingCents,
        })
        .from(orderParts)
        .where(eq(orderParts.orderId, orderId)),
    );
    for (const part of paid.filter((p) => p.orderId === orderId)) {
      const share = shares.get(part.id) ?? 0;
      const seller = { account: await sellerAccountOf(tx, part.id), storeId: part.storeId };
      const entries: Entry[] = paidToMarketplace(order)
        ? [
            { account: 'marketplace_cash', kind: 'sale', amountCents: share },
            { ...seller, kind: 'sale', amountCents: -share },
          ]
        : [
            { ...seller, kind: 'sale', amountCents: -share },
            { ...seller, kind: 'cash_collected', amountCents: share },
          ];
      entries.push(
        { ...seller, kind: 'commission', amountCents: part.commissionCents },
        { account: 'commission_revenue', kind: 'commission', amountCents: -part.commissionCents },
        { ...seller, kind: 'gct_on_commission', amountCents: part.commissionGctCents },
        { account: 'gct_payable', kind: 'gct_on_commission', amountCents: -part.commissionGctCents },
      );
      await post(tx, { key: partKey('sale', part.id), event: 'sale', orderId, partId: part.id, entries });
    }
  }
}

/**
 * A paid part cancelled: its sale reversed, entry by entry, as it was posted (the rates and shares
 * it was sold at); the marketplace's cash it brought is owed back to the buyer until refunded.
 */
async function postCancelled(tx: Tx, partIds: readonly string[]): Promise<void> {
  for (const partId of partIds) {
    const sale = await postedTransaction(tx, partKey('sale', partId));
    // Never paid: nothing was posted, nothing to reverse.
    if (!sale) continue;
    const posted = await tx
      .select({
        account: ledgerEntries.account,
        storeId: ledgerEntries.storeId,
        amountCents: ledgerEntries.amountCents,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, sale.id))
      .orderBy(asc(ledgerEntries.line));
    const seller = await sellerAccountOf(tx, partId);
    const entries: Entry[] = posted.map((e) => ({
      account: e.account === 'marketplace_cash' ? 'refunds_due' : e.storeId ? seller : e.account,
      ...(e.storeId ? { storeId: e.storeId } : {}),
      kind: 'cancellation',
      amountCents: -e.amountCents,
    }));
    await post(tx, {
      key: partKey('cancel', partId),
      event: 'cancellation',
      orderId: sale.orderId ?? undefined,
      partId,
      entries,
    });
  }
}

/** What a part's move means to the books: a cancel reverses a paid part's sale, a delivery starts its settlement clock. */
export async function ledgerPartsMoved(tx: Tx, to: OrderStatus | undefined, partIds: readonly string[]): Promise<void> {
  if (partIds.length === 0) return;
  if (to === 'cancelled') await postCancelled(tx, partIds);
  if (to === 'delivered') {
    const parts = await tx
      .select({ partId: orderParts.id, storeId: orderParts.storeId })
      .from(orderParts)
      .where(inArray(orderParts.id, [...partIds]));
    await tx.insert(partDeliveries).values(parts).onConflictDoNothing();
  }
}

/**
 * A refund made (decideRefund, `refunded`), in that decision's transaction: for each cancelled part
 * it gives back, the money leaves the marketplace's cash and what it owed the buyer. Its
 * cancellation is posted first if its door did not (idempotent). A refund of a payment that paid
 * no part (a late approval: decision 029) never entered the books and posts nothing.
 */
export async function postRefundMade(
  tx: Tx,
  refund: { id: string; orderId: string; reason: string; amountCents: number; status: string },
): Promise<void> {
  if (refund.status !== 'refunded') return;
  if (refund.reason === 'excess') return postExcessSentBack(tx, refund);
  // A card approved after its order expired, given back whole: it was never a part's.
  if (refund.reason === 'late_approval')
    return postUnappliedSentBack(tx, refund, Math.min(refund.amountCents, -(await unappliedDueOn(tx, refund.orderId))));
  if (refund.reason === 'returned') return postReturnRefundMade(tx, refund);
  if (refund.reason !== 'cancelled') return;
  const parts = await tx
    .select({ partId: refundParts.partId, amountCents: refundParts.amountCents })
    .from(refundParts)
    .where(eq(refundParts.refundId, refund.id))
    .orderBy(asc(refundParts.partId));
  let left = refund.amountCents;
  for (const part of parts) {
    await postCancelled(tx, [part.partId]);
    const cancellation = await postedTransaction(tx, partKey('cancel', part.partId));
    const owed = cancellation ? -(await heldOn(tx, cancellation.id, 'refunds_due')) : 0;
    const amountCents = Math.min(owed, part.amountCents, left);
    if (amountCents <= 0) continue;
    left -= amountCents;
    const entries: Entry[] = [
      { account: 'refunds_due', kind: 'refund', amountCents },
      { account: 'marketplace_cash', kind: 'refund', amountCents: -amountCents },
    ];
    await post(tx, {
      key: partKey('refund', part.partId),
      event: 'refund',
      orderId: refund.orderId,
      partId: part.partId,
      entries,
    });
  }
}

/**
 * A bank-transfer order's money an operator sent back (payments/operator-refunds.ts, reason
 * `excess`: no refund_parts). It first clears what the order's cancelled parts left owed to the
 * buyer (`refunds_due`), part by part in id order, keyed by part and refund (an order's excess may
 * be sent back in several transfers). The rest is money that paid no part (an over-payment, a
 * transfer for an order cancelled unpaid: `postUnapplied`), given back as far as it is owed.
 */
async function postExcessSentBack(tx: Tx, refund: { id: string; orderId: string; amountCents: number }) {
  const parts = await tx
    .select({ id: orderParts.id })
    .from(orderParts)
    .where(eq(orderParts.orderId, refund.orderId))
    .orderBy(asc(orderParts.id));
  let left = refund.amountCents;
  for (const part of parts) {
    if (left <= 0) break;
    const amountCents = Math.min(-(await refundsDueOn(tx, part.id)), left);
    if (amountCents <= 0) continue;
    left -= amountCents;
    await post(tx, {
      key: `${partKey('refund', part.id)}:${refund.id}`,
      event: 'refund',
      orderId: refund.orderId,
      partId: part.id,
      entries: [
        { account: 'refunds_due', kind: 'refund', amountCents },
        { account: 'marketplace_cash', kind: 'refund', amountCents: -amountCents },
      ],
    });
  }
  await postUnappliedSentBack(tx, refund, Math.min(left, -(await unappliedDueOn(tx, refund.orderId))));
}

/**
 * Money received that pays no part, in the receipt's transaction: the marketplace's cash grows by it
 * and it is owed back to the buyer (`refunds_due`, order-level). Keyed by what received it (a
 * payment's id), so the same receipt again writes nothing.
 */
export async function postUnapplied(
  tx: Tx,
  received: { key: string; orderId: string; amountCents: number },
): Promise<void> {
  const amountCents = received.amountCents;
  if (amountCents <= 0) return;
  await post(tx, {
    key: `unapplied:${received.key}`,
    event: 'unapplied',
    orderId: received.orderId,
    entries: [
      { account: 'marketplace_cash', kind: 'unapplied', amountCents },
      { account: 'refunds_due', kind: 'unapplied', amountCents: -amountCents },
    ],
  });
}

/**
 * A bank-transfer order cancelled with transfers received (payments/attempts.ts,
 * flagTransfersForRefund): what each transfer newly owes back (`owedBack`, its amount less what
 * was already excess) paid no part when the order never became paid (no `sale` of it in the
 * books), so it enters the books as money to give back. A paid order's parts owe theirs through
 * their cancellation already.
 */
export async function postTransfersOfUnpaidOrder(
  tx: Tx,
  orderId: string,
  transfers: readonly { id: string; owedBack: number }[],
): Promise<void> {
  if (!transfers.some((t) => t.owedBack > 0)) return;
  const [sale] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.orderId, orderId), eq(ledgerTransactions.event, 'sale')))
    .limit(1);
  if (sale) return;
  for (const transfer of transfers)
    await postUnapplied(tx, { key: `${transfer.id}:order-cancelled`, orderId, amountCents: transfer.owedBack });
}

/** What the order still owes its buyer of money that paid no part (order-level `refunds_due`), as a negative sum. */
async function unappliedDueOn(tx: Tx, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerTransactions.orderId, orderId),
        isNull(ledgerEntries.partId),
        eq(ledgerEntries.account, 'refunds_due'),
      ),
    );
  return Number(row.cents);
}

/** A refund of money that paid no part, made (`refund:<refund>`): it leaves the cash and what is owed back. */
async function postUnappliedSentBack(tx: Tx, refund: { id: string; orderId: string }, amountCents: number) {
  if (amountCents <= 0) return;
  await post(tx, {
    key: `refund:${refund.id}`,
    event: 'refund',
    orderId: refund.orderId,
    entries: [
      { account: 'refunds_due', kind: 'refund', amountCents },
      { account: 'marketplace_cash', kind: 'refund', amountCents: -amountCents },
    ],
  });
}

/** What a part still owes its buyer: its `refunds_due` entries (the cancel's, less refunds made), as a negative sum. */
async function refundsDueOn(tx: Tx, partId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.partId, partId), eq(ledgerEntries.account, 'refunds_due')));
  return Number(row.cents);
}

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
async function postReturnRefundMade(tx: Tx, refund: { id: string; orderId: string; amountCents: number }) {
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
