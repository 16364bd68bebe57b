/**
 * A store's lifecycle (docs/decisions/015): the statuses, and which operator action moves a store
 * from which status to which. One home for the rule: the API refuses any other move with a 409,
 * and the operator screen offers only these buttons. No zod here: the browser reads it.
 */
export const STORE_STATUSES = ['pending', 'active', 'rejected', 'suspended'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

export const STORE_ACTIONS = ['approve', 'reject', 'suspend', 'reinstate'] as const;
export type StoreAction = (typeof STORE_ACTIONS)[number];

/** Each action: the statuses it may start from, where it leads, and whether it needs a reason. */
export const STORE_TRANSITIONS: Record<
  StoreAction,
  { from: readonly StoreStatus[]; to: StoreStatus; reason: boolean }
> = {
  approve: { from: ['pending'], to: 'active', reason: false },
  reject: { from: ['pending'], to: 'rejected', reason: true },
  suspend: { from: ['active'], to: 'suspended', reason: true },
  reinstate: { from: ['suspended'], to: 'active', reason: false },
};

/** What the action did, for messages and the action log: "approved", "suspended"… */
export const STORE_ACTION_PAST: Record<StoreAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  suspend: 'suspended',
  reinstate: 'reinstated',
};

/**
 * The owner's one move (decision 015, amended 2026-11-23): a rejected applicant corrects the
 * application and sends it again (POST /seller/apply), which puts the same store back to pending.
 * Recorded in the action log like an operator's decision (src/lib/operator-actions.ts).
 */
export const RESUBMIT = { action: 'resubmit', from: ['rejected'], to: 'pending', past: 'resubmitted' } as const;

/**
 * How long an application waits for an operator's decision, at most: /sell and /dashboard/store/
 * say it to a pending applicant, the mails to operators and to a suspended seller's appeal. The
 * one place to change the figure.
 */
export const REVIEW_WORKING_DAYS = 2;
export const REVIEW_PROMISE = {
  days: `${REVIEW_WORKING_DAYS} working days`,
  sentence: `We review applications within ${REVIEW_WORKING_DAYS} working days`,
} as const;

/** The actions an operator may take on a store in this status. */
export const actionsFor = (status: StoreStatus): StoreAction[] =>
  STORE_ACTIONS.filter((a) => STORE_TRANSITIONS[a].from.includes(status));

/** Only an active store, and its products, are public (catalogue API, static pages, orders). */
export const isPublicStatus = (status: StoreStatus) => status === 'active';

export const STATUS_LABELS: Record<StoreStatus, string> = {
  pending: 'Pending review',
  active: 'Active',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

/** Where a buyer paying by bank transfer sends the money. */
export type BankDetails = { bankName: string; accountName: string; accountNumber: string; branch: string };
