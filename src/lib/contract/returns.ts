import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  MAX_RETURN_PHOTOS,
  RETURN_INSTRUCTIONS,
  RETURN_MESSAGE_AUTHORS,
  RETURN_REASONS,
  RETURN_SETTLEMENTS,
  RETURN_STATUSES,
  type ReturnStatus,
} from '../returns';
import { limitParam, Pagination, pageParam } from './common';
import { amount, labelledText } from './field-messages';
import { PAYMENT_METHODS } from './orders';
import { REFUND_STATUSES } from './payments';

/*
 * Returns and disputes in the API (issue 28, docs/decisions/042): the buyer's request to return
 * items of a delivered part, the seller's answers, the buyer's escalation and an operator's
 * decision. Every move follows THE status table (src/lib/returns.ts); any other is a 409.
 */

export const RETURN_LABELS = {
  lines: 'Items to return',
  quantity: 'Quantity',
  reason: 'Reason',
  note: 'Note',
  instructions: 'How to send it back',
  rejectReason: 'Reason for rejecting',
  amount: 'Amount to refund',
  decisionNote: 'Reason for the decision',
} as const;
const L = RETURN_LABELS;

export const ReturnIdParam = z.object({ id: z.string().min(1).max(200) });

/** POST /returns: which of a delivered part's lines, how many of each, why. */
export const CreateReturnInput = z
  .object({
    partId: z.string({ error: 'partId is required' }).min(1, 'partId is required').max(200),
    lines: z
      .array(
        z.object({
          lineId: z.string({ error: 'lineId is required' }).min(1, 'lineId is required').max(200),
          quantity: z
            .number({ error: `${L.quantity} must be a whole number` })
            .int(`${L.quantity} must be a whole number`)
            .min(1, `${L.quantity} must be at least 1`)
            .max(10_000, `${L.quantity} can be at most 10,000`),
        }),
        { error: `${L.lines}: choose at least one item` },
      )
      .min(1, `${L.lines}: choose at least one item`)
      .max(200, `${L.lines}: at most 200`)
      .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, `${L.lines}: each item once`),
    reason: z.enum(RETURN_REASONS, { error: `${L.reason} must be one of ${RETURN_REASONS.join(', ')}` }),
    note: labelledText(L.note, 1000, { min: 0 }).default(''),
    settlement: z
      .enum(RETURN_SETTLEMENTS, { error: 'settlement must be refund: exchanges are not offered' })
      .default('refund'),
  })
  .meta({ id: 'CreateReturnInput' });
export type CreateReturnInput = z.input<typeof CreateReturnInput>;

/**
 * POST /returns/with-photos (decision 043): the same request as `request`, the JSON text of
 * `CreateReturnInput`, and up to MAX_RETURN_PHOTOS photos, each in a field named `photos`
 * (a JPEG, PNG, WebP or AVIF of at most 10 MB: the upload pipeline's rules). All or nothing.
 */
export const CreateReturnForm = z
  .object({
    request: z
      .string({ error: 'request is required: the return request as JSON text' })
      .transform((text, ctx) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'request must be the return request as JSON text' });
          return z.NEVER;
        }
      })
      .pipe(CreateReturnInput)
      .meta({ type: 'string', description: 'The return request (CreateReturnInput) as JSON text' }),
    photos: z
      .preprocess(
        (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
        z
          .array(z.instanceof(File, { message: 'Each photo must be a file, in a field named "photos".' }))
          .max(MAX_RETURN_PHOTOS, MESSAGES.returns.tooManyPhotos(MAX_RETURN_PHOTOS)),
      )
      .meta({
        type: 'array',
        items: { type: 'string', format: 'binary' },
        description: `Up to ${MAX_RETURN_PHOTOS} photos (JPEG, PNG, WebP or AVIF, at most 10 MB each), each in a field named "photos"`,
      }),
  })
  .meta({ id: 'CreateReturnForm' });

/** POST /returns/{id}/photos: more photos on the buyer's own open request, up to MAX_RETURN_PHOTOS in all. */
export const AddReturnPhotosForm = z
  .object({
    photos: z
      .preprocess(
        (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
        z
          .array(z.instanceof(File, { message: 'Each photo must be a file, in a field named "photos".' }))
          .min(1, 'Attach at least one photo, in a field named "photos".')
          .max(MAX_RETURN_PHOTOS, MESSAGES.returns.tooManyPhotos(MAX_RETURN_PHOTOS)),
      )
      .meta({
        type: 'array',
        items: { type: 'string', format: 'binary' },
        description: `1 to ${MAX_RETURN_PHOTOS} photos, each in a field named "photos"`,
      }),
  })
  .meta({ id: 'AddReturnPhotosForm' });

/** GET …/{id}/photos/{key}/{file}: one stored size of one of a request's photos (`320.webp`, or its largest). */
export const ReturnPhotoParams = z.object({
  id: z.string().min(1).max(200),
  key: z.string().regex(/^[0-9a-f]{32}$/, 'The photo key must be 32 hexadecimal characters.'),
  file: z.string().regex(/^[1-9][0-9]{0,3}\.webp$/, 'The file must be a width and .webp, e.g. 320.webp.'),
});

/** A photo of the request, as the side that reads it reaches it (each side's own route; paths under the API base). */
export const ReturnPhoto = z.object({
  key: z.string(),
  /** The largest size (at most 1600 pixels wide). */
  url: z.string(),
  /** 320 pixels wide (or the photo's own width when narrower), for a thumbnail. */
  thumb: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ReturnPhoto = z.infer<typeof ReturnPhoto>;

export const AcceptReturnInput = z
  .object({
    instructions: z.enum(RETURN_INSTRUCTIONS, {
      error: `${L.instructions} must be one of ${RETURN_INSTRUCTIONS.join(', ')}`,
    }),
    note: labelledText(L.note, 1000, { min: 0 }).default(''),
  })
  .meta({ id: 'AcceptReturnInput' });
export type AcceptReturnInput = z.input<typeof AcceptReturnInput>;

export const RejectReturnInput = z
  .object({ reason: labelledText(L.rejectReason, 1000, { required: 'tell the buyer why' }) })
  .meta({ id: 'RejectReturnInput' });
export type RejectReturnInput = z.input<typeof RejectReturnInput>;

/** Marking the items received: which lines go back into stock (the seller's choice, per item). */
export const ReceiveReturnInput = z
  .object({ restockLineIds: z.array(z.string().min(1).max(200)).max(200).default([]) })
  .meta({ id: 'ReceiveReturnInput' });
export type ReceiveReturnInput = z.input<typeof ReceiveReturnInput>;

/** An operator's decision of a dispute: a refund (in dollars, charged to the seller), or closed with no refund. */
export const DecideDisputeInput = z
  .discriminatedUnion(
    'outcome',
    [
      z.object({
        outcome: z.literal('refund'),
        amount: amount(L.amount, '12.50').refine((v) => v > 0, `${L.amount} must be more than 0.00`),
        note: labelledText(L.decisionNote, 1000, { required: 'say why, for the buyer and the seller' }),
      }),
      z.object({
        outcome: z.literal('close'),
        note: labelledText(L.decisionNote, 1000, { required: 'say why, for the buyer and the seller' }),
      }),
    ],
    { error: 'outcome must be refund or close' },
  )
  .meta({ id: 'DecideDisputeInput' });
export type DecideDisputeInput = z.input<typeof DecideDisputeInput>;

export const ReturnsQuery = z.object({
  /** One order's requests only. */
  orderId: z.string().min(1).max(200).optional(),
  status: z.enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}` }).optional(),
  /**
   * The operators' only: `1` lists the refunds they owe (decision 042): requests refunded or
   * decided with a refund, of an order not paid by card, not yet recorded as paid back.
   */
  owed: z.enum(['1'], { error: 'owed must be 1' }).optional(),
  page: pageParam,
  limit: limitParam(100, 20),
});
export type ReturnsQuery = z.input<typeof ReturnsQuery>;
export type ReturnsFilter = z.output<typeof ReturnsQuery>;

export const ReturnLine = z.object({
  lineId: z.string(),
  productId: z.string().nullable(),
  /** The product's name as sold, with its variant's label for a product with options ("Leather Desert Boots (Size 10, Brown)"). */
  productName: z.string(),
  image: z.string().nullable(),
  /** Dollars, as bought. */
  unitPrice: z.number(),
  quantity: z.number().int(),
  restocked: z.boolean(),
});

export const ReturnMessageInput = z
  .object({ message: labelledText('Message', 2000, { required: 'write what you want to say' }) })
  .meta({ id: 'ReturnMessageInput' });
export type ReturnMessageInput = z.input<typeof ReturnMessageInput>;

/** A message on the request's thread: who wrote it (the buyer by name, the seller as its store, the operators as the team). */
export const ReturnMessage = z.object({
  id: z.string(),
  author: z.enum(RETURN_MESSAGE_AUTHORS),
  name: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

export const ReturnRequest = z
  .object({
    id: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    partId: z.string(),
    storeId: z.string(),
    storeName: z.string(),
    buyer: z.object({ name: z.string(), email: z.string() }),
    paymentMethod: z.enum(PAYMENT_METHODS),
    status: z.enum(RETURN_STATUSES),
    /** The statuses it may move to next (the status table's), for the screens. */
    next: z.array(z.enum(RETURN_STATUSES)),
    reason: z.enum(RETURN_REASONS),
    note: z.string(),
    settlement: z.enum(RETURN_SETTLEMENTS),
    instructions: z.enum(RETURN_INSTRUCTIONS).nullable(),
    sellerNote: z.string().nullable(),
    decisionNote: z.string().nullable(),
    /** The thread, oldest first. */
    messages: z.array(ReturnMessage),
    /** The buyer's photos (up to MAX_RETURN_PHOTOS), private: served only to the buyer, the seller and the operators. */
    photos: z.array(ReturnPhoto),
    lines: z.array(ReturnLine),
    /** What returning these items gives back now (their price and share of the tax), dollars. */
    itemsRefund: z.number(),
    /** What the part may still be refunded (its share less its refunds so far), dollars. */
    partRefundable: z.number(),
    /** What was decided to be given back, dollars; null before. */
    refunded: z.number().nullable(),
    /** The card refund's state at the gateway; null when none was asked (bank transfer, cash: an operator records it). */
    refundStatus: z.enum(REFUND_STATUSES).nullable(),
    /** When the buyer may escalate an unanswered request (ISO), or null once the seller answered. */
    escalableFrom: z.string().nullable(),
    createdAt: z.string(),
    answeredAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ReturnRequest' });
export type ReturnRequest = z.infer<typeof ReturnRequest>;

export const ReturnAnswer = z.object({ success: z.literal(true), request: ReturnRequest }).meta({ id: 'ReturnAnswer' });
export type ReturnAnswer = z.infer<typeof ReturnAnswer>;

export const ReturnList = z
  .object({ requests: z.array(ReturnRequest), pagination: Pagination })
  .meta({ id: 'ReturnList' });
export type ReturnList = z.infer<typeof ReturnList>;

export const OrderIdParam = z.object({ orderId: z.string().min(1).max(200) });

/** GET /returns/returnable/{orderId}: the order's parts that may be returned now, until when, and how many of each line. */
export const Returnable = z
  .object({
    parts: z.array(
      z.object({
        partId: z.string(),
        /** The end of the return window (ISO). */
        until: z.string(),
        lines: z.array(z.object({ lineId: z.string(), productName: z.string(), left: z.number().int() })),
      }),
    ),
    returnDays: z.number().int(),
  })
  .meta({ id: 'Returnable' });
export type Returnable = z.infer<typeof Returnable>;

export type { ReturnStatus };
