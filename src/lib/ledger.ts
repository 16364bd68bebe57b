/**
 * The marketplace's books (issue 27 #2, docs/decisions/036): THE list of accounts and of the kinds
 * of entry, for the database, the server and the seller's screen alike.
 *
 * Every entry is signed integer cents, **debit positive, credit negative**; the entries of one
 * transaction add up to zero. An asset (money held) grows by debits; what the marketplace owes or
 * earned grows by credits, so its balance is the negated sum of its entries.
 */

export const ACCOUNTS = [
  /**
   * Money the marketplace holds for parts paid to it: card payments at the gateway and bank
   * transfers at its bank (one account: both settle into its bank). Debited when a part is paid,
   * credited when a refund is made (and, with payouts, when a payout is sent).
   */
  'marketplace_cash',
  /** What the marketplace owes a seller (or a seller owes it, when negative) for parts not yet settled: paid, and not yet delivered + RETURN_DAYS. One per store. */
  'seller_pending',
  /** What the marketplace owes a seller and may pay out now (negative: the seller owes it, carried over). One per store. */
  'seller_available',
  /** The marketplace's commission earned on its sellers' items. */
  'commission_revenue',
  /** GCT charged on commission, owed to Tax Administration Jamaica (only when the marketplace is GCT-registered). */
  'gct_payable',
  /**
   * Money owed back to buyers until the refund is made: for paid parts that were cancelled, and
   * money received that pays no part (a card approved after its order expired, a transfer's excess).
   */
  'refunds_due',
  /** Payouts sent to sellers' banks and not yet confirmed paid (payouts, issue 27 #4). */
  'payouts_in_transit',
] as const;
export type Account = (typeof ACCOUNTS)[number];

/** The accounts kept per store: an entry on them names its store. A seller's balance is theirs. */
export const SELLER_ACCOUNTS = ['seller_pending', 'seller_available'] as const satisfies readonly Account[];
export type SellerAccount = (typeof SELLER_ACCOUNTS)[number];
export const isSellerAccount = (account: string): account is SellerAccount =>
  (SELLER_ACCOUNTS as readonly string[]).includes(account);

/** What an entry is, as a seller reads its list (and filters it). */
export const ENTRY_KINDS = [
  /** A paid part's share: its items, shipping and its share of the order's tax. */
  'sale',
  /** The marketplace's commission on the part's items. */
  'commission',
  /** GCT on that commission. */
  'gct_on_commission',
  /** Cash on delivery: the buyer paid the seller's courier, so the seller already has the sale. */
  'cash_collected',
  /** A paid part cancelled: its sale, commission and GCT reversed. */
  'cancellation',
  /** The buyer's money given back (the marketplace's accounts only). */
  'refund',
  /**
   * Money received that pays no part, owed back to the buyer (the marketplace's accounts only): a
   * card approved after its order expired, a bank transfer beyond what its order owed, a transfer
   * for an order cancelled unpaid.
   */
  'unapplied',
  /**
   * Items returned and refunded (issue 28, decision 042): what is given back of the part's share
   * taken from its seller, its commission and GCT on it reversed in proportion, owed to the buyer
   * until the refund is made.
   */
  'return',
  /** Pending becomes available: the part was delivered and its return window has passed. */
  'release',
  /** Available money sent to the seller's bank, and a payout that failed coming back (issue 27 #4). */
  'payout',
  'payout_failed',
  /** A paid payout the bank returned later: its money back in the marketplace's bank and the seller's available balance (decision 040). */
  'payout_returned',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** What a seller's balance says, in cents: negative pending or available is money the seller owes, carried over. */
export type SellerBalanceCents = { pendingCents: number; availableCents: number; paidOutCents: number };

/** What each kind of entry is called where a seller reads it: the earnings screen, its statements, the payout mail. */
export const ENTRY_KIND_LABELS: Record<EntryKind, string> = {
  sale: 'Sale',
  commission: 'Commission',
  gct_on_commission: 'GCT on commission',
  cash_collected: 'Cash collected by your courier',
  cancellation: 'Cancelled',
  refund: 'Refund',
  unapplied: 'Received, to give back',
  return: 'Returned and refunded',
  release: 'Now available',
  payout: 'Payout',
  payout_failed: 'Payout failed',
  payout_returned: 'Payout returned by the bank',
};

/** The kinds a seller's own entries can be (a refund and unapplied money move only the marketplace's). */
export const SELLER_ENTRY_KINDS = ENTRY_KINDS.filter((k) => k !== 'refund' && k !== 'unapplied');
