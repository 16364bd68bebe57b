/**
 * Opening and running a store (docs/decisions/015): the application, a seller's own store, and
 * the operator side (the stores to decide on, the decisions, the audit record).
 */
import { z } from 'zod';
import { PARISHES } from '../catalog';
import { LOGGED_ACTIONS } from '../operator-actions';
import { STORE_STATUSES } from '../store-status';
import { parseUploadPath } from '../uploads';
import { StoreSocialLinks } from './catalog';
import { limitParam, Pagination, pageParam } from './common';
import { singleLine } from './single-line';

const text = (field: string, max: number, min = 1) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(min, min === 1 ? `${field} must not be empty` : `${field} must be at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`);

const parish = z.enum(PARISHES, { error: `parish must be one of ${PARISHES.join(', ')}` });

const email = z
  .string({ error: 'email must be text' })
  .trim()
  .toLowerCase()
  .max(254, 'email must be at most 254 characters')
  .pipe(z.email({ error: 'email must be a valid e-mail address' }));

const phone = singleLine(z.string({ error: 'phone must be text' }).trim(), 'Phone')
  .regex(/^\+?[\d\s().-]{7,20}$/, 'phone must be a phone number, e.g. 876-555-0123')
  .refine((v) => v.replace(/\D/g, '').length >= 7, 'phone must have at least 7 digits');

/**
 * A photo uploaded to the shop (POST /seller/uploads answers its URL); a link elsewhere is refused,
 * so a store page never loads another site's images. null removes it.
 */
const uploadedPhoto = (field: string) =>
  z
    .string({ error: `${field} must be a photo's URL` })
    .trim()
    .refine((v) => parseUploadPath(v) !== undefined, `${field} must be a photo uploaded to the shop (/uploads/…)`)
    .nullable();

/**
 * The spec's social link rule: "https" is added when missing ("facebook.com/x" → https://…); a
 * link with another scheme (http:, javascript:) is refused, not rewritten. Blank removes it.
 */
export function socialLink(field: string) {
  return singleLine(
    z
      .string({ error: `${field} must be text` })
      .trim()
      .max(300, `${field} must be at most 300 characters`),
    field,
  )
    .nullable()
    .transform((v, ctx) => {
      if (!v) return null;
      if (/^[a-z][a-z0-9+.-]*:/i.test(v) && !/^https:\/\//i.test(v)) {
        ctx.addIssue({ code: 'custom', message: `${field} must be an https:// address` });
        return z.NEVER;
      }
      const link = /^https:\/\//i.test(v) ? v : `https://${v.replace(/^\/+/, '')}`;
      try {
        const url = new URL(link);
        if (!url.hostname.includes('.') || /\s/.test(link)) throw new Error('no host');
        return url.href;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `${field} must be a web address, e.g. https://instagram.com/yourstore`,
        });
        return z.NEVER;
      }
    });
}

const money = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .min(0, `${field} must be 0 or more`)
    .max(1_000_000, `${field} must be at most 1,000,000`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${field} must have at most two decimals`);

const days = (field: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be 0 or more`)
    .max(60, `${field} must be at most 60`);

/** One courier offer: a provider and method, its price and days, and the parishes it reaches. */
export const StoreShippingRateInput = z
  .object({
    /** Keep an existing rate's id so carts that chose it keep their choice; omit for a new rate. */
    id: z.string().max(200).optional(),
    provider: singleLine(text('provider', 80), 'Courier'),
    method: singleLine(text('method', 80), 'Method'),
    cost: money('cost'),
    minDays: days('minDays'),
    maxDays: days('maxDays'),
    description: singleLine(text('description', 500, 0), 'Note for buyers').default(''),
    parishes: z
      .array(parish, { error: 'parishes must be a list of parishes' })
      .min(1, 'choose at least one parish this courier delivers to')
      .transform((list) => [...new Set(list)]),
  })
  .refine((r) => r.maxDays >= r.minDays, { message: 'maxDays must be at least minDays', path: ['maxDays'] })
  .meta({ id: 'StoreShippingRateInput' });

export const BankDetailsSchema = z
  .object({
    bankName: singleLine(text('bankName', 100), 'Bank'),
    accountName: singleLine(text('accountName', 100), 'Account name'),
    accountNumber: z
      .string({ error: 'accountNumber must be text' })
      .trim()
      .regex(/^[\d -]{4,34}$/, 'accountNumber must be 4 to 34 digits'),
    branch: singleLine(text('branch', 100), 'Branch'),
  })
  .meta({ id: 'BankDetails' });

export const PaymentMethods = z
  .object({
    cashOnDelivery: z.boolean({ error: 'cashOnDelivery must be true or false' }),
    bankTransfer: z.boolean({ error: 'bankTransfer must be true or false' }),
    bankDetails: BankDetailsSchema.nullable().default(null),
  })
  .superRefine((p, ctx) => {
    if (!p.cashOnDelivery && !p.bankTransfer)
      ctx.addIssue({ code: 'custom', message: 'accept at least one payment method', path: ['cashOnDelivery'] });
    if (p.bankTransfer && !p.bankDetails)
      ctx.addIssue({ code: 'custom', message: 'bank transfer needs your bank details', path: ['bankDetails'] });
  })
  .meta({ id: 'PaymentMethods' });

const SocialLinksInput = z.object({
  facebook: socialLink('facebook').optional(),
  instagram: socialLink('instagram').optional(),
  twitter: socialLink('twitter').optional(),
  website: socialLink('website').optional(),
});

/** Every field of a store a seller writes; the application needs the required ones, an edit any. */
const storeFields = {
  name: singleLine(text('name', 80, 3), 'Store name'),
  description: text('description', 2000, 20),
  location: singleLine(text('location', 80), 'Town'),
  parish,
  email,
  phone,
  logo: uploadedPhoto('logo'),
  bannerImage: uploadedPhoto('bannerImage'),
  socialLinks: SocialLinksInput,
  processingTime: singleLine(text('processingTime', 60), 'Processing time'),
  shippingRates: z
    .array(StoreShippingRateInput, { error: 'shippingRates must be a list' })
    .min(1, 'add at least one courier and its rate')
    .max(12, 'at most 12 couriers'),
  /** Dollars; orders from this store at or above it ship free. null: never free. */
  freeShippingThreshold: money('freeShippingThreshold').nullable(),
  paymentMethods: PaymentMethods,
};

export const StoreApplication = z
  .object({
    ...storeFields,
    logo: storeFields.logo.default(null),
    bannerImage: storeFields.bannerImage.default(null),
    socialLinks: storeFields.socialLinks.default({}),
    freeShippingThreshold: storeFields.freeShippingThreshold.default(null),
  })
  .meta({ id: 'StoreApplication' });
export type StoreApplication = z.infer<typeof StoreApplication>;

export const StoreUpdate = z
  .object(storeFields)
  .partial()
  .refine((u) => Object.values(u).some((v) => v !== undefined), { message: 'Change at least one field' })
  .meta({ id: 'StoreUpdate' });
export type StoreUpdate = z.infer<typeof StoreUpdate>;

export const StoreStatusSchema = z.enum(STORE_STATUSES);

export const OwnShippingRate = z
  .object({
    id: z.string(),
    provider: z.string(),
    method: z.string(),
    cost: z.number(),
    minDays: z.number().int(),
    maxDays: z.number().int(),
    description: z.string(),
    parishes: z.array(z.string()),
  })
  .meta({ id: 'OwnShippingRate' });

/** A store as its owner and the operators see it: everything, whatever its status. */
export const OwnStore = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    location: z.string(),
    parish: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    logo: z.string().nullable(),
    bannerImage: z.string().nullable(),
    socialLinks: StoreSocialLinks,
    processingTime: z.string(),
    shippingRates: z.array(OwnShippingRate),
    freeShippingThreshold: z.number().nullable(),
    paymentMethods: z.object({
      cashOnDelivery: z.boolean(),
      bankTransfer: z.boolean(),
      bankDetails: BankDetailsSchema.nullable(),
    }),
    status: StoreStatusSchema,
    /** Why it was rejected or suspended; null otherwise. */
    statusReason: z.string().nullable(),
    verified: z.boolean(),
    joinDate: z.string(),
    appliedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
    productCount: z.number().int(),
  })
  .meta({ id: 'OwnStore' });
export type OwnStore = z.infer<typeof OwnStore>;

export const OperatorStore = OwnStore.extend({
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
}).meta({ id: 'OperatorStore' });
export type OperatorStore = z.infer<typeof OperatorStore>;

export const OperatorStoreList = z
  .object({
    stores: z.array(OperatorStore),
    /** How many stores are in each status, for the screen's tabs. */
    counts: z.record(StoreStatusSchema, z.number().int()),
    pagination: Pagination,
  })
  .meta({ id: 'OperatorStoreList' });
export type OperatorStoreList = z.infer<typeof OperatorStoreList>;

export const OperatorStoreQuery = z.object({
  status: z.enum(STORE_STATUSES, { error: `status must be one of ${STORE_STATUSES.join(', ')}` }).optional(),
  page: pageParam,
  limit: limitParam(100, 20),
});

/** Rejecting and suspending say why: the owner reads it. */
export const DecisionReason = z.object({ reason: text('reason', 1000, 5) }).meta({ id: 'DecisionReason' });

export const OperatorAction = z
  .object({
    id: z.string(),
    operator: z.object({ id: z.string().nullable(), email: z.string() }),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    /** What the target is called: a store's name, a review's product's name; null once it no longer exists. */
    targetName: z.string().nullable(),
    /** For a review: its author, as shoppers read the name ("Dwayne E."); null for a store. */
    reviewAuthor: z.string().nullable(),
    fromStatus: z.string().nullable(),
    toStatus: z.string().nullable(),
    reason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'OperatorAction' });
export type OperatorAction = z.infer<typeof OperatorAction>;

export const OperatorActionList = z
  .object({ actions: z.array(OperatorAction), pagination: Pagination })
  .meta({ id: 'OperatorActionList' });
export type OperatorActionList = z.infer<typeof OperatorActionList>;

export const OperatorActionQuery = z.object({
  targetId: z.string().trim().min(1).max(200).optional(),
  action: z.enum(LOGGED_ACTIONS, { error: `action must be one of ${LOGGED_ACTIONS.join(', ')}` }).optional(),
  page: pageParam,
  limit: limitParam(100, 20),
});

export const StoreIdParam = z.object({ id: z.string().min(1).max(200) });
