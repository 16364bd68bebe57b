import { ENTRY_KIND_LABELS, type EntryKind, SELLER_ENTRY_KINDS } from '../../../lib/ledger';
import { MONTH_PATTERN } from '../../../lib/shop-time';

/*
 * The earnings screen's filter (kind, month, page) in the address, and how an entry reads (issue 27 #5,
 * docs/decisions/036).
 */

/** The kind of entry, the Jamaican month (YYYY-MM) and the page; '' is every kind, every month. */
export type EarningsFilter = { kind: EntryKind | ''; month: string; page: number };

/** What each kind of entry is called (one list for the screen, the statements and the mail). */
export const KIND_LABELS = ENTRY_KIND_LABELS;

/** The kinds a seller's own entries can be (a refund moves only the marketplace's money). */
export const SELLER_KINDS = SELLER_ENTRY_KINDS;

export function readFilter(search: string): EarningsFilter {
  const p = new URLSearchParams(search);
  const kind = p.get('kind') ?? '';
  const month = p.get('month') ?? '';
  const page = Number(p.get('page'));
  return {
    kind: (SELLER_KINDS as readonly string[]).includes(kind) ? (kind as EntryKind) : '',
    month: MONTH_PATTERN.test(month) ? month : '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The filter as a query string ("" when it is the default), for the address and the API alike. */
export function queryOf(filter: EarningsFilter): string {
  const p = new URLSearchParams();
  if (filter.kind) p.set('kind', filter.kind);
  if (filter.month) p.set('month', filter.month);
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

/** A month's statement on the API, as CSV or PDF (decision 041). */
export const statementHref = (month: string, format: 'csv' | 'pdf') =>
  `/seller/statements/${encodeURIComponent(month)}?format=${format}`;

/** The month's tax invoices and credit notes as CSV, for the seller's GCT return (decision 045). */
export const taxDocumentsHref = (month: string) => `/seller/tax-documents/${encodeURIComponent(month)}`;
