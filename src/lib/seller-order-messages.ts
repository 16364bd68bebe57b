/**
 * The seller's order screens' texts (spec §5), part of MESSAGES (messages.ts) as
 * `MESSAGES.sellerOrders`. Their own file, as cart-messages.ts, because the workspace's first
 * screens (dashboard, orders list) say only these: importing them from here keeps the rest of
 * MESSAGES out of those screens' first files (issue 31, Must-have 4).
 */
export const SELLER_ORDER_MESSAGES = {
  notSeller: 'Only sellers can use the seller workspace: open a store first.',
  partNotFound: 'Order not found',
  accepted: 'Order accepted',
  shipped: 'Marked as shipped',
  delivered: 'Marked as delivered',
  cancelled: 'Order cancelled; its stock is back',
  paid: 'Payment recorded',
  trackingChanged: 'Tracking details updated',
  actionFailed: 'Could not update the order',
  loadFailed: 'Failed to load your orders',
  empty: 'No orders yet',
} as const;
