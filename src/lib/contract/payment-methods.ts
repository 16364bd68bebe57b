import { z } from 'zod';

/** Spec §9, credit_card first (the default). */
export const PAYMENT_METHODS = ['credit_card', 'debit_card', 'paypal', 'bank_transfer', 'cash_on_delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  credit_card: 'Credit card',
  debit_card: 'Debit card',
  paypal: 'PayPal',
  bank_transfer: 'Bank transfer',
  cash_on_delivery: 'Cash on delivery',
};
export const paymentMethodLabel = (method: string) =>
  PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method.replace(/_/g, ' ');

/**
 * The methods each store chooses for itself (docs/decisions/020); the marketplace takes cards and
 * PayPal for every store, so those are always offered.
 */
export const STORE_PAYMENT_METHODS = ['bank_transfer', 'cash_on_delivery'] as const satisfies readonly PaymentMethod[];

/** One payment method for the shopper's cart: available, or not, and which stores refuse it. */
export const PaymentOption = z
  .object({
    method: z.enum(PAYMENT_METHODS),
    available: z.boolean(),
    /** The stores in the cart that do not take it (empty when available). */
    notTakenBy: z.array(z.object({ sellerId: z.string(), storeName: z.string() })),
    /** Why it is not available, naming the stores ("Not taken by Kingston Kitchen"); null when available. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'PaymentOption' });
export type PaymentOption = z.infer<typeof PaymentOption>;
