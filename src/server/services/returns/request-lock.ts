import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { ReturnRequest } from '../../../lib/contract/returns';
import { MESSAGES } from '../../../lib/messages';
import { canMoveReturn, type ReturnStatus } from '../../../lib/returns';
import type { Db, Tx } from '../../db/client';
import { returnRequests } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { lockOrder } from '../payments/order-lock';
import { readReturn } from './read';
import { type ReturnScope, scopeWhere } from './scope';

/*
 * What every move of a return request takes first (./moves.ts, ./disputes.ts): the request in its
 * scope, its order row locked before it, and the one conditional move along THE status table
 * (src/lib/returns.ts): any other move, the same one twice, or two at once, is a 409.
 */

export const DAY_MS = 86_400_000;

export type ReturnSettings = { returnDays: number; answerDays: number; now?: Date };
export type Operator = { id: string; email: string; role: string };

export const notFound = () => new ApiError(404, 'not_found', MESSAGES.returns.notFound);

/** The request in the scope, its order locked first then the request itself; 404 for none of the scope's. */
export async function lockRequest(tx: Tx, scope: ReturnScope, id: string) {
  const [found] = await tx
    .select({ orderId: returnRequests.orderId })
    .from(returnRequests)
    .where(and(eq(returnRequests.id, id), scopeWhere(scope)));
  if (!found || !(await lockOrder(tx, found.orderId))) throw notFound();
  const [request] = await tx
    .select()
    .from(returnRequests)
    .where(and(eq(returnRequests.id, id), scopeWhere(scope)))
    .for('update');
  if (!request) throw notFound();
  return request;
}

export type RequestRow = typeof returnRequests.$inferSelect;

/** Moves the request from the status it was read at; 409 for a move the table does not allow (or lost to another). */
export async function move(
  tx: Tx,
  request: RequestRow,
  to: ReturnStatus,
  fields: PgUpdateSetSource<typeof returnRequests> = {},
): Promise<void> {
  const refused = () => new ApiError(409, 'conflict', MESSAGES.returns.badMove(request.status, to));
  if (!canMoveReturn(request.status, to)) throw refused();
  const moved = await tx
    .update(returnRequests)
    .set({ ...fields, status: to, updatedAt: sql`now()` })
    .where(and(eq(returnRequests.id, request.id), eq(returnRequests.status, request.status)))
    .returning({ id: returnRequests.id });
  if (moved.length === 0) throw refused();
}

/** One request in the scope; 404 for none of the scope's. */
export async function getReturn(
  db: Db,
  scope: ReturnScope,
  id: string,
  settings: ReturnSettings,
): Promise<ReturnRequest> {
  const request = await readReturn(db, scope, id, settings.answerDays);
  if (!request) throw notFound();
  return request;
}
