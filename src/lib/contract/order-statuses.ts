/*
 * An order's statuses and payment statuses, as plain lists: the contract's schemas (./orders.ts,
 * ./seller-orders.ts) are built on them, and screens that only show or filter statuses import them
 * from here without zod and the rest of the contract (the seller's first screens, issue 31).
 */

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The progress tracker's steps (spec §4), in order; cancelled orders hide the tracker. */
export const TRACKER_STEPS = ['pending', 'processing', 'shipped', 'delivered'] as const;

export const PAYMENT_STATUSES = ['unpaid', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
