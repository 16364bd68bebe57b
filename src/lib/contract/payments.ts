import { z } from 'zod';
import type { PaymentMethod } from './payment-methods';

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

/** Money given back to the card (docs/decisions/033): for cancelled parts (their shares) or a late payment (all of it). */
export const CardRefund = z
  .object({
    amount: z.number(),
    /** refund_pending: on its way; refunded: made; refund_failed: the gateway refused, the shop's team refunds it. */
    status: z.enum(['refund_pending', 'refunded', 'refund_failed']),
    cause: z.enum(['cancelled', 'late_approval']),
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
