import { eq } from 'drizzle-orm';
import type { RecordBankTransfer, RecordedBankTransfer } from '../../../lib/contract/payments';
import { MESSAGES } from '../../../lib/messages';
import { toDollars } from '../../../lib/money';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { ApiError } from '../../http/errors';
import type { Logger } from '../../http/logger';
import { postUnapplied } from '../ledger/events';
import { noticeCardPaid } from '../orders/notices';
import type { PaymentRow } from './attempts';
import { payOrder } from './decide';
import { operatorPayment } from './operator-list';
import { awaitsPayment, lockOrder } from './order-lock';
import { receivedByBank, receivedRecord, recordReceived } from './received';

/*
 * An operator records a transfer the marketplace's bank received for an order (issue 26 #4,
 * docs/decisions/034), in one transaction under the order's row lock (the lock every payment
 * decision takes first), so two recordings of one transfer at once count it once:
 *   - the bank's reference counts once: the same reference again, for the same order and amount,
 *     answers the first record (replayed) and changes nothing; for another order or amount, 409;
 *   - while the order awaits its transfer: equal to what is still due → every part paid (through
 *     orders/pay-parts.ts, as a card payment pays), the order released to its sellers, the buyer's
 *     receipt and the sellers' notices queued; less → recorded, the rest still due; more → paid,
 *     the excess recorded to refund;
 *   - an order that no longer awaits one (paid, cancelled, expired): the whole transfer is recorded
 *     as excess to refund: the money is at the bank whatever the order says.
 * The operator's principal is the role (`operatorsOnly` before this is called): operators see
 * every order; the order is found by the number the transfer quotes.
 */

const today = (now: Date) => now.toISOString().slice(0, 10);

export async function recordBankTransfer(
  db: Db,
  operator: { id: string; email: string },
  input: RecordBankTransfer,
  options: { log: Logger; now?: Date },
): Promise<RecordedBankTransfer> {
  const now = options.now ?? new Date();
  // Jamaica is behind UTC: its today is never after UTC's.
  if (input.receivedOn > today(now))
    throw new ApiError(400, 'validation_failed', MESSAGES.payments.receivedInFuture, {
      receivedOn: MESSAGES.payments.receivedInFuture,
    });
  const result = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: orders.id, bankTransferTo: orders.bankTransferTo })
      .from(orders)
      .where(eq(orders.orderNumber, input.orderNumber));
    if (!found) throw new ApiError(404, 'not_found', MESSAGES.payments.noSuchOrder(input.orderNumber));
    const order = await lockOrder(tx, found.id);
    if (!order) throw new ApiError(404, 'not_found', MESSAGES.payments.noSuchOrder(input.orderNumber));
    if (order.paymentMethod !== 'bank_transfer' || !found.bankTransferTo)
      throw new ApiError(409, 'conflict', MESSAGES.payments.notBankTransfer(order.orderNumber));

    const seen = (row: PaymentRow) => {
      if (row.orderId === order.id && row.amountCents === input.amountCents)
        return { row, replayed: true, paid: false };
      throw new ApiError(409, 'conflict', MESSAGES.payments.referenceTaken(input.bankReference));
    };
    const before = await receivedRecord(tx, 'bank', input.bankReference);
    if (before) return seen(before);

    const awaiting = awaitsPayment(order);
    const still = awaiting ? Math.max(order.totalCents - (await receivedByBank(tx, order.id)), 0) : 0;
    const row = await recordReceived(tx, {
      orderId: order.id,
      method: 'bank_transfer',
      provider: 'bank',
      reference: input.bankReference,
      amountCents: input.amountCents,
      recordedBy: operator.id,
      receivedOn: input.receivedOn,
      dueAfterCents: Math.max(still - input.amountCents, 0),
      excessCents: awaiting ? Math.max(input.amountCents - still, 0) : input.amountCents,
      at: now,
    });
    // Another order's recording took the reference between the read and the insert.
    if (!row) return seen((await receivedRecord(tx, 'bank', input.bankReference)) as PaymentRow);
    // More than the order owed (or an order that no longer awaits one): the excess pays no part.
    await postUnapplied(tx, { key: row.id, orderId: order.id, amountCents: row.excessCents });
    const paid = awaiting && row.dueAfterCents === 0;
    if (paid) {
      await payOrder(tx, order.id);
      await noticeCardPaid(tx, order.id, {
        amountCents: order.totalCents - still + input.amountCents,
        currency: 'USD',
        gateway: 'Bank transfer to the marketplace',
        reference: input.bankReference,
        paidAt: now,
        note:
          row.excessCents > 0
            ? `You sent ${toDollars(row.excessCents).toFixed(2)} more than the order's total: we will refund it.`
            : undefined,
      });
    }
    return { row, replayed: false, paid };
  });
  const { row, replayed, paid } = result;
  const [after] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, row.orderId));
  options.log.info(
    {
      orderNumber: after.orderNumber,
      paymentId: row.id,
      operatorId: operator.id,
      amountCents: row.amountCents,
      dueAfterCents: row.dueAfterCents,
      excessCents: row.excessCents,
      replayed,
      paid,
    },
    replayed ? 'bank transfer already recorded' : 'bank transfer recorded',
  );
  return {
    success: true,
    replayed,
    payment: await operatorPayment(db, row.id),
    order: { ...after, due: toDollars(row.dueAfterCents) },
  };
}
