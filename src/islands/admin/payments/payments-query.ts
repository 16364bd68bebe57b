import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../lib/contract/payment-methods';
import type { OperatorPayment, PaymentRecordStatus } from '../../../lib/contract/payments';

/*
 * The operators' payments screen (docs/decisions/034): its filters as the API's query, what each
 * record's status and balance read as, and the bank-transfer form's checks (the amount typed in
 * dollars, sent in cents). Plain functions, unit-tested beside.
 */

export type Filters = { status: '' | PaymentRecordStatus; method: '' | PaymentMethod; from: string; to: string };
export const NO_FILTERS: Filters = { status: '', method: '', from: '', to: '' };
export const PAGE_SIZE = 20;

/** The API's query for these filters and this page: only what is set. */
export function paymentsQuery(filters: Filters, page: number): string {
  const query = new URLSearchParams();
  for (const key of ['status', 'method', 'from', 'to'] as const) if (filters[key]) query.set(key, filters[key]);
  query.set('page', String(page));
  query.set('limit', String(PAGE_SIZE));
  return query.toString();
}

export const STATUS_LABELS: Record<PaymentRecordStatus, string> = {
  pending: 'Pending',
  approved: 'Received',
  declined: 'Declined',
  cancelled: 'Not finished',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
  refund_failed: 'Refund failed',
};
export const STATUS_BADGES: Record<PaymentRecordStatus, string> = {
  pending: 'badge-gold',
  approved: 'badge-green',
  declined: 'badge-red',
  cancelled: 'badge-grey',
  refund_pending: 'badge-gold',
  refunded: 'badge-grey',
  partially_refunded: 'badge-gold',
  refund_failed: 'badge-red',
};

export const methodLabel = (method: PaymentMethod) => PAYMENT_METHOD_LABELS[method];

const PROVIDER_LABELS: Record<OperatorPayment['provider'], string> = {
  test: 'Test gateway',
  powertranz: 'PowerTranz',
  wipay: 'WiPay',
  bank: 'Bank',
  seller: 'Seller',
};
/** What the reference is: the gateway's, the bank's, or (cash) the order part's. */
export const referenceLabel = (p: Pick<OperatorPayment, 'provider'>) =>
  p.provider === 'bank'
    ? 'Bank reference'
    : p.provider === 'seller'
      ? 'Order part'
      : `${PROVIDER_LABELS[p.provider]} reference`;

/** A note a record needs beside its status: attention (an under- or over-payment, an expiry, a decline) or neutral (a refund). */
export type PaymentNote = { text: string; attention: boolean };

/** The notes a record needs beside its status. */
export function paymentNotes(p: OperatorPayment): PaymentNote[] {
  const notes: PaymentNote[] = [];
  const money = (dollars: number) => `US$${dollars.toFixed(2)}`;
  if (p.balance === 'under') notes.push({ text: `Under-paid: ${money(p.dueAfter)} still due`, attention: true });
  if (p.balance === 'over') notes.push({ text: `Excess ${money(p.excess)}: to refund`, attention: true });
  if (p.refunded > 0) notes.push({ text: `${money(p.refunded)} refunded`, attention: false });
  if (p.orderExpired) notes.push({ text: 'Order expired unpaid', attention: true });
  if (p.status === 'declined' && p.message) notes.push({ text: `Declined: ${p.message}`, attention: true });
  return notes;
}

export type TransferDraft = { orderNumber: string; amount: string; receivedOn: string; bankReference: string };

/** The form's own checks before it is sent (the API checks again); the amount in dollars becomes cents. */
export function checkTransfer(
  draft: TransferDraft,
  today: string,
):
  | { ok: true; body: { orderNumber: string; amountCents: number; receivedOn: string; bankReference: string } }
  | { ok: false; errors: Partial<Record<keyof TransferDraft, string>> } {
  const errors: Partial<Record<keyof TransferDraft, string>> = {};
  const orderNumber = draft.orderNumber.trim().toUpperCase();
  if (!orderNumber) errors.orderNumber = 'Enter the order number';
  const amount = draft.amount
    .trim()
    .replace(/^US\$|^\$/i, '')
    .replace(/,/g, '');
  const cents = /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : Number.NaN;
  if (!(cents > 0)) errors.amount = 'Enter the amount received, such as 125.50';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.receivedOn)) errors.receivedOn = 'Enter the date the money arrived';
  else if (draft.receivedOn > today) errors.receivedOn = 'Date received cannot be after today';
  const bankReference = draft.bankReference.trim();
  if (bankReference.length < 3) errors.bankReference = 'Enter the bank reference (at least 3 characters)';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: { orderNumber, amountCents: cents, receivedOn: draft.receivedOn, bankReference } };
}
