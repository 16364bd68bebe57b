/**
 * A payout's states (issue 27 #4, docs/decisions/039), for the database, the API and the screens:
 * sent to the bank (in transit) until an operator marks it paid (the bank's reference and day) or
 * failed (its money back to the seller's available balance, with the reason). A marking is final.
 */
export const PAYOUT_STATUSES = ['in_transit', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
