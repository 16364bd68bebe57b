import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../lib/contract/orders';
import { paidByCard } from '../../../lib/contract/payments';
import { partShares } from '../../../lib/pricing';
import type { Tx } from '../../db/client';
import { ledgerEntries, orderParts, orders, partDeliveries, refundParts } from '../../db/schema';
import { heldOn, partKey, postedTransaction, sellerAccountOf } from './accounts-of';
import { type Entry, post } from './post';
import { postReturnRefundMade } from './return-events';
import { postUnappliedSentBack, unappliedDueOn } from './unapplied';

export { postReturnRefunded } from './return-events';
export { postTransfersOfUnpaidOrder, postUnapplied } from './unapplied';

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
          taxCents: orderParts.taxCents,
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

/** What a part still owes its buyer: its `refunds_due` entries (the cancel's, less refunds made), as a negative sum. */
async function refundsDueOn(tx: Tx, partId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.partId, partId), eq(ledgerEntries.account, 'refunds_due')));
  return Number(row.cents);
}
