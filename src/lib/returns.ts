/**
 * Returns and disputes (issue 28, docs/decisions/042): THE status table of a return request, the
 * one place its rules live (like the order's, services/orders/status.ts), and the lists a request
 * is made of. No zod here: the browser reads it too.
 *
 *   requested ──▶ accepted ──▶ received ──▶ refunded
 *      │  │  │         └──────────────────────▲
 *      │  │  └──────────── (refund without a return) ─┘
 *      │  └──▶ rejected ──▶ escalated ──▶ decided (an operator's refund, full or part)
 *      └─────────(unanswered SELLER_ANSWER_DAYS)─▲  └──▶ closed (an operator's: no refund)
 *
 * refunded, decided and closed are final. Any other move is refused with 409.
 */

export const RETURN_STATUSES = [
  'requested',
  'accepted',
  'received',
  'refunded',
  'rejected',
  'escalated',
  'decided',
  'closed',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_TRANSITIONS: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  requested: ['accepted', 'rejected', 'refunded', 'escalated'],
  accepted: ['received', 'refunded'],
  received: ['refunded'],
  rejected: ['escalated'],
  escalated: ['decided', 'closed'],
  refunded: [],
  decided: [],
  closed: [],
};

export const canMoveReturn = (from: ReturnStatus, to: ReturnStatus): boolean => RETURN_TRANSITIONS[from].includes(to);

/** Who moves a request to each status: the buyer escalates, the seller answers, an operator decides. */
export const RETURN_MOVER: Readonly<Record<Exclude<ReturnStatus, 'requested'>, 'buyer' | 'seller' | 'operator'>> = {
  accepted: 'seller',
  rejected: 'seller',
  received: 'seller',
  refunded: 'seller',
  escalated: 'buyer',
  decided: 'operator',
  closed: 'operator',
};

/** The statuses an operator's disputes screen lists: escalated (to decide), then what was decided. */
export const DISPUTE_STATUSES = ['escalated', 'decided', 'closed'] as const satisfies readonly ReturnStatus[];

/** Why the buyer returns it (issue 28 #1). */
export const RETURN_REASONS = ['wrong_item', 'damaged', 'not_as_described', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  wrong_item: 'Wrong item',
  damaged: 'Damaged',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
  other: 'Other',
};

/** How the buyer wants it settled: a refund only (exchanges are out: decision 042). */
export const RETURN_SETTLEMENTS = ['refund'] as const;

/** How the seller wants the item back when it accepts (issue 28 #2). */
export const RETURN_INSTRUCTIONS = ['courier', 'knutsford_depot', 'keep_item'] as const;
export type ReturnInstructions = (typeof RETURN_INSTRUCTIONS)[number];
export const RETURN_INSTRUCTION_LABELS: Record<ReturnInstructions, string> = {
  courier: 'Send it back with a courier',
  knutsford_depot: 'Drop it at a Knutsford Express depot',
  keep_item: 'Keep the item',
};

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  accepted: 'Accepted',
  received: 'Received by the seller',
  refunded: 'Refunded',
  rejected: 'Rejected',
  escalated: 'With the Yaad Market team',
  decided: 'Decided: refunded',
  closed: 'Closed',
};

/** Who writes on a request's thread (issue 28 #5). */
/** The most photos a buyer attaches to a return request (decision 043), each a photo the upload pipeline takes. */
export const MAX_RETURN_PHOTOS = 3;

export const RETURN_MESSAGE_AUTHORS = ['buyer', 'seller', 'operator'] as const;
export type ReturnMessageAuthor = (typeof RETURN_MESSAGE_AUTHORS)[number];

/** round(a × b ÷ c) half up, exact for any cents (BigInt); c > 0, a, b ≥ 0. */
function mulDivHalfUp(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b) * 2n + BigInt(c);
  return Number(n / (BigInt(c) * 2n));
}

/**
 * What returning these items gives back (decision 042): their price as bought, and their share of
 * the part's tax (the part's share less its items and shipping, in proportion to the items);
 * shipping is not given back by a seller's refund (an operator may decide more, up to the part's
 * share). Never more than `leftCents`, what the part may still be refunded.
 */
export function returnedItemsRefundCents(
  part: { shareCents: number; subtotalCents: number; shippingCents: number },
  itemsCents: number,
  leftCents: number,
): number {
  const taxCents = Math.max(part.shareCents - part.subtotalCents - part.shippingCents, 0);
  const tax =
    part.subtotalCents > 0 ? mulDivHalfUp(taxCents, Math.min(itemsCents, part.subtotalCents), part.subtotalCents) : 0;
  return Math.max(Math.min(itemsCents + tax, leftCents), 0);
}

/**
 * What of a frozen amount (a part's commission, its GCT) a return reverses, so that the reversals
 * add up to round(amount × refunded ÷ share) at every step and to the whole amount when the whole
 * share is refunded: the cumulative target less what earlier returns reversed.
 */
export function reversedInProportion(
  frozenCents: number,
  shareCents: number,
  refundedBeforeCents: number,
  refundedNowCents: number,
  reversedBeforeCents: number,
): number {
  if (shareCents <= 0 || frozenCents <= 0) return 0;
  const total = Math.min(refundedBeforeCents + refundedNowCents, shareCents);
  return Math.max(mulDivHalfUp(frozenCents, total, shareCents) - reversedBeforeCents, 0);
}
