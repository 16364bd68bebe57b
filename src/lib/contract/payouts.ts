import { z } from 'zod';
import { PAYOUT_STATUSES } from '../payouts';
import { IDEMPOTENCY_KEY_PATTERN } from './orders';
import { dayParam, statementReference } from './payments';
import { singleLine } from './single-line';

/*
 * Payouts (issue 27 #4, docs/decisions/039): an operator's payout runs, each store's payout, the
 * bank file, and marking a payout paid or failed. Amounts are dollars, as operators read them.
 */

/** POST /admin/payout-runs: an optional Idempotency-Key, so a retried click answers the same run. */
export const PayoutRunHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, 'Idempotency-Key must be 8–100 letters, digits, - or _')
    .optional()
    .meta({ description: '8–100 letters, digits, - or _: the same key again answers the run it made' }),
});

export const PayoutIdParam = z.object({ id: z.string().min(1).max(200) });

export const Payout = z
  .object({
    id: z.string(),
    runId: z.string(),
    storeId: z.string(),
    storeName: z.string(),
    amount: z.number(),
    /** The transfer's reference in the bank file. */
    reference: z.string(),
    /** The store's bank details as they were when the run was made. */
    bank: z.object({ bankName: z.string(), branch: z.string(), accountName: z.string(), accountNumber: z.string() }),
    status: z.enum(PAYOUT_STATUSES),
    bankReference: z.string().nullable(),
    paidOn: z.string().nullable(),
    failureReason: z.string().nullable(),
    decidedAt: z.string().nullable(),
    /** A paid payout the bank returned later (decision 040): why, the bank's reference of the return, when it was recorded. */
    returnReason: z.string().nullable(),
    returnBankReference: z.string().nullable(),
    returnedAt: z.string().nullable(),
  })
  .meta({ id: 'Payout' });
export type Payout = z.infer<typeof Payout>;

export const PayoutRun = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    startedBy: z.string(),
    total: z.number(),
    payoutCount: z.number().int(),
    /** How many of its payouts are in transit, paid, failed, returned by the bank after being paid. */
    counts: z.object({
      in_transit: z.number().int(),
      paid: z.number().int(),
      failed: z.number().int(),
      returned: z.number().int(),
    }),
  })
  .meta({ id: 'PayoutRun' });
export type PayoutRun = z.infer<typeof PayoutRun>;

export const PayoutRunDetail = z
  .object({
    success: z.literal(true),
    /** The same Idempotency-Key was sent before: this is the run it made, nothing changed. */
    replayed: z.boolean(),
    run: PayoutRun,
    payouts: z.array(Payout),
  })
  .meta({ id: 'PayoutRunDetail' });
export type PayoutRunDetail = z.infer<typeof PayoutRunDetail>;

export const PayoutRunList = z
  .object({ success: z.literal(true), runs: z.array(PayoutRun) })
  .meta({ id: 'PayoutRunList' });
export type PayoutRunList = z.infer<typeof PayoutRunList>;

/** POST /admin/payouts/{id}/paid: what the bank says it sent. */
export const MarkPayoutPaid = z
  .object({ bankReference: statementReference, paidOn: dayParam('Date paid') })
  .meta({ id: 'MarkPayoutPaid' });
export type MarkPayoutPaid = z.infer<typeof MarkPayoutPaid>;

/** POST /admin/payouts/{id}/failed: why the bank did not pay it. */
export const MarkPayoutFailed = z
  .object({
    reason: singleLine(
      z
        .string({ error: 'Enter why the payout failed' })
        .trim()
        .min(3, 'Reason must be at least 3 characters')
        .max(300, 'Reason must be at most 300 characters'),
      'Reason',
    ),
  })
  .meta({ id: 'MarkPayoutFailed' });
export type MarkPayoutFailed = z.infer<typeof MarkPayoutFailed>;

/** POST /admin/payouts/{id}/returned: a paid payout the bank sent back, with its reference of the return and why. */
export const MarkPayoutReturned = z
  .object({
    bankReference: statementReference,
    reason: singleLine(
      z
        .string({ error: 'Enter why the bank returned the payout' })
        .trim()
        .min(3, 'Reason must be at least 3 characters')
        .max(300, 'Reason must be at most 300 characters'),
      'Reason',
    ),
  })
  .meta({ id: 'MarkPayoutReturned' });
export type MarkPayoutReturned = z.infer<typeof MarkPayoutReturned>;

export const MarkedPayout = z
  .object({
    success: z.literal(true),
    /** Marked so before with the same details: nothing changed. */
    replayed: z.boolean(),
    payout: Payout,
  })
  .meta({ id: 'MarkedPayout' });
export type MarkedPayout = z.infer<typeof MarkedPayout>;
