import { ENTRY_KINDS, type EntryKind } from '../../../lib/ledger';

/*
 * The earnings screen's filter (kind, page) in the address, and how an entry reads (issue 27 #5,
 * docs/decisions/036).
 */

export type EarningsFilter = { kind: EntryKind | ''; page: number };

/** What each kind of entry is called on the screen. */
export const KIND_LABELS: Record<EntryKind, string> = {
  sale: 'Sale',
  commission: 'Commission',
  gct_on_commission: 'GCT on commission',
  cash_collected: 'Cash collected by your courier',
  cancellation: 'Cancelled',
  refund: 'Refund',
  return: 'Returned and refunded',
  release: 'Now available',
  payout: 'Payout',
  payout_failed: 'Payout failed',
};

/** The kinds a seller's own entries can be (a refund moves only the marketplace's money). */
export const SELLER_KINDS = ENTRY_KINDS.filter((k) => k !== 'refund');

export function readFilter(search: string): EarningsFilter {
  const p = new URLSearchParams(search);
  const kind = p.get('kind') ?? '';
  const page = Number(p.get('page'));
  return {
    kind: (SELLER_KINDS as readonly string[]).includes(kind) ? (kind as EntryKind) : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The filter as a query string ("" when it is the default), for the address and the API alike. */
export function queryOf(filter: EarningsFilter): string {
  const p = new URLSearchParams();
  if (filter.kind) p.set('kind', filter.kind);
  if (filter.page > 1) p.set('page', String(filter.page));
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** A balance as its card says it: negative is money the seller owes, carried over. */
export function balanceNote(dollars: number, what: 'pending' | 'available' | 'inTransit' | 'paidOut'): string {
  if (dollars < 0)
    return 'You owe this (commission on cash your courier collected); it is taken from what you earn next.';
  if (what === 'pending') return 'Paid orders not yet delivered, or still inside the return window.';
  if (what === 'available') return 'Yours to be paid out to your bank account.';
  if (what === 'inTransit') return 'Sent to your bank account, waiting for the bank to confirm it paid.';
  return 'Paid to your bank account so far.';
}
