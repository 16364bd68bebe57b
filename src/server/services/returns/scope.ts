import { eq, type SQL } from 'drizzle-orm';
import { returnRequests } from '../../db/schema';
import { type Seller, soldBy } from '../sellers';

/*
 * Whose return requests a reader may see (issue 28, docs/decisions/042): the buyer's by its id, the
 * seller's by `soldBy` (its store and owner), the operators' all of them. Every read of a request,
 * its messages or its photos names this in its WHERE.
 */

export type ReturnScope = { buyerId: string } | { seller: Seller } | { operator: true };

export const scopeWhere = (scope: ReturnScope): SQL | undefined =>
  'buyerId' in scope
    ? eq(returnRequests.buyerId, scope.buyerId)
    : 'seller' in scope
      ? soldBy(scope.seller, returnRequests.storeId)
      : undefined;
