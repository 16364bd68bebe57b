import { z } from 'zod';
import { ENTRY_KINDS, type SELLER_ACCOUNTS } from '../ledger';
import { limitParam, Pagination, pageParam } from './common';
import { StatementMonth } from './statements';

/*
 * What a seller earns (GET /api/v1/seller/earnings, issue 27 #3, #5, #7; docs/decisions/036): its
 * balance and its ledger entries by order part, newest first. Amounts are dollars as the seller
 * reads them: positive adds to what the marketplace owes it (a sale), negative takes from it (the
 * commission, or the cash its courier kept). A negative balance is money the seller owes, carried over.
 */

export const EarningsQuery = z.object({
  kind: z.enum(ENTRY_KINDS, { error: `kind must be one of ${ENTRY_KINDS.join(', ')}` }).optional(),
  /** Only the entries of this Jamaican month, YYYY-MM. */
  month: StatementMonth.optional(),
  page: pageParam,
  limit: limitParam(100, 20),
});
export type EarningsQuery = z.input<typeof EarningsQuery>;

export const SellerBalance = z
  .object({
    /** Paid, not yet delivered and past the return window. */
    pending: z.number(),
    /** The seller's to be paid out (negative: owed to the marketplace). */
    available: z.number(),
    /** Paid to the seller's bank so far: payouts the bank confirmed (docs/decisions/039). */
    paidOut: z.number(),
    /** Payouts sent to the seller's bank and not yet confirmed paid. */
    inTransit: z.number(),
  })
  .meta({ id: 'SellerBalance' });
export type SellerBalance = z.infer<typeof SellerBalance>;

/** Which balance an entry moved: pending or available. */
export const BALANCE_OF_ACCOUNT = {
  seller_pending: 'pending',
  seller_available: 'available',
} as const satisfies Record<(typeof SELLER_ACCOUNTS)[number], string>;

export const EarningsEntry = z
  .object({
    id: z.string(),
    at: z.string(),
    kind: z.enum(ENTRY_KINDS),
    balance: z.enum(['pending', 'available']),
    /** Dollars, as the seller reads them: positive is owed to it. */
    amount: z.number(),
    partId: z.string().nullable(),
    orderId: z.string().nullable(),
    orderNumber: z.string().nullable(),
  })
  .meta({ id: 'EarningsEntry' });
export type EarningsEntry = z.infer<typeof EarningsEntry>;

export const SellerEarnings = z
  .object({
    success: z.literal(true),
    balance: SellerBalance,
    /** The next weekly payout day (PAYOUT_DAY), YYYY-MM-DD in Jamaica; paid when available is at least the minimum. */
    nextPayoutOn: z.string(),
    entries: z.array(EarningsEntry),
    pagination: Pagination,
  })
  .meta({ id: 'SellerEarnings' });
export type SellerEarnings = z.infer<typeof SellerEarnings>;
