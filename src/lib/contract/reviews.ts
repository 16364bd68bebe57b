import { z } from 'zod';
import { REVIEW_LIMITS } from '../ratings';
import { limitParam, Pagination, pageParam } from './common';
import { labelledText } from './field-messages';
import { singleLine } from './single-line';

/** Optional free text: trimmed, empty means none, at most `max` characters; `line` names a single-line field. */
const optionalText = (field: string, max: number, line?: { label: string }) =>
  (line ? singleLine(optionalString(field, max), line.label) : optionalString(field, max))
    .nullable()
    .optional()
    .transform((v) => (v ? v : v === undefined ? undefined : null));

const optionalString = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`);

const requiredText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`);

const stars = (field: string) =>
  z
    .number({ error: `${field} must be a whole number from 1 to 5` })
    .int(`${field} must be a whole number from 1 to 5`)
    .min(1, `${field} must be a whole number from 1 to 5`)
    .max(5, `${field} must be a whole number from 1 to 5`);

export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

export const ReviewListQuery = z.object({
  sort: z.enum(REVIEW_SORTS, { error: `sort must be one of ${REVIEW_SORTS.join(', ')}` }).default('newest'),
  page: pageParam,
  limit: limitParam(50, 5),
});
export type ReviewListQuery = z.infer<typeof ReviewListQuery>;

export const ReviewReply = z
  .object({ body: z.string(), storeName: z.string(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'ReviewReply' });
export type ReviewReply = z.infer<typeof ReviewReply>;

export const Review = z
  .object({
    id: z.string(),
    productId: z.string(),
    rating: z.number().int(),
    title: z.string().nullable(),
    body: z.string().nullable(),
    /** The public name: first name and the initial of the last ("Tanisha C."). */
    authorName: z.string(),
    /** Written by a buyer whose order part with this product was delivered. */
    verifiedPurchase: z.boolean(),
    /** The variant its author bought, "Size 10, Brown" (issue 30 #3); null for a product without options. */
    variant: z.string().nullable(),
    /** Seeded by the sample catalogue, not written by a shopper (docs/decisions/018). */
    sample: z.boolean(),
    helpfulCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Hidden by an operator: only its author and operators see it. */
    hidden: z.boolean(),
    reply: ReviewReply.nullable(),
    /** About the signed-in shopper who asked (all false for a guest). */
    mine: z.boolean(),
    votedHelpful: z.boolean(),
    /** The author may still edit or delete it (30 days). */
    editable: z.boolean(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof Review>;

export const StarHistogram = z.object({
  '1': z.number().int(),
  '2': z.number().int(),
  '3': z.number().int(),
  '4': z.number().int(),
  '5': z.number().int(),
});

export const ReviewSummary = z
  .object({
    /** The mean of the visible reviews' stars; 0 with no reviews. */
    average: z.number(),
    count: z.number().int(),
    /** Visible reviews per star level. */
    histogram: StarHistogram,
  })
  .meta({ id: 'ReviewSummary' });
export type ReviewSummary = z.infer<typeof ReviewSummary>;

export const ReviewList = z
  .object({
    summary: ReviewSummary,
    reviews: z.array(Review),
    pagination: Pagination,
    /** Whether the signed-in shopper sells this product (may reply). */
    viewerIsSeller: z.boolean(),
  })
  .meta({ id: 'ReviewList' });
export type ReviewList = z.infer<typeof ReviewList>;

/** A product without reviews: what its page renders (no call needed). */
export const EMPTY_REVIEW_LIST: ReviewList = {
  summary: { average: 0, count: 0, histogram: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } },
  reviews: [],
  pagination: { page: 1, limit: 5, total: 0, totalPages: 0 },
  viewerIsSeller: false,
};

export const REVIEW_REFUSALS = ['not_delivered', 'already_reviewed', 'own_product'] as const;

/** Whether the signed-in shopper may review the product, and their review if they wrote one. */
export const MyReview = z
  .object({
    canReview: z.boolean(),
    /** Why not, when canReview is false. */
    reason: z.enum(REVIEW_REFUSALS).nullable(),
    message: z.string().nullable(),
    review: Review.nullable(),
  })
  .meta({ id: 'MyReview' });
export type MyReview = z.infer<typeof MyReview>;

export const ReviewInput = z
  .object({
    rating: stars('rating'),
    title: optionalText('title', REVIEW_LIMITS.title, { label: 'Title' }),
    body: optionalText('body', REVIEW_LIMITS.body),
  })
  .meta({ id: 'ReviewInput' });
export type ReviewInput = z.infer<typeof ReviewInput>;

export const ReviewUpdate = z
  .object({
    rating: stars('rating').optional(),
    title: optionalText('title', REVIEW_LIMITS.title, { label: 'Title' }),
    body: optionalText('body', REVIEW_LIMITS.body),
  })
  .refine((u) => u.rating !== undefined || u.title !== undefined || u.body !== undefined, {
    message: 'Nothing to change: send rating, title or body',
  })
  .meta({ id: 'ReviewUpdate' });
export type ReviewUpdate = z.infer<typeof ReviewUpdate>;

/** What the seller's reply form and the operators' review forms call their fields. */
export const REVIEW_FORM_LABELS = {
  reply: 'Your public reply',
  hideReason: 'Reason for hiding',
  keepNote: 'Note for the action log',
} as const;

export const ReplyInput = z
  .object({
    body: labelledText(REVIEW_FORM_LABELS.reply, REVIEW_LIMITS.reply, {
      required: 'write a few words to the reviewer',
    }),
  })
  .meta({ id: 'ReplyInput' });
export const ReportInput = z
  .object({ reason: requiredText('reason', REVIEW_LIMITS.reportReason) })
  .meta({ id: 'ReportInput' });
export const HideInput = z
  .object({
    reason: labelledText(REVIEW_FORM_LABELS.hideReason, REVIEW_LIMITS.hideReason, {
      required: 'say which rule the review breaks',
    }),
  })
  .meta({ id: 'HideInput' });
/** Keeping a reported review: the operator's note for the action log is optional. */
export const KeepInput = z
  .object({
    note: labelledText(REVIEW_FORM_LABELS.keepNote, REVIEW_LIMITS.keepNote, { min: 0 })
      .nullable()
      .optional()
      .transform((v) => (v ? v : v === undefined ? undefined : null)),
  })
  .meta({ id: 'KeepInput' });

export const HelpfulAnswer = z
  .object({ helpfulCount: z.number().int(), votedHelpful: z.boolean() })
  .meta({ id: 'HelpfulAnswer' });

export const ReviewIdParam = z.object({ id: z.string().min(1).max(200) });

export const MODERATION_FILTERS = ['reported', 'hidden'] as const;
export const ModerationQuery = z.object({
  status: z
    .enum(MODERATION_FILTERS, { error: `status must be one of ${MODERATION_FILTERS.join(', ')}` })
    .default('reported'),
  page: pageParam,
  limit: limitParam(100, 20),
});

export const ReviewReport = z.object({
  reason: z.string(),
  reporterName: z.string(),
  createdAt: z.string(),
  resolved: z.boolean(),
});

/** A review as an operator sees it: with its product and every report. */
export const ModeratedReview = z
  .object({
    review: Review,
    productName: z.string(),
    storeId: z.string().nullable(),
    hiddenReason: z.string().nullable(),
    moderatedAt: z.string().nullable(),
    openReports: z.number().int(),
    reports: z.array(ReviewReport),
  })
  .meta({ id: 'ModeratedReview' });
export type ModeratedReview = z.infer<typeof ModeratedReview>;

export const ModerationList = z
  .object({ reviews: z.array(ModeratedReview), pagination: Pagination })
  .meta({ id: 'ModerationList' });
export type ModerationList = z.infer<typeof ModerationList>;

export const SellerRatingInput = z
  .object({
    orderId: z.string().min(1).max(200),
    storeId: z.string().min(1).max(200),
    delivery: stars('delivery'),
    communication: stars('communication'),
  })
  .meta({ id: 'SellerRatingInput' });

export const SellerRatingAnswer = z
  .object({
    storeId: z.string(),
    delivery: z.number().int(),
    communication: z.number().int(),
    /** The store's rating and count after this one. */
    storeRating: z.number(),
    storeReviewCount: z.number().int(),
  })
  .meta({ id: 'SellerRatingAnswer' });

export const MySellerRatingsQuery = z
  .object({ orderId: z.string().min(1, 'orderId is required').max(200) })
  .meta({ id: 'MySellerRatingsQuery' });

/** The ratings the signed-in buyer gave the sellers of one of their orders, a part each. */
export const MySellerRatings = z
  .object({
    ratings: z.array(z.object({ storeId: z.string(), delivery: z.number().int(), communication: z.number().int() })),
  })
  .meta({ id: 'MySellerRatings' });
export type MySellerRatings = z.infer<typeof MySellerRatings>;
