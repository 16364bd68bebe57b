/**
 * Who hears of a store's lifecycle, by mail queued in the transaction of the change (decision 015,
 * amended 2026-11-27): the owner of each operator decision, at the account's address (the
 * application is the person's, not the store's public contact), and every operator (role `admin`,
 * which ADMIN_EMAILS and `npm run admin:create` give) of each application and resubmission.
 */
import { eq } from 'drizzle-orm';
import { SHOP } from '../../../lib/site';
import type { StoreAction } from '../../../lib/store-status';
import type { Tx } from '../../db/client';
import { stores, users } from '../../db/schema';
import { enqueueMail, type QueuedMail } from '../../mail/outbox';
import {
  storeApplicationMail,
  storeApprovedMail,
  storeReinstatedMail,
  storeRejectedMail,
  storeSuspendedMail,
} from '../../mail/store-mails';

async function storeAndOwner(tx: Tx, storeId: string) {
  const [row] = await tx
    .select({
      id: stores.id,
      name: stores.name,
      location: stores.location,
      parish: stores.parish,
      ownerName: users.name,
      ownerEmail: users.email,
    })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .where(eq(stores.id, storeId));
  return row;
}

/** The owner's mail for an operator's decision; a store without an owner (sample data) hears nothing. */
export async function queueDecisionMail(tx: Tx, storeId: string, action: StoreAction, reason: string | null) {
  const store = await storeAndOwner(tx, storeId);
  if (!store) return;
  const owner = { ownerName: store.ownerName, storeName: store.name };
  const mail: QueuedMail =
    action === 'approve'
      ? { to: store.ownerEmail, ...storeApprovedMail({ ...owner, storeId }) }
      : action === 'reinstate'
        ? { to: store.ownerEmail, ...storeReinstatedMail({ ...owner, storeId }) }
        : action === 'reject'
          ? {
              to: store.ownerEmail,
              replyTo: { name: SHOP.name, address: SHOP.email },
              ...storeRejectedMail({ ...owner, reason: reason ?? '' }),
            }
          : // An appeal is a reply: it reaches the shop's own address, not the no-reply sender.
            {
              to: store.ownerEmail,
              replyTo: { name: SHOP.name, address: SHOP.email },
              ...storeSuspendedMail({ ...owner, reason: reason ?? '' }),
            };
  await enqueueMail(tx, mail);
}

/** One mail to each operator: an application, or a rejected one sent again, waits for review. */
export async function queueApplicationMail(tx: Tx, storeId: string, resubmitted: boolean) {
  const store = await storeAndOwner(tx, storeId);
  if (!store) return;
  const operators = await tx.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
  const mail = storeApplicationMail({
    storeName: store.name,
    ownerName: store.ownerName,
    ownerEmail: store.ownerEmail,
    town: store.location,
    parish: store.parish,
    resubmitted,
  });
  // One mail each: operators do not see one another's addresses.
  await enqueueMail(
    tx,
    operators.map((o) => ({ to: o.email, ...mail })),
  );
}
