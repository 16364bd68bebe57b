/**
 * A store's tax details as its owner changes them (issue 29 #1, docs/decisions/044): the columns
 * read before a change, and the change written to the action log in the change's transaction.
 */
import { eq } from 'drizzle-orm';
import { TAX_DETAILS_CHANGED } from '../../../lib/operator-actions';
import { describeTaxDetails, sameTaxDetails, type TaxDetails } from '../../../lib/tax-details';
import type { Tx } from '../../db/client';
import { stores, users } from '../../db/schema';
import { recordOperatorAction } from '../operator-log';

/**
 * A change of the store's tax details, written to the action log by its owner in the change's
 * transaction (issue 29 #1): what they were and what they are, as one line each. The log keeps every
 * TRN and GCT registration the store ever invoiced under. Nothing is written when nothing changed.
 */
export async function logTaxDetails(
  tx: Tx,
  userId: string,
  storeId: string,
  before: TaxDetails,
  after: TaxDetails | undefined,
) {
  if (!after || sameTaxDetails(before, after)) return;
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  await recordOperatorAction(
    tx,
    { id: userId, email: owner.email },
    {
      action: TAX_DETAILS_CHANGED.action,
      target: { type: 'store', id: storeId },
      from: describeTaxDetails(before),
      to: describeTaxDetails(after),
      reason: null,
    },
  );
}

/** The store's tax details as they stand, read before a change. */
export const taxDetailsColumns = { trn: stores.trn, gctRegistered: stores.gctRegistered, gctNumber: stores.gctNumber };
