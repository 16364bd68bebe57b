/**
 * Opening and running a store (docs/decisions/015): the application, a seller's own store, and
 * the operator side (the stores to decide on, the decisions, the audit record).
 */
import { z } from 'zod';
import { PARISHES } from '../catalog';
import { LOGGED_ACTIONS } from '../operator-actions';
import { STORE_STATUSES } from '../store-status';
import { NO_TAX_DETAILS } from '../tax-details';
import { parseUploadPath } from '../uploads';
import { StoreSocialLinks } from './catalog';
import { limitParam, Pagination, pageParam } from './common';
import { amount, labelledText, trnText } from './field-messages';
import { singleLine } from './single-line';

/**
 * What the store forms call each field (/sell, /dashboard/store/, the operators' reason): the forms'
 * labels and the API's messages read them here, so an error names the field as the seller sees it
 * and says how to put it right, as the register and profile texts do (issue 24, item 10).
 */
export const STORE_LABELS = {
  name: 'Store name',
  description: 'Description',
  location: 'Town',
  parish: 'Parish',
  email: 'Contact e-mail',
  phone: 'Phone',
  logo: 'Logo',
  bannerImage: 'Banner',
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  website: 'Website',
  processingTime: 'Processing time',
  freeShippingThreshold: 'Free shipping from (US$)',
  provider: 'Courier',
  method: 'Method',
  cost: 'Cost (US$)',
  minDays: 'Fastest (days)',
  maxDays: 'Slowest (days)',
  rateDescription: 'Note for buyers',
  parishes: 'Delivers to',
  bankName: 'Bank',
  accountName: 'Account name',
  accountNumber: 'Account number',
  branch: 'Branch',
  trn: 'TRN',
  gctRegistered: 'GCT-registered',
  gctNumber: 'GCT registration number',
  reason: 'Reason',
} as const;
const L = STORE_LABELS;

const text = (label: string, max: number, min = 1) => labelledText(label, max, { min });

const parish = z.enum(PARISHES, { error: 'Choose the parish from the list' });

const email = z
  .string({ error: 'Enter the contact e-mail, like you@example.com' })
  .trim()
  .toLowerCase()
  .max(254, 'Contact e-mail can have at most 254 characters')
  .pipe(z.email({ error: 'Enter the contact e-mail as an address like you@example.com' }));

const phone = singleLine(z.string({ error: 'Enter a phone number, like 876-555-0123' }).trim(), L.phone)
  .regex(/^\+?[\d\s().-]{7,20}$/, 'Enter the phone number in digits, like 876-555-0123')
  .refine((v) => v.replace(/\D/g, '').length >= 7, 'Phone needs at least 7 digits, like 876-555-0123');

/**
 * A photo uploaded to the shop (POST /seller/uploads answers its URL); a link elsewhere is refused,
 * so a store page never loads another site's images. null removes it.
 */
const uploadedPhoto = (label: string) =>
  z
    .string({ error: `${label} must be a photo you uploaded` })
    .trim()
    .refine((v) => parseUploadPath(v) !== undefined, `${label} must be a photo uploaded to the shop (/uploads/…)`)
    .nullable();

/**
 * The spec's social link rule: "https" is added when missing ("facebook.com/x" → https://…); a
 * link with another scheme (http:, javascript:) is refused, not rewritten. Blank removes it.
 */
export function socialLink(field: string) {
  return singleLine(
    z
      .string({ error: `${field}: enter a web address, or leave it blank` })
      .trim()
      .max(300, `${field} can have at most 300 characters`),
    field,
  )
    .nullable()
    .transform((v, ctx) => {
      if (!v) return null;
      if (/^[a-z][a-z0-9+.-]*:/i.test(v) && !/^https:\/\//i.test(v)) {
        ctx.addIssue({ code: 'custom', message: `${field} must start with https:// (or leave the https:// out)` });
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

const money = (label: string) => amount(label, '500.00');

const days = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of days, like 3` })
    .int(`${label} must be a whole number of days, like 3`)
    .min(0, `${label} cannot be below 0`)
    .max(60, `${label} can be at most 60 days`);

/** One courier offer: a provider and method, its price and days, and the parishes it reaches. */
export const StoreShippingRateInput = z
  .object({
    /** Keep an existing rate's id so carts that chose it keep their choice; omit for a new rate. */
    id: z.string().max(200).optional(),
    provider: singleLine(text(L.provider, 80), L.provider),
    method: singleLine(text(L.method, 80), L.method),
    cost: money(L.cost),
    minDays: days(L.minDays),
    maxDays: days(L.maxDays),
    description: singleLine(text(L.rateDescription, 500, 0), L.rateDescription).default(''),
    parishes: z
      .array(parish, { error: 'Tick the parishes this courier delivers to' })
      .min(1, 'Tick at least one parish this courier delivers to')
      .transform((list) => [...new Set(list)]),
  })
  .refine((r) => r.maxDays >= r.minDays, {
    message: `${L.maxDays} must be the same as or more than ${L.minDays.toLowerCase()}`,
    path: ['maxDays'],
  })
  .meta({ id: 'StoreShippingRateInput' });

export const BankDetailsSchema = z
  .object({
    bankName: singleLine(text(L.bankName, 100), L.bankName),
    accountName: singleLine(text(L.accountName, 100), L.accountName),
    accountNumber: z
      .string({ error: 'Enter the account number' })
      .trim()
      .regex(/^[\d -]{4,34}$/, 'Account number must be 4 to 34 digits (spaces and dashes are fine)'),
    branch: singleLine(text(L.branch, 100), L.branch),
  })
  .meta({ id: 'BankDetails' });

export const PaymentMethods = z
  .object({
    cashOnDelivery: z.boolean({ error: 'Cash on delivery: tick the box or leave it empty' }),
    bankTransfer: z.boolean({ error: 'Bank transfer: tick the box or leave it empty' }),
    bankDetails: BankDetailsSchema.nullable().default(null),
  })
  .superRefine((p, ctx) => {
    if (!p.cashOnDelivery && !p.bankTransfer)
      ctx.addIssue({
        code: 'custom',
        message: 'Tick at least one payment method you accept',
        path: ['cashOnDelivery'],
      });
    if (p.bankTransfer && !p.bankDetails)
      ctx.addIssue({ code: 'custom', message: 'Bank transfer needs your bank details below', path: ['bankDetails'] });
  })
  .meta({ id: 'PaymentMethods' });

/**
 * A store's tax details (issue 29 #1, docs/decisions/044): the TRN (nine digits, kept as digits;
 * src/lib/tax-details.ts), whether the seller is GCT-registered and its GCT registration number. A
 * registered seller charges GCT on its part and prints tax invoices, which must carry both numbers,
 * so registering needs them; an unregistered seller's GCT number is not kept.
 */
export const TaxDetailsInput = z
  .object({
    trn: trnText(L.trn, { notText: `${L.trn}: enter your nine-digit TRN, like 123-456-789, or leave it blank` })
      .nullable()
      .default(null),
    gctRegistered: z.boolean({ error: `${L.gctRegistered}: tick the box or leave it empty` }),
    gctNumber: singleLine(
      z
        .string({ error: `${L.gctNumber}: enter it as your GCT certificate shows it` })
        .trim()
        .max(20, `${L.gctNumber} can have at most 20 characters: shorten it`)
        .regex(/^[A-Za-z0-9 -]*$/, `${L.gctNumber} can hold only letters, digits, spaces and dashes`),
      L.gctNumber,
    )
      .nullable()
      .default(null)
      .transform((v) => v || null),
  })
  .superRefine((t, ctx) => {
    if (!t.gctRegistered) return;
    if (!t.trn) ctx.addIssue({ code: 'custom', message: `A GCT-registered seller needs its ${L.trn}`, path: ['trn'] });
    if (!t.gctNumber)
      ctx.addIssue({
        code: 'custom',
        message: `A GCT-registered seller needs its ${L.gctNumber}, as the certificate shows it`,
        path: ['gctNumber'],
      });
  })
  .transform((t) => ({ ...t, gctNumber: t.gctRegistered ? t.gctNumber : null }))
  .meta({ id: 'TaxDetailsInput' });

export const TaxDetailsSchema = z
  .object({ trn: z.string().nullable(), gctRegistered: z.boolean(), gctNumber: z.string().nullable() })
  .meta({ id: 'TaxDetails' });

const SocialLinksInput = z.object({
  facebook: socialLink(L.facebook).optional(),
  instagram: socialLink(L.instagram).optional(),
  twitter: socialLink(L.twitter).optional(),
  website: socialLink(L.website).optional(),
});

/** Every field of a store a seller writes; the application needs the required ones, an edit any. */
const storeFields = {
  name: singleLine(text(L.name, 80, 3), L.name),
  description: text(L.description, 2000, 20),
  location: singleLine(text(L.location, 80), L.location),
  parish,
  email,
  phone,
  logo: uploadedPhoto(L.logo),
  bannerImage: uploadedPhoto(L.bannerImage),
  socialLinks: SocialLinksInput,
  processingTime: singleLine(text(L.processingTime, 60), L.processingTime),
  shippingRates: z
    .array(StoreShippingRateInput, { error: 'Add at least one courier and its rate' })
    .min(1, 'Add at least one courier and its rate')
    .max(12, 'At most 12 couriers: remove one'),
  /** Dollars; orders from this store at or above it ship free. null: never free. */
  freeShippingThreshold: money(L.freeShippingThreshold).nullable(),
  paymentMethods: PaymentMethods,
  taxDetails: TaxDetailsInput,
};

export const StoreApplication = z
  .object({
    ...storeFields,
    logo: storeFields.logo.default(null),
    bannerImage: storeFields.bannerImage.default(null),
    socialLinks: storeFields.socialLinks.default({}),
    freeShippingThreshold: storeFields.freeShippingThreshold.default(null),
    taxDetails: storeFields.taxDetails.default(NO_TAX_DETAILS),
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
    /** The TRN as nine digits (show it with formatTrn), the GCT registration (issue 29 #1). */
    taxDetails: TaxDetailsSchema,
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
export const DecisionReason = z.object({ reason: text(L.reason, 1000, 5) }).meta({ id: 'DecisionReason' });

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
