import { eq } from 'drizzle-orm';
import type { StoreStatus } from '../../../lib/store-status';
import type { Db, Tx } from '../../db/client';
import { stores, users } from '../../db/schema';

/**
 * Where a store's mail goes: its contact address, else its owner's (the same rule, for several
 * parts at once, in orders/notices.ts). Undefined for an unknown store; `to` is null when the store
 * has no address at all. `status` lets a caller that serves shoppers refuse a store that is not open.
 */
export async function storeContact(
  db: Db | Tx,
  storeId: string,
): Promise<{ id: string; name: string; status: StoreStatus; to: string | null } | undefined> {
  const [store] = await db
    .select({ id: stores.id, name: stores.name, status: stores.status, email: stores.email, ownerEmail: users.email })
    .from(stores)
    .leftJoin(users, eq(users.id, stores.ownerId))
    .where(eq(stores.id, storeId));
  return store && { id: store.id, name: store.name, status: store.status, to: store.email || store.ownerEmail || null };
}
