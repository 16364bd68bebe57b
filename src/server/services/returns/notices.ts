import { asc, eq } from 'drizzle-orm';
import type { ReturnReason } from '../../../lib/returns';
import { nameWithVariant } from '../../../lib/variants';
import type { Tx } from '../../db/client';
import { orderLines, orderParts, orders, returnLines, returnRequests, users } from '../../db/schema';
import { enqueueMail, type QueuedMail } from '../../mail/outbox';
import type { MailReturn } from '../../mail/return-mails';
import type { RenderedMail } from '../../mail/templates';
import { storeContact } from '../stores/contact';

/*
 * Who a return's mail goes to (issue 28 #5, #6; docs/decisions/042), queued in the step's own
 * transaction (decision 013): the buyer (its account's address), the seller (its store's contact
 * address, else its owner's: stores/contact.ts), each operator (role admin), one mail each.
 */

export type ReturnParty = 'buyer' | 'seller' | 'operators';

/** What a return's mails say of it, and where each party is mailed. */
export async function mailFacts(tx: Tx, requestId: string) {
  const [row] = await tx
    .select({
      id: returnRequests.id,
      orderId: returnRequests.orderId,
      storeId: returnRequests.storeId,
      reason: returnRequests.reason,
      note: returnRequests.note,
      orderNumber: orders.orderNumber,
      storeName: orderParts.storeName,
      buyerName: users.name,
      buyerEmail: users.email,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .innerJoin(orderParts, eq(orderParts.id, returnRequests.partId))
    .innerJoin(users, eq(users.id, returnRequests.buyerId))
    .where(eq(returnRequests.id, requestId));
  const rows = await tx
    .select({ name: orderLines.productName, label: orderLines.variantLabel, quantity: returnLines.quantity })
    .from(returnLines)
    .innerJoin(orderLines, eq(orderLines.id, returnLines.lineId))
    .where(eq(returnLines.requestId, requestId))
    .orderBy(asc(orderLines.productName));
  // The variant returned, as sold: "Leather Desert Boots (Size 10, Brown)".
  const items = rows.map((r) => ({ name: nameWithVariant(r.name, r.label), quantity: r.quantity }));
  const mail: MailReturn = {
    id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    storeName: row.storeName,
    buyerName: row.buyerName,
    reason: row.reason as ReturnReason,
    note: row.note,
    items,
  };
  return { mail, buyerEmail: row.buyerEmail, storeId: row.storeId };
}

/** Queues `rendered` to each of these parties of the request. */
export async function mailParties(
  tx: Tx,
  facts: Awaited<ReturnType<typeof mailFacts>>,
  parties: readonly ReturnParty[],
  rendered: RenderedMail,
): Promise<void> {
  const to: string[] = [];
  if (parties.includes('buyer')) to.push(facts.buyerEmail);
  if (parties.includes('seller')) {
    const store = await storeContact(tx, facts.storeId);
    if (store?.to) to.push(store.to);
  }
  if (parties.includes('operators'))
    for (const o of await tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin')))
      to.push(o.email);
  const mails: QueuedMail[] = [...new Set(to)].map((address) => ({ to: address, ...rendered }));
  if (mails.length > 0) await enqueueMail(tx, mails);
}
