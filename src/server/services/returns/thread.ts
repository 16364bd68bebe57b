import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ReturnPhoto, ReturnRequest } from '../../../lib/contract/returns';
import { SHOP } from '../../../lib/site';
import type { Db, Tx } from '../../db/client';
import { returnMessages, returnPhotos, returnRequests, users } from '../../db/schema';
import { RETURN_THUMB_WIDTH } from './photo-sizes';
import { type ReturnScope, scopeWhere } from './scope';

/* What a return request's thread holds besides the request (issue 28 #5, decisions 042 and 043): its messages and its photos. */

export type ReturnMessage = ReturnRequest['messages'][number];

/** The messages of these requests, oldest first, each with how its author is named on the thread. */
export async function messagesOf(db: Db | Tx, requestIds: string[], storeNames: Map<string, string>) {
  if (requestIds.length === 0) return new Map<string, ReturnMessage[]>();
  const rows = await db
    .select({
      id: returnMessages.id,
      requestId: returnMessages.requestId,
      author: returnMessages.authorRole,
      name: users.name,
      body: returnMessages.body,
      createdAt: returnMessages.createdAt,
    })
    .from(returnMessages)
    .innerJoin(users, eq(users.id, returnMessages.authorId))
    .where(inArray(returnMessages.requestId, requestIds))
    .orderBy(asc(returnMessages.createdAt), asc(returnMessages.id));
  const out = new Map<string, ReturnMessage[]>();
  for (const r of rows) {
    const name =
      r.author === 'operator'
        ? `${SHOP.name} team`
        : r.author === 'seller'
          ? (storeNames.get(r.requestId) ?? r.name)
          : r.name;
    const list = out.get(r.requestId) ?? [];
    list.push({ id: r.id, author: r.author, name, body: r.body, createdAt: r.createdAt.toISOString() });
    out.set(r.requestId, list);
  }
  return out;
}

/** Where each side reads a request's photos: its own route, which checks its own scope. */
const sideBase = (scope: ReturnScope) =>
  'buyerId' in scope ? '/returns' : 'seller' in scope ? '/seller/returns' : '/admin/disputes';

/** The photos of these requests (read in the caller's scope), in the order they were sent. */
export async function photosOf(
  db: Db | Tx,
  scope: ReturnScope,
  requestIds: string[],
): Promise<Map<string, ReturnPhoto[]>> {
  const out = new Map<string, ReturnPhoto[]>();
  if (requestIds.length === 0) return out;
  const rows = await db
    .select({
      key: returnPhotos.key,
      requestId: returnPhotos.requestId,
      width: returnPhotos.width,
      height: returnPhotos.height,
    })
    .from(returnPhotos)
    .innerJoin(returnRequests, eq(returnRequests.id, returnPhotos.requestId))
    .where(and(inArray(returnPhotos.requestId, requestIds), scopeWhere(scope)))
    .orderBy(asc(returnPhotos.requestId), asc(returnPhotos.position));
  for (const r of rows) {
    const base = `${sideBase(scope)}/${r.requestId}/photos/${r.key}`;
    const thumb = Math.min(RETURN_THUMB_WIDTH, r.width);
    const list = out.get(r.requestId) ?? [];
    list.push({
      key: r.key,
      url: `${base}/${r.width}.webp`,
      thumb: `${base}/${thumb}.webp`,
      width: r.width,
      height: r.height,
    });
    out.set(r.requestId, list);
  }
  return out;
}
