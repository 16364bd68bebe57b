import { and, eq } from 'drizzle-orm';
import {
  type StoreMessageInput,
  type StoreMessageSent,
  STORE_MESSAGE_TEXT as T,
} from '../../lib/contract/store-messages';
import { isPublicStatus } from '../../lib/store-status';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { orderParts, orders, products, storeMessages } from '../db/schema';
import { ApiError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { storeMessageMail } from '../mail/templates';
import { takeAllowance } from './rate-limit';
import { storeContact } from './stores/contact';

/*
 * "Contact Seller" (issue 15): a signed-in shopper with a verified address writes to a store. The
 * message is kept, and mailed to the store's contact address (else its owner's) with the shopper as
 * Reply-To, so the seller answers straight from the mailbox. Both commit together.
 */

/** Messages one shopper may send within 15 minutes. */
export const MESSAGES_PER_WINDOW = 5;

export async function sendStoreMessage(
  db: Db,
  sender: SessionUser,
  storeId: string,
  input: StoreMessageInput,
): Promise<StoreMessageSent> {
  if (!sender.emailVerified) throw new ApiError(403, 'email_unverified', T.verifyFirst);
  const store = await storeContact(db, storeId);
  // A store that is not open (pending, rejected, suspended) is not there for shoppers: 404, as the
  // catalogue answers for it (GET /seller/stores/{id}), so this route tells no more than the
  // catalogue does about an application or a suspension. The same words for an unknown id.
  if (!store || !isPublicStatus(store.status)) throw new ApiError(404, 'not_found', T.storeClosed);
  const { to } = store;
  if (!to) throw new ApiError(409, 'conflict', T.noAddress);
  const about: string[] = [];
  if (input.orderNumber) {
    // The shopper's own order, with a part from this store: the buyer in the WHERE.
    const [order] = await db
      .select({ number: orders.orderNumber })
      .from(orders)
      .innerJoin(orderParts, eq(orderParts.orderId, orders.id))
      .where(
        and(eq(orders.orderNumber, input.orderNumber), eq(orders.buyerId, sender.id), eq(orderParts.storeId, store.id)),
      )
      .limit(1);
    if (!order) throw new ApiError(404, 'not_found', T.orderNotFound, { orderNumber: T.orderNotFound });
    about.push(`order ${order.number}`);
  }
  if (input.productId) {
    const [product] = await db
      .select({ name: products.name })
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.storeId, store.id)));
    if (!product) throw new ApiError(404, 'not_found', T.productNotFound, { productId: T.productNotFound });
    about.push(product.name);
  }
  await takeAllowance(db, [{ subject: `message:${sender.id}`, max: MESSAGES_PER_WINDOW }], T.tooMany);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(storeMessages)
      .values({
        storeId: store.id,
        senderId: sender.id,
        orderNumber: input.orderNumber ?? null,
        productId: input.productId ?? null,
        subject: input.subject,
        body: input.message,
      })
      .returning({ id: storeMessages.id });
    await enqueueMail(tx, {
      to,
      replyTo: { name: sender.name, address: sender.email },
      ...storeMessageMail({
        storeName: store.name,
        senderName: sender.name,
        senderEmail: sender.email,
        subject: input.subject,
        body: input.message,
        about: about.join(', ') || undefined,
      }),
    });
    return row.id;
  });
  return { id, message: T.sent(store.name) };
}
