import { z } from 'zod';
import { PARISHES } from '../catalog';
import { MESSAGES } from '../messages';
import { TAX_MODES } from '../tax-details';
import { SELLER_SHIPPING_FIELDS } from './catalog';
import { PaymentOption } from './payment-methods';
import { CardGateway } from './payments';
import { singleLine } from './single-line';

/**
 * The checkout address (spec §3) for a Jamaican delivery: the street line may be a district with
 * no house number ("Content District"), the parish is one of the 14, the postal zone (zipCode,
 * e.g. "Kingston 10") is optional and the country defaults to Jamaica. In Jamaica the parish is
 * the "state": when state is left out it is the parish.
 */
export const ADDRESS_REQUIRED = ['name', 'street', 'city', 'parish'] as const;

const text = (max: number, label: string) =>
  singleLine(z.string().trim().max(max, `must be at most ${max} characters`), label);

/** The fields a shopper still has to fill in (spec §5 "Please fill in all required fields: …"). */
export function missingAddressFields(address: Partial<Record<string, unknown>> | null | undefined): string[] {
  return ADDRESS_REQUIRED.filter((field) => {
    const value = address?.[field];
    return typeof value !== 'string' || value.trim() === '';
  });
}

export const ShippingAddressInput = z
  .object({
    name: text(100, 'Full name').optional(),
    phone: text(30, 'Phone').optional(),
    street: text(200, 'Street or district').optional(),
    city: text(80, 'Town or city').optional(),
    state: text(80, 'State').optional(),
    parish: z.string().trim().optional(),
    zipCode: text(40, 'Postal zone').optional(),
    country: text(60, 'Country').optional(),
  })
  .superRefine((value, ctx) => {
    const missing = missingAddressFields(value);
    if (missing.length > 0) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.checkout.requiredFields(missing), path: [] });
      return;
    }
    if (!(PARISHES as readonly string[]).includes(value.parish as string)) {
      ctx.addIssue({ code: 'custom', message: `parish must be one of ${PARISHES.join(', ')}`, path: ['parish'] });
    }
  })
  .transform((v) => ({
    name: v.name as string,
    ...(v.phone ? { phone: v.phone } : {}),
    street: v.street as string,
    city: v.city as string,
    state: v.state || (v.parish as string),
    parish: v.parish as string,
    ...(v.zipCode ? { zipCode: v.zipCode } : {}),
    country: v.country || 'Jamaica',
  }))
  .meta({ id: 'ShippingAddressInput' });
export type ShippingAddressInput = z.input<typeof ShippingAddressInput>;

export const ShippingAddress = z
  .object({
    name: z.string(),
    phone: z.string().optional(),
    street: z.string(),
    city: z.string(),
    state: z.string().optional(),
    parish: z.string(),
    zipCode: z.string().optional(),
    country: z.string(),
  })
  .meta({ id: 'ShippingAddress' });
export type ShippingAddress = z.infer<typeof ShippingAddress>;

/** One seller's options to the cart's parish (spec §3 shippingOptions; error when there are none). */
export const SellerShippingOptions = z
  .object({ storeName: z.string(), ...SELLER_SHIPPING_FIELDS })
  .meta({ id: 'SellerShippingOptions' });
export type SellerShippingOptions = z.infer<typeof SellerShippingOptions>;

export const ShippingSelection = z
  .object({
    sellerId: z.string().trim().min(1, 'sellerId is required').max(200),
    shippingRateId: z.string().trim().min(1, 'shippingRateId is required').max(200),
  })
  .meta({ id: 'ShippingSelection' });
export type ShippingSelection = z.infer<typeof ShippingSelection>;

export const ShippingOptionsAnswer = z
  .object({
    shippingOptions: z.record(z.string(), SellerShippingOptions),
    shippingAddress: ShippingAddress,
  })
  .meta({ id: 'ShippingOptions' });
export type ShippingOptionsAnswer = z.infer<typeof ShippingOptionsAnswer>;

/** GET /cart/shipping-options before an address: 400 with needsAddress. */
export const NeedsAddress = z
  .object({ message: z.string(), code: z.literal('needs_address'), needsAddress: z.literal(true) })
  .meta({ id: 'NeedsAddress' });

export const SaveAddressAnswer = z
  .object({ success: z.literal(true), shippingAddress: ShippingAddress })
  .meta({ id: 'SaveShippingAddress' });

export const SelectShippingAnswer = z
  .object({
    shippingSelections: z.array(ShippingSelection),
    /** Dollars: the shipping of every seller (selected rates, 5.99 for sellers still without one). */
    totalShipping: z.number(),
    /** Dollars: subtotal + shipping + tax. */
    estimatedTotal: z.number(),
  })
  .meta({ id: 'SelectShippingAnswer' });
export type SelectShippingAnswer = z.infer<typeof SelectShippingAnswer>;

export const ShippingValidation = z
  .object({
    valid: z.boolean(),
    message: z.string(),
    /** Sellers in the cart still without a usable selection. */
    missingSellers: z.array(z.string()),
  })
  .meta({ id: 'ShippingValidation' });
export type ShippingValidation = z.infer<typeof ShippingValidation>;

export const SummaryItem = z
  .object({
    productId: z.string(),
    /** The variant of the line (the product's own id for a product without options; docs/decisions/052). */
    variantId: z.string(),
    name: z.string(),
    /** "Size 10, Brown"; empty for a product without options. */
    variantLabel: z.string(),
    image: z.string().nullable(),
    price: z.number(),
    quantity: z.number().int(),
    lineTotal: z.number(),
    stock: z.number().int(),
  })
  .meta({ id: 'CheckoutItem' });
export type SummaryItem = z.infer<typeof SummaryItem>;

/** One seller's share of the cart (spec §3 sellerGroups: storeName, itemCount, subtotal). */
export const SellerGroup = z
  .object({
    sellerId: z.string(),
    storeName: z.string(),
    location: z.string(),
    itemCount: z.number().int(),
    subtotal: z.number(),
    /** This seller's shipping: the selected rate (0 when free), else 5.99. */
    shippingCost: z.number(),
    freeShippingThreshold: z.number().nullable(),
    qualifiesForFreeShipping: z.boolean(),
    /** This seller's GCT on its subtotal (docs/decisions/044); 0 when it does not charge it. */
    tax: z.number(),
    /** The rate charged on this seller's items, e.g. 0.15; 0 when it does not charge GCT (not registered). */
    taxRate: z.number(),
    processingTime: z.string(),
    selectedRateId: z.string().nullable(),
    items: z.array(SummaryItem),
  })
  .meta({ id: 'SellerGroup' });
export type SellerGroup = z.infer<typeof SellerGroup>;

export const CheckoutSummary = z
  .object({
    sellerGroups: z.record(z.string(), SellerGroup),
    /** Empty until there is a shipping address. */
    shippingOptions: z.record(z.string(), SellerShippingOptions),
    shippingSelections: z.array(ShippingSelection),
    shippingAddress: ShippingAddress.nullable(),
    subtotal: z.number(),
    shippingCost: z.number(),
    /** The sellers' taxes added up. */
    tax: z.number(),
    /** The configured rate, e.g. 0.15: charged on a GCT-registered seller's items (every seller's under taxMode spec). */
    taxRate: z.number(),
    /** gct: only GCT-registered sellers charge it; spec: every seller does (TAX_MODE, docs/decisions/044). */
    taxMode: z.enum(TAX_MODES),
    totalAmount: z.number(),
    totalItems: z.number().int(),
    shippingValidation: ShippingValidation,
    /**
     * Every payment method, in the spec's order, with whether this cart's stores all take it
     * (docs/decisions/020): checkout shows one that is not available disabled, with its reason.
     */
    paymentOptions: z.array(PaymentOption),
    /** The gateway cards are paid through, the cards it takes, how long a card order's items are held (docs/decisions/029). */
    cardGateway: CardGateway,
  })
  .meta({ id: 'CheckoutSummary' });
export type CheckoutSummary = z.infer<typeof CheckoutSummary>;

export const PrepareAnswer = z
  .object({
    success: z.literal(true),
    checkoutData: z.object({
      items: z.array(z.object({ productId: z.string(), variantId: z.string(), quantity: z.number().int() })),
      shippingAddress: ShippingAddress,
      shippingSelections: z.array(ShippingSelection),
    }),
  })
  .meta({ id: 'CheckoutPrepare' });
export type PrepareAnswer = z.infer<typeof PrepareAnswer>;
