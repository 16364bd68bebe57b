import { z } from 'zod';
import { PARISHES } from '../catalog';
import { MESSAGES } from '../messages';
import { BuyerTaxId, BuyerTaxIdInput } from './buyer-tax-id';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart';
import { ShippingAddress } from './checkout';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './order-statuses';
import { PAYMENT_METHODS, type PaymentMethod } from './payment-methods';
import { BankTransferPayment, CardPayment, PaymentStart, PayTo } from './payments';
import { singleLine } from './single-line';
import { BankDetailsSchema } from './stores';

/** The statuses live in ./order-statuses.ts (screens that only show them import them without zod). */
export {
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
  TRACKER_STEPS,
} from './order-statuses';

/** The payment methods live in ./payment-methods.ts (the checkout summary names them too). */
export {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  paymentMethodLabel,
} from './payment-methods';

/** The header a retried submission repeats so it yields the same order (never a second one). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** What the shopper sends (spec §3 "Order request"), before the spec §5 checks. */
type RawOrderRequest = {
  items?: { productId?: string; variantId?: string; quantity?: number }[];
  shippingAddress?: Partial<Record<string, unknown>> | null;
  paymentMethod?: string;
  shippingSelections?: { sellerId?: string; shippingRateId?: string }[];
  customerNotes?: string | null;
};

/** The fields of the address every order needs (spec §5 "Shipping address: X is required"). */
export const ORDER_ADDRESS_FIELDS = ['name', 'street', 'city', 'state', 'parish', 'country'] as const;

/**
 * Spec §5 "Order validation": every problem with an order request, in the spec's words, in order.
 * The checkout page runs it before sending; the server runs it again on what arrives. With
 * `sellerIds` (the sellers of the items), each one must have a shipping selection.
 */
export function orderRequestProblems(request: RawOrderRequest, sellerIds?: readonly string[]): string[] {
  const problems: string[] = [];
  const items = request.items ?? [];
  if (items.length === 0) problems.push(MESSAGES.checkout.noItems);
  items.forEach((item, i) => {
    if (typeof item?.productId !== 'string' || item.productId.trim() === '')
      problems.push(MESSAGES.checkout.itemProductId(i + 1));
    const q = item?.quantity;
    if (typeof q !== 'number' || !Number.isInteger(q) || q < 1) problems.push(MESSAGES.checkout.itemQuantity(i + 1));
  });
  const address = request.shippingAddress;
  for (const field of ORDER_ADDRESS_FIELDS) {
    const value = address?.[field];
    if (typeof value !== 'string' || value.trim() === '') problems.push(MESSAGES.checkout.addressField(field));
  }
  if (
    typeof request.paymentMethod !== 'string' ||
    !(PAYMENT_METHODS as readonly string[]).includes(request.paymentMethod)
  )
    problems.push(MESSAGES.checkout.paymentMethod);
  const selections = request.shippingSelections ?? [];
  const chosen = new Set(selections.map((s) => s?.sellerId).filter(Boolean));
  if (selections.length === 0 || sellerIds?.some((id) => !chosen.has(id)))
    problems.push(MESSAGES.checkout.selectionsRequired);
  return problems;
}

const optionalText = (max: number) => z.string().max(max, `must be at most ${max} characters`).optional();
/** A line of the shipping address, refused with the spec's "Shipping address: …" lead. */
const addressLine = (max: number, field: string) =>
  singleLine(z.string().max(max, `must be at most ${max} characters`), `Shipping address: ${field}`).optional();

/**
 * POST /orders/place (spec §3 "Order request"). Structure is checked first (types, lengths);
 * then the spec §5 rules with their exact texts; the output is the clean, typed request.
 */
export const PlaceOrderInput = z
  .object({
    items: z
      .array(
        z.object({
          productId: optionalText(200),
          /** The variant bought (issue 30, docs/decisions/052); a product without options may leave it out. */
          variantId: optionalText(300),
          quantity: z.number().optional(),
        }),
      )
      .max(MAX_CART_LINES, `at most ${MAX_CART_LINES} items`)
      .optional(),
    shippingAddress: z
      .object({
        name: addressLine(100, 'name'),
        phone: addressLine(30, 'phone'),
        street: addressLine(200, 'street'),
        city: addressLine(80, 'city'),
        state: addressLine(80, 'state'),
        parish: addressLine(40, 'parish'),
        zipCode: addressLine(40, 'zip code'),
        country: addressLine(60, 'country'),
      })
      .nullable()
      .optional(),
    paymentMethod: optionalText(40),
    shippingSelections: z
      .array(z.object({ sellerId: optionalText(200), shippingRateId: optionalText(200) }))
      .max(100)
      .optional(),
    customerNotes: z.string().max(1000, 'Order notes must be at most 1000 characters').nullable().optional(),
    /** A business buyer's TRN and name for the sellers' tax invoices (decision 049); left out by most. */
    buyerTaxId: BuyerTaxIdInput.nullable().optional(),
  })
  .superRefine((value, ctx) => {
    const problems = orderRequestProblems(value);
    for (const message of problems) ctx.addIssue({ code: 'custom', message, path: [] });
    if (problems.length > 0) return;
    const parish = (value.shippingAddress?.parish ?? '').trim();
    if (!(PARISHES as readonly string[]).includes(parish))
      ctx.addIssue({ code: 'custom', message: `Shipping address: parish must be one of ${PARISHES.join(', ')}` });
    value.items?.forEach((item, i) => {
      if ((item.quantity as number) > MAX_LINE_QUANTITY)
        ctx.addIssue({ code: 'custom', message: `Item ${i + 1}: Quantity must be at most ${MAX_LINE_QUANTITY}` });
    });
  })
  .transform((v) => {
    const a = v.shippingAddress as Record<string, string | undefined>;
    const clean = (s: string | undefined) => (s ?? '').trim();
    return {
      items: (v.items ?? []).map((i) => ({
        productId: clean(i.productId),
        ...(clean(i.variantId) ? { variantId: clean(i.variantId) } : {}),
        quantity: i.quantity as number,
      })),
      shippingAddress: {
        name: clean(a.name),
        ...(clean(a.phone) ? { phone: clean(a.phone) } : {}),
        street: clean(a.street),
        city: clean(a.city),
        state: clean(a.state),
        parish: clean(a.parish),
        ...(clean(a.zipCode) ? { zipCode: clean(a.zipCode) } : {}),
        country: clean(a.country),
      },
      paymentMethod: v.paymentMethod as PaymentMethod,
      shippingSelections: (v.shippingSelections ?? []).map((s) => ({
        sellerId: clean(s.sellerId),
        shippingRateId: clean(s.shippingRateId),
      })),
      customerNotes: v.customerNotes?.trim() || null,
      buyerTaxId: v.buyerTaxId ?? null,
    };
  })
  .meta({ id: 'PlaceOrderInput' });
export type PlaceOrderInput = z.input<typeof PlaceOrderInput>;
export type PlaceOrderRequest = z.output<typeof PlaceOrderInput>;

export const OrderLine = z
  .object({
    id: z.string(),
    /** Null when the product has since been deleted from the shop. */
    productId: z.string().nullable(),
    productName: z.string(),
    /** The variant sold; null for a product without options' older lines whose product is gone. */
    variantId: z.string().nullable(),
    /** "Size 10, Brown", frozen when the order was placed; empty for a product without options. */
    variantLabel: z.string(),
    productDescription: z.string(),
    quantity: z.number().int(),
    /** Unit price in dollars, as charged. */
    price: z.number(),
    lineTotal: z.number(),
    image: z.string().nullable(),
    sellerId: z.string(),
  })
  .meta({ id: 'OrderLine' });
export type OrderLine = z.infer<typeof OrderLine>;

/** One seller's part of an order: its lines, shipping choice, subtotal, status and tracking number. */
export const OrderPart = z
  .object({
    partId: z.string(),
    sellerId: z.string(),
    storeName: z.string(),
    location: z.string().nullable(),
    /** How the buyer reaches this seller about this part (the store's own contact; null when it has none). */
    contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
    status: z.enum(ORDER_STATUSES),
    /** Each seller records the payment for its own part; the order is paid when every live part is. */
    paymentStatus: z.enum(PAYMENT_STATUSES),
    trackingNumber: z.string().nullable(),
    /** The courier carrying the part, named by the seller when it shipped (null before). */
    courier: z.string().nullable(),
    /** Why the seller cancelled the part (null otherwise). */
    cancelReason: z.string().nullable(),
    shipping: z.object({
      rateId: z.string().nullable(),
      method: z.string(),
      provider: z.string(),
      cost: z.number(),
      estimatedDays: z.string().nullable(),
    }),
    processingTime: z.string(),
    /**
     * Where to send this part's money when the order is paid by bank transfer: the store's bank
     * details as they were when the order was placed (docs/decisions/020); null for other methods.
     */
    bankDetails: BankDetailsSchema.nullable(),
    subtotal: z.number(),
    shippingCost: z.number(),
    /**
     * This seller's GCT on its items (docs/decisions/044): 0 when it does not charge it (not
     * GCT-registered). The parts' taxes add up to the order's tax.
     */
    tax: z.number(),
    /** The rate charged on this part, e.g. 0.15; 0: not charged (seller not registered); null on an order placed before tax was kept per part. */
    taxRate: z.number().nullable(),
    /** subtotal + shipping (the part's tax is `tax`). */
    total: z.number(),
    items: z.array(OrderLine),
    updatedAt: z.string(),
  })
  .meta({ id: 'OrderPart' });
export type OrderPart = z.infer<typeof OrderPart>;

/** The buyer's order (spec §3 "Order response" and "Order detail"). */
export const Order = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    status: z.enum(ORDER_STATUSES),
    /** True while the buyer may still cancel (nothing has shipped). */
    cancellable: z.boolean(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    /** A card order's payment at the gateway (docs/decisions/029); null for the other methods. */
    cardPayment: CardPayment.nullable(),
    /** A bank-transfer order's one transfer to the marketplace (docs/decisions/034); null otherwise. */
    bankTransfer: BankTransferPayment.nullable(),
    buyer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    sellers: z.array(OrderPart),
    items: z.array(OrderLine),
    shippingAddress: ShippingAddress,
    customerNotes: z.string().nullable(),
    /** The business buyer's TRN and name given at checkout (decision 049); null when none was. */
    buyerTaxId: BuyerTaxId.nullable(),
    subtotal: z.number(),
    shippingCost: z.number(),
    tax: z.number(),
    totalAmount: z.number(),
    /** The same as totalAmount (the spec reads total or totalPrice). */
    total: z.number(),
    totalItems: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof Order>;

export const PlaceOrderAnswer = z
  .object({
    success: z.literal(true),
    message: z.string(),
    order: Order,
    /** The invoice PDF, on the API base. */
    invoiceUrl: z.string(),
    /** True when this answer repeats an earlier submission with the same Idempotency-Key. */
    replayed: z.boolean(),
    /**
     * A card order: the payment started at the gateway, where to send the shopper. Null for the
     * other methods, for a replayed answer, and when the gateway could not be reached (the order
     * awaits its payment: POST /orders/{id}/pay starts one).
     */
    payment: PaymentStart.nullable(),
  })
  .meta({ id: 'PlaceOrderAnswer' });
export type PlaceOrderAnswer = z.infer<typeof PlaceOrderAnswer>;

export const OrderAnswer = z.object({ success: z.literal(true), order: Order }).meta({ id: 'OrderAnswer' });
export const MyOrders = z.object({ success: z.literal(true), data: z.array(Order) }).meta({ id: 'MyOrders' });
export const CancelAnswer = z
  .object({ success: z.literal(true), message: z.string(), order: Order })
  .meta({ id: 'CancelAnswer' });

/** A seller's view of an order: the header it needs to ship, and only its own part(s). */
export const SellerOrder = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    buyer: z.object({ name: z.string(), email: z.string() }),
    shippingAddress: ShippingAddress,
    customerNotes: z.string().nullable(),
    parts: z.array(OrderPart),
    /** This seller's parts only: subtotal, shipping, subtotal + shipping. */
    subtotal: z.number(),
    shippingCost: z.number(),
    total: z.number(),
    /** The statuses each of this seller's parts may move to next. */
    nextStatuses: z.record(z.string(), z.array(z.enum(ORDER_STATUSES))),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SellerOrder' });
export type SellerOrder = z.infer<typeof SellerOrder>;

export const SellerOrders = z
  .object({ success: z.literal(true), orders: z.array(SellerOrder) })
  .meta({ id: 'SellerOrders' });
export const SellerOrderAnswer = z
  .object({ success: z.literal(true), order: SellerOrder })
  .meta({ id: 'SellerOrderAnswer' });

/** PUT /orders/update-status/{id}: the seller's own part moves on (see the transition table). */
export const UpdateStatusInput = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
    trackingNumber: z.string().trim().min(1).max(100, 'trackingNumber must be at most 100 characters').optional(),
    /** The seller confirms the payment arrived (cash at the door, a bank transfer…): the order becomes paid. */
    paymentReceived: z.boolean().optional(),
  })
  .meta({ id: 'UpdateStatusInput' });
export type UpdateStatusInput = z.infer<typeof UpdateStatusInput>;

/** One of a seller's tax documents for an order (issue 29 #3, decision 045): a tax invoice for its part, or a credit note. */
export const TaxDocumentSummary = z
  .object({
    id: z.string(),
    kind: z.enum(['invoice', 'credit_note']),
    /** As printed: "TI-000041", "CN-000042", in the seller's one sequence. */
    number: z.string(),
    /** "Tax Invoice" (a GCT-registered seller), "Invoice" (not registered), "Tax Credit Note", "Credit Note". */
    title: z.string(),
    sellerId: z.string(),
    storeName: z.string(),
    /** A credit note: the invoice it credits. */
    credits: z.string().nullable(),
    issuedAt: z.string(),
    net: z.number(),
    gct: z.number(),
    total: z.number(),
    /** The PDF, on the API base. */
    pdfUrl: z.string(),
  })
  .meta({ id: 'TaxDocumentSummary' });
export type TaxDocumentSummary = z.infer<typeof TaxDocumentSummary>;

/** GET /orders/{id}/invoice: what the PDF shows, as JSON. Sellers see only their own parts. */
export const Invoice = z
  .object({
    invoiceNumber: z.string(),
    orderId: z.string(),
    orderNumber: z.string(),
    /** 'buyer': the whole order; 'seller': one seller's parts, with its share of the tax. */
    scope: z.enum(['buyer', 'seller']),
    issuedAt: z.string(),
    status: z.enum(ORDER_STATUSES),
    shop: z.object({ name: z.string(), address: z.string(), email: z.string(), phone: z.string() }),
    buyer: z.object({ name: z.string(), email: z.string() }),
    shippingAddress: ShippingAddress,
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    sellers: z.array(
      OrderPart.extend({
        email: z.string().nullable(),
        phone: z.string().nullable(),
        /** This part's tax (its own, or on an older order its share of the order's; they add up to the tax). */
        tax: z.number(),
      }),
    ),
    subtotal: z.number(),
    shippingCost: z.number(),
    tax: z.number(),
    /** What the parts on the invoice came to when ordered. */
    total: z.number(),
    /** Of the total, the cancelled parts' items, shipping and tax share: not charged. */
    cancelledAmount: z.number(),
    /** total − cancelledAmount: what the buyer pays for the parts not cancelled (0 when every part is). */
    payable: z.number(),
    /** A bank-transfer order: the marketplace's account to pay into (the buyer's invoice only; docs/decisions/034). */
    payTo: PayTo.nullable(),
    customerNotes: z.string().nullable(),
    /** Each seller's tax invoice for its part and any credit note, oldest first (a seller: its own). */
    taxDocuments: z.array(TaxDocumentSummary),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof Invoice>;
export const InvoiceAnswer = z.object({ success: z.literal(true), invoice: Invoice }).meta({ id: 'InvoiceAnswer' });
