import { and, eq, inArray, sql } from 'drizzle-orm';
import type {
  AcceptReturnInput,
  CreateReturnInput,
  ReceiveReturnInput,
  RejectReturnInput,
  ReturnRequest,
} from '../../../lib/contract/returns';
import { MESSAGES } from '../../../lib/messages';
import { canMoveReturn, returnedItemsRefundCents } from '../../../lib/returns';
import type { Db, Tx } from '../../db/client';
import { orderLines, orderParts, partDeliveries, returnLines, returnRequests } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { returnAnsweredMail, returnRequestedMail } from '../../mail/return-mails';
import { moveStock } from '../orders/stock';
import { lockOrder } from '../payments/order-lock';
import { type RefundGateway, sendRefunds } from '../payments/refund';
import type { Seller } from '../sellers';
import { mailFacts, mailParties } from './notices';
import { partMoney, refundedOfPart } from './part-money';
import { returnableOf } from './read';
import { decideReturnRefund } from './refund';
import { DAY_MS, getReturn, lockRequest, move, type RequestRow, type ReturnSettings } from './request-lock';

/*
 * Every move of a return request (issue 28, docs/decisions/042), each one transaction that locks
 * the order row first (the lock every order and payment change takes), then the request, and moves
 * it along THE status table (src/lib/returns.ts) by a conditional update from the status it read:
 * any other move, the same one twice, or two at once, is a 409 that changes nothing. A refund is
 * decided in the move's transaction (./refund.ts) and a card refund sent after the commit.
 */

/** GET /returns/returnable/{orderId}: what of the buyer's order may be returned now; 404 for another buyer's order. */
export async function getReturnable(db: Db, buyerId: string, orderId: string, settings: ReturnSettings) {
  const answer = await returnableOf(db, buyerId, orderId, settings.returnDays, settings.now);
  if (!answer) throw new ApiError(404, 'not_found', MESSAGES.returns.partNotFound);
  return answer;
}

/** POST /returns: the buyer asks to return items of one of its delivered, paid parts, inside the window. */
export async function createReturn(
  db: Db,
  buyerId: string,
  input: CreateReturnInput,
  settings: ReturnSettings,
  /** What else is made with the request, in its transaction (its photos: ./photos.ts). */
  attach?: (tx: Tx, requestId: string) => Promise<void>,
): Promise<ReturnRequest> {
  const now = settings.now ?? new Date();
  const id = await db.transaction(async (tx) => {
    const [part] = await tx
      .select({ id: orderParts.id, orderId: orderParts.orderId })
      .from(orderParts)
      .where(eq(orderParts.id, input.partId));
    // Another buyer's part, or none: the same 404.
    const order = part && (await lockOrder(tx, part.orderId, buyerId));
    if (!part || !order) throw new ApiError(404, 'not_found', MESSAGES.returns.partNotFound);
    const [locked] = await tx
      .select({
        storeId: orderParts.storeId,
        status: orderParts.status,
        paymentStatus: orderParts.paymentStatus,
        updatedAt: orderParts.updatedAt,
        deliveredAt: partDeliveries.deliveredAt,
      })
      .from(orderParts)
      .leftJoin(partDeliveries, eq(partDeliveries.partId, orderParts.id))
      .where(eq(orderParts.id, part.id));
    if (locked.status !== 'delivered') throw new ApiError(409, 'conflict', MESSAGES.returns.notDelivered);
    if (locked.paymentStatus !== 'paid') throw new ApiError(409, 'conflict', MESSAGES.returns.notPaid);
    const delivered = locked.deliveredAt ?? locked.updatedAt;
    if (now.getTime() > delivered.getTime() + settings.returnDays * DAY_MS)
      throw new ApiError(409, 'conflict', MESSAGES.returns.windowClosed(settings.returnDays));

    const lines = await tx
      .select({
        id: orderLines.id,
        name: orderLines.productName,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
        requested: sql<string>`coalesce((select sum(${returnLines.quantity}) from ${returnLines} where ${returnLines.lineId} = ${orderLines.id}), 0)`,
      })
      .from(orderLines)
      .where(
        and(
          eq(orderLines.partId, part.id),
          inArray(
            orderLines.id,
            input.lines.map((l) => l.lineId),
          ),
        ),
      );
    const errors: Record<string, string> = {};
    for (const [i, wanted] of input.lines.entries()) {
      const line = lines.find((l) => l.id === wanted.lineId);
      if (!line) errors[`lines.${i}.lineId`] = MESSAGES.returns.noSuchLine;
      else {
        const left = line.quantity - Number(line.requested);
        if (wanted.quantity > left) errors[`lines.${i}.quantity`] = MESSAGES.returns.moreThanBought(line.name, left);
      }
    }
    const first = Object.values(errors)[0];
    if (first) throw new ApiError(409, 'conflict', first, errors);

    const [made] = await tx
      .insert(returnRequests)
      .values({
        orderId: part.orderId,
        partId: part.id,
        storeId: locked.storeId,
        buyerId,
        reason: input.reason,
        note: input.note ?? '',
        settlement: input.settlement ?? 'refund',
      })
      .returning({ id: returnRequests.id });
    await tx.insert(returnLines).values(input.lines.map((l) => ({ requestId: made.id, ...l })));
    await attach?.(tx, made.id);
    // The seller acts next.
    const facts = await mailFacts(tx, made.id);
    await mailParties(tx, facts, ['seller'], returnRequestedMail(facts.mail, settings.answerDays));
    return made.id;
  });
  return getReturn(db, { buyerId }, id, settings);
}

/** What the seller does to a request of its store. */
export type SellerReturnAction =
  | ({ action: 'accept' } & AcceptReturnInput)
  | ({ action: 'reject' } & RejectReturnInput)
  | ({ action: 'receive' } & ReceiveReturnInput)
  | { action: 'refund' };

/** POST /seller/returns/{id}/{action}: accept, reject, mark received (restocking the items it chooses), refund. */
export async function actOnReturn(
  db: Db,
  seller: Seller,
  id: string,
  input: SellerReturnAction,
  settings: ReturnSettings,
  gateway: RefundGateway,
): Promise<ReturnRequest> {
  const scope = { seller };
  const refundIds = await db.transaction(async (tx) => {
    const request = await lockRequest(tx, scope, id);
    const decided = await sellerMove(tx, request, input);
    // The buyer hears of every answer; a refund an operator must send (not by card) is theirs to act on too.
    const facts = await mailFacts(tx, request.id);
    await mailParties(
      tx,
      facts,
      decided.refund && !decided.refund.refundId ? ['buyer', 'operators'] : ['buyer'],
      returnAnsweredMail(facts.mail, decided.mail),
    );
    return decided.refund?.refundId ? [decided.refund.refundId] : [];
  });
  await sendRefunds(db, gateway.payments, refundIds, gateway.log);
  return getReturn(db, scope, id, settings);
}

type Answer = Parameters<typeof returnAnsweredMail>[1];

/** The seller's move on the locked request: what to tell the buyer, and the refund it decided. */
async function sellerMove(
  tx: Tx,
  request: RequestRow,
  input: SellerReturnAction,
): Promise<{ mail: Answer; refund?: { amountCents: number; refundId: string | null } }> {
  const answered = request.answeredAt ?? sql`now()`;
  switch (input.action) {
    case 'accept':
      await move(tx, request, 'accepted', {
        instructions: input.instructions,
        sellerNote: input.note || null,
        answeredAt: answered,
      });
      return { mail: { to: 'accepted', instructions: input.instructions, note: input.note || null } };
    case 'reject':
      await move(tx, request, 'rejected', { sellerNote: input.reason, answeredAt: answered });
      return { mail: { to: 'rejected', reason: input.reason } };
    case 'receive': {
      if (!canMoveReturn(request.status, 'received'))
        throw new ApiError(409, 'conflict', MESSAGES.returns.badMove(request.status, 'received'));
      const lines = await tx
        .select({ lineId: returnLines.lineId, quantity: returnLines.quantity, variantId: orderLines.variantId })
        .from(returnLines)
        .innerJoin(orderLines, eq(orderLines.id, returnLines.lineId))
        .where(eq(returnLines.requestId, request.id));
      const restock = input.restockLineIds ?? [];
      if (restock.some((lineId) => !lines.some((l) => l.lineId === lineId)))
        throw new ApiError(400, 'validation_failed', MESSAGES.returns.notRestockable, {
          restockLineIds: MESSAGES.returns.notRestockable,
        });
      await move(tx, request, 'received');
      const back = new Map<string, number>();
      for (const l of lines)
        if (restock.includes(l.lineId) && l.variantId) back.set(l.variantId, (back.get(l.variantId) ?? 0) + l.quantity);
      // The one stock door (orders/stock.ts): back to the variant sold; publishes a product back in stock.
      await moveStock(tx, back, 1);
      if (restock.length > 0)
        await tx
          .update(returnLines)
          .set({ restocked: true })
          .where(and(eq(returnLines.requestId, request.id), inArray(returnLines.lineId, restock)));
      return { mail: { to: 'received' } };
    }
    case 'refund': {
      if (!canMoveReturn(request.status, 'refunded'))
        throw new ApiError(409, 'conflict', MESSAGES.returns.badMove(request.status, 'refunded'));
      const items = await tx
        .select({ cents: sql<string>`coalesce(sum(${orderLines.unitPriceCents} * ${returnLines.quantity}), 0)` })
        .from(returnLines)
        .innerJoin(orderLines, eq(orderLines.id, returnLines.lineId))
        .where(eq(returnLines.requestId, request.id));
      const money = await partMoney(tx, request.partId);
      const left = money.shareCents - (await refundedOfPart(tx, request.partId, request.id));
      const cents = returnedItemsRefundCents(money, Number(items[0].cents), left);
      if (cents <= 0) throw new ApiError(409, 'conflict', MESSAGES.returns.nothingLeft);
      const refund = await decideReturnRefund(tx, request, cents);
      await move(tx, request, 'refunded', {
        refundCents: refund.amountCents,
        refundId: refund.refundId,
        answeredAt: answered,
      });
      return { mail: { to: 'refunded', amountCents: refund.amountCents, byCard: refund.refundId !== null }, refund };
    }
  }
}
