/**
 * The operator action log (docs/decisions/015): every action it records and how the log names it.
 * Stores: the operators' decisions and the owner's resubmission; reviews: an operator hiding,
 * restoring or keeping one (docs/decisions/018); orders: the refunds an operator settles; payouts and
 * commission rates (docs/decisions/039, 040). One home for the list: the API's filter and the log screen
 * read it. No zod here: the browser reads it.
 */
import { RESUBMIT, STORE_ACTION_PAST, STORE_ACTIONS } from './store-status';

/**
 * Hiding, restoring and keeping a review, as the log records them: the review's visibility before
 * and after. Keeping closes its reports and leaves it visible (visible → visible).
 */
export const REVIEW_MODERATION = {
  hide: { action: 'hide_review', past: 'hid review', to: 'hidden' },
  restore: { action: 'restore_review', past: 'restored review', to: 'visible' },
  keep: { action: 'keep_review', past: 'kept review', to: 'visible' },
} as const;

/**
 * Migration 0015 (decision 027): an account that owned several stores keeps its oldest; each other
 * store loses its owner, and the log says so (the actor is "migration 0015").
 */
export const DETACH_OWNER = {
  action: 'detach_owner',
  past: 'detached from its owner (one store per account)',
} as const;

/**
 * Refunds an operator settles on the payments screen (issue 26 #6, decision 034's update), logged
 * against the order: a refund sent by bank transfer, a refused card refund asked of the gateway
 * again, or recorded as sent by bank transfer instead.
 */
export const REFUND_ACTIONS = {
  record: { action: 'record_refund', past: 'recorded a refund sent by bank transfer' },
  retry: { action: 'retry_refund', past: 'asked the gateway again for a refused card refund' },
  byTransfer: { action: 'refund_by_transfer', past: 'recorded a refused card refund as sent by bank transfer' },
  returned: {
    action: 'record_return_refund',
    past: 'recorded a return’s refund paid back by bank transfer or in cash',
  },
} as const;

/**
 * Payouts (issue 27 #4, docs/decisions/039), logged against the store paid: a run sending it its
 * available balance, and the operator marking that payout paid or failed.
 */
export const PAYOUT_ACTIONS = {
  run: { action: 'payout_run', past: 'started a payout' },
  paid: { action: 'payout_paid', past: 'marked a payout paid' },
  failed: { action: 'payout_failed', past: 'marked a payout failed' },
  returned: { action: 'payout_returned', past: 'marked a paid payout returned by the bank' },
} as const;

/**
 * Commission settings (issue 27 #6, docs/decisions/040), logged against the store or the category
 * whose rate changed: the rate that applied before and after.
 */
export const COMMISSION_ACTIONS = {
  set: { action: 'commission_rate_set', past: 'set a commission rate' },
  removed: { action: 'commission_rate_removed', past: 'removed a commission rate' },
} as const;

/**
 * Disputes (issue 28, docs/decisions/042), logged against the order: an operator's decision of an
 * escalated return request, a refund charged to the seller or closed with no refund.
 */
export const DISPUTE_ACTIONS = {
  refund: { action: 'decide_return_refund', past: 'decided a return dispute: refund charged to the seller' },
  close: { action: 'close_return', past: 'closed a return dispute with no refund' },
} as const;

/**
 * A store's tax details changed by its owner (issue 29 #1, docs/decisions/044), logged against the
 * store: the TRN and GCT registration before and after, as one line each.
 */
export const TAX_DETAILS_CHANGED = {
  action: 'tax_details_changed',
  past: 'changed the store’s tax details',
} as const;

export const LOGGED_ACTIONS = [
  ...STORE_ACTIONS,
  RESUBMIT.action,
  REVIEW_MODERATION.hide.action,
  REVIEW_MODERATION.restore.action,
  REVIEW_MODERATION.keep.action,
  DETACH_OWNER.action,
  REFUND_ACTIONS.record.action,
  REFUND_ACTIONS.retry.action,
  REFUND_ACTIONS.byTransfer.action,
  REFUND_ACTIONS.returned.action,
  PAYOUT_ACTIONS.run.action,
  PAYOUT_ACTIONS.paid.action,
  PAYOUT_ACTIONS.failed.action,
  PAYOUT_ACTIONS.returned.action,
  COMMISSION_ACTIONS.set.action,
  COMMISSION_ACTIONS.removed.action,
  DISPUTE_ACTIONS.refund.action,
  DISPUTE_ACTIONS.close.action,
  TAX_DETAILS_CHANGED.action,
] as const;
export type LoggedAction = (typeof LOGGED_ACTIONS)[number];

/** What the action did, as the log reads: "approved", "hid review"… */
export const LOGGED_ACTION_PAST: Record<LoggedAction, string> = {
  ...STORE_ACTION_PAST,
  resubmit: RESUBMIT.past,
  hide_review: REVIEW_MODERATION.hide.past,
  restore_review: REVIEW_MODERATION.restore.past,
  keep_review: REVIEW_MODERATION.keep.past,
  detach_owner: DETACH_OWNER.past,
  record_refund: REFUND_ACTIONS.record.past,
  retry_refund: REFUND_ACTIONS.retry.past,
  refund_by_transfer: REFUND_ACTIONS.byTransfer.past,
  record_return_refund: REFUND_ACTIONS.returned.past,
  payout_run: PAYOUT_ACTIONS.run.past,
  payout_paid: PAYOUT_ACTIONS.paid.past,
  payout_failed: PAYOUT_ACTIONS.failed.past,
  payout_returned: PAYOUT_ACTIONS.returned.past,
  commission_rate_set: COMMISSION_ACTIONS.set.past,
  commission_rate_removed: COMMISSION_ACTIONS.removed.past,
  decide_return_refund: DISPUTE_ACTIONS.refund.past,
  close_return: DISPUTE_ACTIONS.close.past,
  tax_details_changed: TAX_DETAILS_CHANGED.past,
};
