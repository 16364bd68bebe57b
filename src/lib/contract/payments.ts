import { z } from 'zod';
import { limitParam, Pagination, pageParam } from './common';
import { PAYMENT_METHODS, type PaymentMethod } from './payment-methods';
import { singleLine } from './single-line';

/*
 * Card payments in the API (issue 26 #3, docs/decisions/029): what an order says of its payment,
 * how the shopper reaches the gateway's page, and which gateway and cards checkout names.
 */

/** The methods paid on the gateway's hosted page: the order waits for its payment before its sellers see it. */
export const CARD_METHODS = ['credit_card', 'debit_card'] as const satisfies readonly PaymentMethod[];
export const paidByCard = (method: string): boolean => (CARD_METHODS as readonly string[]).includes(method);

/** A payment record's status (src/server/db/schema/payments.ts says what each means). */
export const PAYMENT_RECORD_STATUSES = [
  'pending',
  'approved',
  'declined',
  'cancelled',
  'refund_pending',
  'refunded',
  'partially_refunded',
  'refund_failed',
] as const;
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

/** The statuses of a record whose money was received, whatever was given back of it since. */
export const MONEY_IN_STATUSES = [
  'approved',
  'partially_refunded',
  'refunded',
  'refund_pending',
  'refund_failed',
] as const satisfies readonly PaymentRecordStatus[];
export const moneyIn = (status: string): boolean => (MONEY_IN_STATUSES as readonly string[]).includes(status);

/**
 * Where a card order stands: awaiting its payment (stock held until `holdUntil`), paid, expired
 * (the hold ended unpaid: cancelled, stock back) or cancelled by the buyer before paying.
 */
export const CARD_PAYMENT_STAGES = ['awaiting_payment', 'paid', 'expired', 'cancelled'] as const;
export type CardPaymentStage = (typeof CARD_PAYMENT_STAGES)[number];

export const PaymentAttempt = z
  .object({
    id: z.string(),
    status: z.enum(PAYMENT_RECORD_STATUSES),
    amount: z.number(),
    currency: z.enum(['USD', 'JMD']),
    /** The gateway's words on its decision ("Do not honour"); null while pending. */
    message: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'PaymentAttempt' });
export type PaymentAttempt = z.infer<typeof PaymentAttempt>;

/**
 * Why money is given back (docs/decisions/033, 034): cancelled parts (their shares), a card payment
 * that came after the order no longer awaited it (all of it), or what a bank-transfer order did not
 * need (an over-payment, a transfer for an order no longer awaiting one, a paid order or part cancelled).
 */
/** returned: items of a delivered part returned and refunded (issue 28, decision 042). */
export const REFUND_REASONS = ['late_approval', 'cancelled', 'excess', 'returned'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const REFUND_STATUSES = ['refund_pending', 'refunded', 'refund_failed'] as const;
/**
 * How it went back: through the card gateway, by a bank transfer an operator sent and recorded, or
 * in cash an operator paid and recorded (a cash-on-delivery order's return, decision 042).
 */
export const REFUND_METHODS = ['gateway', 'bank_transfer', 'cash'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** Money given back to the card (docs/decisions/033): for cancelled parts (their shares) or a late payment (all of it). */
export const CardRefund = z
  .object({
    amount: z.number(),
    /** refund_pending: on its way; refunded: made; refund_failed: the gateway refused, the shop's team refunds it. */
    status: z.enum(REFUND_STATUSES),
    cause: z.enum(REFUND_REASONS),
    /** gateway: back to the card; bank_transfer: the gateway refused it and the shop's team sent it by bank transfer. */
    method: z.enum(REFUND_METHODS),
    /** The order's parts it gives back (their ids, as in `sellers[].partId`). */
    partIds: z.array(z.string()),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'CardRefund' });
export type CardRefund = z.infer<typeof CardRefund>;

/** A card order's payment, on the buyer's order (null for the other methods). */
export const CardPayment = z
  .object({
    stage: z.enum(CARD_PAYMENT_STAGES),
    /** Until when the stock is held for the payment; null once paid. */
    holdUntil: z.string().nullable(),
    /** The latest attempt at the gateway (a declined one is shown with Try again); null before any. */
    lastAttempt: PaymentAttempt.nullable(),
    /** Refunds of the order's card payments, oldest first. */
    refunds: z.array(CardRefund),
    /** What has been given back so far (made refunds only). */
    refunded: z.number(),
  })
  .meta({ id: 'CardPayment' });
export type CardPayment = z.infer<typeof CardPayment>;

/** The gateway's own next step for the shopper's browser (an API client may follow it itself). */
export const GatewayStep = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('redirect'), url: z.string() }),
    z.object({ kind: z.literal('form'), url: z.string(), fields: z.record(z.string(), z.string()) }),
    z.object({ kind: z.literal('html'), html: z.string() }),
  ])
  .meta({ id: 'GatewayStep' });

/** A payment started at the gateway: where to send the shopper. */
export const PaymentStart = z
  .object({
    paymentId: z.string(),
    /** A page of the shop that hands the browser over to the gateway's hosted page (GET, the buyer's session). */
    payUrl: z.string(),
    next: GatewayStep,
  })
  .meta({ id: 'PaymentStart' });
export type PaymentStart = z.infer<typeof PaymentStart>;

export const PayAnswer = z.object({ success: z.literal(true), payment: PaymentStart }).meta({ id: 'PayAnswer' });
export type PayAnswer = z.infer<typeof PayAnswer>;

/** The gateway checkout names, and the cards it takes. */
export const CardGateway = z
  .object({
    name: z.string(),
    cards: z.array(z.string()),
    /** True for the offline test gateway: no real money moves. */
    test: z.boolean(),
    /** How long a card order's items are held for its payment (PAYMENT_HOLD_MINUTES). */
    holdMinutes: z.number().int(),
  })
  .meta({ id: 'CardGateway' });
export type CardGateway = z.infer<typeof CardGateway>;

/** The answer of the server-to-server callback. */
export const CallbackAnswer = z
  .object({
    success: z.literal(true),
    orderNumber: z.string(),
    outcome: z.enum(['paid', 'declined', 'pending', 'already_counted', 'refunded', 'refund_failed', 'refund_pending']),
  })
  .meta({ id: 'CallbackAnswer' });

// ── Bank transfer to the marketplace, cash on delivery records, the operators' screen (decision 034) ──

/** Who received the money a payment record counts: a card gateway, the marketplace's bank, or the seller's courier. */
export const PAYMENT_PROVIDERS = ['test', 'powertranz', 'wipay', 'bank', 'seller'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The marketplace's account, as the buyer was told to pay into it. */
export const PayTo = z
  .object({ bankName: z.string(), branch: z.string(), accountName: z.string(), accountNumber: z.string() })
  .meta({ id: 'PayTo' });

/**
 * A bank-transfer order's payment, on the buyer's order (null for other methods and for older
 * orders paid to each seller): one transfer to the marketplace, the order number as reference.
 */
export const BankTransferPayment = z
  .object({
    stage: z.enum(CARD_PAYMENT_STAGES),
    payTo: PayTo,
    /** What to quote: the order number. */
    reference: z.string(),
    amount: z.number(),
    /** Received so far, and what is still due (an under-payment leaves some). */
    received: z.number(),
    due: z.number(),
    /** Received beyond what the order needed (or all of it, for an order cancelled after paying): to be refunded. */
    excess: z.number(),
    /** What the marketplace has sent back of it by bank transfer so far. */
    refunded: z.number(),
    /** Pay by then (a reminder, then the order is cancelled); null unless awaiting. */
    payBy: z.string().nullable(),
  })
  .meta({ id: 'BankTransferPayment' });
export type BankTransferPayment = z.infer<typeof BankTransferPayment>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) =>
  ISO_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
export const dayParam = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isRealDay, `${label} must be a date (YYYY-MM-DD)`);

/** The fields an operator copies from a bank statement: the order number, the amount in cents, the bank's reference. */
const statementOrderNumber = singleLine(
  z
    .string({ error: 'Enter the order number' })
    .trim()
    .min(1, 'Enter the order number')
    .max(64, 'Order number is too long'),
  'Order number',
);
/** In cents, as the statement shows it (1250 is US$12.50). */
const statementCents = z
  .number({ error: 'Amount must be a whole number of cents' })
  .int('Amount must be a whole number of cents')
  .min(1, 'Amount must be more than 0')
  .max(100_000_000_000, 'Amount is too large');
/** The bank's own reference for the transfer: the same reference is recorded once. */
export const statementReference = singleLine(
  z
    .string({ error: 'Enter the bank reference' })
    .trim()
    .min(3, 'Bank reference must be at least 3 characters')
    .max(64, 'Bank reference must be at most 64 characters'),
  'Bank reference',
);

/** POST /admin/payments/bank-transfers: what the bank statement says arrived. */
export const RecordBankTransfer = z
  .object({
    orderNumber: statementOrderNumber,
    amountCents: statementCents,
    /** The day the money arrived, by the bank statement; not after today. */
    receivedOn: dayParam('Date received'),
    bankReference: statementReference,
  })
  .meta({ id: 'RecordBankTransfer' });
export type RecordBankTransfer = z.infer<typeof RecordBankTransfer>;

/** How a bank transfer met its order: exactly, short (the rest still due) or over (the excess to refund). */
export const TRANSFER_BALANCES = ['exact', 'under', 'over'] as const;

/** A refund of a payment record, as operators see it (docs/decisions/033, 034). */
export const OperatorRefund = z
  .object({
    id: z.string(),
    amount: z.number(),
    status: z.enum(REFUND_STATUSES),
    cause: z.enum(REFUND_REASONS),
    method: z.enum(REFUND_METHODS),
    /** The gateway's refund reference, or the bank's reference of a refund sent by transfer; null until made. */
    reference: z.string().nullable(),
    /** A refund by bank transfer: the day it was sent. */
    sentOn: z.string().nullable(),
    /** A refund by bank transfer: the operator who recorded it. */
    recordedBy: z.string().nullable(),
    /** The gateway's words on a refusal. */
    message: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'OperatorRefund' });
export type OperatorRefund = z.infer<typeof OperatorRefund>;

/** One payment record on the operators' screen. */
export const OperatorPayment = z
  .object({
    id: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    method: z.enum(PAYMENT_METHODS),
    provider: z.enum(PAYMENT_PROVIDERS),
    /** The gateway's transaction id, the bank's reference, or (cash) the order part's id. */
    reference: z.string(),
    amount: z.number(),
    currency: z.enum(['USD', 'JMD']),
    status: z.enum(PAYMENT_RECORD_STATUSES),
    /** The gateway's words on a decision (a decline's reason). */
    message: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
    /** A bank transfer: the day it arrived. */
    receivedOn: z.string().nullable(),
    /** Who recorded it (an operator, a seller); null for a gateway's. */
    recordedBy: z.string().nullable(),
    /** A bank transfer: exact, under (still due after it) or over (excess to refund); null for the others. */
    balance: z.enum(TRANSFER_BALANCES).nullable(),
    dueAfter: z.number(),
    excess: z.number(),
    refunded: z.number(),
    /**
     * What the marketplace still owes back of this record: a bank transfer's excess not yet sent
     * back (an operator records the refund), or a card refund the gateway refused (retry it, or
     * send it by bank transfer and record that).
     */
    owedBack: z.number(),
    /** Its refunds, oldest first. */
    refunds: z.array(OperatorRefund),
    /** The order was cancelled unpaid when its time to pay ran out. */
    orderExpired: z.boolean(),
  })
  .meta({ id: 'OperatorPayment' });
export type OperatorPayment = z.infer<typeof OperatorPayment>;

export const OperatorPaymentQuery = z
  .object({
    status: z
      .enum(PAYMENT_RECORD_STATUSES, { error: `status must be one of ${PAYMENT_RECORD_STATUSES.join(', ')}` })
      .optional(),
    method: z.enum(PAYMENT_METHODS, { error: `method must be one of ${PAYMENT_METHODS.join(', ')}` }).optional(),
    /** Recorded on or after this day, on or before that one (UTC days). */
    from: dayParam('from').optional(),
    to: dayParam('to').optional(),
    /** true: only the records the marketplace still owes money back for (a refund to send or retry). */
    refundDue: z.enum(['true', 'false'], { error: 'refundDue must be true or false' }).optional(),
    page: pageParam,
    limit: limitParam(100, 20),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must be on or before to', path: ['from'] });
export type OperatorPaymentQuery = z.infer<typeof OperatorPaymentQuery>;

export const OperatorPaymentList = z
  .object({ payments: z.array(OperatorPayment), pagination: Pagination })
  .meta({ id: 'OperatorPaymentList' });
export type OperatorPaymentList = z.infer<typeof OperatorPaymentList>;

export const RecordedBankTransfer = z
  .object({
    success: z.literal(true),
    /** The same bank reference was recorded before, for this order and amount: nothing changed. */
    replayed: z.boolean(),
    payment: OperatorPayment,
    /** The order after it: paid, or what is still due. */
    order: z.object({
      id: z.string(),
      orderNumber: z.string(),
      paymentStatus: z.enum(['unpaid', 'paid']),
      due: z.number(),
    }),
  })
  .meta({ id: 'RecordedBankTransfer' });
export type RecordedBankTransfer = z.infer<typeof RecordedBankTransfer>;

// ── Refunds an operator settles (issue 26 #6, docs/decisions/034's update) ──

/** POST /admin/payments/refunds: a refund the marketplace's bank sent to a bank-transfer order's buyer. */
export const RecordBankRefund = z
  .object({
    orderNumber: statementOrderNumber,
    amountCents: statementCents,
    /** The day the marketplace's bank sent it; not after today. */
    sentOn: dayParam('Date sent'),
    bankReference: statementReference,
  })
  .meta({ id: 'RecordBankRefund' });
export type RecordBankRefund = z.infer<typeof RecordBankRefund>;

/**
 * POST /admin/payments/returns/{id}/refund: a return's refund the operators owe (an order not paid
 * by card), paid back by bank transfer (the bank's reference) or in cash (a receipt, if any).
 */
export const RecordReturnRefund = z
  .object({
    method: z.enum(['bank_transfer', 'cash'], { error: 'Choose bank transfer or cash' }),
    amountCents: statementCents,
    /** The day it was paid back; not after today. */
    sentOn: dayParam('Date paid back'),
    /** A bank transfer's reference (required); a cash receipt's number (optional). */
    reference: singleLine(z.string().trim().max(64, 'Reference must be at most 64 characters'), 'Reference').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'bank_transfer' && (v.reference ?? '').length < 3)
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: 'Enter the bank reference (at least 3 characters)',
      });
  })
  .meta({ id: 'RecordReturnRefund' });
export type RecordReturnRefund = z.infer<typeof RecordReturnRefund>;

/** POST /admin/payments/refunds/{id}/bank-transfer: a refused card refund, sent by bank transfer instead. */
export const RefundByBankTransfer = z
  .object({ sentOn: dayParam('Date sent'), bankReference: statementReference })
  .meta({ id: 'RefundByBankTransfer' });
export type RefundByBankTransfer = z.infer<typeof RefundByBankTransfer>;

export const RefundIdParam = z.object({ id: z.string().min(1).max(200) });

/** The answer of every refund an operator settles: the refund rows it made or decided, and what the order is still owed. */
export const SettledRefund = z
  .object({
    success: z.literal(true),
    /** The same bank reference was recorded before, for this order and amount: nothing changed. */
    replayed: z.boolean(),
    refunds: z.array(OperatorRefund),
    order: z.object({ id: z.string(), orderNumber: z.string(), owedBack: z.number() }),
  })
  .meta({ id: 'SettledRefund' });
export type SettledRefund = z.infer<typeof SettledRefund>;
