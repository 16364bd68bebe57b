import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../lib/contract/payment-methods';
import type { OperatorPayment, OperatorRefund, PaymentRecordStatus } from '../../../lib/contract/payments';

/*
 * The operators' payments screen (docs/decisions/034): its filters as the API's query, what each
 * record's status, balance and refunds read as, and the checks of the bank-transfer form and the
 * refund dialog (the amount typed in dollars, sent in cents). Plain functions, unit-tested beside.
 */

export type Filters = {
  status: '' | PaymentRecordStatus;
  method: '' | PaymentMethod;
  from: string;
  to: string;
  /** Only the records the marketplace still owes money back for. */
  refundDue: boolean;
};
export const NO_FILTERS: Filters = { status: '', method: '', from: '', to: '', refundDue: false };
export const PAGE_SIZE = 20;

/** The API's query for these filters and this page: only what is set. */
export function paymentsQuery(filters: Filters, page: number): string {
  const query = new URLSearchParams();
  for (const key of ['status', 'method', 'from', 'to'] as const) if (filters[key]) query.set(key, filters[key]);
  if (filters.refundDue) query.set('refundDue', 'true');
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

const money = (dollars: number) => `US$${dollars.toFixed(2)}`;

/** The notes a record needs beside its status. */
export function paymentNotes(p: OperatorPayment): PaymentNote[] {
  const notes: PaymentNote[] = [];
  if (p.balance === 'under') notes.push({ text: `Under-paid: ${money(p.dueAfter)} still due`, attention: true });
  if (p.balance === 'over') notes.push({ text: `Excess ${money(p.excess)}`, attention: false });
  if (p.owedBack > 0) notes.push({ text: `${money(p.owedBack)} to refund`, attention: true });
  if (p.refunded > 0) notes.push({ text: `${money(p.refunded)} refunded`, attention: false });
  if (p.orderExpired) notes.push({ text: 'Order expired unpaid', attention: true });
  if (p.status === 'declined' && p.message) notes.push({ text: `Declined: ${p.message}`, attention: true });
  return notes;
}

export type TransferDraft = { orderNumber: string; amount: string; receivedOn: string; bankReference: string };

/** Dollars as an operator types them ("1,234.5", "US$12") in cents; NaN when not an amount of at most two decimals. */
export function typedCents(text: string): number {
  const amount = text
    .trim()
    .replace(/^US\$|^\$/i, '')
    .replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : Number.NaN;
}

/** A day from a bank statement: set, and not after today. */
const dayError = (day: string, today: string, missing: string, label: string) =>
  !/^\d{4}-\d{2}-\d{2}$/.test(day) ? missing : day > today ? `${label} cannot be after today` : undefined;
const referenceError = (reference: string) =>
  reference.trim().length < 3 ? 'Enter the bank reference (at least 3 characters)' : undefined;

/** Only the fields that have an error. */
const errorsOf = <K extends string>(all: Record<K, string | undefined>) =>
  Object.fromEntries(Object.entries(all).filter(([, v]) => v)) as Partial<Record<K, string>>;

/** The form's own checks before it is sent (the API checks again); the amount in dollars becomes cents. */
export function checkTransfer(
  draft: TransferDraft,
  today: string,
):
  | { ok: true; body: { orderNumber: string; amountCents: number; receivedOn: string; bankReference: string } }
  | { ok: false; errors: Partial<Record<keyof TransferDraft, string>> } {
  const orderNumber = draft.orderNumber.trim().toUpperCase();
  const cents = typedCents(draft.amount);
  const errors = errorsOf<keyof TransferDraft>({
    orderNumber: orderNumber ? undefined : 'Enter the order number',
    amount: cents > 0 ? undefined : 'Enter the amount received, such as 125.50',
    receivedOn: dayError(draft.receivedOn, today, 'Enter the date the money arrived', 'Date received'),
    bankReference: referenceError(draft.bankReference),
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: { orderNumber, amountCents: cents, receivedOn: draft.receivedOn, bankReference: draft.bankReference.trim() },
  };
}

/** A refund the marketplace's bank sent: the amount (a bank-transfer order's; a card refund's is fixed), the day, the reference. */
export type RefundDraft = { amount: string; sentOn: string; bankReference: string };

/**
 * The refund dialog's checks before it is sent (the API checks again): for a bank-transfer order,
 * an amount of at most what is owed back (`owedCents`); for a refused card refund (`owedCents`
 * null), its own amount, not asked.
 */
export function checkRefund(
  draft: RefundDraft,
  today: string,
  owedCents: number | null,
):
  | { ok: true; body: { amountCents?: number; sentOn: string; bankReference: string } }
  | { ok: false; errors: Partial<Record<keyof RefundDraft, string>> } {
  const cents = owedCents === null ? undefined : typedCents(draft.amount);
  const errors = errorsOf<keyof RefundDraft>({
    amount:
      cents === undefined || owedCents === null
        ? undefined
        : !(cents > 0)
          ? 'Enter the amount sent, such as 125.50'
          : cents > owedCents
            ? `Amount sent can be at most the ${money(owedCents / 100)} owed back`
            : undefined,
    sentOn: dayError(draft.sentOn, today, 'Enter the date the refund was sent', 'Date sent'),
    bankReference: referenceError(draft.bankReference),
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      ...(cents === undefined ? {} : { amountCents: cents }),
      sentOn: draft.sentOn,
      bankReference: draft.bankReference.trim(),
    },
  };
}

/** A record's refunds as the screen lists them: how much, how, and what became of it. */
export function refundLine(r: OperatorRefund): string {
  const how =
    r.method === 'bank_transfer'
      ? `by bank transfer${r.sentOn ? ` on ${r.sentOn}` : ''}${r.reference ? `, reference ${r.reference}` : ''}`
      : r.method === 'cash'
        ? `in cash${r.sentOn ? ` on ${r.sentOn}` : ''}${r.reference ? `, receipt ${r.reference}` : ''}`
        : `to the card${r.reference ? `, reference ${r.reference}` : ''}`;
  if (r.status === 'refunded') return `${money(r.amount)} refunded ${how}`;
  if (r.status === 'refund_pending') return `${money(r.amount)} refund on its way to the card`;
  return `${money(r.amount)} refund refused by the gateway${r.message ? `: ${r.message}` : ''}`;
}
